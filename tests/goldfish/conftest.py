"""Fixtures of the real-gunicorn tests (test_gunicorn_*.py)."""

from __future__ import annotations

import tempfile

import pytest

from tests.goldfish.test_gunicorn_pool import manage, server_env


@pytest.fixture(scope="session")
def site():
    """A migrated SQLite catalogue in a temporary folder, and a legal PAD list to play;
    built once for every real-gunicorn test (they only read it)."""
    with tempfile.TemporaryDirectory(prefix="cardsite-gunicorn-") as directory:
        env = server_env(directory)
        manage(env, "migrate", "--no-input")
        manage(env, "load_catalogue")
        deck = manage(
            env,
            "shell",
            "--no-imports",
            "-c",
            "from decks.starter_lists import pad_list as p; print(p())",
        )
        yield env, deck
