"""Issue 11 item 2: a batch's process pool, started inside a server worker that handles
SIGTERM itself (as gunicorn's workers do), always finishes or is torn down.

Each case runs a batch in a fresh Python process that installs gunicorn-like handlers (a
SIGTERM that only sets a flag), so the pool is forked the way it is in production.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.proc import is_running, kill_all, wait_until

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60  # far above the few seconds a case takes; reaching it means a hung pool

SCRIPT = """
import json, os, signal, sys, time
from engine.core import batch
from engine.core.recipes import GoldfishRecipe
from tests.engine.factories import starter_deck
from tests.proc import catches, children, identity, wait_until

flags = []
def graceful(number, frame):  # gunicorn's worker: SIGTERM only asks for a graceful exit
    flags.append(number)
for number in (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT, signal.SIGUSR1):
    signal.signal(number, graceful)

mode = sys.argv[1]
seen = {}
def progress(done, total):
    if seen:
        return
    workers = children(os.getpid())
    seen["workers"] = [identity(pid) for pid in workers]
    if mode == "error":  # while the workers are still busy with the other chunks
        raise RuntimeError("stop")
    if mode == "kill":  # the server kills a stuck worker outright
        print(json.dumps(seen), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    seen["sigterm_default"] = wait_until(
        lambda: not any(catches(pid, signal.SIGTERM) for pid in workers), 5
    )

games = (8 if mode == "finish" else 40) * batch.CHUNK  # the others stop while it is busy
deadline = time.monotonic() + 0.3 if mode == "deadline" else None
try:
    recipe = GoldfishRecipe(starter_deck(), "greedy", 30)
    batch.run_recipe(recipe, games=games, seed=1, going_first=None, processes=2,
                     progress=None if deadline else progress, deadline=deadline)
    seen["outcome"] = "finished"
except RuntimeError:
    seen["outcome"] = "stopped"
except batch.TimeLimit:
    seen["outcome"] = "time_limit"
seen["left"] = [identity(pid) for pid in children(os.getpid())]
print(json.dumps(seen))
"""


def run_batch_in_server_like_process(mode: str, *, killed: bool = False) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, mode],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own group: a hung pool can be killed as a whole
    )
    try:
        out, err = child.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        raise AssertionError(f"the batch hung for {TIMEOUT} s (pool never torn down)") from None
    if killed:
        assert child.returncode == -signal.SIGKILL, err
    else:
        assert child.returncode == 0, err
    return json.loads(out)


def test_pool_workers_of_a_server_worker_end_on_sigterm_and_the_batch_finishes():
    seen = run_batch_in_server_like_process("finish")
    assert len(seen["workers"]) == 2
    assert seen["sigterm_default"], "a pool worker kept the server's SIGTERM handler"
    assert seen["outcome"] == "finished"
    assert seen["left"] == []


def test_a_batch_stopped_midway_in_a_server_worker_leaves_no_pool_process():
    seen = run_batch_in_server_like_process("error")
    assert seen["outcome"] == "stopped"
    assert seen["left"] == []


def test_a_server_worker_killed_midway_leaves_no_orphan_pool_process():
    seen = run_batch_in_server_like_process("kill", killed=True)
    workers = [tuple(worker) for worker in seen["workers"]]
    assert len(workers) == 2
    try:
        gone = wait_until(lambda: not any(is_running(w) for w in workers), 10)
        assert gone, "pool processes outlived the worker that started them"
    finally:
        kill_all(workers)


def test_a_pool_batch_past_its_time_limit_stops_with_time_limit_and_leaves_no_worker():
    seen = run_batch_in_server_like_process("deadline")
    assert seen["outcome"] == "time_limit"
    assert seen["left"] == []
