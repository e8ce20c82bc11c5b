"""Issue 24, low item, end to end: the real gunicorn, started in the project folder as the
README starts it, answered an /api/ address over 4 KB with its own HTML 400 (its
`limit_request_line` was 4094 bytes). gunicorn.conf.py raises it to 8190, gunicorn's most:
such addresses reach the site, which answers JSON 414 `uri_too_long`."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.proc import wait_until

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str) -> tuple[int, str, str]:
    """Status, Content-Type and body of a GET (an error status is an answer too)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"] or "", error.read().decode()


@pytest.fixture(scope="module")
def site():
    """gunicorn cardsite.wsgi in the project folder (so it reads gunicorn.conf.py), DEBUG off.
    No database is needed: the answers under test come before any query."""
    with tempfile.TemporaryDirectory(prefix="cardsite-long-urls-") as directory:
        env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
        env |= {
            "PYTHONPATH": str(ROOT),
            "DJANGO_SETTINGS_MODULE": "cardsite.settings",
            "DEBUG": "0",
            "SECRET_KEY": "long-urls-gunicorn-test-not-secret-" + "x7Q" * 10,
            "DATABASE_URL": f"sqlite:///{directory}/db.sqlite3",
            "REDIS_URL": "",
            "CELERY_BROKER_URL": "filesystem://",
            "JOB_QUEUE_DIR": f"{directory}/queue",
            "ALLOWED_HOSTS": "127.0.0.1",
            "STATIC_ROOT": f"{directory}/static",
            "MEDIA_ROOT": directory,
            "REQUEST_LOG": "0",
        }
        port = free_port()
        master = subprocess.Popen(
            [BIN / "gunicorn", "cardsite.wsgi", "-w", "1", "-b", f"127.0.0.1:{port}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            assert wait_until(lambda: _listening(port), 60), "gunicorn did not start"
            yield base
        finally:
            master.send_signal(signal.SIGTERM)
            try:
                master.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(master.pid, signal.SIGKILL)
                master.wait()


def _listening(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
        return True
    return False


def address(base: str, size: int) -> str:
    """An /api/ address (path and query) of `size` bytes that names no endpoint."""
    head = "/api/no-such-endpoint/?padding="
    return base + head + "a" * (size - len(head))


@pytest.mark.parametrize("size", [5000, 8000])
def test_a_long_api_address_is_a_json_414_not_gunicorns_html_400(site, size):
    status, content_type, body = fetch(address(site, size))
    assert status == 414, body[:200]
    assert content_type == "application/json"
    assert json.loads(body)["code"] == "uri_too_long"


def test_an_api_address_within_the_limit_reaches_the_api(site):
    status, content_type, body = fetch(address(site, 4000))
    assert (status, content_type) == (404, "application/json")
    assert json.loads(body)["code"] == "not_found"
