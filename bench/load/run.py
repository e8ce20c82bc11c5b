"""Load benchmark: gunicorn on PostgreSQL under a locust mix (not a unit test).

    .venv/bin/python bench/load/run.py                   # 60 s, 120 simulated users
    .venv/bin/python bench/load/run.py --users 150 --duration 120 --workers 4
    .venv/bin/python bench/load/run.py --steps 60,100,120,135,150 --step-duration 30
    make bench-load ARGS="--steps 100,120,135,150"
    .venv/bin/python bench/load/run.py --smoke           # under a minute: still works?

1. (Re)creates the PostgreSQL database `cardsite_bench` on 127.0.0.1:5432, migrates, loads
   the starter catalogue and 20,000 synthetic cards, runs VACUUM ANALYZE (`--reuse-db`
   keeps a built database between runs).
2. Seeds 300 users with API tokens (one per simulated API client) and 24 legal decks
   from the starter catalogue, public, unlisted and private (bench/load/seed.py).
3. Collects static files into a temporary STATIC_ROOT and starts gunicorn (two sync workers
   per core by default: with the catalogue cache a worker often waits on Redis or
   PostgreSQL, and on 2 cores 4 workers kept read p95 lower than 2, 6 or gthread) on a free
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
database 12 (so it never touches a real benchmark's), 50 synthetic cards, 4 accounts, one
gunicorn worker, one warm-up round (every page and API endpoint of the mix must answer
200), then 4 users for 5 s of locust with no failure allowed. Without locust (an optional
extra: pip install '.[bench]') it stops after the warm-up and says so; the figures of a
smoke run mean nothing. The load generator
shares the machine's cores with gunicorn and PostgreSQL: the CPU each used, and what other
work used, is printed with the figures; the run first waits (--quiet-wait) for the
machine to be idle.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import math
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
HOST = "127.0.0.1"  # the only host this benchmark ever talks to
GROUP_ORDER = ["read", "image", "validate", "goldfish", "job", "other"]
STOP_SECONDS = 20
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
SMOKE_REDIS_DB = 12


class Stop(Exception):
    """SIGTERM/SIGHUP: leave through the `finally` blocks that stop everything."""


def _on_signal(signum, _frame):
    raise Stop(signal.Signals(signum).name)


# --- set-up ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def pg_admin(args, sql: str) -> None:
    import psycopg

    with psycopg.connect(
        host=HOST, port=args.pg_port, user=args.pg_user, dbname="postgres", autocommit=True
    ) as connection:
        connection.execute(sql)


def database_exists(args) -> bool:
    import psycopg

    with psycopg.connect(
        host=HOST, port=args.pg_port, user=args.pg_user, dbname="postgres", autocommit=True
    ) as connection:
        row = connection.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", (args.database,)
        ).fetchone()
    return row is not None


def manage(env: dict, *command: str, quiet: bool = True) -> None:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "manage.py", *command],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL if quiet else None,
        timeout=1800,
    )
    print(f"  manage.py {' '.join(command)}: {time.perf_counter() - started:.1f} s", flush=True)


def build_database(args, env: dict) -> None:
    reuse = args.reuse_db and database_exists(args)
    if not reuse:
        print(f"creating database {args.database}", flush=True)
        pg_admin(args, f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
        pg_admin(args, f'CREATE DATABASE "{args.database}"')
    else:
        print(f"reusing database {args.database}", flush=True)
    manage(env, "migrate", "--no-input")
    if not reuse:
        manage(env, "load_catalogue")
        if args.cards:
            manage(env, "generate_cards", str(args.cards), "--seed", "0")
    subprocess.run(
        [
            sys.executable,
            str(HERE / "seed.py"),
            "--out",
            str(args.work / "data.json"),
            "--accounts",
            str(args.accounts),
        ],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=600,
    )
    vacuum_analyze(args)


def vacuum_analyze(args) -> None:
    """Planner statistics for the freshly loaded tables, as autovacuum would gather them in
    production (it may be off or not have run yet: the plans would then be guesses)."""
    import psycopg

    started = time.perf_counter()
    with psycopg.connect(
        host=HOST, port=args.pg_port, user=args.pg_user, dbname=args.database, autocommit=True
    ) as connection:
        connection.execute("VACUUM ANALYZE")
    print(f"  VACUUM ANALYZE: {time.perf_counter() - started:.1f} s", flush=True)


def throttle_rates(env: dict) -> dict:
    """The API throttle rates the server will run with (settings plus our environment)."""
    code = (
        "import django, json; django.setup(); from django.conf import settings; "
        "print(json.dumps(settings.REST_FRAMEWORK.get('DEFAULT_THROTTLE_RATES', {})))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    ).stdout
    return json.loads(output.strip().splitlines()[-1])


def reset_redis(args, *, throttles_only: bool = False) -> None:
    """The benchmark's own Redis database starts empty (no throttle counts left over).

    `throttles_only` (between steps): the counters (throttles, budgets) go, the catalogue
    cache (cards/cache.py: keys "…cat:…" and "…catalogue:version") stays warm, as on a site
    that has been up for a while."""
    import redis

    client = redis.Redis(host=HOST, port=args.redis_port, db=args.redis_db)
    if not throttles_only:
        client.flushdb()
        return
    for name in client.scan_iter(count=1000):
        if b":cat:" not in name and not name.endswith(b"catalogue:version"):
            client.delete(name)


# --- gunicorn ------------------------------------------------------------------------------


def start_gunicorn(args, env: dict, port: int) -> subprocess.Popen:
    command = [
        str(BIN / "gunicorn"),
        "cardsite.wsgi",
        "--bind",
        f"{HOST}:{port}",
        "--workers",
        str(args.workers),
        "--worker-class",
        args.worker_class,
        "--threads",
        str(args.threads),
        "--timeout",
        "60",
        "--graceful-timeout",
        "10",
        "--backlog",
        "2048",
        # gthread keeps connections open between requests: longer than a simulated user's
        # think time, or gunicorn closes one just as locust reuses it ("HTTP 0").
        "--keep-alive",
        str(args.keep_alive),
    ]
    log = open(args.work / "gunicorn.log", "wb")  # noqa: SIM115 — closed with the process
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    process.log = log
    return process


def stop_process(process: subprocess.Popen | None, name: str) -> None:
    """SIGTERM, then SIGKILL to the whole process group after STOP_SECONDS."""
    if process is None:
        return
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            print(f"{name} did not stop in {STOP_SECONDS} s: killing it", file=sys.stderr)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)  # whatever is left of the group
    process.wait(5)
    if getattr(process, "log", None):
        process.log.close()


def wait_healthy(base: str, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("gunicorn exited at start; see its log above")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except (OSError, urllib.error.URLError):
            pass
        time.sleep(0.3)
    raise SystemExit(f"gunicorn did not answer /healthz within {seconds:.0f} s")


def warm_up(base: str, data: dict, rounds: int) -> None:
    """Every worker imports its views, compiles templates and opens its database connection
    before the measured run (spread over several connections so every worker gets some)."""
    deck = next(d for d in data["decks"] if d["visibility"] != "private")
    token = {"Authorization": f"Token {data['users'][0]['token']}"}
    real = data["cards"]["real_ids"]
    lists = data["lists"]
    gets = [
        "/",
        "/cards/?q=dragon",
        "/cards/?q=level%3Aperfect&view=list",
        f"/cards/{real[0]}/",
        f"/cards/{real[-1]}/",
        f"/decks/{deck['id']}/",
        "/decks/",
        "/api/cards/?q=attr%3Afire",
        f"/api/cards/{real[1]}/",
        "/api/cards/autocomplete/?q=Red",
        f"/api/decks/{deck['id']}/",
        "/api/decks/?mine=1",
    ]
    posts = [
        ("/api/decks/validate/", {"game": lists[0]["game"], "list": lists[0]["list"]}),
        ("/api/goldfish/", {"game": deck["game"], "deck": deck["id"], "games": 20}),
        # queued for the workers (202); none need run: the benchmark measures the web side
        (
            "/api/jobs/",
            {"kind": "goldfish", "game": deck["game"], "deck": deck["id"], "games": 3000},
        ),
    ]

    def call(item):
        if isinstance(item, str):
            request = urllib.request.Request(base + item, headers=token)
        else:
            path, payload = item
            request = urllib.request.Request(
                base + path,
                data=json.dumps(payload).encode(),
                headers={**token, "Content-Type": "application/json"},
            )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                response.read()
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    with ThreadPoolExecutor(max_workers=4) as pool:
        statuses = list(pool.map(call, (gets + posts) * rounds))
    bad = [s for s in statuses if s not in (200, 202)]
    if bad:
        raise SystemExit(f"warm-up: {len(bad)} requests did not answer 200: {sorted(set(bad))}")


# --- CPU accounting ------------------------------------------------------------------------


def _proc_cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process and its live children (gunicorn's master and workers)."""
    total = _proc_cpu(pid)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                total += _proc_cpu(int(entry.name))
    return total


class PostgresCpu:
    """CPU seconds of the PostgreSQL backends serving the benchmark database, sampled twice a
    second: Django reconnects every DB_CONN_MAX_AGE (60 s), and a backend that has exited
    can no longer be read, so at most its last half second is missed."""

    def __init__(self, args):
        self.args = args
        self.baseline: dict[int, float] = {}  # backends alive at the start, and their CPU
        self.last: dict[int, float] = {}
        self.ready = threading.Event()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)

    def _sample(self, connection) -> None:
        rows = connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", (self.args.database,)
        ).fetchall()
        for (pid,) in rows:
            self.last[pid] = max(_proc_cpu(pid), self.last.get(pid, 0.0))

    def _loop(self) -> None:
        import psycopg

        with psycopg.connect(
            host=HOST,
            port=self.args.pg_port,
            user=self.args.pg_user,
            dbname="postgres",
            autocommit=True,
        ) as connection:
            self._sample(connection)
            self.baseline = dict(self.last)
            self.ready.set()
            while not self.done.wait(0.5):
                self._sample(connection)
            self._sample(connection)

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(10)

    def stop(self) -> float:
        """CPU seconds used since start (a backend born meanwhile counts whole)."""
        self.done.set()
        self.thread.join(10)
        return sum(cpu - self.baseline.get(pid, 0.0) for pid, cpu in self.last.items())


def machine_cpu() -> tuple[float, float]:
    """(busy, total) jiffies of the whole machine."""
    values = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


def busy_pct(seconds: float = 2.0) -> float:
    busy_before, total_before = machine_cpu()
    time.sleep(seconds)
    busy_after, total_after = machine_cpu()
    return 100 * (busy_after - busy_before) / max(1, total_after - total_before)


def wait_for_quiet(limit_s: float, threshold: float = 15.0) -> float:
    """Other work on the machine skews every figure: wait up to `limit_s` for the cores to be
    idle (< threshold % busy with the server idle); returns the last busy figure."""
    deadline = time.monotonic() + limit_s
    busy = busy_pct()
    while busy >= threshold and time.monotonic() < deadline:
        print(f"  machine {busy:.0f} % busy before the run: waiting for quiet", flush=True)
        time.sleep(3)
        busy = busy_pct()
    if busy >= threshold:
        print(f"  WARNING: machine {busy:.0f} % busy with other work: figures are pessimistic")
    return round(busy, 1)


# --- locust --------------------------------------------------------------------------------


def run_locust(args, base: str, users: int, duration: int, label: str, server_pid: int) -> dict:
    prefix = args.work / f"locust-{label}"
    raw = args.work / f"raw-{label}.json"
    env = {
        **os.environ,
        "LOAD_DATA": str(args.work / "data.json"),
        "LOAD_RAW": str(raw),
        "LOAD_WAIT": args.wait,
        "LOAD_SEED": str(args.seed),
    }
    spawn_rate = args.spawn_rate or max(1, users // 2)
    command = [
        str(args.locust),
        "-f",
        str(HERE / "locustfile.py"),
        "--headless",
        "--users",
        str(users),
        "--spawn-rate",
        str(spawn_rate),
        "--run-time",
        f"{duration}s",
        "--host",
        base,
        "--csv",
        str(prefix),
        "--only-summary",
        "--stop-timeout",
        "10",
        "--loglevel",
        "WARNING",
    ]
    if args.locust_nice:
        command = ["nice", "-n", str(args.locust_nice), *command]
    log = args.work / f"locust-{label}.log"
    busy_before_run = wait_for_quiet(args.quiet_wait)
    reset_redis(args, throttles_only=True)  # every run starts with empty throttle counters
    children_before = os.times()
    server_before = tree_cpu(server_pid)
    postgres = PostgresCpu(args)
    postgres.start()
    busy_before, total_before = machine_cpu()
    with open(log, "wb") as out:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            process.wait(duration + 90)
        except subprocess.TimeoutExpired:
            print("locust overran its time: stopping it", file=sys.stderr)
        finally:
            stop_process(process, "locust")
    children_after = os.times()
    busy_after, total_after = machine_cpu()
    server_cores = (tree_cpu(server_pid) - server_before) / duration
    postgres_cores = postgres.stop() / duration
    if not raw.exists():
        sys.stderr.write(log.read_text(errors="replace")[-3000:])
        raise SystemExit("locust wrote no results")
    recorded = json.loads(raw.read_text())
    rows = recorded["rows"]
    started = recorded.get("started", min((r[4] for r in rows), default=0.0))
    spawned = recorded.get("spawned", started)
    stopped = recorded.get("stopped", max((r[4] for r in rows), default=spawned))
    # Latency and rate are the steady state's (every user running); failures count always.
    steady = [r for r in rows if spawned <= r[4] <= stopped]
    ramp = [r for r in rows if r[4] < spawned]
    locust_cpu = (children_after.children_user - children_before.children_user) + (
        children_after.children_system - children_before.children_system
    )
    failures = []
    failures_csv = Path(f"{prefix}_failures.csv")
    if failures_csv.exists():
        with failures_csv.open() as stream:
            failures = [
                (row["Name"], row["Error"], int(row["Occurrences"]))
                for row in csv.DictReader(stream)
            ]
    locust_cores = locust_cpu / duration
    # jiffies are per core: busy share x cores = cores in use, averaged over the run
    machine_cores = (busy_after - busy_before) / max(1, total_after - total_before)
    machine_cores *= os.cpu_count() or 1
    return {
        "label": label,
        "users": users,
        "duration_s": duration,
        "steady_s": round(stopped - spawned, 1),
        "ramp_up_s": round(spawned - started, 1),
        "ramp_up_requests": len(ramp),
        "requests_all": len(rows),
        "failures_all": sum(1 for r in rows if not r[3]),
        "summary": summarise(steady, max(1.0, stopped - spawned)),
        "failures": failures,
        "cpu": {
            "gunicorn_cores": round(server_cores, 2),
            "postgres_cores": round(postgres_cores, 2),
            "locust_cores": round(locust_cores, 2),
            "other_cores": round(
                max(0.0, machine_cores - server_cores - postgres_cores - locust_cores), 2
            ),
            "machine_busy_before_pct": busy_before_run,
            "machine_busy_pct": round(
                100 * (busy_after - busy_before) / max(1, total_after - total_before), 1
            ),
        },
    }


# --- figures -------------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def figures(rows: list, seconds: float) -> dict:
    times = [row[2] for row in rows]
    return {
        "requests": len(rows),
        "rps": round(len(rows) / seconds, 1),
        "p50": round(percentile(times, 0.50), 1),
        "p95": round(percentile(times, 0.95), 1),
        "p99": round(percentile(times, 0.99), 1),
        "max": round(max(times, default=float("nan")), 1),
        "failures": sum(1 for row in rows if not row[3]),
    }


def summarise(rows: list, seconds: float) -> dict:
    names = sorted({(row[0], row[1]) for row in rows}, key=lambda g: (GROUP_ORDER.index(g[0]), g))
    return {
        "endpoints": {
            name: {"group": group, **figures([r for r in rows if r[1] == name], seconds)}
            for group, name in names
        },
        "groups": {
            group: figures([r for r in rows if r[0] == group], seconds)
            for group in GROUP_ORDER
            if any(r[0] == group for r in rows)
        },
        "total": figures(rows, seconds),
    }


def print_table(result: dict) -> None:
    summary = result["summary"]
    head = f"{'endpoint':<18} {'group':<9} {'reqs':>7} {'req/s':>7} {'p50':>7} {'p95':>7}"
    head += f" {'p99':>7} {'max':>7} {'fail':>5}"
    print(head)
    print("-" * len(head))

    def line(name: str, group: str, f: dict) -> None:
        print(
            f"{name:<18} {group:<9} {f['requests']:>7} {f['rps']:>7.1f} {f['p50']:>7.1f} "
            f"{f['p95']:>7.1f} {f['p99']:>7.1f} {f['max']:>7.1f} {f['failures']:>5}"
        )

    for name, f in summary["endpoints"].items():
        line(name, f["group"], f)
    print("-" * len(head))
    for group, f in summary["groups"].items():
        line(f"[{group}]", "", f)
    line("TOTAL", "", summary["total"])
    print(
        f"(times in ms, over the {result['steady_s']} s steady state with all "
        f"{result['users']} users running; the {result['ramp_up_s']} s ramp-up had "
        f"{result['ramp_up_requests']} more requests; failures over the whole run: "
        f"{result['failures_all']} of {result['requests_all']})"
    )
    cpu = result["cpu"]
    print(
        f"CPU in cores (of {os.cpu_count()}): gunicorn {cpu['gunicorn_cores']}, PostgreSQL "
        f"{cpu['postgres_cores']}, locust {cpu['locust_cores']}, other work "
        f"{cpu['other_cores']}; machine {cpu['machine_busy_pct']} % busy "
        f"({cpu['machine_busy_before_pct']} % just before the run)"
    )
    for name, error, count in result["failures"][:10]:
        print(f"FAILURE {count} x {name}: {error}")


def print_steps(results: list[dict], target: float) -> dict | None:
    print(f"\n{'users':>6} {'req/s':>7} {'read p50':>9} {'read p95':>9} {'read p99':>9}", end="")
    print(f" {'all p95':>8} {'fail':>5} {'gunicorn':>8} {'pg':>5} {'locust':>6} {'other':>6}")
    best = None
    for result in results:
        read = result["summary"]["groups"].get("read", {})
        total = result["summary"]["total"]
        cpu = result["cpu"]
        ok = read.get("p95", math.inf) < target and result["failures_all"] == 0
        if ok and (best is None or total["rps"] > best["summary"]["total"]["rps"]):
            best = result
        print(
            f"{result['users']:>6} {total['rps']:>7.1f} {read.get('p50', 0):>9.1f} "
            f"{read.get('p95', 0):>9.1f} {read.get('p99', 0):>9.1f} {total['p95']:>8.1f} "
            f"{result['failures_all']:>5} {cpu['gunicorn_cores']:>8} {cpu['postgres_cores']:>5} "
            f"{cpu['locust_cores']:>6} {cpu['other_cores']:>6}{'' if ok else '  over target'}"
        )
    if best is None:
        print(f"No step kept read p95 under {target:.0f} ms with no failure.")
    else:
        print(
            f"Highest rate keeping read p95 < {target:.0f} ms with no failure: "
            f"{best['summary']['total']['rps']} req/s ({best['users']} users)."
        )
    return best


# --- main ----------------------------------------------------------------------------------


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
    parser.add_argument("--worker-class", default="sync", help="sync or gthread (sync)")
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
    database_url = f"postgres://{args.pg_user}@{HOST}:{args.pg_port}/{args.database}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "cardsite.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "DATABASE_URL": database_url,
        "REDIS_URL": f"redis://{HOST}:{args.redis_port}/{args.redis_db}",
        "STATIC_ROOT": str(args.work / "static"),
        "MEDIA_ROOT": str(args.work / "media"),
        "LOG_LEVEL": "WARNING",
        "REQUEST_LOG": "1",
    }
    for unwanted in ("HTTPS", "BEHIND_PROXY", "PROXY_COUNT", "PYTHONSTARTUP"):
        env.pop(unwanted, None)
    # As behind one reverse proxy: each simulated visitor sends its own X-Forwarded-For, so
    # the anonymous per-address page throttles count people, not the one load generator.
    env["PROXY_COUNT"] = "1"
    env["CATALOGUE_CACHE"] = "0" if args.no_catalogue_cache else "1"
    # Throttles keep the site's own rates unless asked: every simulated API client has its
    # own account and stays under them, so a 429 means the benchmark is unrealistic.
    for variable, rate in (
        ("GOLDFISH_API_RATE", args.goldfish_rate),
        ("API_USER_RATE", args.user_rate),
        ("API_ANON_RATE", args.anon_rate),
    ):
        env.pop(variable, None)
        if rate:
            env[variable] = rate
    server = None
    results: list[dict] = []
    try:
        build_database(args, env)
        manage(env, "collectstatic", "--no-input")
        reset_redis(args)
        port = free_port()
        base = f"http://{HOST}:{port}"
        server = start_gunicorn(args, env, port)
        wait_healthy(base, server)
        data = json.loads((args.work / "data.json").read_text())
        warm_up(base, data, rounds=1 if args.smoke else 3)
        if args.smoke and not args.locust.exists():
            print(
                "smoke: set-up, gunicorn and one request to every endpoint of the mix are fine; "
                "locust is not installed (pip install '.[bench]'), so no load was run"
            )
            return 0
        config = f"{args.workers} {args.worker_class} workers"
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
                result = run_locust(args, base, users, args.step_duration, f"u{users}", server.pid)
                results.append(result)
                print_table(result)
                print()
            print_steps(results, args.target_ms)
        else:
            print(f"load: {args.users} users for {args.duration} s ...", flush=True)
            result = run_locust(args, base, args.users, args.duration, "main", server.pid)
            results.append(result)
            print()
            print_table(result)
            read = result["summary"]["groups"].get("read", {})
            verdict = "meets" if read.get("p95", math.inf) < args.target_ms else "misses"
            print(f"read p95 {read.get('p95')} ms {verdict} the {args.target_ms:.0f} ms target")
        if args.json:
            args.json.write_text(
                json.dumps(
                    {"gunicorn": config, "wait": args.wait, "throttles": rates, "runs": results},
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


def errors_in_log(path: Path) -> None:
    """Server-side errors (tracebacks, worker timeouts) are worth seeing even when every
    response was a 200 (e.g. a worker restarted between requests)."""
    if not path.exists():
        return
    lines = path.read_text(errors="replace").splitlines()
    bad = [
        line
        for line in lines
        if '"status": 5' in line or "Traceback" in line or "WORKER TIMEOUT" in line
    ]
    if bad:
        print(f"gunicorn log: {len(bad)} error lines, e.g.:", file=sys.stderr)
        for line in bad[:5]:
            print("  " + line[:300], file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
