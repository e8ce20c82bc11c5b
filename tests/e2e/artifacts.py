"""Where the browser tests save their screenshots: E2E_ARTIFACTS (default
`artifacts/e2e/`), in a folder per database so the two CI runs keep both sets."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from django.conf import settings
from django.db import connection


def artifacts_root() -> Path:
    root = Path(os.environ.get("E2E_ARTIFACTS") or settings.BASE_DIR / "artifacts" / "e2e")
    return root / connection.vendor


def clear_artifacts() -> None:
    shutil.rmtree(artifacts_root(), ignore_errors=True)
