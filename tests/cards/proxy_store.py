"""The proxy files a test's media folder (the `media` fixture) holds."""

from __future__ import annotations

from pathlib import Path


def stored(media: Path) -> list[str]:
    folder = media / "proxies"
    return sorted(path.name for path in folder.iterdir()) if folder.is_dir() else []
