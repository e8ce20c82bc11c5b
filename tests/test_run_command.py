"""The README's run command starts the site with the starter catalogue (issue 2) and, with no
Redis, one job worker on the embedded queue that plays the jobs; Ctrl-C stops both, leaving
no worker behind (issue 14)."""

from __future__ import annotations

import contextlib
import http.cookiejar
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings

from tests.proc import PROC, wait_until

SIZE = 300  # games: above the site's synchronous size below, three chunks of 100


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def processes_with(marker: str) -> dict[int, str]:
    """{pid: command line} of the live processes whose environment holds `marker`."""
    found = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes().split(b"\0")
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker.encode() in environ and state != "Z":
            found[int(entry.name)] = command
    return found


@pytest.fixture
def site_env(tmp_path):
    """A fresh machine: its own SQLite file and queue folder, no Redis."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DJANGO_SETTINGS_MODULE", "REDIS_URL", "CELERY_BROKER_URL", "DEBUG"}
    }
    return env | {
        "DATABASE_URL": f"sqlite:///{tmp_path / 'site.sqlite3'}",
        "JOB_QUEUE_DIR": str(tmp_path / "queue"),
        "JOB_SYNC_GAMES": "100",
        "JOB_CHUNK_GAMES": "100",
        "PYTHONUNBUFFERED": "1",
    }


@pytest.fixture
def running_site(site_env, tmp_path):
    port = free_port()
    log = (tmp_path / "make-run.log").open("w")
    process = subprocess.Popen(
        ["make", "run", f"PORT={port}", "WORKERS=2"],
        cwd=settings.BASE_DIR,
        env=site_env,
        start_new_session=True,
        stdout=log,
        stderr=subprocess.STDOUT,
        text=True,
    )
    process.log = tmp_path / "make-run.log"
    try:
        yield f"http://127.0.0.1:{port}", process
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
        log.close()
        # A failed test may leave a worker: never let it outlive the test.
        for pid in processes_with(f"JOB_QUEUE_DIR={site_env['JOB_QUEUE_DIR']}"):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def wait_for(url: str, process: subprocess.Popen, seconds: float = 90) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"make run exited: {Path(process.log).read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return response.read().decode()
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"nothing answered on {url} within {seconds} s")


def manage(env: dict, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


# One test for the whole life of `make run` (it takes ~12 s to start from nothing: migrate,
# load the catalogue, draw the proxies), not one start per check.
def test_make_run_serves_the_catalogue_plays_jobs_on_its_worker_and_ctrl_c_leaves_nothing(
    running_site, site_env, tmp_path
):
    base, process = running_site
    page = wait_for(base + "/", process)
    assert "Card catalogue" in page  # the home page, with the starter catalogue's counts
    assert 'data-kind="pet">' in page and 'data-kind="combo">7<' in page
    marker = f"JOB_QUEUE_DIR={site_env['JOB_QUEUE_DIR']}"
    workers = {pid: cmd for pid, cmd in processes_with(marker).items() if "celery" in cmd}
    assert len(workers) == 3, workers  # the worker and its two pool processes (WORKERS=2)

    deck = tmp_path / "fire.txt"
    script = f"from decks.starter_lists import pad_list; open({str(deck)!r}, 'w').write(pad_list())"
    manage(site_env, "shell", "--no-imports", "-c", script)  # a legal list of the site's cards

    # A run above the synchronous size, through the API over HTTP: 202, then done.
    browser = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    body = {"game": "pad", "list": deck.read_text(), "games": SIZE, "seed": 3}
    request = urllib.request.Request(
        base + "/api/goldfish/",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with browser.open(request, timeout=30) as response:
        assert response.status == 202
        url = response.headers["Location"]

    def job() -> dict:
        with browser.open(url, timeout=10) as answer:
            return json.load(answer)

    # Asked twice a second (the job page asks once): within the anonymous rate (300/minute)
    # however long a loaded machine takes.
    assert wait_until(lambda: job()["state"] not in ("queued", "running"), 90, every=0.5), job()
    answer = job()
    assert answer["state"] == "done", answer
    assert answer["progress"] == {"done": SIZE, "total": SIZE, "percent": 100}
    run = ["goldfish", "--list", str(deck), "--game", "pad", "--games", str(SIZE), "--seed", "3"]
    local = manage(site_env, *run, "--json")
    assert json.loads(local) == answer["report"]

    # The command line's --submit, played by the same worker: the local run's text exactly.
    assert manage(site_env, *run, "--submit") == manage(site_env, *run)

    # Ctrl-C in the terminal: SIGINT to the foreground process group.
    os.killpg(process.pid, signal.SIGINT)
    process.wait(timeout=60)
    assert wait_until(lambda: not processes_with(marker), 10), processes_with(marker)
    assert "Server and job worker stopped." in process.log.read_text()
