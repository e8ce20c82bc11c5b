"""The registry of game engines: `engine.pad` registers itself on import; a game's
package is imported on first use by convention (`engine.<game>`), so adding a game never
edits the core."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Protocol

from engine.core.cards import DeckSpec
from engine.core.errors import UnknownGame
from engine.core.result import GameResult
from engine.core.search import SIMULATION_COST

KNOWN_GAMES = ("pad", "digimon")


class Prepared(Protocol):
    """A deck compiled for one policy and options: plays games from seeds."""

    def play(self, seed: int, going_first: bool, log: bool = False) -> GameResult: ...


class Summary(Protocol):
    """Integer tallies over games; mergeable; turns itself into the report JSON."""

    def add(self, result: GameResult) -> None: ...

    def merge(self, other: Summary) -> None: ...

    def report(self, *, seed: int, going_first: bool | None) -> dict: ...


class GameEngine(Protocol):
    game: str
    policies: Mapping[str, str]  # name → description

    def prepare(
        self, deck: DeckSpec, *, policy: str, turn_cap: int, options: Mapping | None
    ) -> Prepared: ...

    def not_simulated(self, deck: DeckSpec) -> list[str]: ...

    def summary(self, prepared: Prepared) -> Summary: ...


ENGINES: dict[str, GameEngine] = {}
POLICIES: dict[str, dict[str, str]] = {}


def register(engine: GameEngine) -> GameEngine:
    ENGINES[engine.game] = engine
    POLICIES[engine.game] = dict(engine.policies)
    return engine


def discover() -> None:
    """Import every known game package that exists (each registers itself)."""
    for game in KNOWN_GAMES:
        if game not in ENGINES:
            try:
                importlib.import_module(f"engine.{game}")
            except ModuleNotFoundError as error:
                if error.name != f"engine.{game}":
                    raise


def get_engine(game: str) -> GameEngine:
    if game not in ENGINES:
        discover()
    try:
        return ENGINES[game]
    except KeyError:
        raise UnknownGame(f"No engine for game {game!r}.") from None


def policy_cost(game: str, policy: str) -> int:
    """What one game of `policy` costs, in greedy games (a searching player replays the
    game at every decision: engine/core/search.py); 1 for an unknown name."""
    try:
        engine = get_engine(game)
    except Exception:  # an unknown game is refused later, with its own message
        return 1
    cls = engine.policy_classes.get(policy)
    return max(1, getattr(cls, "simulations", 0) * SIMULATION_COST)
