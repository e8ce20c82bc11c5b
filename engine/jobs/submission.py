"""From a goldfish, matchup or comparison request to a queued job: charged to the client's
goldfish budget (queued games count like played ones), owned by its account or session."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from decks.models import Deck
from engine import budget, stored_runs
from engine.jobs import services
from engine.matchup_services import (
    MatchupRequest,
    comparison_plan_for,
    matchup_plan_for,
)
from engine.models import Job
from engine.services import GoldfishError, GoldfishRequest, goldfish_plan_for


@dataclass(frozen=True)
class Submission:
    """What a job will play: its kind, cost in games, plan builder and saved decks."""

    kind: str
    game: str
    cost: int
    build: object  # () -> Plan, raising GoldfishError
    deck_ids: tuple[str, ...]
    parameters: dict


def goldfish_submission(request: GoldfishRequest, deck: Deck | None) -> Submission:
    deck_id, name = (deck.pk, deck.name) if deck is not None else (None, "")
    parameters = {
        "games": request.games,
        "seed": request.seed,
        "policy": request.policy,
        "going_first": request.going_first,
        "deck": {"name": name, "deck": deck_id},
    }
    return Submission(
        "goldfish",
        request.game,
        request.cost,
        lambda: goldfish_plan_for(request),
        (deck_id,) if deck_id else (),
        parameters,
    )


def matchup_submission(request: MatchupRequest, page: str = "") -> Submission:
    """A matchup or comparison job; its report is stored under the run's key as the page's
    own run would be (engine/stored_runs.py), and `page`, the run's shareable address on
    the page it was started from, is where the job page sends its reader for the sample game."""
    kind = "matchup" if request.other is None else "compare"
    decks = [request.deck] + ([request.other] if request.other else [])
    build = matchup_plan_for if request.other is None else comparison_plan_for
    labels = [dict(deck.label) for deck in (*decks, *request.opponents)]
    parameters = {
        "games": request.games,
        "seed": request.seed,
        "policy": request.policy,
        "opponent_policy": request.opponent_policy,
        "first": request.first,
        "decks": [dict(deck.label) for deck in decks],
        "opponents": [dict(deck.label) for deck in request.opponents],
        "run_key": stored_runs.run_key(request),
        "page": page,
    }
    deck_ids = tuple(sorted({label["deck"] for label in labels if label.get("deck")}))
    return Submission(
        kind, request.game, request.cost, lambda: build(request), deck_ids, parameters
    )


def submit(request, submission: Submission) -> Job:
    """Charge the games, build the plan and queue the job. Refusals: BudgetExceeded (nothing
    charged), GoldfishError and services.JobRefused (the charge given back)."""
    spent = budget.charge(request, submission.cost)
    try:
        plan = submission.build()
        return services.submit(
            plan,
            kind=submission.kind,
            game=submission.game,
            owner=services.Owner(request.user, session_key(request)),
            decks=list(submission.deck_ids),
            parameters=submission.parameters,
            chunk_games=chunk_games(plan.games_left(), submission.cost),
        )
    except (GoldfishError, services.JobRefused):
        spent.refund()
        raise


def chunk_games(games: int, cost: int) -> int:
    """Games per chunk: JOB_CHUNK_GAMES greedy games' worth, so a chunk of searching
    players' games (each counting for hundreds, engine/core/search.py) still ends well
    within JOB_CHUNK_TIME_LIMIT."""
    return max(1, settings.JOB_CHUNK_GAMES * games // max(cost, 1))


def session_key(request) -> str:
    """The browser session an anonymous job belongs to (started if need be)."""
    if getattr(request.user, "is_authenticated", False):
        return ""
    session = request.session
    if not session.session_key:
        session.save()
    return session.session_key


def runs_as_job(cost: int) -> bool:
    """Above the small synchronous size a run goes to the workers."""
    return cost > settings.JOB_SYNC_GAMES
