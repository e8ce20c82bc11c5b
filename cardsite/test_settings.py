"""Settings for the test suite: the normal settings plus a fixed key and fast hashing."""

import os
import tempfile
from pathlib import Path

os.environ.setdefault("SECRET_KEY", "tests-only-not-secret-0123456789-abcdefghijklmnopqrstuvwxyz")
# Jobs queued by tests go to an embedded queue of their own (a worker process started by a
# test inherits the folder), never to a Redis queue shared with a running site; a test (or
# its worker) that needs Redis as the broker sets TEST_CELERY_BROKER_URL.
os.environ.setdefault("JOB_QUEUE_DIR", tempfile.mkdtemp(prefix="cardsite-test-queue-"))
os.environ["CELERY_BROKER_URL"] = os.environ.get("TEST_CELERY_BROKER_URL", "filesystem://")

from cardsite import settings as base  # noqa: E402
from cardsite.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MEDIA_ROOT = Path(tempfile.mkdtemp(prefix="cardsite-test-media-"))
STORAGES = {
    **base.STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Serve static files from the apps' folders, as in development: tests run without collectstatic.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True

# The suite calls the goldfish API far more often than a person would.
REST_FRAMEWORK = {
    **base.REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {"anon": None, "user": None, "goldfish": None, "login": None},
}
# The goldfish budget is off too; tests/goldfish/test_budget.py turns it on.
GOLDFISH_BUDGET_ANON = None
GOLDFISH_BUDGET_USER = None
# The render budget too; tests/decks/test_render_budget.py turns it on.
RENDER_BUDGET_ANON = None
RENDER_BUDGET_USER = None

if base.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, not shared-cache memory: concurrent-writer tests need SQLite's real locking
    # (busy waits), which in-memory shared cache replaces with immediate "table is locked".
    test_db = Path(tempfile.mkdtemp(prefix="cardsite-test-db-")) / "test.sqlite3"
    DATABASES = {"default": {**base.DATABASES["default"], "TEST": {"NAME": str(test_db)}}}

# The pages' matchups play in the request as before issue 29 (no worker runs beside the
# test server); tests/engine/test_stored_runs.py puts the site's default back.
PAGE_MATCH_SYNC_GAMES = 20_000

# The catalogue cache (cards/cache.py) is off in the suite even with REDIS_URL set: test
# data is bulk-inserted and rolled back without the signals that bump its version.
# tests/load_cache turns it on (Redis database 12) with a key prefix per test.
CACHES = {**CACHES, "catalogue": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}  # noqa: F405
