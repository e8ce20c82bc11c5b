"""The charts of a Digimon goldfish report (engine/digimon/report.py), drawn like PAD's.

What the report measures, as bars: the round each level is first reached (DGM-5's lead
figure, one chart per level, with the games that never reach it), the battles' outcomes
(DGM-4.5), the points the opponent and the player lose per round, the combos completed
per round (DGM-1.3), evolutions per game by level and evolution failures by reason.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from cards.templatetags.card_tags import LABELS
from engine.charts import FAILURE_REASONS, _bar, _histogram_bars, _percent, _share

LEVELS = ("IV", "perfect", "ultimate")
# Short bar labels of the failure reasons (the tooltips say them in full).
FAILURE_LABELS = {
    "net_ocean": pgettext_lazy("evolution failure", "Net Ocean short"),
    "requirement": pgettext_lazy("evolution failure", "requirement"),
    "no_base": pgettext_lazy("evolution failure", "no base"),
    "gave_up": pgettext_lazy("evolution failure", "gave up"),
}


def _figure(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if value else "0"


def first_reached_charts(reached: dict, games: int) -> list[dict]:
    """Per level: the share of the games in which it first stands in the box in each round,
    and of the games in which it never does."""
    charts = []
    for level in LEVELS:
        block = reached.get(level)
        if not block or not block.get("share_of_games"):
            continue  # never reached: the table says so, a chart of one bar adds nothing
        label = LABELS["level"].get(level, level)
        bars = _histogram_bars(
            block.get("histogram", {}),
            games,
            _("Round %(value)s: %(share)s of the games (%(count)s)"),
            1,
        )
        never = max(0.0, 1 - block.get("share_of_games", 0))
        if never:
            bars.append(
                _bar(
                    pgettext("level reached", "never"),
                    never,
                    _percent(never),
                    _("Never reached: %(share)s of the games") % {"share": _percent(never)},
                    css="fill-none",
                    count=round(never * games),
                )
            )
        charts.append(
            {
                "slug": f"first-{level.lower()}",
                "title": _("Round %(level)s is first reached (share of the games)")
                % {"level": label},
                "bars": bars,
            }
        )
    return charts


def battles_chart(battles: dict) -> dict:
    """DGM-4.5: the rounds' battles won, lost, tied or stopped, as shares of the rounds."""
    labels = {
        "won": pgettext("battle outcome", "won"),
        "lost": pgettext("battle outcome", "lost"),
        "tied": pgettext("battle outcome", "tied"),
        "stopped": pgettext("battle outcome", "stopped"),
    }
    shares = battles.get("shares", {})
    bars = [
        _bar(
            label,
            shares.get(key, 0),
            _percent(shares.get(key, 0)),
            _("Battles %(outcome)s: %(share)s of the rounds (%(count)s)")
            % {"outcome": label, "share": _percent(shares.get(key, 0)), "count": battles.get(key)},
            css=f"fill-{key}",
            count=battles.get(key),
        )
        for key, label in labels.items()
    ]
    return {"slug": "battles", "title": _("Battles (share of the rounds)"), "bars": bars}


def points_charts(points: dict, rounds: int) -> list[dict]:
    """Points lost per round by the opponent (dealt) and, when ever, by the player."""
    charts = []
    for side, slug, title in (
        (
            "opponent",
            "points-dealt",
            _("Points the opponent loses per round (share of the rounds)"),
        ),
        ("player", "points-lost", _("Points you lose per round (share of the rounds)")),
    ):
        histogram = (points.get(side) or {}).get("histogram") or {}
        if side == "player" and not any(int(key) and n for key, n in histogram.items()):
            continue  # never lost a point (the passive dummy): nothing to chart
        bars = _histogram_bars(
            histogram,
            rounds,
            _("%(value)s points: %(share)s of the rounds (%(count)s)"),
            0,
            gaps=False,
        )
        charts.append({"slug": slug, "title": title, "bars": bars})
    return charts


def combos_chart(combos: dict, rounds: int) -> dict | None:
    """None when no round made a combo: a single bar of 100 % at 0 tells nothing."""
    histogram = combos.get("histogram", {})
    if not any(int(key) and count for key, count in histogram.items()):
        return None
    bars = _histogram_bars(
        combos.get("histogram", {}),
        rounds,
        _("%(value)s combos: %(share)s of the rounds (%(count)s)"),
        0,
    )
    return {"slug": "combos", "title": _("Combos per round (share of the rounds)"), "bars": bars}


def evolutions_chart(evolutions: dict) -> dict:
    by_level = evolutions.get("by_level", {})
    bars = []
    for level in LEVELS:
        value = by_level.get(level, 0)
        label = LABELS["level"].get(level, level)
        bars.append(
            _bar(
                label,
                value,
                _figure(value),
                _("Evolutions into %(level)s: %(value)s per game")
                % {"level": label, "value": _figure(value)},
            )
        )
    return {"slug": "evolutions", "title": _("Evolutions per game, by level"), "bars": bars}


def failures_chart(failures: dict, games: int) -> dict:
    bars = []
    for reason, count in (failures.get("by_reason") or {}).items():
        value = _share(count, games)
        reason_text = FAILURE_REASONS.get(reason, reason)
        bars.append(
            _bar(
                FAILURE_LABELS.get(reason, reason),
                value,
                _figure(value),
                _("%(reason)s: %(value)s per game (%(count)s)")
                % {"reason": reason_text, "value": _figure(value), "count": count},
                css="fill-none",
                count=count,
            )
        )
    return {"slug": "failures", "title": _("Evolution failures per game, by reason"), "bars": bars}


def digimon_charts(report: dict) -> list[dict]:
    """Every chart of a Digimon report, in the order the page shows them."""
    games = report.get("games") or 0
    rounds = report.get("rounds_played") or 0
    charts = first_reached_charts(report.get("level_first_reached") or {}, games)
    if report.get("battles"):
        charts.append(battles_chart(report["battles"]))
    if report.get("points_lost_per_round"):
        charts += points_charts(report["points_lost_per_round"], rounds)
    if report.get("combos_per_turn") and (chart := combos_chart(report["combos_per_turn"], rounds)):
        charts.append(chart)
    if report.get("evolutions"):
        charts.append(evolutions_chart(report["evolutions"]))
    if report.get("evolution_failures"):
        charts.append(failures_chart(report["evolution_failures"], games))
    return charts
