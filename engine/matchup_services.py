"""Matchups for the CLI and the API: decks in, the MATCH-1 report, an A/B comparison or one
game's log out (PAD-7, DGM-6).

A deck comes as a text list, entry dicts or a saved deck; opponents are one or several such
decks or the gauntlet (the reference decks of the game). Limits, refusals and their codes
are the goldfish's (`engine.services.GoldfishError`), so the API answers both alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from decks.models import Deck
from decks.reference import reference_decks
from decks.rules import EntryInput, validate_deck
from engine.convert import deck_spec
from engine.core import api as engine
from engine.core.cards import DeckSpec
from engine.core.matchup import Opponent, compare_plan, matchup_plan, play_match
from engine.core.plan import Plan
from engine.core.registry import policy_cost
from engine.services import MAX_GAMES, GoldfishError, entries_for, run_plan

# More opponents than this in one request is a gauntlet of the user's own: twelve is more
# than any game's reference decks and keeps a report readable.
MAX_OPPONENTS = 12
MAX_TURN_CAP = 200  # Digimon's default round cap is 60 (DGM-6.3); PAD's 30 turns (PAD-7.4)


class DeckNotFound(GoldfishError):
    status = 404

    def __init__(self, deck_id: str):
        super().__init__("not_found", f"No deck has the id {deck_id}.")


@dataclass(frozen=True)
class MatchDeck:
    """A deck of a matchup and how reports name it: {"name", "deck" (id or None),
    "reference" (one of the site's reference decks)}."""

    entries: tuple[EntryInput, ...]
    label: Mapping


@dataclass
class MatchupRequest:
    game: str
    deck: MatchDeck
    opponents: list[MatchDeck]
    games: int = 1000
    seed: int = 0
    policy: str = "greedy"
    opponent_policy: str = "greedy"
    first: bool | None = None  # None alternates (PAD-7.3, DGM-6.2)
    turn_cap: int | None = None  # None: the game's default cap
    allow_invalid: bool = False
    other: MatchDeck | None = None  # deck B of an A/B comparison

    @property
    def cost(self) -> int:
        """Games charged to the goldfish budget: every game against every opponent, twice
        for a comparison (both decks play them), in greedy games (a search costs more)."""
        per_game = (
            policy_cost(self.game, self.policy) + policy_cost(self.game, self.opponent_policy) - 1
        )
        return self.games * len(self.opponents) * (1 if self.other is None else 2) * per_game


def saved_decks(ids: Iterable[str], user=None) -> dict[str, Deck]:
    """The saved decks of these ids with their entries, in two queries; an id that names no
    deck, or a deck `user` may not read (when a user is given), is not found."""
    wanted = set(ids)
    if not wanted:
        return {}
    found = {
        deck.pk: deck for deck in Deck.objects.filter(pk__in=wanted).prefetch_related("entries")
    }
    for deck_id in sorted(wanted):
        deck = found.get(deck_id)
        if deck is None or (user is not None and not deck.is_readable_by(user)):
            raise DeckNotFound(deck_id)
    return found


def match_deck(
    game: str, *, text: str | None = None, items=None, deck: Deck | None = None, name: str = ""
) -> MatchDeck:
    """A deck from a text list, entry dicts or a saved deck (whose name it takes)."""
    entries = entries_for(game, text=text, items=items, deck=deck)
    label = {
        "name": deck.name if deck is not None else name,
        "deck": deck.pk if deck is not None else None,
        "reference": deck is not None and deck.reference,
    }
    return MatchDeck(tuple(entries), label)


def gauntlet(game: str) -> list[MatchDeck]:
    """The game's reference decks, the default opponents, in two queries."""
    return [match_deck(game, deck=deck) for deck in reference_decks(game)]


def matchup_plan_for(request: MatchupRequest, *, check: bool = True) -> Plan:
    """The MATCH-1 plan of the deck against each opponent, its card rows naming the
    catalogue card of each name; refusals are GoldfishErrors."""
    spec, opponents = _checked(request)
    plan = _engine_call(
        matchup_plan,
        spec,
        opponents,
        label=request.deck.label,
        card_ids=True,
        **_play_options(request),
    )
    if check:  # see goldfish_plan_for
        _engine_call(plan.check)
    return plan


def comparison_plan_for(request: MatchupRequest, *, check: bool = True) -> Plan:
    """Deck A (`request.deck`) and deck B (`request.other`) against the same opponents with
    the same seeds, and the difference of their win rates with its interval (MATCH-1)."""
    if request.other is None:
        raise GoldfishError("invalid", "A comparison needs a second deck.")
    spec, opponents = _checked(request)
    other = _spec(request, request.other)
    plan = _engine_call(
        compare_plan,
        [spec, other],
        opponents,
        labels=[request.deck.label, request.other.label],
        card_ids=True,
        **_play_options(request),
    )
    if check:  # see goldfish_plan_for
        _engine_call(plan.check)
    return plan


def matchup_report(
    request: MatchupRequest,
    *,
    processes: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    time_limit: float | None = None,
) -> dict:
    """The report of `matchup_plan_for(request)`, played in this process."""
    plan = matchup_plan_for(request, check=False)
    return run_plan(plan, processes, progress, time_limit, matchup_refusal)


def matchup_comparison(
    request: MatchupRequest,
    *,
    processes: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    time_limit: float | None = None,
) -> dict:
    """The report of `comparison_plan_for(request)`, played in this process."""
    plan = comparison_plan_for(request, check=False)
    return run_plan(plan, processes, progress, time_limit, matchup_refusal)


def matchup_sample(request: MatchupRequest) -> dict:
    """One game's JSON log against the first opponent, both players' zones in every
    snapshot; the deck goes first unless `first` is False."""
    spec, opponents = _checked(request)
    result = _engine_call(
        play_match,
        spec,
        opponents[0].deck,
        seed=request.seed,
        policy=request.policy,
        opponent_policy=request.opponent_policy,
        going_first=request.first is not False,
        turn_cap=request.turn_cap,
        log=True,
    )
    return result.log


def _checked(request: MatchupRequest) -> tuple[DeckSpec, list[Opponent]]:
    if not 1 <= request.games <= MAX_GAMES:
        raise GoldfishError("invalid", f"games is 1 to {MAX_GAMES}.")
    if not 1 <= len(request.opponents) <= MAX_OPPONENTS:
        raise GoldfishError("invalid", f"A matchup takes 1 to {MAX_OPPONENTS} opponents.")
    if request.turn_cap is not None and not 1 <= request.turn_cap <= MAX_TURN_CAP:
        raise GoldfishError("invalid", f"turn_cap is 1 to {MAX_TURN_CAP}.")
    known = engine.POLICIES.get(request.game, {})
    for policy in (request.policy, request.opponent_policy):
        if policy not in known:
            raise GoldfishError("unknown_policy", f"policy is one of: {', '.join(known)}.")
    spec = _spec(request, request.deck)
    opponents = [Opponent(_spec(request, deck), dict(deck.label)) for deck in request.opponents]
    return spec, opponents


def _spec(request: MatchupRequest, deck: MatchDeck) -> DeckSpec:
    """The engine's deck, once the deck rules (PAD-2, DGM-2) pass or allow_invalid."""
    if not request.allow_invalid:
        verdict = validate_deck(request.game, list(deck.entries))
        if not verdict.valid:
            name = deck.label.get("name") or "The deck"
            raise GoldfishError(
                "invalid_deck",
                f"{name} is not legal; fix it or set allow_invalid.",
                errors=[error.as_dict() for error in verdict.errors],
                deck=dict(deck.label),
            )
    return deck_spec(request.game, deck.entries)


def _play_options(request: MatchupRequest) -> dict:
    return {
        "games": request.games,
        "seed": request.seed,
        "policy": request.policy,
        "opponent_policy": request.opponent_policy,
        "first": request.first,
        "turn_cap": request.turn_cap,
    }


ENGINE_CODES = {
    engine.InvalidDeck: "invalid_deck",
    engine.UnknownPolicy: "unknown_policy",
    engine.InvalidOptions: "invalid",
}


def matchup_refusal(error: engine.EngineError) -> GoldfishError:
    """The engine's refusal as a GoldfishError with the API's code."""
    code = next((c for kind, c in ENGINE_CODES.items() if isinstance(error, kind)), None)
    return GoldfishError(code or "engine_error", str(error))


def _engine_call(function, /, *args, **kwargs):
    """Run the engine; its refusals become GoldfishErrors with the API's codes."""
    try:
        return function(*args, **kwargs)
    except engine.EngineError as error:
        raise matchup_refusal(error) from None
