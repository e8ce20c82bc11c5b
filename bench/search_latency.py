"""Search API latency with a large catalogue (issue 3's benchmark; not a unit test).

    .venv/bin/python bench/search_latency.py [--cards 20000] [--rounds 30] [--keep DB]
    .venv/bin/python bench/search_latency.py --smoke     # seconds: checks it still works

Builds a fresh SQLite catalogue (starter cards + N synthetic ones), then times a mix of
representative /api/cards/ queries in-process and reports p50/p95 latency and the number
of SQL queries per request. Target: p95 < 50 ms on SQLite.

Rates: the benchmark is one anonymous client making thousands of requests, far past the
site's API_ANON_RATE, so it runs with bench/bench_settings.py: every throttle of the site
stays on but at BENCH_THROTTLE_RATE (default 1000000/minute). REDIS_URL is ignored: the
throttle counters live in this process's memory and touch no shared Redis.
--smoke builds a tiny catalogue and makes more requests than the site's anonymous rate
allows (so a throttle can never break the benchmark unnoticed); its figures mean nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
# --smoke: a tiny catalogue, and more requests than the site's default anonymous API rate
# (300/minute) allows, so the run fails if the benchmark's own rates stop applying.
SMOKE_CARDS = 100
SMOKE_ROUNDS = 31
QUERIES = [
    "dragon",
    "attr:fire stage:base",
    "orb:heart orb:fire -kind:skill",
    "cost<=2 def>=400",
    "atk6>=1000",
    "game:digimon level>=perfect bt:a",
    "a>450 lost3>=20",
    '!"Red Dragon"',
    "風嘯草原 OR 钢铁矿山",
    'o:"draw a card" (attr:water OR attr:wood)',
]


def setup_django(database: Path) -> None:
    os.environ.update(
        DJANGO_SETTINGS_MODULE="bench_settings",
        DATABASE_URL=f"sqlite:///{database}",
        SECRET_KEY=secrets.token_urlsafe(50),  # the site refuses short keys without DEBUG
        ALLOWED_HOSTS="testserver",
        DEBUG="",
    )
    os.environ.pop("REDIS_URL", None)
    # WhiteNoise warns that STATIC_ROOT was never collected: the API serves no static file.
    warnings.filterwarnings("ignore", message="No directory at")
    sys.path[:0] = [str(ROOT), str(HERE)]
    import django

    django.setup()


def build_catalogue(cards: int) -> None:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_catalogue", verbosity=0)
    call_command("generate_cards", str(cards), verbosity=0)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def measure(rounds: int) -> dict:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    for query in QUERIES:  # warm caches and connections once
        client.get("/api/cards/", {"q": query})
    per_query: dict[str, list[float]] = {query: [] for query in QUERIES}
    sql_counts: dict[str, int] = {}
    for _ in range(rounds):
        for query in QUERIES:
            with CaptureQueriesContext(connection) as captured:
                start = time.perf_counter()
                response = client.get("/api/cards/", {"q": query})
                elapsed = (time.perf_counter() - start) * 1000
            if response.status_code != 200:
                raise SystemExit(
                    f"{query!r} answered {response.status_code}: {response.content[:200]!r}"
                )
            per_query[query].append(elapsed)
            sql_counts[query] = len(captured)
    everything = [ms for values in per_query.values() for ms in values]
    return {
        "requests": len(everything),
        "p50_ms": round(percentile(everything, 0.50), 2),
        "p95_ms": round(percentile(everything, 0.95), 2),
        "max_sql_queries_per_request": max(sql_counts.values()),
        "queries": {
            query: {
                "p50_ms": round(percentile(values, 0.5), 2),
                "p95_ms": round(percentile(values, 0.95), 2),
                "sql_queries": sql_counts[query],
            }
            for query, values in per_query.items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--keep", type=Path, help="Reuse/keep this SQLite file.")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help=f"{SMOKE_CARDS} synthetic cards and {SMOKE_ROUNDS} rounds: only checks that the "
        "benchmark still works",
    )
    args = parser.parse_args()
    if args.smoke:
        args.cards, args.rounds = SMOKE_CARDS, SMOKE_ROUNDS
    database = args.keep or Path(tempfile.mkdtemp(prefix="cardsite-bench-")) / "bench.sqlite3"
    fresh = not database.exists()
    setup_django(database)
    if fresh:
        started = time.perf_counter()
        build_catalogue(args.cards)
        print(f"catalogue built in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    from django.conf import settings

    from cards.models import Card

    report = {
        "cards": Card.objects.count(),
        "database": "sqlite",
        "throttle_rates": settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
        **measure(args.rounds),
    }
    print(json.dumps(report, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
