"""Public, game-neutral entry points of the goldfish engine.

    from engine.core.api import play_game, run_batch, POLICIES

`play_game` plays one seeded game and can return its JSON log; `run_batch` plays N games
(game i seeded `game_seed(seed, i)`) on one process or a pool and returns the report JSON.
Both dispatch on `deck.game` through the registry (`engine.pad` for `pad`).
The same deck, seed and options give the same games and report, byte for byte.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

from engine.core.cards import CardSpec, DeckSpec
from engine.core.errors import (
    EngineError,
    IllegalAction,
    InvalidDeck,
    InvalidOptions,
    UnknownGame,
    UnknownPolicy,
)
from engine.core.plan import Plan, goldfish_plan
from engine.core.recipes import GoldfishRecipe
from engine.core.registry import POLICIES, discover, get_engine
from engine.core.result import GameResult
from engine.core.seeds import game_seed

__all__ = [
    "POLICIES",
    "CardSpec",
    "DeckSpec",
    "EngineError",
    "GameResult",
    "IllegalAction",
    "InvalidDeck",
    "InvalidOptions",
    "UnknownGame",
    "UnknownPolicy",
    "batch_plan",
    "game_seed",
    "not_simulated",
    "play_game",
    "run_batch",
]

discover()  # fills POLICIES: {game: {policy name: description}}


def play_game(
    deck: DeckSpec,
    *,
    seed: int,
    policy: str = "greedy",
    going_first: bool = True,
    turn_cap: int = 30,
    log: bool = False,
    options: Mapping | None = None,
) -> GameResult:
    """One goldfish game. `result.log` is the JSON log (a dict) when `log` is true.

    `options` are the policy's (PAD "store": store_target, store_turns); unknown keys
    raise `InvalidOptions`. `turn_cap` counts the player's own turns.
    """
    engine = get_engine(deck.game)
    prepared = engine.prepare(deck, policy=policy, turn_cap=turn_cap, options=options)
    return prepared.play(seed, going_first, log)


def run_batch(
    deck: DeckSpec,
    *,
    processes: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    time_limit: float | None = None,
    **settings,
) -> dict:
    """The report of `games` games (see the game's report module for the keys; the
    settings are `batch_plan`'s: games, seed, policy, going_first, turn_cap, options).

    going_first None plays even-numbered games first and odd ones second and reports
    both orders; processes None uses every core from 2000 games on, else one process;
    progress(done, total) is called in this process after each chunk of games; past
    `time_limit` seconds `batch.TimeLimit` is raised and any process pool is torn down.
    """
    plan = batch_plan(deck, **settings)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    return plan.run(processes=processes, progress=progress, deadline=deadline)


def batch_plan(
    deck: DeckSpec,
    *,
    games: int,
    seed: int,
    policy: str = "greedy",
    going_first: bool | None = None,
    turn_cap: int = 30,
    options: Mapping | None = None,
) -> Plan:
    """The plan of `run_batch` (see engine/core/plan.py), to run here or on workers."""
    if games < 1:
        raise InvalidOptions("games must be at least 1.")
    recipe = GoldfishRecipe(deck, policy, turn_cap, dict(options) if options else None)
    return goldfish_plan(recipe, games=games, seed=seed, going_first=going_first)


def not_simulated(deck: DeckSpec) -> list[dict[str, str]]:
    """The deck's cards whose printed effect the engine does not run (or runs only in
    part), one per name, sorted by name: `[{"name": …, "reason": …}]`, the reason "no text
    known" or "needs: <what the engine or the catalogue lacks>" (issue 13). The goldfish
    report lists cards that run but can do nothing against the passive goldfish apart,
    under `no_effect_against_goldfish`."""
    return get_engine(deck.game).not_simulated(deck)
