"""Load benchmark: the CPU used by gunicorn, PostgreSQL and the machine, and waiting for
an idle machine before a run. Part of bench/load/run.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from load_setup import HOST, ROOT

# PAD goldfish games timed on one process for the machine's single-core speed (~1 s).
SPEED_GAMES = 3000


def _proc_cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """CPU seconds of a process and its live children (gunicorn's master and workers)."""
    total = _proc_cpu(pid)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                total += _proc_cpu(int(entry.name))
    return total


class PostgresCpu:
    """CPU seconds of the PostgreSQL backends serving the benchmark database, sampled twice a
    second: Django reconnects every DB_CONN_MAX_AGE (60 s), and a backend that has exited
    can no longer be read, so at most its last half second is missed."""

    def __init__(self, args):
        self.args = args
        self.baseline: dict[int, float] = {}  # backends alive at the start, and their CPU
        self.last: dict[int, float] = {}
        self.ready = threading.Event()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._loop, daemon=True)

    def _sample(self, connection) -> None:
        rows = connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", (self.args.database,)
        ).fetchall()
        for (pid,) in rows:
            self.last[pid] = max(_proc_cpu(pid), self.last.get(pid, 0.0))

    def _loop(self) -> None:
        import psycopg

        with psycopg.connect(
            host=HOST,
            port=self.args.pg_port,
            user=self.args.pg_user,
            dbname="postgres",
            autocommit=True,
        ) as connection:
            self._sample(connection)
            self.baseline = dict(self.last)
            self.ready.set()
            while not self.done.wait(0.5):
                self._sample(connection)
            self._sample(connection)

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(10)

    def stop(self) -> float:
        """CPU seconds used since start (a backend born meanwhile counts whole)."""
        self.done.set()
        self.thread.join(10)
        return sum(cpu - self.baseline.get(pid, 0.0) for pid, cpu in self.last.items())


def machine_cpu() -> tuple[float, float]:
    """(busy, total) jiffies of the whole machine."""
    values = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values) - idle, sum(values)


def busy_pct(seconds: float = 2.0) -> float:
    busy_before, total_before = machine_cpu()
    time.sleep(seconds)
    busy_after, total_after = machine_cpu()
    return 100 * (busy_after - busy_before) / max(1, total_after - total_before)


def wait_for_quiet(limit_s: float, threshold: float = 15.0) -> float:
    """Other work on the machine skews every figure: wait up to `limit_s` for the cores to be
    idle (< threshold % busy with the server idle); returns the last busy figure."""
    deadline = time.monotonic() + limit_s
    busy = busy_pct()
    while busy >= threshold and time.monotonic() < deadline:
        print(f"  machine {busy:.0f} % busy before the run: waiting for quiet", flush=True)
        time.sleep(3)
        busy = busy_pct()
    if busy >= threshold:
        print(f"  WARNING: machine {busy:.0f} % busy with other work: figures are pessimistic")
    return round(busy, 1)


def single_core_speed(games: int = SPEED_GAMES) -> int:
    """PAD goldfish games per second on one process (bench/goldfish_pad.py: its starter
    deck, greedy, seed 1), measured in the same run as the load figures: the machine's
    single-core speed, printed beside them so runs on other machines can be compared
    (issue 30). CPU per request scales with it; a latency under saturation does not."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "goldfish_pad.py"), "--games", str(games)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)["one_process"]["games_per_s"]
