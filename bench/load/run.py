"""Load benchmark: gunicorn on PostgreSQL under a locust mix (not a unit test).

    .venv/bin/python bench/load/run.py                   # 60 s, 120 simulated users
    .venv/bin/python bench/load/run.py --users 150 --duration 120 --workers 4
    .venv/bin/python bench/load/run.py --steps 60,100,120,135,150 --step-duration 30
    make bench-load ARGS="--steps 100,120,135,150"
    .venv/bin/python bench/load/run.py --smoke           # under a minute: still works?

1. (Re)creates the PostgreSQL database `cardsite_bench` on 127.0.0.1:5432 as a copy of a
   template built once per machine (migrated, the starter catalogue and 20,000 synthetic
   cards: load_setup.prepared_template), runs VACUUM ANALYZE after seeding (`--reuse-db`
   keeps a built database between runs).
2. Seeds 300 users with API tokens (one per simulated API client) and 24 legal decks
   from the starter catalogue, public, unlisted and private (bench/load/seed.py).
3. Collects static files (once per machine and state of the sources:
   bench/collected_static.py) and starts gunicorn (two sync workers per core by default:
   with the catalogue cache a worker often waits on Redis or PostgreSQL, and on 2 cores 4
   workers kept read p95 lower than 2, 6 or gthread) on a free
   port of 127.0.0.1 with DEBUG off, a throwaway SECRET_KEY, DATABASE_URL, MEDIA_ROOT in a
   temporary directory and REDIS_URL=redis://127.0.0.1:6379/11 (throttle counters shared
   by the workers; that Redis database is flushed before each run). The API throttles
   keep the site's rates (GOLDFISH_API_RATE, API_USER_RATE …) unless --goldfish-rate,
   --user-rate or --anon-rate say otherwise: every simulated API client has its own
   account and stays under them, as real clients do.
4. Warms every worker up, runs locust headless (bench/load/locustfile.py), prints
   requests, req/s, p50/p95/p99 and failures per endpoint and per group, then stops
   gunicorn, drops the database (unless --keep-db/--reuse-db) and deletes its files.
   Latency and req/s are the steady state's (every user running); failures are counted
   over the whole run, and any failure (a 429 included) makes the exit status 1.

--steps runs one short locust run per user count on the same server and names the highest
request rate whose read p95 stays under --target-ms with no failure. Before the measured
runs, --warm (30 s) runs the first load unmeasured: the catalogue cache (cards/cache.py)
starts empty, and a site that has been up a while has its popular pages in it.
--no-catalogue-cache runs the server without that cache, to compare.
--smoke checks that the benchmark still works, in well under a minute (the test suite runs
it: tests/test_benchmarks.py): its own database `cardsite_bench_smoke_<pid>` and Redis
database 10 (so it never touches a real benchmark's, nor the 12 of tests/load_cache), 50
synthetic cards, 4 accounts, one gunicorn worker, one warm-up round (every page and API
endpoint of the mix must answer 200), then 4 users for 5 s of locust with no failure
allowed. Without locust (an optional extra: pip install '.[bench]') it stops after the
warm-up and says so; the figures of a smoke run mean nothing. The load generator shares
the machine's cores with gunicorn and PostgreSQL: the CPU each used, and what other work
used, is printed with the figures; the run first waits (--quiet-wait) for the machine to
be idle.

The parts: load_setup.py (database, Redis, the server's environment), load_server.py
(gunicorn), load_cpu.py (CPU accounting), load_locust.py (one locust run) and
load_report.py (figures and tables); seed.py and locustfile.py run in processes of their own.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from load_cpu import SPEED_GAMES, single_core_speed
from load_endpoints import cpu_by_endpoint, log_size, print_cpu_by_endpoint
from load_locust import run_locust
from load_report import print_steps, print_table
from load_server import errors_in_log, start_gunicorn, stop_process, wait_healthy, warm_up
from load_setup import (
    BIN,
    HOST,
    build_database,
    collect_static,
    free_port,
    pg_admin,
    reset_redis,
    server_env,
    throttle_rates,
)

DEFAULT_DATABASE = "cardsite_bench"
DEFAULT_REDIS_DB = 11
# --smoke: small enough to finish in well under a minute, big enough to run every part.
SMOKE = {
    "cards": 50,
    "accounts": 4,
    "users": 4,
    "duration": 5,
    "workers": 1,
    "quiet_wait": 0.0,
    "steps": None,
}
SMOKE_REDIS_DB = 10  # tests/load_cache uses 12: both may run at once


class Stop(Exception):
    """SIGTERM/SIGHUP: leave through the `finally` blocks that stop everything."""


# gunicorn.conf.py's worker class (cardsite/gunicorn_worker.py)
SITE_WORKER = "cardsite.gunicorn_worker.ExclusiveSyncWorker"


def _on_signal(signum, _frame):
    raise Stop(signal.Signals(signum).name)


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=120, help="simulated users (120)")
    parser.add_argument("--duration", type=int, default=60, help="seconds of load (60)")
    parser.add_argument("--spawn-rate", type=float, help="users started per second (users/2)")
    parser.add_argument(
        "--wait", default="0.5,2", help="think time between a user's requests, min,max s (0.5,2)"
    )
    parser.add_argument("--steps", help="comma-separated user counts: find the highest rate")
    parser.add_argument("--step-duration", type=int, default=30, help="seconds per step (30)")
    parser.add_argument(
        "--warm", type=int, default=30, help="an unmeasured run first, S seconds (30; 0: none)"
    )
    parser.add_argument("--target-ms", type=float, default=100, help="read p95 target (100)")
    parser.add_argument(
        "--workers",
        type=int,
        default=2 * (os.cpu_count() or 1),
        help="gunicorn workers (two per core: better than 2, 6 or gthread 2x4 on 2 cores)",
    )
    parser.add_argument(
        "--worker-class",
        default=SITE_WORKER,
        help="gunicorn.conf.py's (the sync worker woken alone per connection), sync or gthread",
    )
    parser.add_argument("--threads", type=int, default=1, help="threads per gthread worker")
    parser.add_argument(
        "--keep-alive", type=int, default=30, help="seconds gthread keeps a connection (30)"
    )
    parser.add_argument(
        "--no-catalogue-cache",
        action="store_true",
        help="CATALOGUE_CACHE=0: no shared cache of catalogue pages and JSON (to compare)",
    )
    parser.add_argument("--cards", type=int, default=20000, help="synthetic cards (20000)")
    parser.add_argument(
        "--database", help=f"{DEFAULT_DATABASE}; with --smoke, cardsite_bench_smoke_<pid>"
    )
    parser.add_argument("--pg-port", type=int, default=5432)
    parser.add_argument("--pg-user", default="postgres")
    parser.add_argument("--redis-port", type=int, default=6379)
    parser.add_argument(
        "--redis-db",
        type=int,
        help=f"flushed before the run ({DEFAULT_REDIS_DB}; {SMOKE_REDIS_DB} with --smoke)",
    )
    parser.add_argument("--accounts", type=int, default=300, help="API accounts seeded (300)")
    parser.add_argument("--goldfish-rate", help="GOLDFISH_API_RATE (default: the site's)")
    parser.add_argument("--user-rate", help="API_USER_RATE (default: the site's)")
    parser.add_argument("--anon-rate", help="API_ANON_RATE (default: the site's)")
    parser.add_argument(
        "--quiet-wait", type=float, default=60, help="wait up to S s for an idle machine (60)"
    )
    parser.add_argument("--locust-nice", type=int, default=0, help="run locust under nice -n N")
    parser.add_argument("--seed", type=int, default=1, help="seed of the simulated users")
    parser.add_argument("--reuse-db", action="store_true", help="keep and reuse the database")
    parser.add_argument("--keep-db", action="store_true", help="do not drop it at the end")
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    parser.add_argument("--artifacts", type=Path, help="keep logs and raw timings in this dir")
    parser.add_argument(
        "--locust",
        type=Path,
        default=BIN / "locust",
        help="the locust program (the one installed next to this Python)",
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="a tiny run that only checks the benchmark still works (see the module's doc)",
    )
    args = parser.parse_args()
    if args.smoke:
        vars(args).update(SMOKE)
        args.database = args.database or f"cardsite_bench_smoke_{os.getpid()}"
        args.redis_db = SMOKE_REDIS_DB if args.redis_db is None else args.redis_db
    args.database = args.database or DEFAULT_DATABASE
    args.redis_db = DEFAULT_REDIS_DB if args.redis_db is None else args.redis_db
    if args.worker_class == "gthread" and args.threads < 2:
        args.threads = 4
    return args


def main() -> int:
    args = arguments()
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _on_signal)
    clients = max([args.users, *(int(x) for x in (args.steps or "0").split(","))]) * 2 // 5
    if clients > args.accounts:
        print(
            f"note: up to {clients} API clients share {args.accounts} accounts (--accounts): "
            "per-account throttles may answer 429",
            file=sys.stderr,
        )
    args.work = Path(tempfile.mkdtemp(prefix="cardsite-load-"))
    env = server_env(args)
    server = None
    results: list[dict] = []
    try:
        build_database(args, env)
        collect_static(env)
        reset_redis(args)
        port = free_port()
        base = f"http://{HOST}:{port}"
        server = start_gunicorn(args, env, port)
        wait_healthy(base, server)
        speed = single_core_speed(120 if args.smoke else SPEED_GAMES)
        print(f"machine: {speed} PAD goldfish games/s on one process", flush=True)
        data = json.loads((args.work / "data.json").read_text())
        gunicorn_log = args.work / "gunicorn.log"
        start = log_size(gunicorn_log)
        warm_up(base, data, rounds=1 if args.smoke else 3)
        if args.smoke:
            print("warm-up:", end="")
            print_cpu_by_endpoint(cpu_by_endpoint(gunicorn_log, start))
        if args.smoke and not args.locust.exists():
            print(
                "smoke: set-up, gunicorn and one request to every endpoint of the mix are fine; "
                "locust is not installed (pip install '.[bench]'), so no load was run"
            )
            return 0
        kind = "sync (woken alone)" if args.worker_class == SITE_WORKER else args.worker_class
        config = f"{args.workers} {kind} workers"
        if args.worker_class == "gthread":
            config += f" x {args.threads} threads"
        rates = throttle_rates(env)
        print(f"gunicorn: {config} on {base}; wait {args.wait} s per user", flush=True)
        print(f"API throttles: {', '.join(f'{k} {v}' for k, v in rates.items())}", flush=True)
        if args.warm and not args.smoke:
            # A site that has been up a while has its popular pages in the catalogue cache:
            # one unmeasured run at the first load fills it (the run's steps then keep it).
            first = int((args.steps or str(args.users)).split(",")[0])
            print(f"warming the cache: {first} users for {args.warm} s (not measured)", flush=True)
            run_locust(args, base, first, args.warm, "warm", server.pid)
        if args.steps:
            for users in (int(x) for x in args.steps.split(",")):
                print(f"step: {users} users for {args.step_duration} s ...", flush=True)
                start = log_size(gunicorn_log)
                result = run_locust(args, base, users, args.step_duration, f"u{users}", server.pid)
                result["cpu_by_endpoint"] = cpu_by_endpoint(gunicorn_log, start)
                results.append(result)
                print_table(result)
                print_cpu_by_endpoint(result["cpu_by_endpoint"])
                print()
            print_steps(results, args.target_ms)
        else:
            print(f"load: {args.users} users for {args.duration} s ...", flush=True)
            start = log_size(gunicorn_log)
            result = run_locust(args, base, args.users, args.duration, "main", server.pid)
            result["cpu_by_endpoint"] = cpu_by_endpoint(gunicorn_log, start)
            results.append(result)
            print()
            print_table(result)
            print_cpu_by_endpoint(result["cpu_by_endpoint"])
            read = result["summary"]["groups"].get("read", {})
            verdict = "meets" if read.get("p95", math.inf) < args.target_ms else "misses"
            print(f"read p95 {read.get('p95')} ms {verdict} the {args.target_ms:.0f} ms target")
        if args.json:
            args.json.write_text(
                json.dumps(
                    {
                        "gunicorn": config,
                        "wait": args.wait,
                        "throttles": rates,
                        "goldfish_games_per_s_one_process": speed,
                        "runs": results,
                    },
                    indent=2,
                )
            )
        failures = sum(r["failures_all"] for r in results)
        return 1 if failures else 0
    except (KeyboardInterrupt, Stop) as stop:
        print(f"interrupted ({stop or 'SIGINT'}): cleaning up", file=sys.stderr)
        return 130
    except subprocess.CalledProcessError as error:
        print(f"set-up failed: {error}", file=sys.stderr)
        return 2
    finally:
        clean_up(args, server)


def clean_up(args, server: subprocess.Popen | None) -> None:
    """Stop gunicorn, show its errors, empty the Redis database, keep the artifacts if
    asked, delete the files and drop the database (unless kept): also when interrupted."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    stop_process(server, "gunicorn")
    if server is not None and server.returncode not in (0, -signal.SIGTERM):
        log = (args.work / "gunicorn.log").read_text(errors="replace")
        sys.stderr.write(log[-3000:])
    errors_in_log(args.work / "gunicorn.log")
    with contextlib.suppress(Exception):  # throttle counters would expire within a minute
        reset_redis(args)
    if args.artifacts:  # logs, locust CSVs and raw timings, for a closer look
        shutil.copytree(
            args.work,
            args.artifacts,
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns("static", "media"),
        )
    shutil.rmtree(args.work, ignore_errors=True)
    if not (args.keep_db or args.reuse_db):
        try:
            pg_admin(args, f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
        except Exception as error:  # report it, keep cleaning up
            print(f"could not drop {args.database}: {error}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
