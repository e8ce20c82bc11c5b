"""Real Celery worker processes (`celery -A cardsite worker`) for the tests of the job queue.

A worker plays chunks against the test database, so the tests that use one must commit what
it reads: `pytest.mark.django_db(transaction=True)`. Each broker fixture gives a queue of its
own (a fresh folder for the embedded filesystem queue; Redis database 13 with a queue name
unique to the test), so two test runs at once (SQLite and PostgreSQL in CI) never take each
other's chunks. Every worker is started in a process group of its own and the whole group
is killed at the end of the test, so no worker or pool process outlives it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import kombu.pools
import pytest
import redis
from django.conf import settings
from django.db import connection

from cardsite.celery import app
from cardsite.job_queues import FILESYSTEM_TRANSPORT, background_queue
from tests.proc import descendants, identity, is_running, kill_all, wait_until

REDIS_DB = 13  # the worker tests' own Redis database (tests/load_cache uses 12, the cache 15)
REDIS_URL = os.environ.get("TEST_REDIS_BROKER_URL", f"redis://127.0.0.1:6379/{REDIS_DB}")
START_SECONDS = 60  # a worker that has not said "ready" by then has failed to start
# The worker runs the site's settings (not the tests'): without DEBUG it needs a long key.
WORKER_SECRET_KEY = "tests-only-not-secret-worker-key-0123456789"


def database_url() -> str:
    """The test database as a DATABASE_URL, for a worker process to open the same one."""
    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.sqlite3":
        name = str(db["NAME"])
        # A file (cardsite/test_settings.py): a worker can open it; memory it could not.
        assert name != ":memory:" and "mode=memory" not in name, name
        return f"sqlite:///{name}"
    assert db["ENGINE"] == "django.db.backends.postgresql", db["ENGINE"]
    credentials = quote(db["USER"] or "", safe="")
    if db["PASSWORD"]:
        credentials += ":" + quote(db["PASSWORD"], safe="")
    host = db["HOST"] or "127.0.0.1"
    port = f":{db['PORT']}" if db["PORT"] else ""
    return f"postgres://{credentials}@{host}{port}/{db['NAME']}"


@dataclass
class Broker:
    """One queue on one broker, for the test process to publish to and its workers to read."""

    url: str
    queue: str
    folder: Path | None = None  # the filesystem queue's folder
    visibility_timeout: int | None = None  # Redis: seconds before an unacked chunk returns

    def transport_options(self) -> dict:
        if self.folder is not None:
            messages = str(self.folder / "messages")
            return {
                "data_folder_in": messages,
                "data_folder_out": messages,
                "control_folder": str(self.folder / "control"),
                "store_processed": False,
            }
        return {"visibility_timeout": self.visibility_timeout or 600}

    def environment(self) -> dict[str, str]:
        """What a worker needs to read this queue (the settings read these variables)."""
        env = {"CELERY_BROKER_URL": self.url, "CELERY_QUEUE": self.queue}
        if self.folder is not None:
            env["JOB_QUEUE_DIR"] = str(self.folder)
        if self.visibility_timeout is not None:
            env["JOB_VISIBILITY_TIMEOUT"] = str(self.visibility_timeout)
        return env


def _reset_publisher() -> None:
    """Forget the app's connections and routes, built from the configuration of their time."""
    if app._pool is not None:
        app._pool.force_close_all()
        app._pool = None
    app.__dict__.pop("amqp", None)  # a cached property: its default queue and producer pool
    # kombu keeps producer pools by connection: the next test on the same broker would get
    # this one's, whose connections were just closed.
    kombu.pools.reset()


@contextlib.contextmanager
def publishing_to(broker: Broker) -> Iterator[Broker]:
    """Make this (the test) process queue its chunks on `broker`, as the site would."""
    if broker.folder is not None:
        for sub in ("messages", "control"):
            (broker.folder / sub).mkdir(parents=True, exist_ok=True)
    names = ("broker_url", "broker_transport", "broker_transport_options", "task_default_queue")
    saved = {name: app.conf[name] for name in names}
    saved_url = os.environ.get("CELERY_BROKER_URL")
    # Celery reads the broker from this variable before its configuration (the test settings
    # set it to the embedded queue).
    os.environ["CELERY_BROKER_URL"] = broker.url
    app.conf.update(
        broker_url=broker.url,
        # The settings name the embedded queue's transport class; Redis goes by its URL.
        broker_transport=FILESYSTEM_TRANSPORT if broker.folder is not None else None,
        broker_transport_options=broker.transport_options(),
        task_default_queue=broker.queue,
    )
    _reset_publisher()
    try:
        yield broker
    finally:
        _reset_publisher()
        app.conf.update(saved)
        if saved_url is None:
            os.environ.pop("CELERY_BROKER_URL", None)
        else:
            os.environ["CELERY_BROKER_URL"] = saved_url


@dataclass
class Worker:
    """A `celery -A cardsite worker` process group, its log in a file."""

    name: str
    process: subprocess.Popen
    log: Path
    known: set = field(default_factory=set)  # (pid, start time) of every process seen

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def pool(self) -> set[int]:
        """The pids of its pool processes (the main process's children)."""
        pids = descendants(self.process.pid)
        self.known |= {p for p in map(identity, pids | {self.process.pid}) if p is not None}
        return pids

    def wait_ready(self) -> Worker:
        started = lambda: "ready." in self.text() or self.process.poll() is not None  # noqa: E731
        if not wait_until(started, START_SECONDS):
            raise AssertionError(f"{self.name} not ready in {START_SECONDS} s:\n{self.text()}")
        if self.process.poll() is not None:
            raise AssertionError(f"worker {self.name} exited:\n{self.text()}")
        self.pool()
        return self

    def kill(self) -> None:
        """SIGKILL the main process and its pool at once, as a machine that dies would."""
        self.pool()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        # A pool process is no child of ours: wait for it to be gone (or a zombie).
        if not wait_until(lambda: not any(is_running(p) for p in self.known), 10):
            kill_all(self.known)
            raise AssertionError(f"worker {self.name} left processes behind")

    def busy(self, seconds: float = 60) -> int:
        """The pid of a pool process in the middle of a chunk: a task received and not yet
        finished (its log), on a process that is using the CPU. Only such a process may be
        killed: an idle pool process of the embedded queue's (blocking) pool dies holding
        the pool's shared read lock, and its replacement waits on it forever."""

        def playing() -> int | None:
            text = self.text()
            if text.count("] received") <= text.count("succeeded in"):
                return None
            before = {pid: cpu_time(pid) for pid in self.pool()}
            time.sleep(0.4)
            # A quarter of a core at least: an idle process uses none, a busy one on a
            # machine shared with other work may not get all of it.
            working = [pid for pid, ticks in before.items() if cpu_time(pid) - ticks >= 0.1]
            return working[0] if working else None

        return wait_for(playing, seconds, f"worker {self.name} never played a chunk")

    def played(self) -> int:
        """Chunks this worker reports as played (its log at INFO level)."""
        return self.text().count("succeeded in")


class Workers:
    """Starts workers for one test and kills every one of them at its end."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.started: list[Worker] = []

    def start(
        self, broker: Broker, *, concurrency: int = 1, env: dict | None = None, wait=True
    ) -> Worker:
        name = f"w{len(self.started) + 1}-{uuid.uuid4().hex[:8]}"
        log = self.folder / f"{name}.log"
        environment = {
            key: value
            for key, value in os.environ.items()
            if key not in {"DJANGO_SETTINGS_MODULE", "REDIS_URL", "DEBUG"}
        }
        environment |= {
            "DATABASE_URL": database_url(),
            "SECRET_KEY": WORKER_SECRET_KEY,
            **broker.environment(),
            **(env or {}),
        }
        command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "cardsite",
            "worker",
            "--loglevel=INFO",
            f"--concurrency={concurrency}",
            f"--hostname={name}@%h",
            # Alone on its queue: no waiting for other workers' hellos or heartbeats.
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ]
        with log.open("w") as out:
            process = subprocess.Popen(
                command,
                cwd=settings.BASE_DIR,
                env=environment,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: killed whole at the end
            )
        worker = Worker(name, process, log)
        self.started.append(worker)
        return worker.wait_ready() if wait else worker

    def stop_all(self) -> None:
        for worker in self.started:
            if worker.process.poll() is None:
                worker.kill()
            kill_all(worker.known)  # pool processes of a worker already killed


@pytest.fixture
def workers(transactional_db, tmp_path) -> Iterator[Workers]:
    """Start real workers with `workers.start(broker)`; all are killed after the test, before
    its database is flushed (a worker holding a connection would block PostgreSQL's TRUNCATE)."""
    folder = tmp_path / "workers"
    folder.mkdir()
    started = Workers(folder)
    try:
        yield started
    finally:
        started.stop_all()


@pytest.fixture
def committed_catalogue(transactional_db) -> None:
    """The catalogue's cards, committed: workers read them from the database (the suite's
    `catalogue` fixture keeps them in a transaction no other process sees)."""
    from tests import conftest as suite

    suite.load_catalogue_cards()


@pytest.fixture
def filesystem_queue(tmp_path) -> Iterator[Broker]:
    """The embedded queue (kombu's filesystem transport) in a folder of this test's own."""
    broker = Broker("filesystem://", f"cardsite-test-{uuid.uuid4().hex[:12]}", tmp_path / "queue")
    with publishing_to(broker):
        yield broker


@pytest.fixture
def redis_queue(request) -> Iterator[Broker]:
    """A queue of this test's own on Redis (database 13); a chunk a dead worker took comes
    back after `visibility_timeout` seconds (parametrize indirectly to change it)."""
    timeout = getattr(request, "param", None)
    client = redis.Redis.from_url(REDIS_URL)
    try:
        client.ping()
    except redis.RedisError as error:
        pytest.fail(f"the worker tests need Redis at {REDIS_URL}: {error}")
    broker = Broker(REDIS_URL, f"cardsite-test-{uuid.uuid4().hex[:12]}", None, timeout)
    try:
        with publishing_to(broker):
            yield broker
    finally:
        _forget_queue(client, broker.queue)
        client.close()


def _forget_queue(client: redis.Redis, queue: str) -> None:
    """Delete this test's queue and the chunks of it a killed worker left unacknowledged
    (kombu keeps those of every queue in one hash per database: only ours are removed)."""
    import json

    for name in (queue, background_queue(queue)):
        client.delete(name, f"_kombu.binding.{name}", f"_kombu.binding_permanent.{name}")
    for tag, value in client.hscan_iter("unacked"):
        with contextlib.suppress(ValueError, TypeError):
            _message, _exchange, routing_key = json.loads(value)
            if routing_key in (queue, background_queue(queue)):
                client.hdel("unacked", tag)
                client.zrem("unacked_index", tag)


def submitted(client, body) -> str:
    """The url of a job submitted through the API (202)."""
    response = client.post("/api/jobs/", body, format="json")
    assert response.status_code == 202, response.json()
    return response.json()["url"]


def running(client, url: str, seconds: float = 60) -> dict:
    """The job once a worker took its first chunk (it turns "running" then)."""
    return wait_for(
        lambda: (job := client.get(url).json())["state"] != "queued" and job,
        seconds,
        f"{url} never started",
    )


def finished(client, url: str, seconds: float = 60) -> dict:
    """The job once it is no longer queued or running (GET, as a client polls it)."""
    return wait_for(
        lambda: (job := client.get(url).json())["state"] not in ("queued", "running") and job,
        seconds,
        f"{url} did not finish in {seconds} s: {client.get(url).json()['progress']}",
    )


def cpu_time(pid: int) -> float:
    """Seconds of CPU the process has used (user + system), 0 once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = text[text.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_for(condition, seconds: float, message: str):
    """Poll `condition` (a callable) until it returns something true; fail after `seconds`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(message)
