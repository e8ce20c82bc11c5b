"""`collectstatic`'s output for production-settings servers, collected once per machine.

With DEBUG off the site serves its static files from STATIC_ROOT through WhiteNoise's
compressed manifest storage, so a server started by a benchmark or a test needs them
collected first. That run compresses some 40 MB (the admin's and the API documentation's
bundles) with Brotli and gzip: 25-40 s of CPU each time, for the same output whenever the
sources are the same. Here it runs once per state of the sources — the project's static/
folder and the versions of the packages that ship static files — into a folder under the
system's temporary directory named by that state, which later runs and parallel test
workers share (a lock makes the first one collect while the others wait).
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

from bench.prepared_db import built_once

ROOT = Path(__file__).resolve().parents[1]
# The installed packages whose static files collectstatic copies (INSTALLED_APPS), and
# brotli: WhiteNoise writes Brotli copies only where it is installed, so an environment with
# it and one without (`make install` alone) must not share a folder.
STATIC_PACKAGES = (
    "django",
    "djangorestframework",
    "drf-spectacular-sidecar",
    "whitenoise",
    "brotli",
)


def sources_key() -> str:
    """A digest of everything collectstatic's output depends on."""
    digest = hashlib.sha256()
    for package in STATIC_PACKAGES:
        try:
            digest.update(f"{package}={metadata.version(package)}\n".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{package}=absent\n".encode())
    for path in sorted((ROOT / "static").rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    digest.update((ROOT / "cardsite" / "settings.py").read_bytes())
    return digest.hexdigest()[:16]


def collected_static(env: dict) -> Path:
    """A STATIC_ROOT holding the collected files for these sources (collected now with
    `env`'s settings if no earlier run did); to be read, never written."""

    def collect(partial: Path) -> None:
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"],
            cwd=ROOT,
            env={**env, "STATIC_ROOT": str(partial), "DEBUG": "0"},
            check=True,
            capture_output=True,
            timeout=600,
        )

    return built_once(Path(tempfile.gettempdir()) / f"cardsite-static-{sources_key()}", collect)
