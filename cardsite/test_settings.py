"""Settings for the test suite: the normal settings plus a fixed key and fast hashing."""

import os
import tempfile

os.environ.setdefault("SECRET_KEY", "tests-only-not-secret")

from cardsite.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MEDIA_ROOT = Path(tempfile.mkdtemp(prefix="cardsite-test-media-"))  # noqa: F405
STORAGES = {**STORAGES, "staticfiles": {  # noqa: F405
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
}}
