"""Ending the sessions a test run leaves on its PostgreSQL test database, so that Django can
drop it.

Django drops the test database at the end of a run (pytest-django's `django_db_setup`) and
PostgreSQL refuses while any other session is connected to it; the run then ends in an
error although every test passed (CI, 2026-12-05: "database test_cardsite_gw0 is being
accessed by other users"). The session left behind was this process's own: a connection a
database test opened, idle after its ROLLBACK, held by a `DatabaseWrapper` that is no
longer the one `django.db.connection` gives at the end of the run, so Django's teardown
closes the other one and not it. Each test process (each xdist worker) has a test database
of its own, so every other session on it is one of this process's (or of a process it
started, already gone): ending them at the very end touches nothing another run uses.
"""

from __future__ import annotations

from django.db.backends.base.base import BaseDatabaseWrapper


def end_other_sessions(connection: BaseDatabaseWrapper) -> int:
    """End every other session on `connection`'s database (PostgreSQL; none elsewhere),
    and return how many there were."""
    if connection.vendor != "postgresql":
        return 0
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return len(cursor.fetchall())
