"""Job workers' speed-up: one large matchup job on 1 and on 2 worker processes (issue 14).

    .venv/bin/python bench/jobs.py [--games 4000] [--chunk 1000] [--seed 1]
        [--broker auto|redis|filesystem] [--redis-db 14] [--smoke]

Builds a throw-away SQLite database (migrate + load_catalogue: bench/prepared_db.py) in a
temporary folder, then
queues one PAD matchup job, a mono-fire deck against the seven reference decks of the
gauntlet (`--games` each), and times it from submission to report with `celery -A cardsite
worker` started with one and then with two pool processes (the worker's start-up is not
timed). The same plan is played in this process with `Plan.run(processes=1)` and
`processes=2` in the same run, and every report must be the in-process one byte for byte.
The broker is Redis (`--redis-db`, a queue of the run's own) when it answers on
127.0.0.1:6379, else the embedded filesystem queue. Prints JSON: games/s of each, the
speed-ups, and the per-core rate with the worker machines a million-game gauntlet needs to
finish in one minute. Target: 2 workers ≥ 1.7 × one worker.

Two more scenarios (issue 24), each with its own figures:

    --scenario fairness [--big-games 100000 --big-jobs 4 --small-games 6000 --processes 2]
        one client queues 4 × 100,000 goldfish games, then another client a 6,000-game job:
        seconds until the small job started (a worker took its first chunk) and finished.
    --scenario lost-worker [--lease 30]
        the embedded queue, two workers of one process; the one playing a chunk is SIGKILLed
        (main process and pool): seconds until another worker took the lost chunk again,
        and until the job was done (its report the in-process one, byte for byte).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_SPEEDUP = 1.7  # 2 worker processes against 1 (issue 14)
MILLION, MINUTE = 1_000_000, 60  # the README's scale-out on paper
SMOKE_GAMES, SMOKE_CHUNK = 60, 60  # a few seconds: the figures mean nothing
WORKER_START_SECONDS = 60
SECRET_KEY = "bench-only-not-secret-0123456789-abcdefghij"  # the site's settings, no DEBUG


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000, help="games against each opponent")
    parser.add_argument(
        "--chunk",
        type=int,
        default=None,
        help="games a chunk (JOB_CHUNK_GAMES; 1000, and 20000 for lost-worker: seconds each)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--broker", choices=["auto", "redis", "filesystem"], default="auto")
    parser.add_argument("--redis-db", type=int, default=14)
    parser.add_argument("--smoke", action="store_true", help="a tiny run that only checks it works")
    parser.add_argument(
        "--scenario", choices=["speedup", "fairness", "lost-worker"], default="speedup"
    )
    parser.add_argument("--big-games", type=int, default=100_000, help="fairness: games a job")
    parser.add_argument("--big-jobs", type=int, default=4, help="fairness: the first client's jobs")
    parser.add_argument("--small-games", type=int, default=6000, help="fairness: the small job")
    parser.add_argument("--processes", type=int, default=2, help="fairness: worker processes")
    parser.add_argument("--lease", type=int, default=None, help="lost-worker: JOB_LEASE_SECONDS")
    args = parser.parse_args()
    if args.chunk is None:
        args.chunk = 20_000 if args.scenario == "lost-worker" else 1000
    if args.smoke:
        args.games, args.chunk = SMOKE_GAMES, SMOKE_CHUNK
    return args


def redis_answers(url: str) -> bool:
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=1)
        client.ping()
        client.close()
        return True
    except redis.RedisError:
        return False


def broker_environment(args: argparse.Namespace, folder: Path) -> dict[str, str]:
    """The variables the settings read for the broker, for this process and its workers."""
    url = f"redis://127.0.0.1:6379/{args.redis_db}"
    use_redis = args.broker == "redis" or (args.broker == "auto" and redis_answers(url))
    if args.broker == "redis" and not redis_answers(url):
        sys.exit(f"--broker redis: nothing answers at {url}")
    return {
        "CELERY_BROKER_URL": url if use_redis else "filesystem://",
        "CELERY_QUEUE": f"cardsite-bench-{uuid.uuid4().hex[:12]}",
        "JOB_QUEUE_DIR": str(folder / "queue"),
    }


def set_up(folder: Path, broker: dict[str, str]) -> dict[str, str]:
    """Django on a fresh SQLite database with the catalogue; the workers' environment."""
    env = {
        "DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}",
        "SECRET_KEY": SECRET_KEY,
        "DJANGO_SETTINGS_MODULE": "cardsite.settings",
        **broker,
    }
    for name in ("REDIS_URL", "DEBUG"):  # no shared cache, no debug query log
        os.environ.pop(name, None)
    os.environ.update(env)
    from bench.prepared_db import prepared_sqlite

    prepared_sqlite(folder / "bench.sqlite3")  # migrated, with the catalogue
    import django

    django.setup()
    return env


class Worker:
    """`celery -A cardsite worker -c N` in a process group of its own."""

    def __init__(self, env: dict[str, str], processes: int, log: Path):
        command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "cardsite",
            "worker",
            "--loglevel=INFO",
            f"--concurrency={processes}",
            f"--hostname=bench{processes}-{uuid.uuid4().hex[:6]}@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ]
        self.log = log
        with log.open("w") as out:
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=os.environ | env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + WORKER_START_SECONDS
        while "ready." not in log.read_text(errors="replace"):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                sys.exit(f"the worker did not start:\n{log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL the main process and its pool at once, as a machine that dies would."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        """Warm shutdown (the queue is empty), then the group is killed if anything lingers.
        SIGTERM goes to the main process only: pool processes killed under it leave its
        shutdown waiting for them."""
        try:
            self.process.terminate()
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            pass
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


def on_workers(plan, env: dict[str, str], processes: int, chunk: int, folder: Path) -> dict:
    """Seconds from submission to report with a worker of `processes` pool processes."""
    from engine.jobs import services
    from engine.models import DONE, UNFINISHED, Job

    worker = Worker(env, processes, folder / f"worker-{processes}.log")
    try:
        start = time.perf_counter()
        job = services.submit(
            plan,
            kind="matchup",
            game="pad",
            owner=services.Owner(None, "bench"),
            chunk_games=chunk,
        )
        while (state := Job.objects.filter(pk=job.pk).values_list("state", flat=True)[0]) in (
            UNFINISHED
        ):
            time.sleep(0.02)
        seconds = time.perf_counter() - start
    finally:
        worker.stop()
    job.refresh_from_db()
    if state != DONE:
        sys.exit(f"the job ended {state}: {job.error_code} {job.error_message}")
    return {"seconds": seconds, "report": job.report}


def figures(seconds: float, games: int) -> dict:
    return {"seconds": round(seconds, 3), "games_per_s": round(games / seconds)}


def scale_out(per_core: float) -> dict:
    """Worker cores and machines for a million-game gauntlet in one minute, at this rate."""
    cores = math.ceil(MILLION / MINUTE / per_core)
    return {
        "games": MILLION,
        "seconds": MINUTE,
        "games_per_s_needed": round(MILLION / MINUTE),
        "worker_cores": cores,
        "machines": {f"{n}_cores": math.ceil(cores / n) for n in (2, 8, 32)},
    }


def job_state(job_id: str) -> tuple:
    from engine.models import Job

    return Job.objects.filter(pk=job_id).values_list("state", "started", "created")[0]


def fairness(args: argparse.Namespace, env: dict[str, str], folder: Path) -> dict:
    """Seconds a small job waits while another client has a big backlog queued."""
    from decks.starter_lists import pad_list
    from engine.jobs import services
    from engine.models import DONE, UNFINISHED, Job
    from engine.services import GoldfishRequest, entries_for, goldfish_plan_for

    def plan(games: int, seed: int):
        entries = entries_for("pad", text=pad_list())
        return goldfish_plan_for(GoldfishRequest("pad", entries, games=games, seed=seed))

    def submit(games: int, seed: int, client: str):
        owner = services.Owner(None, client)
        return services.submit(
            plan(games, seed), kind="goldfish", game="pad", owner=owner, chunk_games=args.chunk
        )

    worker = Worker(env, args.processes, folder / "worker-fairness.log")
    try:
        big = [submit(args.big_games, n, "bench-big") for n in range(args.big_jobs)]
        while job_state(big[0].pk)[0] == "queued":
            time.sleep(0.02)
        time.sleep(1)  # the backlog is being played
        start = time.perf_counter()
        small = submit(args.small_games, 99, "bench-small")
        started = None
        while (state := job_state(small.pk))[0] in UNFINISHED:
            if started is None and state[1] is not None:
                started = time.perf_counter() - start
            time.sleep(0.02)
        done = time.perf_counter() - start
        big_done = sum(
            Job.objects.filter(pk__in=[j.pk for j in big]).values_list("games_done", flat=True)
        )
        for job in big:
            services.cancel(job)
    finally:
        worker.stop()
    if state[0] != DONE:
        sys.exit(f"the small job ended {state[0]}")
    return {
        "scenario": "fairness",
        "queued_before": {"jobs": args.big_jobs, "games": args.big_jobs * args.big_games},
        "small_job_games": args.small_games,
        "chunk_games": args.chunk,
        "worker_processes": args.processes,
        "small_job_started_after_s": round(started if started is not None else done, 2),
        "small_job_done_after_s": round(done, 2),
        "big_backlog_games_played_meanwhile": big_done,
    }


def lost_worker(args: argparse.Namespace, env: dict[str, str], folder: Path) -> dict:
    """Seconds until a SIGKILLed worker's chunk is played by another worker."""
    from django.conf import settings

    from decks.starter_lists import pad_list
    from engine.jobs import services
    from engine.models import DONE, UNFINISHED, Job, JobChunk
    from engine.services import GoldfishRequest, entries_for, goldfish_plan_for

    lease = settings.JOB_LEASE_SECONDS
    run = GoldfishRequest("pad", entries_for("pad", text=pad_list()), games=4 * args.chunk)
    plan = goldfish_plan_for(run)
    reference = json.dumps(plan.run(processes=1), ensure_ascii=False)
    first = Worker(env, 1, folder / "worker-lost-1.log")
    second = Worker(env, 1, folder / "worker-lost-2.log")
    try:
        owner = services.Owner(None, "bench")
        job = services.submit(
            plan, kind="goldfish", game="pad", owner=owner, chunk_games=args.chunk
        )
        doomed = None
        while doomed is None:
            for chunk in JobChunk.objects.filter(job=job, leased_until__isnull=False):
                pid = int(chunk.worker.rsplit(":", 1)[1])
                if parent_of(pid) == first.process.pid:
                    doomed = chunk
            time.sleep(0.02)
        time.sleep(0.5)  # mid-chunk
        first.kill()
        killed = time.perf_counter()
        while not JobChunk.objects.filter(pk=doomed.pk, attempts__gte=2).exists():
            time.sleep(0.05)
        taken_again = time.perf_counter() - killed
        while (state := job_state(job.pk)[0]) in UNFINISHED:
            time.sleep(0.05)
        done = time.perf_counter() - killed
    finally:
        first.stop()
        second.stop()
    report = Job.objects.get(pk=job.pk).report
    if state != DONE:
        sys.exit(f"the job ended {state}")
    return {
        "scenario": "lost-worker",
        "broker": "filesystem",
        "lease_seconds": lease,
        "chunk_games": args.chunk,
        "chunk_taken_again_after_s": round(taken_again, 2),
        "job_done_after_kill_s": round(done, 2),
        "same_report": report == reference,
    }


def parent_of(pid: int) -> int | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(text[text.rindex(")") + 2 :].split()[1])


def main() -> None:
    args = arguments()
    load = round(os.getloadavg()[0], 2)  # other work on the machine skews every figure
    folder = Path(tempfile.mkdtemp(prefix="cardsite-bench-jobs-"))
    if args.scenario == "lost-worker":
        args.broker = "filesystem"  # the broker that loses a killed worker's message
        if args.lease is not None:
            os.environ["JOB_LEASE_SECONDS"] = str(args.lease)
    try:
        env = set_up(folder, broker_environment(args, folder))
        if args.lease is not None:
            env["JOB_LEASE_SECONDS"] = str(args.lease)
        if args.scenario != "speedup":
            scenario = fairness if args.scenario == "fairness" else lost_worker
            report = {**scenario(args, env, folder), "load_average_before": load}
            print(json.dumps(report, ensure_ascii=False, indent=2))
            return
        from decks.starter_lists import pad_list
        from engine.matchup_services import MatchupRequest, gauntlet, match_deck, matchup_plan_for

        run = MatchupRequest(
            game="pad",
            deck=match_deck("pad", text=pad_list("fire"), name="Fire"),
            opponents=gauntlet("pad"),
            games=args.games,
            seed=args.seed,
        )
        plan = matchup_plan_for(run)
        total = plan.total

        start = time.perf_counter()
        reference = json.dumps(plan.run(processes=1), ensure_ascii=False)
        in_one = time.perf_counter() - start
        start = time.perf_counter()
        in_two_report = json.dumps(plan.run(processes=2), ensure_ascii=False)
        in_two = time.perf_counter() - start
        one = on_workers(plan, env, 1, args.chunk, folder)
        two = on_workers(plan, env, 2, args.chunk, folder)

        per_core = total / two["seconds"] / 2  # what each core gives when all of them work
        report = {
            "job": f"PAD matchup: mono-fire against the {len(run.opponents)}-deck gauntlet",
            "games": total,
            "chunk_games": args.chunk,
            "chunks": len(plan.chunks(args.chunk)),
            "broker": env["CELERY_BROKER_URL"].split("://")[0],
            "cpu_count": os.cpu_count(),
            "load_average_before": load,
            "in_process": {
                "one_process": figures(in_one, total),
                "two_processes": figures(in_two, total),
                "speedup": round(in_one / in_two, 2),
            },
            "workers": {
                "one_process": figures(one["seconds"], total),
                "two_processes": figures(two["seconds"], total),
                "speedup": round(one["seconds"] / two["seconds"], 2),
                "target_speedup": TARGET_SPEEDUP,
                "meets_target": one["seconds"] / two["seconds"] >= TARGET_SPEEDUP,
            },
            "same_report": reference == in_two_report == one["report"] == two["report"],
            "per_core_games_per_s": round(per_core),
            "million_game_gauntlet_in_one_minute": scale_out(per_core),
        }
        print(json.dumps(report, ensure_ascii=False, indent=2))
    finally:
        forget_queue(os.environ.get("CELERY_BROKER_URL", ""), os.environ.get("CELERY_QUEUE", ""))
        shutil.rmtree(folder, ignore_errors=True)


def forget_queue(url: str, queue: str) -> None:
    """Leave nothing of the run's queue in Redis (its list is empty once the job is done)."""
    if url.startswith("redis://") and queue:
        import redis

        from cardsite.job_queues import background_queue

        client = redis.Redis.from_url(url)
        for name in (queue, background_queue(queue)):
            client.delete(name, f"_kombu.binding.{name}", f"_kombu.binding_permanent.{name}")
        client.close()


if __name__ == "__main__":
    main()
