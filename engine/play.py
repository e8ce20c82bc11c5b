"""Games played in the browser (issue 28): a `PlayedGame` row is its decks, seed, first
player and the decisions taken; `state_of` rebuilds the game from them with
engine/core/interface.py's `GameState`, the site's AI answering for its seat.

Seats: 0 is the player who created the game, 1 the AI (or, later, the friend); against
the goldfish (DGM-5) there is no seat 1. The views a player gets hold that player's
observation only (PLAY-1.3): the opponent's hand and face-down cards and both decks'
order never leave the server while the game runs.

Errors are `PlayError`s with the API's codes: `illegal_action` (400), `not_your_turn`,
`game_over` and `not_finished` (409), `unknown_policy` (400).
"""

from __future__ import annotations

import json
import secrets
from datetime import timedelta
from functools import lru_cache

from django.conf import settings
from django.utils import timezone

from engine.convert import deck_spec
from engine.core.cards import deck_from_json, deck_to_json
from engine.core.interface import GREEDY, UNIFORM, GameState, recorded_log
from engine.core.registry import get_engine
from engine.core.search import Searching
from engine.matchup_services import MatchDeck
from engine.models import AI, GOLDFISH, INVITE, PlayedGame
from engine.services import DEFAULT_TURN_CAP, GoldfishError

OPPONENT_SEAT = 1
SEED_LIMIT = 2**31


class PlayError(GoldfishError):
    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(code, message)
        self.status = status


def playable_policies(game: str) -> list[str]:
    """The AI players one can face: random, greedy and every search level."""
    searching = [
        name
        for name, cls in get_engine(game).policy_classes.items()
        if isinstance(cls, type) and issubclass(cls, Searching)
    ]
    return [UNIFORM, GREEDY, *searching]


def ai_player(game: str, policy: str):
    """`GameState.ai`'s player for a policy name (engine/core/interface.py)."""
    if policy in (UNIFORM, GREEDY):
        return policy
    if policy not in playable_policies(game):
        raise PlayError(
            "unknown_policy", f"policy is one of: {', '.join(playable_policies(game))}."
        )
    return get_engine(game).policy_classes[policy]


def stored_deck(game: str, deck: MatchDeck) -> dict:
    """A seat's deck as the game keeps it: its name, entries and its cards as they are now
    (`cards`, engine/core/cards.py `deck_to_json`), so a later catalogue correction does
    not change how the game's recorded decisions replay."""
    return {
        "name": deck.label.get("name") or "",
        "entries": [[e.card_id, e.quantity, e.zone] for e in deck.entries],
        "cards": deck_to_json(deck_spec(game, deck.entries)),
    }


@lru_cache(maxsize=32)
def _deck_specs(game: str, decks_json: str) -> tuple:
    """Each seat's `DeckSpec`: from the cards the game kept, or (a game stored before they
    were kept) from the catalogue as it is now."""
    from decks.rules import EntryInput

    specs = []
    for deck in json.loads(decks_json):
        if "cards" in deck:
            specs.append(deck_from_json(game, deck["cards"]))
        else:
            entries = [EntryInput(card_id=c, quantity=q, zone=z) for c, q, z in deck["entries"]]
            specs.append(deck_spec(game, entries))
    return tuple(specs)


@lru_cache(maxsize=32)
def _prepared(game: str, decks_json: str, goldfish: bool):
    """The engine's prepared game of these decks: compiled once per process, since every
    action replays the game from its start."""
    specs = _deck_specs(game, decks_json)
    engine = get_engine(game)
    if goldfish:
        return engine.prepare(specs[0], policy=GREEDY, turn_cap=DEFAULT_TURN_CAP, options=None)
    return engine.prepare_match(specs[0], specs[1], policy=GREEDY, opponent_policy=GREEDY)


def deck_cards(row: PlayedGame) -> tuple:
    """Every card of the game's decks as the engine's `CardSpec`s (compiled once per
    process, as `_prepared` is)."""
    return tuple(card for spec in _deck_specs(row.game, _decks_key(row)) for card in spec.cards())


def _decks_key(row: PlayedGame) -> str:
    keep = ("entries", "cards")
    return json.dumps([{k: d[k] for k in keep if k in d} for d in row.decks], sort_keys=True)


def full_log(row: PlayedGame) -> dict:
    """The game's full-information log (both hands: the replay opened once it is over)."""
    prepared = _prepared(row.game, _decks_key(row), row.opponent_kind == GOLDFISH)
    return recorded_log(prepared, row.seed, row.first, row.history)


def state_of(row: PlayedGame) -> GameState:
    """The game as its decisions left it (the AI's new answers appended to the row's
    history and log, not saved)."""
    prepared = _prepared(row.game, _decks_key(row), row.opponent_kind == GOLDFISH)
    ai = {OPPONENT_SEAT: ai_player(row.game, row.ai_policy)} if row.opponent_kind == AI else {}
    state = GameState(prepared, row.seed, row.first, row.history, ai=ai)
    _take_ai_moves(row, state)
    return state


def _take_ai_moves(row: PlayedGame, state: GameState) -> None:
    row.history = [list(entry) for entry in state.history()]
    row.log = row.log + [[seat, template, values] for seat, template, values in state.ai_moves]
    if state.is_terminal() and row.result is None:
        returns = state.returns()
        winner = None if returns[0] == returns[1] else (0 if returns[0] > 0 else 1)
        row.result = {"winner": winner, "reason": "draw" if winner is None else "won"}


def create(
    game: str,
    deck: MatchDeck,
    *,
    opponent_kind: str,
    opponent_deck: MatchDeck | None = None,
    policy: str = GREEDY,
    owner=None,
    session_key: str = "",
    seed: int | None = None,
    first: bool | None = None,
) -> tuple[PlayedGame, GameState]:
    """A new game, the AI's first answers taken; `first` None: the seed's parity decides
    who plays first (an even seed: the player)."""
    seed = secrets.randbelow(SEED_LIMIT) if seed is None else seed
    if opponent_kind == AI:
        ai_player(game, policy)
    row = PlayedGame(
        game=game,
        opponent_kind=opponent_kind,
        ai_policy=policy if opponent_kind == AI else "",
        owner=owner,
        session_key=session_key,
        decks=[stored_deck(game, deck)]
        + ([stored_deck(game, opponent_deck)] if opponent_deck else []),
        seed=seed,
        first=seed % 2 == 0 if first is None else first,
    )
    state = None if opponent_kind == INVITE else state_of(row)
    row.save()
    return row, state


def act(row: PlayedGame, seat: int, action) -> GameState:
    """Take `seat`'s decision `action` (an index of the legal actions); the AI answers."""
    state = _open_state(row)
    if state.current_player() != seat:
        raise PlayError("not_your_turn", "It is not your decision now.", 409)
    if not isinstance(action, int) or isinstance(action, bool):
        raise PlayError("illegal_action", "action is the id of one of the legal actions.")
    if action not in state.legal_actions():
        raise PlayError("illegal_action", f"{action} is not one of the legal actions now.")
    template, values = state.action_parts(action)
    row.log = row.log + [[seat, template, values]]
    row.history = row.history + [[seat, action]]
    state = state_of(row)
    row.save()
    return state


def undo(row: PlayedGame, seat: int) -> GameState:
    """Take back `seat`'s last decision and every answer after it (AI and goldfish
    games); a finished game reopens, unless it was resigned."""
    if row.result is not None and row.result.get("reason") == "resigned":
        raise PlayError("game_over", "The game was resigned.", 409)
    last = max((i for i, (who, _a) in enumerate(row.history) if who == seat), default=None)
    if last is None:
        raise PlayError("nothing_to_undo", "You have taken no decision yet.", 409)
    row.history, row.log, row.result = row.history[:last], row.log[:last], None
    state = state_of(row)
    row.save()
    return state


def join(row: PlayedGame, user, deck: MatchDeck) -> GameState:
    """The invited friend takes seat 1 with `deck` (the first signed-in person other than
    the game's creator)."""
    if row.opponent_kind != INVITE or row.owner_id == user.pk:
        raise PlayError("not_invited", "This game takes no one else.", 409)
    if row.friend_id is not None:
        raise PlayError("game_full", "Someone has already joined this game.", 409)
    row.friend = user
    row.decks = row.decks[:1] + [stored_deck(row.game, deck)]
    state = state_of(row)
    row.save()
    return state


def purge(now=None) -> int:
    """Delete the games started signed out that nobody touched for PLAY_ANONYMOUS_KEEP_DAYS
    (their session, the only way back to them, is long gone; a shared replay link of such a
    game stops working then). Games of an account are kept."""
    now = now or timezone.now()
    cutoff = now - timedelta(days=settings.PLAY_ANONYMOUS_KEEP_DAYS)
    _, deleted = PlayedGame.objects.filter(owner__isnull=True, updated__lt=cutoff).delete()
    return deleted.get(PlayedGame._meta.label, 0)


def resign(row: PlayedGame, seat: int) -> None:
    _open_state(row)
    winner = None if row.opponent_kind == GOLDFISH else 1 - seat
    row.result = {"winner": winner, "reason": "resigned"}
    row.save()


def _open_state(row: PlayedGame) -> GameState:
    if row.result is not None:
        raise PlayError("game_over", "The game is over.", 409)
    if len(row.decks) < 2 and row.opponent_kind == INVITE:
        raise PlayError("not_started", "The invited friend has not joined yet.", 409)
    return state_of(row)
