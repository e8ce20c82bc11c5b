"""The catalogue cache on a real Redis (database 12, a key prefix of its own per test)."""

from __future__ import annotations

import uuid

import pytest
import redis

REDIS_DB = 12
REDIS_URL = f"redis://127.0.0.1:6379/{REDIS_DB}"


@pytest.fixture(autouse=True)
def catalogue_cache(settings):
    """Cache catalogue pages in Redis, as production does; every test starts with none."""
    prefix = f"test-{uuid.uuid4().hex}"
    settings.CACHES = {
        **settings.CACHES,
        "catalogue": {
            "BACKEND": "cardsite.redis_cache.ReusedClientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": prefix,
        },
    }
    yield
    client = redis.Redis(host="127.0.0.1", port=6379, db=REDIS_DB)
    for name in client.scan_iter(match=f"{prefix}:*", count=1000):
        client.delete(name)
