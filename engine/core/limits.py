"""Bounds that make every game end and every run stop on time (issue 24).

A deck the rules let loop forever exists: a free skill that puts itself back in hand
(PAD: 40 × Fire Orb Change, whose reveal finds a fire card — itself, the deck reshuffling
the discard pile — and returns it to hand) never leaves its main phase. The turn and round
caps cannot stop that, since the turn never ends. So every game counts its actions (an
evolution, a skill, an effect step, a battle play): past `ACTIONS_PER_TURN` in one turn
(Digimon: one round) or `ACTIONS_PER_GAME` in the game, the game stops at once and counts
as a draw (a goldfish game as not won), its result naming the reason. The bounds sit far
above what real decks do (the pinned regressions never reach them), so they change no
legal game's result.

The clock: a run's deadline (and, for a job, a "should I stop?" question such as "was the
job cancelled?") is watched from inside the games, every `CLOCK_EVERY` actions and at
every turn, not only between batches of games, so a run stops within milliseconds of its
time limit whatever its decks do. The watch is per thread (a context variable), so a
threaded development server's requests keep their own.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field

from engine.core.errors import EngineError

ACTIONS_PER_TURN = 500  # a real turn makes a few dozen
ACTIONS_PER_GAME = 5000  # a real game makes a few hundred
CLOCK_EVERY = 64  # actions between two looks at the clock (a look costs ~0.1 µs)
TURN_ACTIONS = "turn_actions"  # the reasons a stopped game reports
GAME_ACTIONS = "game_actions"
STOP_REASONS = {
    TURN_ACTIONS: f"more than {ACTIONS_PER_TURN} actions in one turn",
    GAME_ACTIONS: f"more than {ACTIONS_PER_GAME} actions in one game",
}


class TimeLimit(EngineError):
    """The run passed its deadline; its games and any process pool have been stopped."""

    code = "time_limit"


class Stopped(EngineError):
    """The run was asked to stop (a job cancelled while its chunk played)."""

    code = "stopped"


class ActionLimit(Exception):
    """A game passed an action bound; its game loop turns this into a draw. Not an
    EngineError: it never leaves the game."""

    def __init__(self, reason: str):
        super().__init__(STOP_REASONS[reason])
        self.reason = reason


@dataclass
class Watch:
    deadline: float | None = None  # time.monotonic()
    should_stop: Callable[[], bool] | None = None
    ask_every: float = 1.0  # seconds between two calls of should_stop (a database read)
    asked: float = field(default_factory=time.monotonic)

    def check(self) -> None:
        now = time.monotonic()
        if self.deadline is not None and now > self.deadline:
            raise TimeLimit("The run passed its time limit.")
        if self.should_stop is not None and now - self.asked >= self.ask_every:
            self.asked = now
            if self.should_stop():
                raise Stopped("The run was stopped.")


_watch: ContextVar[Watch | None] = ContextVar("engine_watch", default=None)


@contextlib.contextmanager
def watching(
    deadline: float | None = None,
    should_stop: Callable[[], bool] | None = None,
    ask_every: float = 1.0,
) -> Iterator[Watch | None]:
    """Games played inside this block raise TimeLimit past `deadline` and Stopped once
    `should_stop()` says so. Nested blocks keep the earlier deadline."""
    outer = _watch.get()
    if deadline is None and should_stop is None:
        yield outer
        return
    if outer is not None and outer.deadline is not None:
        deadline = outer.deadline if deadline is None else min(deadline, outer.deadline)
    if should_stop is None and outer is not None:
        should_stop, ask_every = outer.should_stop, outer.ask_every
    token = _watch.set(Watch(deadline, should_stop, ask_every))
    try:
        yield _watch.get()
    finally:
        _watch.reset(token)


def check_clock() -> None:
    watch = _watch.get()
    if watch is not None:
        watch.check()


class CountsActions:
    """A game's action bounds: call `new_turn()` as each turn (round) starts and
    `count_action()` for every action; `stopped` names why a stopped game stopped."""

    __slots__ = ()
    turn_actions: int
    game_actions: int
    stopped: str

    def reset_actions(self) -> None:
        self.turn_actions = self.game_actions = 0
        self.stopped = ""

    def new_turn(self) -> None:
        self.turn_actions = 0
        check_clock()

    def count_action(self) -> None:
        self.turn_actions += 1
        self.game_actions += 1
        if self.turn_actions > ACTIONS_PER_TURN:
            raise ActionLimit(TURN_ACTIONS)
        if self.game_actions > ACTIONS_PER_GAME:
            raise ActionLimit(GAME_ACTIONS)
        if not self.game_actions % CLOCK_EVERY:
            check_clock()
