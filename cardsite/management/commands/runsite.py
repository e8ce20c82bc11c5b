"""manage.py runsite: the development server and one job worker beside it (`make run`).

Both run in process groups of their own, so that this command alone decides how they stop:
on Ctrl-C (or SIGTERM, SIGHUP) the worker gets a warm shutdown — it finishes the chunk in
hand, and a chunk it had not acknowledged goes back to the queue (acks_late) — and the
server is terminated; whatever is left after GRACE_SECONDS is killed. If either stops on
its own, the other is stopped too: a site without its worker would leave jobs to stall.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

GRACE_SECONDS = 15  # a chunk takes a second or two: a warm shutdown ends well within this
PR_SET_PDEATHSIG = 1


class Stop(Exception):
    """A signal asked the site to stop."""


def cores() -> int:
    """The cores this process may run on (a container's share, not the host's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _die_with_parent() -> None:
    """In the child, before exec: get SIGTERM if this command dies without stopping it
    (SIGKILL), so even then no worker is left behind (Linux; elsewhere a no-op)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _start(command: list[str]) -> subprocess.Popen:
    return subprocess.Popen(
        command, cwd=settings.BASE_DIR, start_new_session=True, preexec_fn=_die_with_parent
    )


def _stop(process: subprocess.Popen, sig: int, *, group: bool) -> None:
    """Send `sig` (to the process, or its whole group), wait, then kill what is left."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig) if group else process.send_signal(sig)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=GRACE_SECONDS)
    # The group outlives its leader if a child did (a pool process, the reloaded server).
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


class Command(BaseCommand):
    help = (
        "Start the development server and one Celery job worker beside it (what `make run` "
        "does after migrate and load_catalogue); Ctrl-C stops both. The worker reads the "
        "queue the settings name: the embedded one in JOB_QUEUE_DIR unless CELERY_BROKER_URL "
        "or REDIS_URL says otherwise."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "addrport", nargs="?", default="127.0.0.1:8000", help="Default: 127.0.0.1:8000."
        )
        parser.add_argument(
            "--concurrency",
            type=int,
            default=cores(),
            help=f"Worker processes playing chunks at once (default: the cores, {cores()} here).",
        )

    def handle(self, *args, **options):
        if options["concurrency"] < 1:
            raise CommandError("--concurrency must be at least 1.")
        signal.signal(signal.SIGINT, self._stop_signal)
        signal.signal(signal.SIGTERM, self._stop_signal)
        signal.signal(signal.SIGHUP, self._stop_signal)
        worker = _start(self._worker_command(options["concurrency"]))
        self.stdout.write(self._worker_line(options["concurrency"], worker.pid))
        server = None
        status = 0
        try:
            server = _start([sys.executable, "manage.py", "runserver", options["addrport"]])
            while True:
                for name, process in (("worker", worker), ("server", server)):
                    if process.poll() is not None:
                        status = process.returncode or 1
                        self.stderr.write(f"The {name} stopped (status {process.returncode}).")
                        raise Stop
                time.sleep(0.3)
        except Stop:
            pass
        finally:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C: still clean up
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            self.stdout.write("Stopping the job worker (it ends the chunk in hand) and the server…")
            _stop(worker, signal.SIGTERM, group=False)  # warm shutdown: the chunk in hand ends
            if server is not None:
                _stop(server, signal.SIGTERM, group=True)
            self.stdout.write("Server and job worker stopped.")
        if status:
            raise CommandError("The site stopped.", returncode=status)

    @staticmethod
    def _stop_signal(_number, _frame):
        raise Stop

    @staticmethod
    def _worker_command(concurrency: int) -> list[str]:
        return [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "cardsite",
            "--quiet",  # no banner: the line below says what runs
            "worker",
            "--loglevel=WARNING",
            f"--concurrency={concurrency}",
            "--hostname=runsite@%h",
            # One worker on its own: no waiting for other workers' hellos or heartbeats.
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ]

    @staticmethod
    def _worker_line(concurrency: int, pid: int) -> str:
        broker = str(settings.CELERY_BROKER_URL)
        where = (
            f"the embedded queue in {settings.JOB_QUEUE_DIR}"
            if broker.startswith("filesystem:")
            else f"queue {settings.CELERY_TASK_DEFAULT_QUEUE} on {broker.split(':', 1)[0]}"
        )
        processes = "1 process" if concurrency == 1 else f"{concurrency} processes"
        return f"Job worker (pid {pid}): {processes} on {where}."
