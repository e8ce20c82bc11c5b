"""A goldfish report as server-side charts and tables (SVG bars, no script)."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cards.templatetags.card_tags import LABELS
from decks.reference_names import reference_display_name

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


def _histogram_bars(
    histogram: dict, total: int, tooltip: str, first: int | None = None, gaps: bool = True
):
    """One bar per value from `first` (or the lowest) to the highest, gaps shown as 0; with
    `gaps` False only the values that occurred (points come in steps: 31 mostly empty bars
    for 0 … 30 told nothing)."""
    keys = [int(key) for key in histogram]
    if not keys:
        return []
    low = min(keys) if first is None else min(first, min(keys))
    values = range(low, max(keys) + 1) if gaps else sorted(set(keys) | {low})
    bars = []
    for key in values:
        count = histogram.get(str(key), 0)
        share = _share(count, total)
        text = tooltip % {"value": key, "share": _percent(share), "count": count}
        bars.append(_bar(key, share, _percent(share), text, count=count))
    return bars


def kill_turn_chart(
    turns: dict, games: int, slug: str = "kill-turn", *, rounds: bool = False
) -> dict:
    tooltip = (
        _("Round %(value)s: %(share)s of the games (%(count)s)")
        if rounds
        else _("Turn %(value)s: %(share)s of the games (%(count)s)")
    )
    bars = _histogram_bars(turns["histogram"], games, tooltip, 1)
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
    title = (
        _("Round the game is won (share of the games)")
        if rounds
        else _("Kill turn (share of the games)")
    )
    return {"slug": slug, "title": title, "bars": bars}


def report_context(report: dict, names=None) -> dict:
    """The charts and tables of a report; blocks a game's report lacks are left out.
    `names` gives the reader's name of an engine card name (engine/reader_names.py)."""
    games = report["games"]
    turns_played = report.get("turns_played") or 0
    context = {
        "raw": report,
        "games": games,
        "turns": report["turns_to_win"],
        "kill_chart": kill_turn_chart(
            report["turns_to_win"], games, rounds=report.get("game") == "digimon"
        ),
        "not_simulated": report.get("not_simulated", []),
        "charts": [],
        "json": json.dumps(report, ensure_ascii=False, indent=1),
    }
    if report.get("game") == "digimon":
        from engine.charts_digimon import digimon_charts  # it builds on this module

        context["charts"] = digimon_charts(report)
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
            _("Damage per turn (life cards taken)"),
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
        context["opening"] = [
            {"pet": names(name) if names else name, **shares} for name, shares in opening.items()
        ]
    if report.get("by_order"):
        context["by_order"] = by_order_rows(report["by_order"])
    context.update(consistency_context(report))
    return context


# DGM-5: why a Digimon evolution did not happen, as the report counts it.
FAILURE_REASONS = {
    "net_ocean": gettext_lazy("No evolution card in the Net Ocean"),
    "requirement": gettext_lazy("Requirement not met"),
    "no_base": gettext_lazy("No Digimon to evolve from"),
    "gave_up": gettext_lazy("The policy chose not to"),
}


def consistency_context(report: dict) -> dict:
    """DGM-5: the figures a goldfish can say something about, which the page leads with:
    when each stage (PAD) or level (Digimon) is first reached, evolution failures by
    reason and usable opening hands."""
    context = {}
    for key, labels in (("stage_first_reached", "stage"), ("level_first_reached", "level")):
        reached = report.get(key)
        if reached:
            context["first_reached"] = [
                {"label": LABELS[labels].get(name, name), **figures}
                for name, figures in reached.items()
            ]
            context["first_reached_kind"] = labels
    failures = report.get("evolution_failures")
    if failures:
        games = report["games"]
        context["failures"] = {
            "per_game": failures.get("per_game"),
            "by_reason": [
                {
                    "reason": FAILURE_REASONS.get(reason, reason),
                    "count": count,
                    "per_game": _share(count, games),
                }
                for reason, count in failures.get("by_reason", {}).items()
            ],
        }
    opening = report.get("opening")
    if isinstance(opening, dict) and "usable_evolution" in opening:
        context["usable_opening"] = opening
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
        row(_("Damage per turn (life cards taken)"), lambda b: b["damage_per_turn"]["mean"]),
        row(_("Attacks per turn"), lambda b: b["attacks_per_turn"]["mean"]),
        row(_("Evolutions per game"), lambda b: b["evolutions"]["per_game"]),
        row(_("Heals per game"), lambda b: b["heals"]["per_game"]),
    ]
    return [r for r in rows if r["first"] is not None or r["second"] is not None]


# Matchup charts (MATCH-1): a win rate as a horizontal bar with its 95 % interval drawn as
# an error bar, and a difference of two win rates on an axis centred on zero. The numbers
# are in the SVG's <title>/aria-label, so a screen reader says what the picture shows.
RATE_WIDTH = 320  # px for a rate of 100 %
RATE_HEIGHT = 28
DIFFERENCE_HALF = 160  # px from the centre for a difference of the chart's scale


def _x(value: float, width: float = RATE_WIDTH) -> float:
    return round(max(0.0, min(1.0, value)) * width, 1)


def rate_text(rate: dict | None) -> str:
    """ "52.3% (95% interval 49.2%–55.4%)", or – when no game was played."""
    if not rate:
        return "–"
    return _("%(value)s (95%% interval %(low)s–%(high)s)") % {
        "value": _percent(rate["value"]),
        "low": _percent(rate["low"]),
        "high": _percent(rate["high"]),
    }


def interval_bar(rate: dict | None, *, wins: int, games: int, label: str = "") -> dict | None:
    """A win rate's bar and error bar: coordinates in px of a RATE_WIDTH-wide SVG."""
    if not rate:
        return None
    label = reference_display_name(str(label))  # "Reference: Water" in the page's words
    summary = _("Win rate %(rate)s: %(wins)s wins in %(games)s games") % {
        "rate": rate_text(rate),
        "wins": wins,
        "games": games,
    }
    return {
        "label": str(label),
        "value": rate["value"],
        "low": rate["low"],
        "high": rate["high"],
        "display": _percent(rate["value"]),
        "summary": f"{label}: {summary}" if label else summary,
        "width": RATE_WIDTH,
        "height": RATE_HEIGHT,
        "bar": _x(rate["value"]),
        "x_low": _x(rate["low"]),
        "x_high": _x(rate["high"]),
        "x_half": _x(0.5),
        "middle": RATE_HEIGHT / 2,
    }


def difference_bar(difference: dict, *, label: str = "") -> dict:
    """A − B on an axis from −scale to +scale (scale: the next 10 % step past the
    interval's far end), the interval as an error bar; `measurable` is False when the
    interval holds 0 (MATCH-1: "no measurable difference")."""
    far = max(abs(difference["low"]), abs(difference["high"]), 0.01)
    scale = min(1.0, (int(far * 10) + 1) / 10)

    def x(value: float) -> float:
        return round(DIFFERENCE_HALF + max(-1.0, min(1.0, value / scale)) * DIFFERENCE_HALF, 1)

    value = difference["value"]
    text = _("%(value)s points (95%% interval %(low)s to %(high)s)") % {
        "value": _points(value),
        "low": _points(difference["low"]),
        "high": _points(difference["high"]),
    }
    return {
        "label": str(label),
        "value": value,
        "low": difference["low"],
        "high": difference["high"],
        "measurable": difference["measurable"],
        "display": _points(value),
        "summary": f"{label}: {text}" if label else text,
        "scale": _points(scale),
        "width": 2 * DIFFERENCE_HALF,
        "height": RATE_HEIGHT,
        "centre": DIFFERENCE_HALF,
        "bar_x": min(x(0), x(value)),
        "bar_width": round(abs(x(value) - x(0)), 1),
        "x_low": x(difference["low"]),
        "x_high": x(difference["high"]),
        "middle": RATE_HEIGHT / 2,
    }


def _points(value: float) -> str:
    """A difference of rates in percentage points, signed: +4.2, −3.0, 0."""
    points = round(value * 100, 1)
    if points == 0:
        return "0"
    return f"+{points:.1f}" if points > 0 else f"−{-points:.1f}"


def length_chart(length: dict, games: int, *, rounds: bool) -> dict:
    """The histogram of game lengths (turns or rounds), as the goldfish charts draw them."""
    tooltip = (
        _("Round %(value)s: %(share)s of the games (%(count)s)")
        if rounds
        else _("Turn %(value)s: %(share)s of the games (%(count)s)")
    )
    title = _("Game length in rounds") if rounds else _("Game length in turns")
    bars = _histogram_bars(length.get("histogram", {}), games, tooltip)
    return {"slug": "length", "title": title, "bars": bars}
