"""Matchup runs for the pages, charged to the goldfish budget and kept a while.

A run costs what the API charges (every game of every deck against every opponent, plus
the sample game) from the same budget as the goldfish page, and is refused before anything
runs when the budget cannot cover it. Reports are kept under a key of everything that
decides them (the engines are seeded), so stepping through the sample game without
JavaScript replays only that game.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, replace

from django.conf import settings
from django.core.cache import cache

from engine import budget
from engine.concurrency import Busy, simulation_slot
from engine.matchup_services import (
    MatchupRequest,
    matchup_comparison,
    matchup_report,
    matchup_sample,
)
from engine.services import GoldfishError, TimeLimitExceeded

REPORT_CACHE_SECONDS = 600


def charged_run(
    request, run: MatchupRequest, *, opponent: int, sample_seed: int
) -> tuple[dict, dict]:
    """The report (or comparison) and one logged game of the deck against opponent number
    `opponent`; a report still in the cache costs only the sample game, and a refused
    run nothing (past the time limit the games were played: they stay charged)."""
    key = _report_key(run)
    report = cache.get(key)
    spent = budget.charge(request, budget.SAMPLE_COST + (run.cost if report is None else 0))
    try:
        if report is None:
            play = matchup_report if run.other is None else matchup_comparison
            with simulation_slot(request):
                report = play(run, time_limit=settings.GOLDFISH_API_TIME_LIMIT)
            cache.set(key, report, REPORT_CACHE_SECONDS)
        sample = replace(
            run, opponents=[run.opponents[opponent]], games=1, seed=sample_seed, other=None
        )
        log = matchup_sample(sample)
    except (GoldfishError, Busy) as error:
        if not isinstance(error, TimeLimitExceeded):
            spent.refund()
        raise
    return report, log


def _report_key(run: MatchupRequest) -> str:
    data = asdict(run)
    for deck in [data["deck"], data["other"], *data["opponents"]]:
        if deck is not None:
            deck["entries"] = sorted(
                (e["card_id"] or 0, e["quantity"], e["zone"]) for e in deck["entries"]
            )
    digest = hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()
    return f"matchup-report:{digest}"
