"""The run's end drops its PostgreSQL test database even when a connection of the test
process was left open on it (tests/database_sessions.py; a CI run failed on that)."""

from __future__ import annotations

import time
import uuid

import psycopg
import pytest
from django.db import connection

from tests.database_sessions import end_other_sessions


def _sessions(admin: psycopg.Connection, name: str) -> set[int]:
    rows = admin.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", [name])
    return {pid for (pid,) in rows.fetchall()}


@pytest.mark.django_db
def test_the_sessions_left_on_a_database_are_ended_so_it_can_be_dropped():
    if connection.vendor != "postgresql":
        assert end_other_sessions(connection) == 0  # SQLite has no sessions to end
        return
    # A database of its own: ending sessions on the test database itself would also end the
    # connections other tests of this process still hold.
    settings = connection.settings_dict
    name = f"cardsite_sessions_{uuid.uuid4().hex[:12]}"
    admin_url = f"host={settings['HOST'] or '127.0.0.1'} port={settings['PORT'] or 5432} "
    admin_url += f"user={settings['USER']} dbname=postgres"
    if settings["PASSWORD"]:
        admin_url += f" password={settings['PASSWORD']}"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            ours = connection.copy()  # this process's kind of connection, on that database
            ours.settings_dict["NAME"] = name
            left = [psycopg.connect(admin_url.replace("dbname=postgres", f"dbname={name}"))]
            left.append(psycopg.connect(admin_url.replace("dbname=postgres", f"dbname={name}")))
            ours.ensure_connection()
            mine = ours.connection.info.backend_pid
            assert _sessions(admin, name) == {mine, *(c.info.backend_pid for c in left)}

            assert end_other_sessions(ours) == 2
            deadline = time.monotonic() + 5
            while _sessions(admin, name) != {mine} and time.monotonic() < deadline:
                time.sleep(0.05)
            assert _sessions(admin, name) == {mine}  # ours is kept: it asked
            ours.close()
            admin.execute(f'DROP DATABASE "{name}"')  # refused while any session was left
        finally:
            for other in left:
                other.close()
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
