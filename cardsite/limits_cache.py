"""The store for limits (throttles, log-in failures, goldfish budgets, sign-up and reset
rates) when there is no Redis: a table in the site's database, so that every gunicorn
worker, every Celery worker and every app server on the same database counts together.

A per-process memory cache would let each of `gunicorn -w 4`'s workers count on its own
(issue 24, finding 6: 40,000 games against a 20,000 budget, a log-in locked after 7 to 10
failures instead of 5). Django's DatabaseCache shares the counts but its `incr` is a read
then a write: two workers adding a failure at once would both write 3 where 4 was due.
Here `incr` and `add` hold the row (SELECT … FOR UPDATE on PostgreSQL; SQLite's
transactions take the write lock as they begin, see DATABASES in settings) so concurrent
increments all land, and `incr` keeps the counter's expiry, which Django's would reset.

The table is created by a migration (decks 0006), so `migrate` is all a new site needs.
"""

from __future__ import annotations

import base64
import pickle
from datetime import datetime

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache
from django.db import connections, router, transaction
from django.utils import timezone
from django.utils.connection import ConnectionProxy

# What every limit counts in: Redis when REDIS_URL is set, else the table below.
limits = ConnectionProxy(caches, "limits")


def _now() -> datetime:
    # The resolution DatabaseCache writes expiries with: whole seconds.
    return timezone.now().replace(microsecond=0)


class AtomicDatabaseCache(DatabaseCache):
    def get_backend_timeout(self, timeout=DEFAULT_TIMEOUT):
        # Expiries from the clock they are checked against (DatabaseCache compares with
        # timezone.now(), but dates them with time.time(), which tests fake).
        if timeout is DEFAULT_TIMEOUT:
            timeout = self.default_timeout
        elif timeout == 0:
            timeout = -1  # as Django's: expired at once
        return None if timeout is None else timezone.now().timestamp() + timeout

    def _connection(self):
        alias = router.db_for_write(self.cache_model_class)
        return alias, connections[alias]

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        alias, connection = self._connection()
        quoted = connection.ops.quote_name
        made = self.make_and_validate_key(key, version=version)
        with transaction.atomic(using=alias):
            # DatabaseCache.add replaces an expired row by UPDATE: two processes could both
            # see it expired and both "add". Deleting it first under the row lock leaves only
            # the INSERT, which the primary key lets exactly one of them win.
            with connection.cursor() as cursor:
                cursor.execute(
                    f"DELETE FROM {quoted(self._table)} WHERE {quoted('cache_key')} = %s "
                    f"AND {quoted('expires')} < %s",
                    [made, connection.ops.adapt_datetimefield_value(_now())],
                )
            return super().add(key, value, timeout, version=version)

    def incr(self, key, delta=1, version=None):
        alias, connection = self._connection()
        quoted = connection.ops.quote_name
        table, column = quoted(self._table), quoted("cache_key")
        made = self.make_and_validate_key(key, version=version)
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        with transaction.atomic(using=alias), connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {quoted('value')} FROM {table} WHERE {column} = %s "
                f"AND {quoted('expires')} >= %s{lock}",
                [made, connection.ops.adapt_datetimefield_value(_now())],
            )
            row = cursor.fetchone()
            if row is None:
                raise ValueError(f"Key '{key}' not found")
            stored = connection.ops.process_clob(row[0])
            value = pickle.loads(base64.b64decode(stored.encode())) + delta
            encoded = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
            cursor.execute(
                f"UPDATE {table} SET {quoted('value')} = %s WHERE {column} = %s", [encoded, made]
            )
        return value


def count(cache, key: str, amount: int, timeout: int) -> int:
    """Add `amount` to a counter that starts with the first addition and lives `timeout`
    seconds from then; the new total. Atomic in Redis, the memory cache and the table."""
    while True:
        if cache.add(key, amount, timeout):
            return amount
        try:
            return cache.incr(key, amount)
        except ValueError:  # expired between add and incr: start it again
            continue
