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

from engine.core.result import DRAW, WIN

TERMINAL = -4  # OpenSpiel's kTerminalPlayerId


class Pending(Exception):
    """Raised inside a replay at the first decision without a recorded action."""

    def __init__(self, seat: int, options: list, kind: str):
        super().__init__(seat)
        self.seat, self.options, self.kind = seat, options, kind


class GameState:
    def __init__(self, prepared, seed: int, going_first: bool = True, history=()):
        self.prepared, self.seed, self.going_first = prepared, seed, going_first
        self._history: list[tuple[int, int]] = list(history)
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
        return GameState(self.prepared, self.seed, self.going_first, self._history)

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
            replay.install(world, seat, deciding(replay.search_class, seat, actions))
        self._pending = None
        try:
            self.outcome = world.play()
        except Pending as pending:
            self._pending = pending
            self.outcome = None


def deciding(search_class: type, seat: int, actions: list[int]):
    """A seat of a `GameState`: the game's search class (its hooks are the decisions)
    answering with its recorded actions (option indices), then raising `Pending`. A
    decision with one option is a forced step (PLAY-1.2): taken, not asked."""
    policy = search_class()
    cursor = 0

    def decide(game, candidates, greedy, share=1.0):
        nonlocal cursor
        options = candidates()
        if len(options) == 1:
            return options[0]
        if cursor < len(actions):
            cursor += 1
            return options[actions[cursor - 1]]
        # the hook asking (its name says which decision: labels, observation)
        raise Pending(seat, options, sys._getframe(1).f_code.co_name)

    policy.decide = decide
    return policy
