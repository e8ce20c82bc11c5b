"""Goldfish runs for the CLI, the API and the pages: deck in, report or game log out."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Q

from cards.models import Card
from cards.search.text import fold
from cards.selectors import load_children
from decks.models import Deck
from decks.rules import EntryInput
from decks.services import DeckError, entries_from_items, entries_from_text
from decks.verdicts import deck_verdict
from engine.convert import card_spec, deck_spec
from engine.core import api as engine
from engine.core.batch import TimeLimit
from engine.core.plan import Plan
from engine.core.registry import policy_cost

MAX_GAMES = 100_000
DEFAULT_TURN_CAP = 30


class GoldfishError(Exception):
    status = 400

    def __init__(self, code: str, message: str, **extra):
        super().__init__(message)
        self.code, self.message, self.extra = code, message, extra


class TimeLimitExceeded(GoldfishError):
    status = 503


@dataclass
class GoldfishRequest:
    game: str
    entries: list[EntryInput]
    games: int = 1000
    seed: int = 0
    policy: str = "greedy"
    going_first: bool | None = None
    turn_cap: int = DEFAULT_TURN_CAP
    allow_invalid: bool = False
    opponent: str | None = None  # Digimon: a catalogued Digimon's id, number or name

    @property
    def cost(self) -> int:
        """Greedy games' worth charged to the goldfish budget (a search costs more)."""
        return self.games * policy_cost(self.game, self.policy)


def opponent_options(game: str, opponent: str | None) -> dict | None:
    """DGM-5: the dummy unless the user names a catalogued Digimon to battle."""
    if not opponent:
        return None
    if game != "digimon":
        raise GoldfishError("invalid", "Only Digimon goldfish games take an opponent.")
    digimon = Card.objects.filter(game="digimon", kind="digimon")
    match = Q(number__iexact=opponent) | Q(search_names__has_text=f"\n{fold(opponent)}\n")
    if opponent.isdigit():
        match |= Q(pk=int(opponent))
    card = digimon.filter(match).order_by("pk").first()
    if card is None:
        raise GoldfishError("unknown_opponent", f"No catalogued Digimon is {opponent!r}.")
    return {"opponent": card_spec(load_children([card])[0])}


def entries_for(game: str, *, text: str | None = None, items=None, deck: Deck | None = None):
    """The cards to play, from a text list, entry dicts or a saved deck."""
    if deck is not None:
        if deck.game != game:
            raise GoldfishError("wrong_game", f"Deck {deck.pk} is a {deck.game} deck.")
        return [
            EntryInput(card_id=e.card_id, quantity=e.quantity, zone=e.zone)
            for e in deck.entries.all()
        ]
    try:
        if text is not None:
            return entries_from_text(game, text)
        return entries_from_items(items or [])
    except DeckError as error:
        raise GoldfishError(error.code, error.message, **error.extra) from None


def _checked_spec(request: GoldfishRequest):
    if not 1 <= request.games <= MAX_GAMES:
        raise GoldfishError("invalid", f"games is 1 to {MAX_GAMES}.")
    if request.policy not in engine.POLICIES.get(request.game, {}):
        names = ", ".join(engine.POLICIES.get(request.game, {}))
        raise GoldfishError("unknown_policy", f"policy is one of: {names}.")
    verdict = deck_verdict(request.game, request.entries)  # from the shared cache
    if not verdict.valid and not request.allow_invalid:
        raise GoldfishError(
            "invalid_deck",
            "The deck is not legal; fix it or set allow_invalid.",
            errors=[e.as_dict() for e in verdict.errors],
        )
    return deck_spec(request.game, request.entries)


def goldfish_plan_for(request: GoldfishRequest, *, check: bool = True) -> Plan:
    """The plan of the goldfish batch (engine/core/plan.py); refusals are GoldfishErrors
    (`check`: the engine accepts the decks now — a run in this process finds out anyway
    when it prepares them, so it skips preparing them twice)."""
    spec = _checked_spec(request)
    try:
        plan = engine.batch_plan(
            spec,
            games=request.games,
            seed=request.seed,
            policy=request.policy,
            going_first=request.going_first,
            turn_cap=request.turn_cap,
            options=opponent_options(request.game, request.opponent),
        )
        if check:
            plan.check()
    except engine.EngineError as error:
        raise engine_refusal(error) from None
    return plan


def goldfish_report(
    request: GoldfishRequest,
    *,
    processes: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    time_limit: float | None = None,
) -> dict:
    """The report of `goldfish_plan_for(request)`, played in this process."""
    return run_plan(goldfish_plan_for(request, check=False), processes, progress, time_limit)


def engine_refusal(error: engine.EngineError) -> GoldfishError:
    return GoldfishError("engine_error", str(error))


def run_plan(
    plan: Plan,
    processes: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    time_limit: float | None = None,
    refusal: Callable[[engine.EngineError], GoldfishError] = engine_refusal,
) -> dict:
    """Play a plan in this process (or its pool) within `time_limit` seconds."""
    deadline = None if time_limit is None else time.monotonic() + time_limit
    try:
        return plan.run(processes=processes, progress=progress, deadline=deadline)
    except TimeLimit:
        raise TimeLimitExceeded(
            "time_limit", f"The run took longer than {time_limit:.0f} s; ask for fewer games."
        ) from None
    except engine.EngineError as error:
        raise refusal(error) from None


def goldfish_sample(request: GoldfishRequest) -> dict:
    """One game's JSON log (events and a snapshot per phase)."""
    spec = _checked_spec(request)
    going_first = True if request.going_first is None else request.going_first
    try:
        result = engine.play_game(
            spec,
            seed=request.seed,
            policy=request.policy,
            going_first=going_first,
            turn_cap=request.turn_cap,
            log=True,
            options=opponent_options(request.game, request.opponent),
        )
    except engine.EngineError as error:
        raise engine_refusal(error) from None
    return result.log
