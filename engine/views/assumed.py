"""DGM-4.9 above a Digimon report's figures: how many cards of each deck play on assumed
values (requirements, lost points, guards the catalogue does not know), and which."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

KINDS = (
    ("assumed_requirements", gettext_lazy("evolution requirement")),
    ("assumed_lost_points", gettext_lazy("lost points")),
    ("assumed_guards", gettext_lazy("C guard")),
    ("assumed_speed", gettext_lazy("speed")),
)


def assumed_cards(side: dict, names) -> list[dict]:
    """[{"name", "what"}] of one side's report label, by the reader's name."""
    found: dict[str, list[str]] = {}
    for key, label in KINDS:
        for name in side.get(key) or ():
            found.setdefault(name, []).append(str(label))
    return [{"name": names(name), "what": ", ".join(found[name])} for name in sorted(found)]


def assumed_sides(report: dict, rows: list[dict], names, deck_label: str) -> list[dict]:
    """One entry per deck (yours, then each opponent) that has a Digimon report's
    `assumed_*` lists; empty for PAD."""
    if not any(key in report["deck"] for key, _label in KINDS):
        return []
    sides = [{"label": deck_label, "cards": assumed_cards(report["deck"], names)}]
    for row in rows:
        sides.append({"label": row["label"], "cards": assumed_cards(row["opponent"], names)})
    return sides
