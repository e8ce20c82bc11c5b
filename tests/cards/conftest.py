from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def media(settings, tmp_path) -> Path:
    """A fresh, empty media folder: proxies and uploads drawn by one test only."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT
