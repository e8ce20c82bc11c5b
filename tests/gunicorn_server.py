"""The real gunicorn for end-to-end tests: the site's production settings (DEBUG off, no
Redis) on a throw-away folder, served from the project folder as the README serves it (so
gunicorn.conf.py applies), and always stopped afterwards with its workers."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from tests.proc import wait_until

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def production_env(directory: str, secret: str, **extra: str) -> dict:
    """The environment of a production server whose database and files are in `directory`;
    `secret` names the test in its (not secret) SECRET_KEY."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return env | {
        "PYTHONPATH": str(ROOT),
        "DJANGO_SETTINGS_MODULE": "cardsite.settings",
        "DEBUG": "0",
        "SECRET_KEY": f"{secret}-gunicorn-test-not-secret-" + "x7Q" * 10,
        "DATABASE_URL": f"sqlite:///{directory}/db.sqlite3",
        "REDIS_URL": "",
        "CELERY_BROKER_URL": "filesystem://",
        "JOB_QUEUE_DIR": f"{directory}/queue",
        "ALLOWED_HOSTS": "127.0.0.1",
        "STATIC_ROOT": f"{directory}/static",
        "MEDIA_ROOT": directory,
        "REQUEST_LOG": "0",
        **extra,
    }


def manage(env: dict, *args: str) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


@contextlib.contextmanager
def serving(env: dict, *, workers: int) -> Iterator[str]:
    """gunicorn cardsite.wsgi with `workers` sync workers; yields its base URL once it
    accepts connections."""
    port = free_port()
    master = subprocess.Popen(
        [BIN / "gunicorn", "cardsite.wsgi", "-w", str(workers), "-b", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        assert wait_until(lambda: _listening(port), 60), "gunicorn did not start"
        yield f"http://127.0.0.1:{port}"
    finally:
        master.send_signal(signal.SIGTERM)
        try:
            master.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(master.pid, signal.SIGKILL)
            master.wait()


def _listening(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
        return True
    return False
