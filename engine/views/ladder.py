"""The ladder page (PLAY-2): the newest stored ladder of each game (`manage.py ladder
--store`, or the `engine.refresh_ladder` job), never measured while the page waits."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext as _

from cards import vocabulary as v
from engine.models import LadderRun
from engine.policy_texts import POLICY_LABELS
from engine.views.card_stats import colour_step

GAMES = [game for game, _label in v.GAMES]


def _label(name: str) -> str:
    return str(POLICY_LABELS.get(name, name))


def _percent(rate: dict) -> str:
    return f"{rate['value'] * 100:.1f}%"


def ladder_context(run: LadderRun | None) -> dict:
    if run is None:
        return {"run": None}
    report = run.report
    order = [row["policy"] for row in report["players"]]
    rates = {(pair["policy"], pair["opponent"]): pair for pair in report["pairs"]}
    players = [{**row, "label": _label(row["policy"])} for row in report["players"]]
    table = []
    for policy in order:
        cells = []
        for opponent in order:
            pair = rates.get((policy, opponent))
            if pair is None or pair["win_rate"] is None:
                cells.append({"text": "—", "title": "", "step": 0})
                continue
            rate = pair["win_rate"]
            cells.append(
                {
                    "text": _percent(rate),
                    "title": _("%(rate)s (95%% interval %(low)s to %(high)s) in %(games)s games")
                    % {
                        "rate": _percent(rate),
                        "low": f"{rate['low'] * 100:.1f}%",
                        "high": f"{rate['high'] * 100:.1f}%",
                        "games": pair["games"],
                    },
                    "step": colour_step(rate["value"] - 0.5),
                }
            )
        table.append({"label": _label(policy), "cells": cells})
    return {
        "run": run,
        "players": players,
        "heads": [_label(name) for name in order],
        "table": table,
        "decks": report.get("decks", []),
    }


def ladder_page(request):
    game = request.GET.get("game", "pad")
    if game not in GAMES:
        game = "pad"
    run = LadderRun.objects.filter(game=game).first()
    context = {
        "game": game,
        "games": [(code, label) for code, label in v.GAMES],
        **ladder_context(run),
    }
    return render(request, "engine/ladder.html", context)
