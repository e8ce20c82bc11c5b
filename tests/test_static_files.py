"""`collectstatic` for production (WhiteNoise's compressed manifest storage, settings.py):
what browsers fetch is stored compressed beside it, the source maps only developer tools
fetch are not (with Brotli, they were about half of collectstatic's CPU; issue 29)."""

from __future__ import annotations

from whitenoise.compress import brotli_installed

from bench.collected_static import collected_static
from tests.gunicorn_server import production_env

# Brotli copies only where the brotli package is installed (WhiteNoise's choice); gzip always.
COMPRESSED = [".br", ".gz"] if brotli_installed else [".gz"]


def compressed(path) -> list[str]:
    return [suffix for suffix in (".br", ".gz") if path.with_name(path.name + suffix).exists()]


def test_collected_files_are_compressed_but_source_maps_are_not(tmp_path):
    root = collected_static(production_env(str(tmp_path), "static-files"))
    assert compressed(root / "css" / "site.css") == COMPRESSED
    (bundle,) = root.glob("drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.*.js")
    assert compressed(bundle) == COMPRESSED  # the API documentation's script
    maps = list(root.rglob("*.map"))
    assert len(maps) >= 4  # the documentation's and the API browser's, each under two names
    assert {m.name: copies for m in maps if (copies := compressed(m))} == {}
