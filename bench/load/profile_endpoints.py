"""CPU per request of the load benchmark's mix, endpoint by endpoint, in one process (issue 30).

    .venv/bin/python bench/load/profile_endpoints.py                 # builds cardsite_profile
    .venv/bin/python bench/load/profile_endpoints.py --reuse-db      # keeps it between runs
    .venv/bin/python bench/load/profile_endpoints.py --reuse-db --profile "card html"

The database is built as bench/load/run.py builds its own (load_setup.build_database: the
starter catalogue, 20,000 synthetic cards, 300 seeded users with tokens and 24 decks, VACUUM
ANALYZE), as `cardsite_profile` on 127.0.0.1:5432; Redis database 9 is flushed at the start
(the catalogue cache starts cold, as in the benchmark) and so are the drawn proxy pictures.
Django runs in this process with the benchmark server's environment (load_setup.server_env:
DEBUG=0, PROXY_COUNT=1, REQUEST_LOG=1 …) and every request goes through the WSGI
application as gunicorn would call it.

The traffic is the locustfile's: its constants (QUERIES, ORDERS, JOB_GAMES …) and its task
weights are read from bench/load/locustfile.py's source (importing it would start gevent),
and each request is built as its task builds it: 120 simulated users, visitors and API
clients 3 : 2, each visitor with its own X-Forwarded-For, each API client with its own
account's token and address. Users take turns at random (think times are alike for all),
so the cold and warm cache hits come as the mix produces them: --warm requests unmeasured
first (the benchmark's 30-s warm-up), then --requests measured (its 60 s at 120 users).

Each request's CPU is time.process_time() across the WSGI call (this process's CPU, so
another program's load on the machine changes it little; wall time would). One process
serves everything, where gunicorn has four workers: per-process memos are warmer here.
--profile NAME runs cProfile around that endpoint's measured requests and prints the top
functions by cumulative and by own time (--profile-out FILE keeps them for pstats, e.g. to
list a function's callers). --smoke (the test suite's) checks that the tool still
works on a database of its own with 50 synthetic cards and 240 requests: its figures mean
nothing.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import cProfile
import io
import json
import os
import pstats
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

from load_endpoints import cpu_table
from load_setup import (
    HOST,
    ROOT,
    build_database,
    collect_static,
    database_exists,
    manage,
    pg_admin,
    server_env,
)

LOCUSTFILE = Path(__file__).resolve().parent / "locustfile.py"
# The benchmark's measured requests per endpoint (README, issue 30's "before" run): the
# weights of the mix-weighted mean printed at the end.
README_COUNTS = {
    "card html": 933,
    "search html": 1146,
    "deck list html": 194,
    "card image": 360,
    "deck api": 253,
    "deck html": 354,
    "goldfish api": 88,
    "job submit api": 99,
    "search api": 580,
    "deck list api": 101,
    "card api": 341,
    "home html": 195,
    "deck export api": 78,
    "autocomplete api": 206,
    "named api": 103,
    "validate api": 281,
    "job poll api": 99,
}


def locustfile_mix() -> tuple[dict, dict]:
    """(constants, {class name: (class weight, {task name: weight})}) from the locustfile."""
    tree = ast.parse(LOCUSTFILE.read_text())
    constants, classes = {}, {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            with contextlib.suppress(ValueError):
                constants[node.targets[0].id] = ast.literal_eval(node.value)
        if isinstance(node, ast.ClassDef) and node.name in {"Visitor", "ApiClient"}:
            weight, tasks = 1, {}
            for item in node.body:
                if isinstance(item, ast.Assign) and item.targets[0].id == "weight":
                    weight = ast.literal_eval(item.value)
                if isinstance(item, ast.FunctionDef):
                    for decorator in item.decorator_list:
                        if isinstance(decorator, ast.Call) and decorator.func.id == "task":
                            tasks[item.name] = ast.literal_eval(decorator.args[0])
            classes[node.name] = (weight, tasks)
    return constants, classes


class Request:
    __slots__ = ("name", "method", "path", "query", "headers", "body", "status", "check")

    def __init__(self, name, method, path, *, query=None, headers=None, body=None, status=200):
        self.name, self.method, self.path = name, method, path
        self.query = urlencode(query or {})
        self.headers = headers or {}
        self.body = json.dumps(body).encode() if body is not None else b""
        self.status = status


class SimulatedUser:
    """One locust user's choices (bench/load/locustfile.py, task for task)."""

    def __init__(self, kind: str, number: int, data: dict, constants: dict, rng):
        self.kind, self.rng, self.data, self.c = kind, rng, data, constants
        self.cards = data["cards"]
        self.readable = [d for d in data["decks"] if d["visibility"] != "private"]
        if kind == "Visitor":
            address = f"10.{number // 65536 % 256}.{number // 256 % 256}.{number % 256}"
            self.headers = {"X-Forwarded-For": address}
        else:
            account = data["users"][(number - 1) % len(data["users"])]
            address = f"172.{16 + number // 65536 % 16}.{number // 256 % 256}.{number % 256}"
            self.headers = {
                "Authorization": f"Token {account['token']}",
                "X-Forwarded-For": address,
            }
            self.decks = account["decks"] + self.readable

    def card_id(self) -> int:
        pool = self.cards["real_ids"] if self.rng.random() < 0.7 else self.cards["synthetic_ids"]
        return self.rng.choice(pool)

    def get(self, name, path, query=None):
        return Request(name, "GET", path, query=query, headers=self.headers)

    def post(self, name, path, body, status=200):
        return Request(name, "POST", path, headers=self.headers, body=body, status=status)

    # Visitor
    def search_page(self):
        query, _ = self.rng.choice(self.c["QUERIES"])
        params = {"q": query, "order": self.rng.choice(self.c["ORDERS"])}
        if self.rng.random() < 0.2:
            params["view"] = "list"
        if self.rng.random() < 0.1:
            params["page"] = 2
        return [self.get("search html", "/cards/", params)]

    def card_page(self):
        return [self.get("card html", f"/cards/{self.card_id()}/")]

    def card_picture(self):
        size = "thumb" if self.rng.random() < 0.7 else "normal"
        return [self.get("card image", f"/cards/{self.card_id()}/image/{size}/")]

    def deck_page(self):
        return [self.get("deck html", f"/decks/{self.rng.choice(self.readable)['id']}/")]

    def deck_list_page(self):
        return [self.get("deck list html", "/decks/")]

    def home(self):
        return [self.get("home html", "/")]

    # ApiClient
    def search(self):
        query, _ = self.rng.choice(self.c["QUERIES"])
        params = {"q": query}
        if self.rng.random() < 0.2:
            params["page_size"] = 20
        return [self.get("search api", "/api/cards/", params)]

    def card(self):
        return [self.get("card api", f"/api/cards/{self.card_id()}/")]

    def autocomplete(self):
        params = {"q": self.rng.choice(self.cards["prefixes"])}
        return [self.get("autocomplete api", "/api/cards/autocomplete/", params)]

    def named(self):
        params = {"exact": self.rng.choice(self.cards["unique_names"])}
        return [self.get("named api", "/api/cards/named/", params)]

    def deck(self):
        return [self.get("deck api", f"/api/decks/{self.rng.choice(self.decks)['id']}/")]

    def deck_list(self):
        if self.rng.random() < 0.5:
            params = {"mine": 1}
        else:
            params = {"game": self.rng.choice(self.c["PUBLIC_GAMES"])}
        return [self.get("deck list api", "/api/decks/", params)]

    def deck_export(self):
        deck = self.rng.choice(self.decks)
        path = f"/api/decks/{deck['id']}/export/"
        return [self.get("deck export api", path, {"format": "text"})]

    def validate(self):
        if self.rng.random() < 0.5:
            item = self.rng.choice(self.data["lists"])
        else:
            item = self.rng.choice(self.data["drafts"])
        body = {"game": item["game"], "list": item["list"]}
        return [self.post("validate api", "/api/decks/validate/", body)]

    def goldfish(self):
        payload = {"games": self.rng.randint(20, 50), "seed": self.rng.randrange(1_000_000)}
        if self.rng.random() < 0.7:
            deck = self.rng.choice(self.decks)
            payload.update(game=deck["game"], deck=deck["id"])
        else:
            item = self.rng.choice(self.data["lists"])
            payload.update(game=item["game"], list=item["list"])
        return [self.post("goldfish api", "/api/goldfish/", payload)]

    def job(self):
        deck = self.rng.choice(self.decks)
        payload = {
            "kind": "goldfish",
            "game": deck["game"],
            "deck": deck["id"],
            "games": self.c["JOB_GAMES"],
            "seed": self.rng.randrange(1_000_000),
        }
        # the poll's address is known once the submit answered: see Replay.follow_up
        return [self.post("job submit api", "/api/jobs/", payload, status=202)]


class Replay:
    def __init__(self, args, data: dict):
        from cardsite.wsgi import application

        self.application = application
        constants, classes = locustfile_mix()
        rng = random.Random(args.seed)
        self.users, self.tasks = [], {}
        counters = {"Visitor": 0, "ApiClient": 0}
        total_weight = sum(weight for weight, _ in classes.values())
        for kind, (weight, tasks) in classes.items():
            missing = [name for name in tasks if not hasattr(SimulatedUser, name)]
            if missing:
                raise SystemExit(f"the locustfile has tasks this tool does not know: {missing}")
            self.tasks[kind] = (list(tasks), list(tasks.values()))
            for _ in range(round(args.users * weight / total_weight)):
                counters[kind] += 1
                user_rng = random.Random(rng.random())
                self.users.append(SimulatedUser(kind, counters[kind], data, constants, user_rng))
        self.rng = rng
        self.samples: dict[str, list[float]] = {}
        self.failures: dict[str, list[str]] = {}
        self.profile_name = args.profile
        # CPU time, as measured: wall time would count the waits for PostgreSQL and Redis
        self.profiler = cProfile.Profile(time.process_time) if args.profile else None

    def environ(self, request: Request) -> dict:
        environ = {
            "REQUEST_METHOD": request.method,
            "PATH_INFO": request.path,
            "QUERY_STRING": request.query,
            "SERVER_NAME": HOST,
            "SERVER_PORT": "8000",
            "REMOTE_ADDR": HOST,
            "SERVER_PROTOCOL": "HTTP/1.1",
            "HTTP_HOST": HOST,
            "HTTP_ACCEPT_ENCODING": "gzip, deflate",
            "HTTP_USER_AGENT": "profile_endpoints",
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": "http",
            "wsgi.input": io.BytesIO(request.body),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": False,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
        }
        if request.body:
            environ["CONTENT_TYPE"] = "application/json"
            environ["CONTENT_LENGTH"] = str(len(request.body))
        for header, value in request.headers.items():
            environ["HTTP_" + header.upper().replace("-", "_")] = value
        return environ

    def call(self, request: Request, measured: bool) -> bytes:
        status_line = []

        def start_response(status, headers, exc_info=None):
            status_line.append(status)

        profiling = measured and self.profiler is not None and request.name == self.profile_name
        environ = self.environ(request)
        started = time.process_time()
        if profiling:
            self.profiler.enable()
        result = self.application(environ, start_response)
        try:
            body = b"".join(result)
        finally:
            if hasattr(result, "close"):
                result.close()
        if profiling:
            self.profiler.disable()
        spent = (time.process_time() - started) * 1000
        status = int(status_line[0].split()[0])
        if status != request.status:
            self.failures.setdefault(request.name, []).append(f"{status} {request.path}")
        if measured:
            self.samples.setdefault(request.name, []).append(spent)
        return body if status == request.status else b""

    def run(self, count: int, measured: bool) -> None:
        done = 0
        while done < count:
            user = self.rng.choice(self.users)
            names, weights = self.tasks[user.kind]
            task = user.rng.choices(names, weights)[0]
            for request in getattr(user, task)():
                body = self.call(request, measured)
                done += 1
                if request.name == "job submit api" and body:
                    job = json.loads(body)
                    self.call(user.get("job poll api", f"/api/jobs/{job['id']}/"), measured)
                    done += 1


def readme_weighted_mean(rows: dict) -> float:
    """The means weighted by the benchmark's own request counts (README_COUNTS)."""
    known = {name: count for name, count in README_COUNTS.items() if name in rows}
    weight = sum(known.values()) or 1
    return sum(rows[name]["cpu_ms_mean"] * count for name, count in known.items()) / weight


def print_table(rows: dict) -> None:
    heads = f"{'reqs':>6} {'mean ms':>8} {'p50 ms':>7} {'p95 ms':>7} {'share %':>8}"
    print(f"\n{'CPU by endpoint':<18} {heads}")
    for name, row in rows.items():
        print(
            f"{name:<18} {row['requests']:>6} {row['cpu_ms_mean']:>8} {row['cpu_ms_p50']:>7} "
            f"{row['cpu_ms_p95']:>7} {row['share_pct']:>8}"
        )
    print(f"mean weighted by the README's request counts: {readme_weighted_mean(rows):.2f} ms")


def print_profile(profiler: cProfile.Profile, name: str, top: int) -> None:
    for order in ("cumulative", "tottime"):
        stream = io.StringIO()
        stats = pstats.Stats(profiler, stream=stream).strip_dirs().sort_stats(order)
        stats.print_stats(top)
        print(f"\n--- {name}: top {top} by {order} ---")
        print(stream.getvalue().split("\n", 4)[-1].strip("\n"))


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default="cardsite_profile")
    parser.add_argument("--reuse-db", action="store_true", help="keep and reuse the database")
    parser.add_argument("--cards", type=int, default=20000, help="synthetic cards (20000)")
    parser.add_argument("--accounts", type=int, default=300, help="API accounts seeded (300)")
    parser.add_argument("--pg-port", type=int, default=5432)
    parser.add_argument("--pg-user", default="postgres")
    parser.add_argument("--redis-port", type=int, default=6379)
    parser.add_argument("--redis-db", type=int, default=9, help="flushed at the start (9)")
    parser.add_argument("--users", type=int, default=120, help="simulated users (120)")
    parser.add_argument("--warm", type=int, default=2700, help="unmeasured requests first")
    parser.add_argument("--requests", type=int, default=5400, help="measured requests")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", metavar="ENDPOINT", help='cProfile one, e.g. "card html"')
    parser.add_argument("--top", type=int, default=40, help="functions listed by --profile")
    parser.add_argument(
        "--profile-out", type=Path, help="also write --profile's statistics (pstats) here"
    )
    parser.add_argument("--json", type=Path, help="also write the table to this file")
    parser.add_argument(
        "--work",
        type=Path,
        default=Path("/tmp/cardsite-profile"),
        help="data.json and media files (kept for --reuse-db)",
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="a tiny run that only checks the tool still works (the test suite runs it)",
    )
    args = parser.parse_args()
    if args.smoke:
        # Its own database and folder, dropped after; Redis database 8 (the load smoke has
        # 10, tests/load_cache 12: they may run at once); every endpoint still called.
        args.database = f"cardsite_profile_smoke_{os.getpid()}"
        args.work = Path(tempfile.mkdtemp(prefix="cardsite-profile-smoke-"))
        args.reuse_db, args.redis_db = False, 8
        args.cards, args.accounts, args.users, args.warm, args.requests = 50, 4, 4, 40, 200
    args.no_catalogue_cache = False
    args.goldfish_rate = args.user_rate = args.anon_rate = None
    return args


def prepare(args) -> dict:
    """The database, static files and seeded data (reused when asked and present)."""
    args.work.mkdir(parents=True, exist_ok=True)
    env = server_env(args)
    data_file = args.work / "data.json"
    if args.reuse_db and database_exists(args) and data_file.exists():
        print(f"reusing database {args.database} and {data_file}", flush=True)
        manage(env, "migrate", "--no-input")
    else:
        args.reuse_db = False  # build_database: create it afresh
        build_database(args, env)
    collect_static(env)
    shutil.rmtree(args.work / "media", ignore_errors=True)  # pictures drawn on first view
    import redis

    redis.Redis(host=HOST, port=args.redis_port, db=args.redis_db).flushdb()
    os.environ.update(env)
    return json.loads(data_file.read_text())


def main() -> int:
    args = arguments()
    try:
        return profile(args)
    finally:
        if args.smoke:
            shutil.rmtree(args.work, ignore_errors=True)
            with contextlib.suppress(Exception):
                from django.db import connections

                connections.close_all()
            pg_admin(args, f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')


def profile(args) -> int:
    data = prepare(args)
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    import django

    django.setup()
    import logging

    replay = Replay(args, data)  # imports cardsite.wsgi, which configures logging again
    # The request log is written as under gunicorn, to a file instead of the terminal.
    logging.getLogger().handlers = [logging.FileHandler(args.work / "requests.log", "w")]
    started = time.perf_counter()
    replay.run(args.warm, measured=False)
    replay.run(args.requests, measured=True)
    rows = cpu_table(replay.samples, with_p50=True)
    print(
        f"\n{args.warm} warm-up + {args.requests} measured requests in "
        f"{time.perf_counter() - started:.0f} s wall"
    )
    print_table(rows)
    for name, failures in replay.failures.items():
        print(f"FAILED {name}: {len(failures)}, e.g. {failures[:3]}")
    if replay.profiler is not None:
        print_profile(replay.profiler, args.profile, args.top)
        if args.profile_out:
            replay.profiler.dump_stats(args.profile_out)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))
    return 1 if replay.failures else 0


if __name__ == "__main__":
    sys.exit(main())
