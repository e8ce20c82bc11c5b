"""The site's gunicorn worker (cardsite/gunicorn_worker.py, issue 30): a connection wakes one
idle worker, not every one, and the workers still answer and stop as gunicorn's do. Linux,
as the site's servers and CI: the wake-ups are read from /proc."""

from __future__ import annotations

import runpy
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.gunicorn_server import ROOT, free_port
from tests.proc import wait_until

BIN = Path(sys.executable).parent
WORKERS = 4
REQUESTS = 60
APP = """
def app(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain")])
    return [b"ok"]
"""


def wakeups(pid: int) -> int:
    """How often the process went to sleep and was woken (voluntary context switches)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(
        next(line for line in status.splitlines() if line.startswith("voluntary_ctxt")).split()[1]
    )


def serve_and_count(tmp_path: Path, worker_class: str) -> tuple[int, float]:
    """(the idle workers' wake-ups over REQUESTS connections one at a time, the seconds the
    server took to stop on SIGTERM)."""
    (tmp_path / "hello.py").write_text(APP)
    port = free_port()
    server = subprocess.Popen(
        [
            str(BIN / "gunicorn"),
            "hello:app",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            str(WORKERS),
            "-k",
            worker_class,
            "--log-level",
            "warning",
        ],
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": str(BIN)},
    )
    try:
        base = f"http://127.0.0.1:{port}/"

        def answers():
            try:
                with urllib.request.urlopen(base, timeout=1) as response:
                    return response.read() == b"ok"
            except OSError:
                return False

        assert wait_until(answers, 30), "gunicorn did not answer"
        children = Path(f"/proc/{server.pid}/task/{server.pid}/children")
        assert wait_until(lambda: len(children.read_text().split()) == WORKERS, 30)
        workers = [int(pid) for pid in children.read_text().split()]
        time.sleep(0.3)  # every worker back to waiting
        before = sum(wakeups(pid) for pid in workers)
        for _ in range(REQUESTS):
            with urllib.request.urlopen(base, timeout=5) as response:
                assert response.read() == b"ok"
            time.sleep(0.01)  # the worker that answered is waiting again
        woken = sum(wakeups(pid) for pid in workers) - before
    finally:
        started = time.monotonic()
        server.send_signal(signal.SIGTERM)
        server.wait(30)
        stopped_in = time.monotonic() - started
    return woken, stopped_in


def test_a_connection_wakes_one_worker_and_the_workers_stop_at_once(tmp_path):
    woken, stopped_in = serve_and_count(tmp_path, "cardsite.gunicorn_worker.ExclusiveSyncWorker")
    # gunicorn's own sync worker is woken in all four workers per connection (>= 240 here);
    # the one that accepts sleeps a few times while it answers
    assert woken < 2.5 * REQUESTS, woken
    assert stopped_in < 5


def test_the_site_runs_it():
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert settings["worker_class"] == "cardsite.gunicorn_worker.ExclusiveSyncWorker"
