"""PLAY-1's one game interface for both engines, modelled on OpenSpiel's `State`:

    state = GameState(prepared_match, seed=7)      # prepare_match(...) of either game
    while not state.is_terminal():
        seat = state.current_player()              # 0 or 1
        actions = state.legal_actions()            # [0, 1, …]: indices of the options
        state.options()                            # what each index does (engine values)
        state.action_label(a)                      # English words for one of them
        state.apply_action(a)
    state.returns()                                # [+1, −1], [0, 0] for a draw
    state.clone(); state.observation(seat); state.history()

How it maps: `current_player`, `legal_actions`, `apply_action`, `clone`, `is_terminal`,
`returns` and `history` as OpenSpiel names them; `observation(seat)` is its information
state (PLAY-1.3: what that seat may see, as a dict); chance is not a player: shuffles and
random effects come from the seed (PLAY-1.1). A state is its decks, seed, first player
and action history — small and serialisable, so a browser game needs no server memory —
and is rebuilt by replaying them (engine/core/search.py: the engines are procedural, a
decision is reached again by playing to it). The determinization a searching player
samples is `Replay.determinize` (engine/core/search.py).

Decisions are the ones the search players make (engine/pad/search.py,
engine/digimon/search.py), greedy's choice always option 0; every other choice (forced
steps, payments, effect targets) is made as greedy makes it.
"""

from __future__ import annotations

import sys
from random import Random

from engine.core.result import DRAW, WIN

TERMINAL = -4  # OpenSpiel's kTerminalPlayerId


class Pending(Exception):
    """Raised inside a replay at the first decision without a recorded action."""

    def __init__(self, seat: int, options: list, kind: str):
        super().__init__(seat)
        self.seat, self.options, self.kind = seat, options, kind


class GameState:
    """`ai`: {seat: player} for seats the site plays (issue 28, a browser game):
    `GREEDY` (greedy's choice, option 0), `UNIFORM` (uniformly at random, seeded by the
    seat and the decision's number) or a searching policy class (its search). Their
    decisions are taken as the game reaches them and recorded in the history, so
    a replay never searches a decision twice."""

    def __init__(self, prepared, seed: int, going_first: bool = True, history=(), ai=None):
        self.prepared, self.seed, self.going_first = prepared, seed, going_first
        self._history: list[tuple[int, int]] = [tuple(entry) for entry in history]
        self.ai: dict = dict(ai or {})
        self.ai_moves: list[tuple[int, str, dict]] = []  # (seat, template, values) taken now
        self._advance()

    # --- OpenSpiel's State ------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self._pending is None else self._pending.seat

    def is_terminal(self) -> bool:
        return self._pending is None

    def legal_actions(self) -> list[int]:
        return [] if self._pending is None else list(range(len(self._pending.options)))

    def options(self) -> list:
        return [] if self._pending is None else list(self._pending.options)

    def decision(self) -> str:
        """Which decision is pending: the hook's name ("main_phase", "choose_blockers"…)."""
        return "" if self._pending is None else self._pending.kind

    def action_label(self, action: int) -> str:
        """The action in English words (the site translates `action_parts`)."""
        return self.replay.label(self._pending.kind, self._pending.options[action])

    def action_parts(self, action: int) -> tuple[str, dict]:
        """(English template, values; card names under `card` / `cards`)."""
        return self.replay.label_parts(self._pending.kind, self._pending.options[action])

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"{action} is not a legal action here.")
        self._history.append((self._pending.seat, action))
        self._advance()

    def clone(self) -> GameState:
        return GameState(self.prepared, self.seed, self.going_first, self._history, self.ai)

    def history(self) -> list[tuple[int, int]]:
        """(seat, action) in the order taken."""
        return list(self._history)

    def returns(self) -> list[float]:
        if self._pending is not None:
            return [0.0, 0.0]
        outcome = self.outcome[0]
        if outcome == DRAW:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome == WIN else [-1.0, 1.0]

    def observation(self, seat: int) -> dict:
        """PLAY-1.3: what `seat` may see at this point."""
        return self.replay.observe(self.world, seat)

    # --- replay -----------------------------------------------------------------------
    def _advance(self) -> None:
        prepared = self.prepared
        self.replay = replay = prepared.replay_class(
            prepared, self.seed, self.going_first, goldfish=False
        )
        self.world = world = replay.fresh()
        for seat in range(len(replay.policies(world))):
            actions = [action for who, action in self._history if who == seat]
            if seat in self.ai:
                policy = answering(self.ai[seat], seat, actions, replay, self._record)
            else:
                policy = deciding(replay.search_class, seat, actions)
            replay.install(world, seat, policy)
        self._pending = None
        try:
            self.outcome = world.play()
        except Pending as pending:
            self._pending = pending
            self.outcome = None

    def _record(self, seat: int, action: int, kind: str, option) -> None:
        self._history.append((seat, action))
        self.ai_moves.append((seat, *self.replay.label_parts(kind, option)))


def replaying(policy, actions: list[int], new_decision):
    """`policy` (a game's search class) deciding with the recorded `actions` (option
    indices), then with `new_decision(game, options, share, the asking hook's name)`. A
    decision with one option is a forced step (PLAY-1.2): taken, never recorded. The
    journal holds every choice, so a searching opponent's simulations replay them."""
    cursor = 0

    def decide(game, candidates, greedy, share=1.0):
        nonlocal cursor
        options = candidates()
        if len(options) == 1:
            choice = options[0]
        elif cursor < len(actions):
            cursor += 1
            choice = options[actions[cursor - 1]]
        else:
            # the hook asking (its name says which decision: labels, observation)
            choice = new_decision(game, options, share, sys._getframe(1).f_code.co_name)
        policy.journal.append(choice)
        return choice

    policy.decide = decide
    return policy


def deciding(search_class: type, seat: int, actions: list[int]):
    """A seat of a `GameState`: the game's search class (its hooks are the decisions)
    answering with its recorded actions, then raising `Pending`."""

    def pending(game, options, share, kind):
        raise Pending(seat, options, kind)

    return replaying(search_class(), actions, pending)


# `GameState.ai`'s players besides a searching class: greedy's choice, or each option
# equally likely (the game's other choices stay greedy's either way).
GREEDY, UNIFORM = "greedy", "random"


def answering(player, seat: int, actions: list[int], replay, record):
    """A seat the site plays: its recorded actions first, then its own decisions, each
    recorded with `record(seat, option index, the deciding hook's name, the option)`."""
    uniform = player == UNIFORM
    policy = replay.search_class() if player in (GREEDY, UNIFORM) else player()
    searching = player not in (GREEDY, UNIFORM) and bool(policy.simulations)
    policy.start_game(replay, seat)

    def own(game, options, share, kind):
        if uniform:
            rng = Random(f"{replay.seed}:{seat}:{len(policy.journal)}")
            index = rng.randrange(len(options))
        elif searching:
            index = options.index(policy.search(game, options, share))
        else:
            index = 0  # greedy's choice is always the first option
        record(seat, index, kind, options[index])
        return options[index]

    return replaying(policy, actions, own)


def recorded_log(prepared, seed: int, going_first: bool, history, ai=None) -> dict:
    """The full-information log of a game played through a `GameState` (both hands,
    every event and snapshot, as a matchup's sample game logs it): its recorded decisions
    replayed with the log on. A game stopped before its end (resigned) logs up to the
    first decision no one took, with `result.unfinished`."""
    from engine.core.result import OUTCOME_NAMES

    record = prepared.log_header(seed, going_first)
    replay = prepared.replay_class(prepared, seed, going_first, goldfish=False)
    game = prepared.start(Random(seed), going_first, record)
    history = [tuple(entry) for entry in history]
    for seat in range(len(replay.policies(game))):
        actions = [action for who, action in history if who == seat]
        # every decision is recorded: the AI's seat replays its own, never searches anew
        replay.install(game, seat, deciding(replay.search_class, seat, actions))
    try:
        outcome, length = game.play()
    except Pending:
        record["result"] = {"unfinished": True}
    else:
        record["result"] = {"outcome": OUTCOME_NAMES[outcome], "length": length}
    return record
