"""The README's run command starts the site with the starter catalogue (issue 2)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.request

import pytest
from django.conf import settings


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def running_site(tmp_path):
    port = free_port()
    env = os.environ | {"DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    process = subprocess.Popen(
        ["make", "run", f"PORT={port}"],
        cwd=settings.BASE_DIR,
        env=env,
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield f"http://127.0.0.1:{port}", process
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
        process.stdout.close()


def wait_for(url: str, process: subprocess.Popen, seconds: float = 90) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"make run exited: {process.stdout.read()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return response.read().decode()
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"nothing answered on {url} within {seconds} s")


def test_make_run_serves_the_home_page_with_the_starter_catalogue(running_site):
    base, process = running_site
    page = wait_for(base + "/", process)
    assert "Card catalogue" in page
    assert 'data-kind="pet">' in page and 'data-kind="combo">7<' in page
