"""A goldfish report as server-side charts and tables (SVG bars, no script)."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _

from cards.templatetags.card_tags import LABELS

COLOURS = ("fire", "water", "wood", "light", "dark", "heart")  # the report's order


def _share(count: int | float, total: int | float) -> float:
    return count / total if total else 0.0


def _percent(value: float) -> str:
    if value <= 0:
        return "0%"
    if value >= 1:
        return "100%"
    return f"{value * 100:.1f}%"


def _bar(label, value: float, display: str, tooltip: str, css: str = "", count=None) -> dict:
    return {
        "label": str(label),
        "value": round(value, 6),
        "display": display,
        "tooltip": tooltip,
        "css": css,
        "count": count,
    }


def _histogram_bars(histogram: dict, total: int, tooltip: str, first: int | None = None):
    """One bar per value from `first` (or the lowest) to the highest, gaps shown as 0."""
    keys = [int(key) for key in histogram]
    if not keys:
        return []
    low = min(keys) if first is None else min(first, min(keys))
    bars = []
    for key in range(low, max(keys) + 1):
        count = histogram.get(str(key), 0)
        share = _share(count, total)
        text = tooltip % {"value": key, "share": _percent(share), "count": count}
        bars.append(_bar(key, share, _percent(share), text, count=count))
    return bars


def kill_turn_chart(turns: dict, games: int, slug: str = "kill-turn") -> dict:
    bars = _histogram_bars(
        turns["histogram"], games, _("Turn %(value)s: %(share)s of the games (%(count)s)"), 1
    )
    if turns.get("not_won"):
        share = turns["not_won"]
        bars.append(
            _bar(
                _("not won"),
                share,
                _percent(share),
                _("Not won by the turn cap: %(share)s of the games") % {"share": _percent(share)},
                css="fill-none",
                count=round(share * games),
            )
        )
    return {"slug": slug, "title": _("Kill turn (share of the games)"), "bars": bars}


def report_context(report: dict) -> dict:
    """The charts and tables of a report; blocks a game's report lacks are left out."""
    games = report["games"]
    turns_played = report.get("turns_played") or 0
    context = {
        "raw": report,
        "games": games,
        "turns": report["turns_to_win"],
        "kill_chart": kill_turn_chart(report["turns_to_win"], games),
        "not_simulated": report.get("not_simulated", []),
        "charts": [],
        "json": json.dumps(report, ensure_ascii=False, indent=1),
    }
    combos = report.get("combos_per_turn")
    if combos and combos.get("per_colour"):  # PAD's combos (PAD-5)
        context["combos"] = combos
        context["charts"].append(
            {
                "slug": "combos",
                "title": _("Combos per turn (share of the turns)"),
                "bars": _histogram_bars(
                    {str(n): combos["histogram"].get(str(n), 0) for n in range(7)},
                    turns_played,
                    _("%(value)s combos: %(share)s of the turns (%(count)s)"),
                ),
            }
        )
        per_colour = combos.get("per_colour", {})
        context["charts"].append(
            {
                "slug": "colours",
                "title": _("Turns with a combo of the colour"),
                "bars": [
                    _bar(
                        LABELS["orb"].get(colour, colour),
                        per_colour[colour],
                        _percent(per_colour[colour]),
                        _("%(colour)s: a combo in %(share)s of the turns")
                        % {
                            "colour": LABELS["orb"].get(colour, colour),
                            "share": _percent(per_colour[colour]),
                        },
                        css=f"fill-{colour}",
                    )
                    for colour in COLOURS
                    if colour in per_colour
                ],
            }
        )
    for key, slug, title, tooltip in (
        (
            "damage_per_turn",
            "damage",
            _("Damage per turn"),
            _("%(value)s damage: %(share)s of the turns (%(count)s)"),
        ),
        (
            "attacks_per_turn",
            "attacks",
            _("Attacks per turn"),
            _("%(value)s attacks: %(share)s of the turns (%(count)s)"),
        ),
    ):
        if report.get(key):
            context[slug] = report[key]
            bars = _histogram_bars(report[key]["histogram"], turns_played, tooltip, 0)
            context["charts"].append({"slug": slug, "title": title, "bars": bars})
    evolutions = report.get("evolutions")
    if evolutions:
        context["evolutions"] = {
            "per_game": evolutions["per_game"],
            "by_stage": [
                {"stage": LABELS["stage"].get(stage, stage), "per_game": value}
                for stage, value in evolutions.get("by_stage", {}).items()
            ],
            "by_turn": [
                {"turn": turn, "per_game": value}
                for turn, value in evolutions.get("by_turn", {}).items()
            ],
        }
    for key in ("heals", "reshuffles"):
        if key in report:
            context[key] = report[key]
    opening = report.get("opening_next_evolution")
    if opening:
        context["opening"] = [{"pet": name, **shares} for name, shares in opening.items()]
    if report.get("by_order"):
        context["by_order"] = by_order_rows(report["by_order"])
    return context


def by_order_rows(by_order: dict) -> list[dict]:
    first, second = by_order.get("first", {}), by_order.get("second", {})

    def row(label: str, get, kind: str = "number") -> dict:
        def value(block):
            try:
                return get(block)
            except (KeyError, TypeError):
                return None

        return {"label": label, "first": value(first), "second": value(second), "kind": kind}

    rows = [
        row(_("Games"), lambda b: b["games"], "int"),
        row(_("Mean kill turn"), lambda b: b["turns_to_win"]["mean"]),
        row(_("Median kill turn"), lambda b: b["turns_to_win"]["median"]),
        row(_("10th percentile"), lambda b: b["turns_to_win"]["p10"]),
        row(_("90th percentile"), lambda b: b["turns_to_win"]["p90"]),
        row(_("Not won"), lambda b: b["turns_to_win"]["not_won"], "share"),
        row(_("Combos per turn"), lambda b: b["combos_per_turn"]["mean"]),
        row(_("Damage per turn"), lambda b: b["damage_per_turn"]["mean"]),
        row(_("Attacks per turn"), lambda b: b["attacks_per_turn"]["mean"]),
        row(_("Evolutions per game"), lambda b: b["evolutions"]["per_game"]),
        row(_("Heals per game"), lambda b: b["heals"]["per_game"]),
    ]
    return [r for r in rows if r["first"] is not None or r["second"] is not None]
