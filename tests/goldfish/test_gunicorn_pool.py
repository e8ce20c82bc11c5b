"""Issue 11 item 2, end to end: the real gunicorn (sync workers, DEBUG=0) answers ten
goldfish batches of 5,000 games (the process-pool path) within the time limit, and no pool
process outlives its request or the server.

Before the fix a pool forked in a gunicorn worker kept gunicorn's SIGTERM handler, so
`Pool.terminate()` could not stop it: requests hung until gunicorn killed the worker and
pool processes stayed behind forever.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tests.proc import children, descendants, identity, is_running, kill_all, wait_until

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
TIME_LIMIT = 20  # GOLDFISH_API_TIME_LIMIT given to the server
WORKER_TIMEOUT = 30  # gunicorn --timeout, above the goldfish limit as in production
REQUESTS, GAMES = 10, 5000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def server_env(directory: str) -> dict:
    return dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        DJANGO_SETTINGS_MODULE="tests.goldfish.gunicorn_settings",
        DEBUG="0",
        SECRET_KEY="gunicorn-pool-test-" + "k" * 40,
        DATABASE_URL=f"sqlite:///{directory}/db.sqlite3",
        ALLOWED_HOSTS="127.0.0.1",
        REDIS_URL="",
        STATIC_ROOT=directory,
        MEDIA_ROOT=directory,
        REQUEST_LOG="0",
        API_ANON_RATE="10000/minute",
        GOLDFISH_API_RATE="10000/minute",
        GOLDFISH_API_TIME_LIMIT=str(TIME_LIMIT),
    )


def manage(env: dict, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def post(url: str, body: dict) -> tuple[int, float, str]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    start = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=TIME_LIMIT + 5) as response:
            status, text = response.status, ""
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()[:300]
    except OSError as error:  # timed out, or the worker was killed
        status, text = 0, str(error)
    return status, time.monotonic() - start, text


class PoolWatcher(threading.Thread):
    """Records every grandchild of the gunicorn master (its workers' pool processes)."""

    def __init__(self, master: int):
        super().__init__(daemon=True)
        self.master, self.seen, self.stop = master, set(), threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            for worker in children(self.master):
                self.seen |= {identity(pid) for pid in descendants(worker)} - {None}
            time.sleep(0.02)


@contextlib.contextmanager
def gunicorn(env: dict, *, workers: int, timeout: int):
    """The real gunicorn on a free port: yields its address and the master process."""
    port = free_port()
    master = subprocess.Popen(
        [
            BIN / "gunicorn",
            "cardsite.wsgi",
            "-w",
            str(workers),
            "-b",
            f"127.0.0.1:{port}",
            "--timeout",
            str(timeout),
            "--graceful-timeout",
            "5",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        assert wait_until(lambda: _healthy(base), 30), "gunicorn did not start"
        yield base, master
    finally:
        master.send_signal(signal.SIGTERM)
        try:
            master.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(master.pid, signal.SIGKILL)
            master.wait()


def test_gunicorn_answers_ten_pool_batches_in_time_and_leaves_no_pool_process(site):
    env, deck = site
    with gunicorn(env, workers=2, timeout=WORKER_TIMEOUT) as (base, master):
        watcher = PoolWatcher(master.pid)
        try:
            workers = children(master.pid)
            watcher.start()
            bodies = [
                {"game": "pad", "list": deck, "games": GAMES, "seed": seed}
                for seed in range(REQUESTS)
            ]
            with ThreadPoolExecutor(2) as clients:  # both workers busy at once
                answers = list(clients.map(lambda b: post(f"{base}/api/goldfish/", b), bodies))
            assert [status for status, _, _ in answers] == [200] * REQUESTS, answers
            assert max(seconds for _, seconds, _ in answers) < TIME_LIMIT
            assert watcher.seen, "no request used a process pool"
            # No pool process outlives its request: the workers are idle and childless.
            assert wait_until(lambda: not any(descendants(w) for w in workers), 5)
        finally:
            watcher.stop.set()
    left = [p for p in watcher.seen if is_running(p)]
    kill_all(left)
    assert left == [], "pool processes outlived gunicorn"


def test_a_request_gunicorn_times_out_still_answers_json_and_leaves_no_pool_process(site):
    """Issue 11 item 12: past gunicorn's --timeout the worker is stopped mid-request (SIGABRT
    raises SystemExit in it); the client still reads a JSON 503, not a dropped connection."""
    env, deck = site
    env = {**env, "GOLDFISH_API_TIME_LIMIT": "100"}  # the server's timeout comes first
    env["JOB_SYNC_GAMES"] = "100000"  # played in the request, not queued as a job
    with gunicorn(env, workers=1, timeout=2) as (base, master):
        watcher = PoolWatcher(master.pid)
        watcher.start()
        try:
            body = {"game": "pad", "list": deck, "games": 100_000}
            status, seconds, text = post(f"{base}/api/goldfish/", body)
        finally:
            watcher.stop.set()
        assert status == 503, text
        assert json.loads(text)["code"] == "worker_timeout"
        assert watcher.seen, "the batch did not use a process pool"
        assert wait_until(lambda: not any(is_running(p) for p in watcher.seen), 5)


def _healthy(base: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base}/healthz", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False
