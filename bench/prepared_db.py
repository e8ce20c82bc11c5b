"""A benchmark's throw-away SQLite database, copied from one prepared once per machine.

`migrate` and `load_catalogue` take ten-odd seconds of one core, and each benchmark (and
its smoke run in the test suite) needs a fresh database holding one or both. The first
run builds the database in the system's temporary folder, under a name digesting
everything it is made from (the migrations, the fixtures and the apps' code); later runs
copy that file, which takes milliseconds. A changed migration, fixture or importer makes
another name, so a copy is never stale. A lock lets parallel runs build it once.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_SOURCES = ("cardsite", "cards", "decks", "engine", "fixtures")


def sources_digest(*, catalogue: bool) -> str:
    """Digests what a prepared database is made from: the migrations, fixtures and code."""
    digest = hashlib.sha256(b"catalogue" if catalogue else b"migrated")
    for folder in _SOURCES:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in {".py", ".json", ".toml", ".csv"}:
                digest.update(str(path.relative_to(ROOT)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def _build(target: Path, catalogue: bool) -> None:
    scratch = Path(tempfile.mkdtemp(prefix="cardsite-bench-prepare-"))
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DJANGO_SETTINGS_MODULE", "REDIS_URL", "DEBUG"}
    }
    env |= {
        "DATABASE_URL": f"sqlite:///{scratch / 'db.sqlite3'}",
        "JOB_QUEUE_DIR": str(scratch / "queue"),  # the standings it queues go nowhere
        "MEDIA_ROOT": str(scratch / "media"),
        "REQUEST_LOG": "",
        "SECRET_KEY": "bench-prepared-database-not-secret-0123456789abcdefghij",
    }
    commands = [["migrate", "--no-input"]] + ([["load_catalogue"]] if catalogue else [])
    try:
        for command in commands:
            subprocess.run(
                [sys.executable, str(ROOT / "manage.py"), *command, "-v", "0"],
                cwd=ROOT,
                env=env,
                check=True,
            )
        shutil.copyfile(scratch / "db.sqlite3", target)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def prepared_sqlite(path: Path, *, catalogue: bool = True) -> Path:
    """Write at `path` a migrated SQLite database, with the starter catalogue and its
    reference decks when `catalogue` (as `manage.py migrate` and `load_catalogue` leave
    it); returns `path`."""
    digest = sources_digest(catalogue=catalogue)
    template = Path(tempfile.gettempdir()) / f"cardsite-bench-{digest}.sqlite3"
    built_once(template, lambda partial: _build(partial, catalogue))
    shutil.copyfile(template, path)
    return path


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Holds an exclusive lock on the file `path` (made if missing): one process on this
    machine at a time."""
    with open(path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def built_once(target: Path, build: Callable[[Path], None]) -> Path:
    """`target` (a file or a folder), made by `build(partial)` the first time on this
    machine: a lock lets parallel runs build it once, and it appears whole (renamed from
    `partial`) or not at all, for a run that does not take the lock."""
    if target.exists():
        return target
    with locked(Path(f"{target}.lock")):
        if not target.exists():
            partial = target.with_name(f"{target.name}.partial-{os.getpid()}")
            try:
                build(partial)
                os.replace(partial, target)
            finally:
                if partial.is_dir():
                    shutil.rmtree(partial, ignore_errors=True)
                else:
                    partial.unlink(missing_ok=True)
    return target
