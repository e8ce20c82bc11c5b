"""The reference decks' standing against each other (issue 25's fair gauntlet; not a unit
test).

    .venv/bin/python bench/gauntlet.py --game pad|digimon [--policy search] [--games 40]
        [--processes N] [--seed 1] [--smoke]

Plays every pair of different reference decks of a game (fixtures/reference_decks.toml,
read without Django as bench/search.py does) `--games` times, the first player
alternating and the same policy on both sides, on a pool of processes. Each pair is
played once and counted for both decks (A's wins are B's losses), so a round robin of n
decks costs n(n-1)/2 pairs rather than the n(n-1) of one `manage.py matchup --gauntlet`
per deck. Prints JSON: each deck's win rate against the rest (a draw counts half) with
its 95 % Wilson interval, and every pair's result.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import tomllib
from itertools import combinations
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from search import reference_deck  # noqa: E402

from engine.core.batch import cpu_count  # noqa: E402
from engine.core.intervals import wilson  # noqa: E402
from engine.core.registry import get_engine  # noqa: E402
from engine.core.result import DRAW, WIN  # noqa: E402
from engine.core.seeds import game_seed  # noqa: E402

SMOKE_GAMES = 2


def reference_names(game: str) -> list[str]:
    lists = tomllib.loads((ROOT / "fixtures" / "reference_decks.toml").read_text("utf-8"))
    return sorted(d["name"] for d in lists["deck"] if d["game"] == game)


_matches: dict = {}


def _init(game: str, policy: str) -> None:
    engine = get_engine(game)
    decks = {name: reference_deck(game, name) for name in reference_names(game)}
    for first, second in combinations(sorted(decks), 2):
        _matches[first, second] = engine.prepare_match(
            decks[first],
            decks[second],
            policy=policy,
            opponent_policy=policy,
            turn_cap=engine.default_match_cap,
        )


def _play(task: tuple[str, str, int, int]) -> tuple[str, str, int]:
    """Points of the first-named deck (2 a win, 1 a draw) in one game."""
    first, second, seed, index = task
    pair_seed = seed * 1_000 + sorted(_matches).index((first, second))
    outcome = (
        _matches[first, second]
        .play(game_seed(pair_seed, index), going_first=index % 2 == 0)
        .outcome
    )
    return first, second, 2 if outcome == WIN else 1 if outcome == DRAW else 0


def _rate(doubled_points: int, games: int) -> dict:
    low, high = wilson(doubled_points / 2, games)
    return {
        "value": round(doubled_points / 2 / games, 4),
        "low": round(low, 4),
        "high": round(high, 4),
    }


def measure(game: str, policy: str, games: int, seed: int, processes: int) -> dict:
    names = reference_names(game)
    tasks = [
        (first, second, seed, index)
        for first, second in combinations(names, 2)
        for index in range(games)
    ]
    started = time.perf_counter()
    with get_context("spawn").Pool(processes, _init, (game, policy)) as pool:
        results = pool.map(_play, tasks, chunksize=1)
    elapsed = time.perf_counter() - started
    pair_points: dict[tuple[str, str], int] = {}
    for first, second, points in results:
        pair_points[first, second] = pair_points.get((first, second), 0) + points
    deck_points = dict.fromkeys(names, 0)
    for (first, second), points in pair_points.items():
        deck_points[first] += points
        deck_points[second] += 2 * games - points
    per_deck = games * (len(names) - 1)
    return {
        "game": game,
        "policy": policy,
        "games_per_pair": games,
        "seconds": round(elapsed, 1),
        "decks": [
            {"deck": name, "games": per_deck, "win_rate": _rate(deck_points[name], per_deck)}
            for name in names
        ],
        "pairs": [
            {"deck": first, "opponent": second, "win_rate": _rate(points, games)}
            for (first, second), points in sorted(pair_points.items())
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["pad", "digimon"])
    parser.add_argument("--policy", default="search")
    parser.add_argument("--games", type=int, default=40, help="games per pair of decks")
    parser.add_argument("--processes", type=int, default=cpu_count())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true", help="two games a pair with greedy")
    args = parser.parse_args()
    games, policy = (SMOKE_GAMES, "greedy") if args.smoke else (args.games, args.policy)
    for game in [args.game] if args.game else ["digimon", "pad"]:
        print(json.dumps(measure(game, policy, games, args.seed, args.processes)), flush=True)


if __name__ == "__main__":
    main()
