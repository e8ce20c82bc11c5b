"""Load benchmark: one headless locust run and its figures. Part of bench/load/run.py."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

from load_cpu import PostgresCpu, machine_cpu, tree_cpu, wait_for_quiet
from load_report import summarise
from load_server import stop_process
from load_setup import HERE, ROOT, reset_redis


def run_locust(args, base: str, users: int, duration: int, label: str, server_pid: int) -> dict:
    prefix = args.work / f"locust-{label}"
    raw = args.work / f"raw-{label}.json"
    env = {
        **os.environ,
        "LOAD_DATA": str(args.work / "data.json"),
        "LOAD_RAW": str(raw),
        "LOAD_WAIT": args.wait,
        "LOAD_SEED": str(args.seed),
    }
    spawn_rate = args.spawn_rate or max(1, users // 2)
    command = [
        str(args.locust),
        "-f",
        str(HERE / "locustfile.py"),
        "--headless",
        "--users",
        str(users),
        "--spawn-rate",
        str(spawn_rate),
        "--run-time",
        f"{duration}s",
        "--host",
        base,
        "--csv",
        str(prefix),
        "--only-summary",
        "--stop-timeout",
        "10",
        "--loglevel",
        "WARNING",
    ]
    if args.locust_nice:
        command = ["nice", "-n", str(args.locust_nice), *command]
    log = args.work / f"locust-{label}.log"
    busy_before_run = wait_for_quiet(args.quiet_wait)
    reset_redis(args, throttles_only=True)  # every run starts with empty throttle counters
    children_before = os.times()
    server_before = tree_cpu(server_pid)
    postgres = PostgresCpu(args)
    postgres.start()
    busy_before, total_before = machine_cpu()
    with open(log, "wb") as out:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            process.wait(duration + 90)
        except subprocess.TimeoutExpired:
            print("locust overran its time: stopping it", file=sys.stderr)
        finally:
            stop_process(process, "locust")
    children_after = os.times()
    busy_after, total_after = machine_cpu()
    server_cores = (tree_cpu(server_pid) - server_before) / duration
    postgres_cores = postgres.stop() / duration
    if not raw.exists():
        sys.stderr.write(log.read_text(errors="replace")[-3000:])
        raise SystemExit("locust wrote no results")
    recorded = json.loads(raw.read_text())
    rows = recorded["rows"]
    started = recorded.get("started", min((r[4] for r in rows), default=0.0))
    spawned = recorded.get("spawned", started)
    stopped = recorded.get("stopped", max((r[4] for r in rows), default=spawned))
    # Latency and rate are the steady state's (every user running); failures count always.
    steady = [r for r in rows if spawned <= r[4] <= stopped]
    ramp = [r for r in rows if r[4] < spawned]
    locust_cpu = (children_after.children_user - children_before.children_user) + (
        children_after.children_system - children_before.children_system
    )
    failures = []
    failures_csv = Path(f"{prefix}_failures.csv")
    if failures_csv.exists():
        with failures_csv.open() as stream:
            failures = [
                (row["Name"], row["Error"], int(row["Occurrences"]))
                for row in csv.DictReader(stream)
            ]
    locust_cores = locust_cpu / duration
    # jiffies are per core: busy share x cores = cores in use, averaged over the run
    machine_cores = (busy_after - busy_before) / max(1, total_after - total_before)
    machine_cores *= os.cpu_count() or 1
    return {
        "label": label,
        "users": users,
        "duration_s": duration,
        "steady_s": round(stopped - spawned, 1),
        "ramp_up_s": round(spawned - started, 1),
        "ramp_up_requests": len(ramp),
        "requests_all": len(rows),
        "failures_all": sum(1 for r in rows if not r[3]),
        "summary": summarise(steady, max(1.0, stopped - spawned)),
        "failures": failures,
        "cpu": {
            "gunicorn_cores": round(server_cores, 2),
            # gunicorn's CPU over every request it answered (ramp-up included, as its CPU
            # is): moves less from machine to machine than a latency under saturation
            "gunicorn_ms_per_request": round(server_cores * duration * 1000 / max(1, len(rows)), 2),
            "postgres_cores": round(postgres_cores, 2),
            "locust_cores": round(locust_cores, 2),
            "other_cores": round(
                max(0.0, machine_cores - server_cores - postgres_cores - locust_cores), 2
            ),
            "machine_busy_before_pct": busy_before_run,
            "machine_busy_pct": round(
                100 * (busy_after - busy_before) / max(1, total_after - total_before), 1
            ),
        },
    }
