"""Fixtures of the real-gunicorn tests (test_gunicorn_*.py)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from bench.prepared_db import prepared_sqlite
from tests.goldfish.test_gunicorn_pool import manage, server_env


@pytest.fixture(scope="session")
def site():
    """A migrated SQLite catalogue in a temporary folder (as `migrate` and `load_catalogue`
    leave it: a copy of the machine's prepared one), and a legal PAD list to play; built
    once for every real-gunicorn test (they only read it)."""
    with tempfile.TemporaryDirectory(prefix="cardsite-gunicorn-") as directory:
        env = server_env(directory)
        prepared_sqlite(Path(directory) / "db.sqlite3")
        deck = manage(
            env,
            "shell",
            "--no-imports",
            "-c",
            "from decks.starter_lists import pad_list as p; print(p())",
        )
        yield env, deck
