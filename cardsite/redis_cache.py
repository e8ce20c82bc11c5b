"""Django's Redis cache, keeping one client per connection pool.

Django's RedisCacheClient builds a new `redis.Redis` for every cache operation, and each
one fills a table of ~170 response callbacks: 65 µs, several times per request (throttles,
budgets, the catalogue cache). The client is thread-safe and holds no connection of its
own (the pool does), so one per pool serves every operation.
"""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class ReusedClientRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class ReusedClientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusedClientRedisCacheClient
