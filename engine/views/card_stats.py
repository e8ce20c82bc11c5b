"""MATCH-2's per-card table for the pages: OH, GD, GIH, GNS WR, IWD and Played WR, each
cell with its interval and game count, a sort value and a colour step (17lands reads the
same way: green above the deck's own win rate, red below)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.charts import rate_text
from engine.core.intervals import TOO_FEW_GAMES

# (report key of the rate, key of its game count, column heading, what it means)
COLUMNS = (
    ("opening_hand", gettext_lazy("OH WR"), gettext_lazy("Win rate when in the opening hand")),
    ("drawn_later", gettext_lazy("GD WR"), gettext_lazy("Win rate when drawn later")),
    ("in_hand", gettext_lazy("GIH WR"), gettext_lazy("Win rate when in hand at any point")),
    ("not_seen", gettext_lazy("GNS WR"), gettext_lazy("Win rate when never seen")),
    ("iwd", gettext_lazy("IWD"), gettext_lazy("Improvement when drawn: GIH WR − GNS WR")),
    ("played", gettext_lazy("Played WR"), gettext_lazy("Win rate when played")),
)
STEPS = 4  # colour steps each side of neutral (classes wr-1 … wr-9, wr-5 neutral)
SPREAD = 0.10  # a difference of 10 points or more takes the strongest colour


def colour_step(difference: float) -> int:
    """1 (far below) … 5 (level) … 9 (far above) for a difference of rates."""
    scaled = max(-1.0, min(1.0, difference / SPREAD))
    return round(scaled * STEPS) + STEPS + 1


def _points(value: float) -> str:
    return f"{value * 100:+.1f}"


def _cell(card: dict, key: str, baseline: float | None) -> dict:
    if key == "iwd":
        rate, games = card["iwd"], None
    else:
        rate, games = card[f"{key}_win_rate"], card[f"{key}_games"]
    if rate == TOO_FEW_GAMES or not rate:
        return {"text": _("too few games"), "title": _("too few games"), "sort": "", "step": 0}
    if key == "iwd":
        text = _("%(points)s pts") % {"points": _points(rate["value"])}
        title = _("%(value)s points (95%% interval %(low)s to %(high)s)") % {
            "value": _points(rate["value"]),
            "low": _points(rate["low"]),
            "high": _points(rate["high"]),
        }
        step = colour_step(rate["value"])
    else:
        text = f"{rate['value'] * 100:.1f}%"
        title = _("%(rate)s in %(games)s games") % {"rate": rate_text(rate), "games": games}
        step = colour_step(rate["value"] - baseline) if baseline is not None else 0
    return {"text": text, "title": title, "sort": rate["value"], "step": step}


def card_table(report: dict, names) -> dict:
    """The table's headings and one row per card, named for the reader (`names`)."""
    baseline = (report.get("win_rate") or {}).get("value")
    rows = []
    for card in report["cards"]:
        rows.append(
            {
                "name": names(card["name"]),
                "in_hand_games": card.get("in_hand_games", card["drawn_games"]),
                "cells": [_cell(card, key, baseline) for key, _label, _help in COLUMNS],
            }
        )
    return {
        "columns": [{"label": label, "help": help} for _key, label, help in COLUMNS],
        "rows": rows,
    }
