"""Matchup runs for the pages, charged to the goldfish budget and stored for good.

A run costs what the API charges (every game of every deck against every opponent, plus
the sample game) from the same budget as the goldfish page, and is refused before anything
runs when the budget cannot cover it. Its report is stored under a digest of everything
that decides it (engine/stored_runs.py): every later view of the address, a shared link
or a job with the same inputs reads it and plays no game, and a sample game once viewed
is stored beside it.
"""

from __future__ import annotations

from dataclasses import replace

from django.conf import settings

from engine import budget, stored_runs
from engine.concurrency import Busy, simulation_slot
from engine.matchup_services import (
    MatchupRequest,
    matchup_comparison,
    matchup_report,
    matchup_sample,
)
from engine.models import StoredRun
from engine.services import GoldfishError, TimeLimitExceeded


def run_kind(run: MatchupRequest) -> str:
    return "matchup" if run.other is None else "compare"


def charged_run(
    request,
    run: MatchupRequest,
    *,
    opponent: int,
    sample_seed: int,
    key: str | None = None,
    stored: StoredRun | None = None,
) -> tuple[dict, dict]:
    """The report (or comparison) and one logged game of the deck against opponent number
    `opponent`: read from the stored run when it holds them (nothing charged, no game
    played), else played, charged and stored (a stored report costs only the sample game;
    a refused run nothing; past the time limit the games were played: they stay charged).
    `key` and `stored` spare the look-up when the caller made it."""
    if key is None:
        key = stored_runs.run_key(run)
        stored = stored_runs.find(key)
    report = stored_runs.report_of(stored) if stored is not None else None
    log = stored_runs.sample_of(stored, opponent, sample_seed) if stored is not None else None
    if log is not None:
        return report, log
    spent = budget.charge(request, budget.SAMPLE_COST + (run.cost if report is None else 0))
    try:
        if report is None:
            play = matchup_report if run.other is None else matchup_comparison
            with simulation_slot(request):
                played = play(run, time_limit=settings.GOLDFISH_API_TIME_LIMIT)
            report = stored_runs.store(key, run_kind(run), run.game, played)
        sample = replace(
            run, opponents=[run.opponents[opponent]], games=1, seed=sample_seed, other=None
        )
        log = stored_runs.add_sample(key, opponent, sample_seed, matchup_sample(sample))
    except (GoldfishError, Busy) as error:
        if not isinstance(error, TimeLimitExceeded):
            spent.refund()
        raise
    return report, log
