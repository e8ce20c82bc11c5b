"""PLAY-2's ladder: every player (policy) against every other on the game's reference
decks, mirrors and cross pairs, the first player alternating; Elo-style ratings with 95 %
intervals (engine/core/ratings.py) and the head-to-head win rates.

Game k of a pair of players (A, B) plays deck pairing k mod P of the P ordered pairings
of the reference decks (A's deck first, every deck against every deck and itself), A
going first when k is even, seeded `game_seed(seed, k)` — so both players play every
deck from both seats, and the same arguments give the same ladder. Games run on a pool
of processes (`processes`); a searching player is some 2,000× greedy's cost per game
(README), so the command and the job take `--games` small for search ladders.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from itertools import combinations
from multiprocessing import get_context

from engine.core.intervals import rate
from engine.core.ratings import fit
from engine.core.registry import get_engine
from engine.core.result import DRAW, WIN
from engine.core.seeds import game_seed

DEFAULT_PLAYERS = ("random", "greedy", "search")

_specs: list = []
_prepared: dict = {}


def reference_specs(game: str) -> list[tuple[str, object]]:
    """(name, DeckSpec) of every reference deck of `game`, by name."""
    from decks.reference import reference_decks
    from engine.convert import deck_spec
    from engine.services import entries_for

    return [
        (deck.name, deck_spec(game, entries_for(game, deck=deck))) for deck in reference_decks(game)
    ]


def _init(specs: list) -> None:
    global _specs
    _specs = specs
    _prepared.clear()


def _play(task: tuple) -> tuple[int, int, int]:
    """(pair number, game number, points of the pair's first player × 2)."""
    game, number, first, second, index, seed = task
    pairings = len(_specs) ** 2
    pairing = index % pairings
    deck, opponent = divmod(pairing, len(_specs))
    key = (first, second, deck, opponent)
    match = _prepared.get(key)
    if match is None:
        engine = get_engine(game)
        match = _prepared[key] = engine.prepare_match(
            _specs[deck][1],
            _specs[opponent][1],
            policy=first,
            opponent_policy=second,
            turn_cap=engine.default_match_cap,
        )
    outcome = match.play(game_seed(seed, index), going_first=index % 2 == 0).outcome
    return number, index, 2 if outcome == WIN else 1 if outcome == DRAW else 0


def run_ladder(
    game: str,
    *,
    games: int,
    players: tuple[str, ...] = DEFAULT_PLAYERS,
    seed: int = 0,
    processes: int = 1,
    specs: list | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict:
    """`{"game", "players": [{policy, rating, low, high, games}], "pairs": [{policy,
    opponent, games, win_rate}], "decks", "games_per_pair", "seed"}`; `pairs` lists both
    directions of every pair."""
    if specs is None:
        specs = reference_specs(game)
    if not specs:
        raise ValueError(f"There are no {game} reference decks: run manage.py load_catalogue.")
    pairs = list(combinations(players, 2))
    tasks = [
        (game, number, first, second, index, seed)
        for number, (first, second) in enumerate(pairs)
        for index in range(games)
    ]
    doubled = [0] * len(pairs)
    done = 0
    if processes > 1:
        with get_context("spawn").Pool(processes, _init, (specs,)) as pool:
            for number, _index, points in pool.imap_unordered(_play, tasks, chunksize=1):
                doubled[number] += points
                done += 1
                if progress:
                    progress(done, len(tasks))
    else:
        _init(specs)
        for task in tasks:
            number, _index, points = _play(task)
            doubled[number] += points
            done += 1
            if progress:
                progress(done, len(tasks))
    scores = {pair: (doubled[n] / 2, games) for n, pair in enumerate(pairs)}
    rows = []
    for (first, second), (points, total) in scores.items():
        rows.append(_pair(first, second, points, total))
        rows.append(_pair(second, first, total - points, total))
    return {
        "game": game,
        "measured": datetime.now(UTC).isoformat(timespec="seconds"),
        "players": sorted(fit(list(players), scores), key=lambda row: -row["rating"]),
        "pairs": rows,
        "decks": [name for name, _spec in specs],
        "games_per_pair": games,
        "seed": seed,
    }


def _pair(policy: str, opponent: str, points: float, games: int) -> dict:
    """A draw counts half a win (PLAY-2)."""
    return {"policy": policy, "opponent": opponent, "games": games, "win_rate": rate(points, games)}


def load_measured_ladders(directory) -> list[str]:
    """Store the ladders shipped in `directory` (fixtures/ladders/<game>.json: a ladder
    report plus its "measured" time) for each game that has none stored yet, so a fresh
    site's ladder page is not empty; returns the games loaded."""
    import json
    from pathlib import Path

    from engine.models import LadderRun

    loaded = []
    for path in sorted(Path(directory).glob("*.json")):
        report = json.loads(path.read_text(encoding="utf-8"))
        game = report["game"]
        if LadderRun.objects.filter(game=game).exists():
            continue
        run = LadderRun.objects.create(game=game, games=report["games_per_pair"], report=report)
        measured = datetime.fromisoformat(report["measured"])
        LadderRun.objects.filter(pk=run.pk).update(created=measured)
        loaded.append(game)
    return loaded
