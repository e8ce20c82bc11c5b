"""Time and peak memory of `import_cards --dry-run` on a large file (issue 24; not a test).

    .venv/bin/python bench/import_dry_run.py [--rows 60000] [--project DIR] [--timeout 600]
    .venv/bin/python bench/import_dry_run.py --postgresql     # on 127.0.0.1:5432
    .venv/bin/python bench/import_dry_run.py --smoke          # seconds: checks it still works

The file: N synthetic cards (`generate_cards`: valid cards of both games, provenance
`synthetic`, set SYN, never real cards) made in a scratch database by this checkout, then
written by `export_cards` to a temporary JSON file (one card a line, as the export writes
it). Then `manage.py import_cards --dry-run` of `--project` (default: this checkout; point it
at another worktree, e.g. `git worktree add /tmp/before HEAD`, to measure older code on the
same file) runs in its own process, twice:

- new: into an empty catalogue (freshly migrated): every row would be created;
- catalogued: into the scratch database that already holds those cards: every row matches
  a catalogued card and changes nothing.

Each run reports wall time and the process's peak resident memory (ru_maxrss from wait4),
beside the peak of the same command on the file's first card alone (what Django and the
site take before any row), checks the counts it printed, and is stopped after --timeout
seconds (reported as such).
Runs with DEBUG off (DEBUG on would keep every SQL statement in memory) and without Redis.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.prepared_db import prepared_sqlite  # noqa: E402

PG_URL = "postgres://postgres@127.0.0.1:5432/"
PG_DATABASES = {"catalogued": "cardsite_import_bench", "new": "cardsite_import_bench_new"}
SMOKE_ROWS = 300
COUNTS = re.compile(r": (\d+) would be created, (\d+) would be updated\.")


def pg_admin(statement: str) -> None:
    import psycopg

    with psycopg.connect(PG_URL + "postgres", autocommit=True) as connection:
        connection.execute(statement)


def environment(database_url: str) -> dict:
    env = dict(os.environ)
    env.pop("REDIS_URL", None)
    env.pop("CARD_PROXIES_AFTER_IMPORT", None)
    env.update(
        DATABASE_URL=database_url,
        DEBUG="",
        SECRET_KEY=secrets.token_urlsafe(50),  # the site refuses short keys without DEBUG
        DJANGO_SETTINGS_MODULE="cardsite.settings",
        PYTHONWARNINGS="ignore",
    )
    return env


def manage(project: Path, database_url: str, *args: str) -> None:
    done = subprocess.run(
        [sys.executable, str(project / "manage.py"), *args],
        cwd=project,
        env=environment(database_url),
        capture_output=True,
        text=True,
    )
    if done.returncode:
        sys.exit(f"manage.py {' '.join(args)} failed:\n{done.stderr[-2000:]}")


def measure(project: Path, database_url: str, path: Path, timeout: float) -> dict:
    """One `import_cards --dry-run` in a process of its own: seconds, peak RSS, counts."""
    command = [sys.executable, str(project / "manage.py"), "import_cards", "--dry-run"]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(
            [*command, "--quiet-progress", str(path)],
            cwd=project,
            env=environment(database_url),
            stdout=out,
            stderr=err,
        )
        timed_out = False
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - start > timeout:
                timed_out = True
                process.send_signal(signal.SIGKILL)
                pid, status, usage = os.wait4(process.pid, 0)
                break
            time.sleep(0.05)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
    found = COUNTS.search(stdout)
    return {
        "seconds": round(seconds, 1),
        "peak_rss_mb": round(usage.ru_maxrss / 1024),  # kilobytes on Linux
        "timed_out": timed_out,
        "exit": process.returncode,
        "would_create": int(found[1]) if found else None,
        "would_update": int(found[2]) if found else None,
        "stderr": stderr[-500:] if process.returncode and not timed_out else "",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=60000)
    parser.add_argument(
        "--project", type=Path, default=ROOT, help="checkout whose import_cards is measured"
    )
    parser.add_argument("--timeout", type=float, default=600, help="seconds per run")
    parser.add_argument("--postgresql", action="store_true", help="databases on 127.0.0.1:5432")
    parser.add_argument(
        "--smoke", action="store_true", help=f"{SMOKE_ROWS} rows: checks that it still works"
    )
    args = parser.parse_args()
    rows = SMOKE_ROWS if args.smoke else args.rows
    project = args.project.resolve()
    scratch = Path(tempfile.mkdtemp(prefix="cardsite-import-bench-"))
    if args.postgresql:
        for name in PG_DATABASES.values():
            pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            pg_admin(f'CREATE DATABASE "{name}"')
        urls = {scenario: PG_URL + name for scenario, name in PG_DATABASES.items()}
    else:
        urls = {scenario: f"sqlite:///{scratch / scenario}.sqlite3" for scenario in PG_DATABASES}
    path = scratch / "synthetic-cards.json"
    first_card = scratch / "first-card.json"
    try:
        # The file and the catalogued database are made by this checkout; the databases are
        # then migrated by the measured one (a no-op when both have the same migrations).
        # On SQLite, this checkout's databases start as copies of one migrated once per
        # machine (bench/prepared_db.py), which is what `migrate` would leave.
        prepared = not args.postgresql
        if prepared:
            for scenario in PG_DATABASES:
                prepared_sqlite(scratch / f"{scenario}.sqlite3", catalogue=False)
        else:
            manage(ROOT, urls["catalogued"], "migrate", "--no-input")
        manage(ROOT, urls["catalogued"], "generate_cards", str(rows))
        manage(ROOT, urls["catalogued"], "export_cards", "-o", str(path))
        report = {
            "rows": rows,
            "database": "postgresql" if args.postgresql else "sqlite",
            "project": str(project),
            "file_mb": round(path.stat().st_size / 2**20, 1),
        }
        # The process's own size: the same command on the file's first card alone.
        with path.open(encoding="utf-8") as export:
            export.readline()  # "["
            first_card.write_text(f"[{export.readline().rstrip().rstrip(',')}]\n")
        expected = {"new": (rows, 0), "catalogued": (0, rows)}
        failed = False
        for scenario in ("new", "catalogued"):
            if not (prepared and project == ROOT):
                manage(project, urls[scenario], "migrate", "--no-input")
            one = measure(project, urls[scenario], first_card, args.timeout)
            result = measure(project, urls[scenario], path, args.timeout)
            result["one_card_peak_rss_mb"] = one["peak_rss_mb"]
            counts = (result["would_create"], result["would_update"])
            result["counts_as_expected"] = counts == expected[scenario]
            failed |= not result["counts_as_expected"] and not result["timed_out"]
            report[scenario] = result
        print(json.dumps(report, indent=2))
    finally:
        path.unlink(missing_ok=True)
        first_card.unlink(missing_ok=True)
        for scenario in PG_DATABASES:
            (scratch / f"{scenario}.sqlite3").unlink(missing_ok=True)
        scratch.rmdir()
        if args.postgresql:
            for name in PG_DATABASES.values():
                pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    if failed:
        sys.exit("A dry run did not report the expected counts.")


if __name__ == "__main__":
    main()
