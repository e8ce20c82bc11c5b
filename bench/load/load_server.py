"""Load benchmark: gunicorn started, checked, warmed up and stopped, and its log read.
Part of bench/load/run.py.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from load_setup import BIN, HOST, ROOT

STOP_SECONDS = 20


def start_gunicorn(args, env: dict, port: int) -> subprocess.Popen:
    command = [
        str(BIN / "gunicorn"),
        "cardsite.wsgi",
        "--bind",
        f"{HOST}:{port}",
        "--workers",
        str(args.workers),
        "--worker-class",
        args.worker_class,
        "--threads",
        str(args.threads),
        "--timeout",
        "60",
        "--graceful-timeout",
        "10",
        "--backlog",
        "2048",
        # gthread keeps connections open between requests: longer than a simulated user's
        # think time, or gunicorn closes one just as locust reuses it ("HTTP 0").
        "--keep-alive",
        str(args.keep_alive),
    ]
    log = open(args.work / "gunicorn.log", "wb")  # noqa: SIM115 — closed with the process
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    process.log = log
    return process


def stop_process(process: subprocess.Popen | None, name: str) -> None:
    """SIGTERM, then SIGKILL to the whole process group after STOP_SECONDS."""
    if process is None:
        return
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(STOP_SECONDS)
        except subprocess.TimeoutExpired:
            print(f"{name} did not stop in {STOP_SECONDS} s: killing it", file=sys.stderr)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)  # whatever is left of the group
    process.wait(5)
    if getattr(process, "log", None):
        process.log.close()


def wait_healthy(base: str, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("gunicorn exited at start; see its log above")
        try:
            with urllib.request.urlopen(f"{base}/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except (OSError, urllib.error.URLError):
            pass
        time.sleep(0.3)
    raise SystemExit(f"gunicorn did not answer /healthz within {seconds:.0f} s")


def warm_up(base: str, data: dict, rounds: int) -> None:
    """Every worker imports its views, compiles templates and opens its database connection
    before the measured run (spread over several connections so every worker gets some)."""
    deck = next(d for d in data["decks"] if d["visibility"] != "private")
    token = {"Authorization": f"Token {data['users'][0]['token']}"}
    real = data["cards"]["real_ids"]
    lists = data["lists"]
    gets = [
        "/",
        "/cards/?q=dragon",
        "/cards/?q=level%3Aperfect&view=list",
        f"/cards/{real[0]}/",
        f"/cards/{real[-1]}/",
        f"/decks/{deck['id']}/",
        "/decks/",
        "/api/cards/?q=attr%3Afire",
        f"/api/cards/{real[1]}/",
        "/api/cards/autocomplete/?q=Red",
        f"/api/decks/{deck['id']}/",
        "/api/decks/?mine=1",
    ]
    posts = [
        ("/api/decks/validate/", {"game": lists[0]["game"], "list": lists[0]["list"]}),
        ("/api/goldfish/", {"game": deck["game"], "deck": deck["id"], "games": 20}),
        # queued for the workers (202); none need run: the benchmark measures the web side
        (
            "/api/jobs/",
            {"kind": "goldfish", "game": deck["game"], "deck": deck["id"], "games": 3000},
        ),
    ]

    def call(item):
        if isinstance(item, str):
            request = urllib.request.Request(base + item, headers=token)
        else:
            path, payload = item
            request = urllib.request.Request(
                base + path,
                data=json.dumps(payload).encode(),
                headers={**token, "Content-Type": "application/json"},
            )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                response.read()
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    with ThreadPoolExecutor(max_workers=4) as pool:
        statuses = list(pool.map(call, gets * rounds))
    # One after another: the site plays one simulation at a time per account
    # (SIMULATIONS_PER_ACCOUNT), so two goldfish runs of this one token side by side, on a
    # slow machine, got 429 `busy` and stopped the benchmark before it began.
    statuses += [call(item) for item in posts * rounds]
    bad = [s for s in statuses if s not in (200, 202)]
    if bad:
        raise SystemExit(f"warm-up: {len(bad)} requests did not answer 200: {sorted(set(bad))}")


def errors_in_log(path: Path) -> None:
    """Server-side errors (tracebacks, worker timeouts) are worth seeing even when every
    response was a 200 (e.g. a worker restarted between requests)."""
    if not path.exists():
        return
    lines = path.read_text(errors="replace").splitlines()
    bad = [
        line
        for line in lines
        if '"status": 5' in line or "Traceback" in line or "WORKER TIMEOUT" in line
    ]
    if bad:
        print(f"gunicorn log: {len(bad)} error lines, e.g.:", file=sys.stderr)
        for line in bad[:5]:
            print("  " + line[:300], file=sys.stderr)
