"""A time limit for the statements of one search, on both databases.

`with search_time_limit():` around the code that runs a search's queries. Past
SEARCH_TIME_LIMIT_MS (default 2000) the database stops the statement and SearchTimeout is
raised: the API answers 503 `search_timeout`, the pages a message — never a worker stuck
for as long as a query may take.

- PostgreSQL: `statement_timeout`, set for this transaction only (set_config(…, true)),
  so it limits each search statement and nothing else.
- SQLite: a progress handler, called every few hundred virtual-machine steps, aborts the
  running statement once the block's deadline has passed (the limit covers the block).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from time import monotonic

from django.conf import settings
from django.db import OperationalError, connection, transaction

DEFAULT_LIMIT_MS = 2000
# SQLite calls the progress handler every this many virtual-machine instructions: often
# enough to stop within a millisecond or so, rarely enough to cost nothing measurable.
PROGRESS_STEPS = 1000
# PostgreSQL's default (4) prices an index page as if read from a spinning disk: at 100,000
# cards it chose a scan of the whole table and a sort (85 ms) over the covering index in
# display order (cards migration 0011: 18 ms, nothing read from the table) for the broad
# numeric filters. The catalogue is small and cached, as on any SSD: searches plan as such.
SEARCH_RANDOM_PAGE_COST = "1.1"
QUERY_CANCELED = "57014"  # PostgreSQL's SQLSTATE for a statement stopped by statement_timeout


class SearchTimeout(Exception):
    """The search ran past SEARCH_TIME_LIMIT_MS and was stopped."""

    def __init__(self, limit_ms: int):
        super().__init__(f"The search took longer than {limit_ms} ms and was stopped.")
        self.limit_ms = limit_ms


def time_limit_ms() -> int:
    return int(getattr(settings, "SEARCH_TIME_LIMIT_MS", DEFAULT_LIMIT_MS))


@contextmanager
def search_time_limit(limit_ms: int | None = None) -> Iterator[None]:
    limit_ms = time_limit_ms() if limit_ms is None else limit_ms
    if limit_ms <= 0:  # 0 turns the limit off, as statement_timeout = 0 does
        yield
        return
    # The project runs on these two databases only (settings.DATABASES).
    limit = _postgresql_limit if connection.vendor == "postgresql" else _sqlite_limit
    with limit(limit_ms):
        yield


@contextmanager
def _postgresql_limit(limit_ms: int) -> Iterator[None]:
    # Inside an outer transaction the setting would outlive this block: put it back after.
    nested = connection.in_atomic_block
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                # One statement: the old values (read first, by the data dependency) and the new.
                cursor.execute(
                    "WITH old AS MATERIALIZED (SELECT current_setting('statement_timeout') AS v, "
                    "current_setting('random_page_cost') AS c) "
                    "SELECT v, c, set_config('statement_timeout', %s, true), "
                    "set_config('random_page_cost', %s, true) FROM old",
                    [str(limit_ms), SEARCH_RANDOM_PAGE_COST],
                )
                previous, previous_cost = cursor.fetchone()[:2]
            yield
            if nested:
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT set_config('statement_timeout', %s, true), "
                        "set_config('random_page_cost', %s, true)",
                        [previous, previous_cost],
                    )
    except OperationalError as error:
        if getattr(error.__cause__, "sqlstate", None) == QUERY_CANCELED:
            raise SearchTimeout(limit_ms) from error
        raise


@contextmanager
def _sqlite_limit(limit_ms: int) -> Iterator[None]:
    connection.ensure_connection()
    raw = connection.connection
    deadline = monotonic() + limit_ms / 1000
    stopped = False

    def past_deadline() -> int:
        nonlocal stopped
        stopped = monotonic() > deadline
        return 1 if stopped else 0  # non-zero makes SQLite interrupt the statement

    raw.set_progress_handler(past_deadline, PROGRESS_STEPS)
    try:
        yield
    except OperationalError:
        if stopped:
            raise SearchTimeout(limit_ms) from None
        raise
    finally:
        raw.set_progress_handler(None, PROGRESS_STEPS)
