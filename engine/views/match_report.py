"""A MATCH-1 report as what the matchup pages draw: rows with interval bars, game length,
the per-card table and the not-simulated cards of both sides."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _

from cards import vocabulary as v
from cards.simulation import reason_rows
from engine.charts import difference_bar, interval_bar, length_chart, rate_text
from engine.reader_names import ReaderNames, reader_names, renamed_reasons, report_card_names
from engine.stopped_games import summed
from engine.views.assumed import assumed_sides
from engine.views.card_stats import card_table


def _results(block: dict, label: str = "") -> dict:
    """Wins, losses, draws and the win rate's bar of one row (or one order of play)."""
    return {
        "games": block["games"],
        "wins": block["wins"],
        "losses": block["losses"],
        "draws": block["draws"],
        "win_rate": block["win_rate"],
        "text": rate_text(block["win_rate"]),
        "bar": interval_bar(
            block["win_rate"], wins=block["wins"], games=block["games"], label=label
        ),
    }


def _row(block: dict, label: str) -> dict:
    return {
        "label": label,
        **_results(block, label),
        "first": _results(block["going_first"]),
        "second": _results(block["going_second"]),
        "length": block["length"],
    }


def opponent_name(label: dict) -> str:
    return str(label.get("name") or label.get("id") or _("Opponent"))


def matchup_context(report: dict, names: ReaderNames | None = None) -> dict:
    """The page's view of one deck's report against its opponents, cards by the reader's
    name (`names`, else looked up here: one query)."""
    if names is None:
        names = reader_names(report["game"], report_card_names(report))
    rounds = report["game"] == v.DIGIMON
    rows = [
        {**_row(row, opponent_name(row["opponent"])), "opponent": row["opponent"], "index": i}
        for i, row in enumerate(report["opponents"])
    ]
    return {
        "raw": report,
        "rounds": rounds,
        "deck_name": report["deck"].get("name", ""),
        "total": _row(report, _("All opponents")),
        "rows": rows,
        # `games` of the report's head (per opponent) is overwritten by the total's
        "length_chart": length_chart(report["length"], report["games"], rounds=rounds),
        "card_table": card_table(report, names),
        "assumed": assumed_sides(report, rows, names, report["deck"].get("name") or _("Your deck")),
        "stopped": summed(report["opponents"]),
        "not_simulated": renamed_reasons(reason_rows(report["deck"].get("not_simulated")), names),
        "opponents_not_simulated": [
            {
                "name": row["label"],
                "cards": renamed_reasons(reason_rows(row["opponent"].get("not_simulated")), names),
            }
            for row in rows
        ],
        "json": json.dumps(report, ensure_ascii=False, indent=1),
    }


def compare_context(comparison: dict, names: list[str]) -> dict:
    """Decks A and B against the same opponents, and the difference of their win rates."""
    a, b = comparison["decks"]
    rows = []
    for index, row in enumerate(comparison["opponents"]):
        label = opponent_name(row["opponent"])
        rows.append(
            {
                "label": label,
                "a": _results(a["opponents"][index], names[0]),
                "b": _results(b["opponents"][index], names[1]),
                "difference": difference_bar(row["difference"], label=label),
            }
        )
    return {
        "raw": comparison,
        "names": names,
        "sides": [
            {"label": names[0], **_results(a, names[0])},
            {"label": names[1], **_results(b, names[1])},
        ],
        "difference": difference_bar(comparison["difference"], label=_("All opponents")),
        "rows": rows,
        "json": json.dumps(comparison, ensure_ascii=False, indent=1),
    }
