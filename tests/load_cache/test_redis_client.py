"""The Redis cache keeps one client per connection pool (cardsite/redis_cache.py): every
cache operation still works, without building a client each time."""

from __future__ import annotations

from unittest import mock

import redis
from django.core.cache import caches


def test_cache_operations_work_and_build_one_client(settings):
    cache = caches["catalogue"]  # Redis, see conftest.py
    with mock.patch.object(redis, "Redis", wraps=redis.Redis) as built:
        cache._cache._clients.clear()
        cache.set("a", {"x": 1}, 30)
        assert cache.get("a") == {"x": 1}
        assert cache.add("n", 1, 30) and cache.incr("n", 4) == 5
        cache.delete("a")
        assert cache.get("a") is None
    assert built.call_count == 1
