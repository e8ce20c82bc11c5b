"""Time to answer a move in a browser game (issue 28's benchmark; not a unit test).

    .venv/bin/python bench/play.py [--games 3] [--policies random,greedy,search,search-strong]
    .venv/bin/python bench/play.py --smoke     # seconds: checks it still works

Builds a fresh SQLite site with the starter catalogue and its reference decks, then for
each game (PAD: Light against Dark; Digimon: Agumon line against Gabumon line) and each
AI policy plays whole games through `POST /api/games/{id}/actions/` (in-process, Django's
test client, one core), the player choosing its legal actions in turn, and reports the
answer time per action (the request: the game replayed from its decisions, the AI's
answer, the reader's view) as p50 / p95 / max in ms. Target: against greedy, p95 under
100 ms on the 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from prepared_db import prepared_sqlite  # noqa: E402
from search_latency import percentile, setup_django  # noqa: E402

DECKS = {
    "pad": ("Reference: Light", "Reference: Dark"),
    "digimon": ("Reference: Agumon line", "Reference: Gabumon line"),
}
SMOKE_POLICIES = ("greedy",)
MAX_ACTIONS = 400  # a game's actions the benchmark takes at most


def play_games(client, game: str, policy: str, games: int) -> list[float]:
    from decks.models import Deck

    mine, theirs = (Deck.objects.get(name=name).pk for name in DECKS[game])
    times: list[float] = []
    for seed in range(games):
        body = {
            "game": game,
            "deck": {"deck": mine},
            "opponent": {"ai": policy, "deck": {"deck": theirs}},
            "seed": seed,
        }
        view = client.post("/api/games/", body, content_type="application/json").json()
        for step in range(MAX_ACTIONS):
            if view["result"] is not None:
                break
            actions = view["legal_actions"]
            started = time.perf_counter()
            response = client.post(
                f"/api/games/{view['id']}/actions/",
                {"action": actions[(seed + step) % len(actions)]["id"]},
                content_type="application/json",
            )
            times.append((time.perf_counter() - started) * 1000)
            if response.status_code != 200:
                raise SystemExit(f"{game} {policy}: {response.status_code} {response.content!r}")
            view = response.json()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per game and policy")
    parser.add_argument("--policies", default="random,greedy,search,search-strong")
    parser.add_argument("--smoke", action="store_true", help="one greedy game per game")
    args = parser.parse_args()
    policies = SMOKE_POLICIES if args.smoke else tuple(args.policies.split(","))
    games = 1 if args.smoke else args.games
    # the goldfish budget stays on (its bookkeeping is timed) at a size no run reaches: a
    # search answer costs 800 greedy games, the anonymous budget 20,000 a minute
    os.environ["GOLDFISH_BUDGET_ANON"] = str(10**12)
    with tempfile.TemporaryDirectory() as folder:
        prepared_sqlite(Path(folder) / "bench.sqlite3")  # migrated, with the catalogue
        setup_django(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
        from django.test import Client

        client = Client()
        for game in DECKS:
            for policy in policies:
                times = play_games(client, game, policy, games)
                print(
                    json.dumps(
                        {
                            "game": game,
                            "policy": policy,
                            "games": games,
                            "actions": len(times),
                            "p50_ms": round(percentile(times, 0.5), 1),
                            "p95_ms": round(percentile(times, 0.95), 1),
                            "max_ms": round(max(times), 1),
                        }
                    ),
                    flush=True,
                )


if __name__ == "__main__":
    main()
