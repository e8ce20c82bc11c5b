"""What both goldfish benchmarks share: the command line and the speed figures."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from engine.core.api import run_batch
from engine.core.batch import cpu_count
from engine.core.cards import DeckSpec

TARGET = 5000  # games/s with all cores (issues 5 and 6)
# --smoke: enough games to start the process pool and compare reports, done in a second or two;
# the figures mean nothing, the run only proves the benchmark still works (tests/test_benchmarks).
SMOKE_GAMES = 120


def argument_parser(description: str, games: int) -> argparse.ArgumentParser:
    """The options every benchmark takes: --games, --seed, --policy and --smoke."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", default="greedy")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help=f"a tiny run ({SMOKE_GAMES} games) that only checks the benchmark still works",
    )
    return parser


def parse(parser: argparse.ArgumentParser) -> argparse.Namespace:
    """The command line, with --smoke cutting the run to SMOKE_GAMES games."""
    args = parser.parse_args()
    if args.smoke:
        args.games = SMOKE_GAMES
    return args


def arguments(description: str, games: int) -> argparse.Namespace:
    return parse(argument_parser(description, games))


def timed(function, *args, **kwargs) -> tuple[float, object]:
    start = time.perf_counter()
    value = function(*args, **kwargs)
    return time.perf_counter() - start, value


def speed_figures(
    deck: DeckSpec, args: argparse.Namespace, baseline: Callable[[DeckSpec, int, int], None]
) -> tuple[dict, dict]:
    """Games/s on one process and on all cores, against a shuffle-and-deal baseline;
    returns the figures and the one-process report."""
    run = {"games": args.games, "seed": args.seed, "policy": args.policy}
    cores = cpu_count()
    one_s, one = timed(run_batch, deck, processes=1, **run)
    all_s, every = timed(run_batch, deck, processes=cores, **run)
    base_s, _ = timed(baseline, deck, args.games, args.seed)
    rate = {"one": args.games / one_s, "all": args.games / all_s, "base": args.games / base_s}
    figures = {
        "games": args.games,
        "policy": args.policy,
        "one_process": {"seconds": round(one_s, 3), "games_per_s": round(rate["one"])},
        "all_cores": {
            "processes": cores,
            "seconds": round(all_s, 3),
            "games_per_s": round(rate["all"]),
        },
        "speedup": round(rate["all"] / rate["one"], 2),
        "baseline_shuffle_deal": {"seconds": round(base_s, 3), "games_per_s": round(rate["base"])},
        "slowdown_vs_baseline": {
            "one_process": round(rate["base"] / rate["one"], 1),
            "all_cores": round(rate["base"] / rate["all"], 1),
        },
        "target_games_per_s": TARGET,
        "meets_target": rate["all"] >= TARGET,
        "same_report": one == every,
    }
    return figures, one
