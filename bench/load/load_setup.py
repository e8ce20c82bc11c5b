"""Load benchmark set-up: the database (built, seeded, analysed), its Redis database and
the environment the server runs with. Part of bench/load/run.py.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
HOST = "127.0.0.1"  # the only host this benchmark ever talks to


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def pg_admin(args, sql: str, params: tuple = ()) -> list[tuple]:
    """Runs `sql` on the server's maintenance database; its rows (none for a command)."""
    import psycopg

    with psycopg.connect(
        host=HOST, port=args.pg_port, user=args.pg_user, dbname="postgres", autocommit=True
    ) as connection:
        cursor = connection.execute(sql, params or None)
        return cursor.fetchall() if cursor.description else []


def database_exists(args, name: str | None = None) -> bool:
    sql = "SELECT 1 FROM pg_database WHERE datname = %s"
    return bool(pg_admin(args, sql, (name or args.database,)))


def collect_static(env: dict) -> None:
    """Point the server's STATIC_ROOT at the machine's collected static files (collected
    now if no run did for these sources: bench/collected_static.py)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from bench.collected_static import collected_static

    started = time.perf_counter()
    env["STATIC_ROOT"] = str(collected_static(env))
    print(f"  static files: {time.perf_counter() - started:.1f} s", flush=True)


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
    if args.reuse_db and database_exists(args):
        print(f"reusing database {args.database}", flush=True)
        manage(env, "migrate", "--no-input")
    else:
        template = prepared_template(args, env)
        print(f"creating database {args.database} from {template}", flush=True)
        pg_admin(args, f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
        pg_admin(args, f'CREATE DATABASE "{args.database}" TEMPLATE "{template}"')
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


TEMPLATE_PREFIX = "cardsite_bench_template_"


def prepared_template(args, env: dict) -> str:
    """The name of a database, made once per machine, that holds what every run starts
    from: migrated, the starter catalogue, `args.cards` synthetic cards.

    Migrating, loading the catalogue and generating the cards took 30-40 s of one core
    for each run and each smoke run in the test suite; copying a template database
    (CREATE DATABASE … TEMPLATE) takes well under a second. The name digests the
    migrations, fixtures and code it was built from (bench/prepared_db.py), so a changed
    source makes another one; building it drops the templates of other digests, so they
    do not pile up. A file lock lets parallel runs on this machine build it once."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from bench.prepared_db import locked, sources_digest

    name = f"{TEMPLATE_PREFIX}{sources_digest(catalogue=True)}_{args.cards}"
    with locked(Path(tempfile.gettempdir()) / f"{name}.lock"):
        if database_exists(args, name):
            return name
        print(f"building the template database {name} (once per machine)", flush=True)
        partial = f"{name}_partial"
        pg_admin(args, f'DROP DATABASE IF EXISTS "{partial}" WITH (FORCE)')
        pg_admin(args, f'CREATE DATABASE "{partial}"')
        build_env = {**env, "DATABASE_URL": env["DATABASE_URL"].rsplit("/", 1)[0] + "/" + partial}
        manage(build_env, "migrate", "--no-input")
        manage(build_env, "load_catalogue")
        if args.cards:
            manage(build_env, "generate_cards", str(args.cards), "--seed", "0")
        for other in template_databases(args):
            if other.removesuffix("_partial").endswith(f"_{args.cards}") and other != partial:
                pg_admin(args, f'DROP DATABASE IF EXISTS "{other}" WITH (FORCE)')
        pg_admin(args, f'ALTER DATABASE "{partial}" RENAME TO "{name}"')
    return name


def template_databases(args) -> list[str]:
    pattern = TEMPLATE_PREFIX.replace("_", r"\_") + "%"
    rows = pg_admin(args, "SELECT datname FROM pg_database WHERE datname LIKE %s", (pattern,))
    return [row[0] for row in rows]


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


def server_env(args) -> dict:
    """The environment of manage.py, seed.py and gunicorn: the benchmark's own database and
    Redis database, DEBUG off, a throwaway SECRET_KEY, files in the run's directory."""
    database_url = f"postgres://{args.pg_user}@{HOST}:{args.pg_port}/{args.database}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "cardsite.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "DATABASE_URL": database_url,
        "REDIS_URL": f"redis://{HOST}:{args.redis_port}/{args.redis_db}",
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
    return env
