"""The reader's names of the cards an engine report or game log mentions, chosen at render time.

The engines name cards by `Card.name`, the first name an import gave (often Japanese), and
those names end up in reports and logs that are cached, stored as JSON by jobs and shared
by address. So the name a reader sees is picked when a page is drawn, not when the games
run: the same job shows "Agumon" on the English page and 攻击组件A on the 简体 page
(cards/display_names.py has the fallback order).

A `ReaderNames` maps an engine name to the reader's name with one query for a whole page:
by card id where the page knows the deck's cards (their `CardSpec`s), by stored name
within the game for names a stored report only gives as text. A name no card bears (an
old report, a deleted card) is shown as it was stored.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q
from django.utils.translation import gettext_lazy

from cards.display_names import NAME_FIELDS, display_name
from cards.models import Card
from engine.core.cards import CardSpec
from engine.digimon.cards import DUMMY_NAME

# Names the engines give to things that are no catalogued card.
ENGINE_NAMES = {DUMMY_NAME: gettext_lazy("Goldfish dummy")}


class ReaderNames:
    """Engine name → the reader's name; callable, and `many` for lists."""

    def __init__(self, names: dict[str, str] | None = None):
        self.names = names or {}

    def __call__(self, name) -> str:
        if not isinstance(name, str):
            return name
        if name in self.names:
            return self.names[name]
        if name in ENGINE_NAMES:
            return str(ENGINE_NAMES[name])
        return name

    def many(self, names: Iterable) -> list:
        return [self(name) for name in names or ()]


def reader_names(
    game: str | None,
    names: Iterable[str] = (),
    specs: Iterable[CardSpec] = (),
    language: str | None = None,
) -> ReaderNames:
    """The reader's names of `specs` (by id) and of `names` (by stored name in `game`), in
    one query; none when there is nothing to look up."""
    by_id: dict[int, list[str]] = {}
    for spec in specs:
        if isinstance(spec.id, int):
            by_id.setdefault(spec.id, []).append(spec.name)
    known = {name for names_of in by_id.values() for name in names_of}
    wanted = {name for name in names if isinstance(name, str) and name} - known
    wanted -= set(ENGINE_NAMES)
    if not by_id and not (wanted and game):
        return ReaderNames()
    match = Q(pk__in=list(by_id))
    if wanted and game:
        match |= Q(game=game, name__in=sorted(wanted))
    found: dict[str, str] = {}
    for card in Card.objects.filter(match).only(*NAME_FIELDS).order_by("pk"):
        shown = display_name(card, language)
        for name in by_id.get(card.pk, ()):
            found[name] = shown
        if card.name in wanted:
            found.setdefault(card.name, shown)
    return ReaderNames(found)


def report_card_names(report: dict) -> set[str]:
    """Every card name a goldfish or matchup report shows outside its raw JSON."""
    names: set[str] = set()
    for key in ("not_simulated", "no_effect_against_goldfish"):
        names |= _listed(report.get(key))
    deck = report.get("deck")
    if isinstance(deck, dict):
        names |= _listed(deck.get("not_simulated"))
    for row in report.get("opponents") or ():
        names |= _listed((row.get("opponent") or {}).get("not_simulated"))
    for row in report.get("cards") or ():
        names.add(row.get("name"))
    names |= set((report.get("opening_next_evolution") or {}).keys())
    if isinstance(report.get("level_iii"), str):
        names.add(report["level_iii"])
    opponent = report.get("opponent")
    if isinstance(opponent, dict) and isinstance(opponent.get("name"), str):
        names.add(opponent["name"])
    return {name for name in names if isinstance(name, str)}


def _listed(entries) -> set[str]:
    found = set()
    for entry in entries or ():
        found.add(entry if isinstance(entry, str) else entry.get("name"))
    return found


def renamed_reasons(rows: list[dict], names: ReaderNames) -> list[dict]:
    """`cards.simulation.reason_rows` rows with the reader's names."""
    return [{**row, "name": names(row["name"])} for row in rows]
