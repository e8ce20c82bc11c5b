"""A test run with a browser test between database tests ends green, its test database
dropped (tests/e2e/conftest.py's `browser`). Playwright's event loop, running from the first
browser test to the end of the run, makes asgiref keep the connections opened while it runs
apart from those opened before; one of them left open kept PostgreSQL from dropping the
test database, and the run ended in an error after every test had passed (CI, 2026-12-05).
Run in a pytest process of its own: what is checked is the end of a run."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid

import psycopg
import pytest
from django.conf import settings
from django.db import connection

from tests.jobs.workers import database_url

# A database test (the connection it opens is kept to the end, as a run's is), a browser test
# on the live site, and a database test in a transaction rolled back (a browser test's own
# connections are closed after it; this one's are not): the order tests/conftest.py keeps.
# (A browser test without the live site did not leave the connection open.)
TESTS = [
    "tests/api/test_token_auth.py::test_a_deleted_token_is_refused_at_once",
    "tests/e2e/test_first_impressions.py::test_only_staff_see_the_admin_link",
    "tests/decks/test_reference_api.py::test_a_player_cannot_make_a_reference_deck_through_the_api",
]


def _postgres_url(name: str) -> str:
    """The URL of database `name` on the server the tests use."""
    return f"{database_url().rsplit('/', 1)[0]}/{name}"


def _database_exists(name: str) -> bool:
    with psycopg.connect(_postgres_url("postgres"), autocommit=True) as admin:
        return bool(
            admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchall()
        )


@pytest.mark.django_db  # runs in the PostgreSQL pass too (.ci/run: --database-tests-only)
def test_a_run_with_a_browser_test_between_database_tests_drops_its_database(tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        # this worker's name would give the run this worker's own test database
        if not key.startswith(("PYTEST_XDIST", "PYTEST_CURRENT"))
    }
    env["E2E_ARTIFACTS"] = str(tmp_path / "artifacts")  # not this run's screenshots
    name = f"cardsite_run_end_{uuid.uuid4().hex[:10]}"
    postgres = connection.vendor == "postgresql"
    if postgres:
        env["DATABASE_URL"] = _postgres_url(name)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *TESTS],
            cwd=settings.BASE_DIR,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
        assert "3 passed" in result.stdout
        if postgres:
            assert not _database_exists(f"test_{name}")  # dropped
    finally:
        if postgres:
            with psycopg.connect(_postgres_url("postgres"), autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "test_{name}" WITH (FORCE)')
