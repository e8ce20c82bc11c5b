"""The search players' speed and strength (PLAY-2; not a unit test).

    .venv/bin/python bench/search.py [--games 400] [--level search] [--game pad|digimon]
        [--processes N] [--seed 1] [--smoke]

Plays a level against greedy in the mirror of one reference deck per game (PAD: Light,
Digimon: Agumon line; fixtures/reference_decks.toml, read without Django), the first
player alternating, on a pool of processes, and prints JSON per game: seconds per game on
one core, games/s on all cores, searched decisions/s per core and the level's win rate
against greedy with its 95 % interval (a draw counts half). Targets (issue 25): the
default `search` plays a whole mirror game in ≤ 2 s on one core and wins ≥ 65 % of them
with the interval above 60 % at ≥ 400 games.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import tomllib
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.core.batch import cpu_count  # noqa: E402
from engine.core.cards import DeckSpec, spec_from_schema  # noqa: E402
from engine.core.intervals import wilson  # noqa: E402
from engine.core.registry import get_engine  # noqa: E402
from engine.core.result import DRAW, WIN  # noqa: E402
from engine.core.search import Searching  # noqa: E402
from engine.core.seeds import game_seed  # noqa: E402

MIRRORS = {"pad": "Light", "digimon": "Agumon line"}
SMOKE_GAMES = 2


def reference_deck(game: str, name: str) -> DeckSpec:
    """A reference list of fixtures/reference_decks.toml, each name resolved to its first
    printing in fixtures/<game>.json by any of its names (as the site's import does)."""
    cards = json.loads((ROOT / "fixtures" / f"{game}.json").read_text(encoding="utf-8"))
    ids: dict[str, int] = {}
    by_name: dict[str, dict] = {}
    for index, card in enumerate(cards, start=1):
        ids.setdefault(card["name"], index)
        for alias in [card["name"], *(card.get("names") or {}).values()]:
            if alias:
                by_name.setdefault(alias, (index, card))
    lists = tomllib.loads((ROOT / "fixtures" / "reference_decks.toml").read_text("utf-8"))
    (entry,) = [d for d in lists["deck"] if d["game"] == game and d["name"] == name]
    zones: dict[str, list] = {"team": [], "deck": []}
    zone = "deck"
    for line in entry["list"].strip().splitlines():
        line = line.strip()
        if line.lower() in ("team:", "deck:"):
            zone = line[:-1].lower()
            continue
        if not line:
            continue
        count, card_name = line.split(" ", 1)
        index, card = by_name[card_name.strip()]
        spec = spec_from_schema(
            card, id=index, evolves_from=ids.get(card.get("evolves_from") or "")
        )
        zones[zone] += [spec] * int(count)
    return DeckSpec(game=game, deck=tuple(zones["deck"]), team=tuple(zones["team"]))


_match = None


def _init(game: str, level: str) -> None:
    global _match
    engine = get_engine(game)
    deck = reference_deck(game, MIRRORS[game])
    _match = engine.prepare_match(
        deck, deck, policy=level, opponent_policy="greedy", turn_cap=engine.default_match_cap
    )


def _play(task: tuple[int, int]) -> tuple[int, int, float]:
    seed, index = task
    before = Searching.searched
    started = time.process_time()
    outcome = _match.play(game_seed(seed, index), going_first=index % 2 == 0).outcome
    points = 2 if outcome == WIN else 1 if outcome == DRAW else 0
    return points, Searching.searched - before, time.process_time() - started


def measure(game: str, level: str, games: int, seed: int, processes: int) -> dict:
    started = time.perf_counter()
    with get_context("spawn").Pool(processes, _init, (game, level)) as pool:
        results = pool.map(_play, [(seed, i) for i in range(games)], chunksize=1)
    elapsed = time.perf_counter() - started
    doubled = sum(points for points, _d, _t in results)
    decisions = sum(d for _p, d, _t in results)
    cpu = sum(t for _p, _d, t in results)
    low, high = wilson(doubled / 2, games)
    return {
        "game": game,
        "level": level,
        "mirror": MIRRORS[game],
        "games": games,
        "processes": processes,
        "seconds_per_game_one_core": round(cpu / games, 3),
        "games_per_second": round(games / elapsed, 3),
        "decisions_per_second_one_core": round(decisions / cpu, 1) if cpu else None,
        "searched_decisions_per_game": round(decisions / games, 1),
        "win_rate_vs_greedy": {
            "value": round(doubled / 2 / games, 4),
            "low": round(low, 4),
            "high": round(high, 4),
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--level", default="search")
    parser.add_argument("--game", choices=sorted(MIRRORS))
    parser.add_argument("--processes", type=int, default=cpu_count())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smoke", action="store_true", help="two games: checks it still runs")
    args = parser.parse_args()
    games = SMOKE_GAMES if args.smoke else args.games
    for game in [args.game] if args.game else sorted(MIRRORS):
        print(json.dumps(measure(game, args.level, games, args.seed, args.processes)))


if __name__ == "__main__":
    main()
