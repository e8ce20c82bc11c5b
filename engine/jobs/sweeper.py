"""Every worker watches for dead workers' chunks, so none waits for a person to notice.

A thread of the worker's main process sweeps (services.sweep) when the worker is ready —
a restarted worker takes back what its previous life left — then every sixth of
JOB_LEASE_SECONDS: a chunk whose lease ran out is queued again. Playing chunks sweep too
(each message starts with one), and so does every look at a job (the API, the job page,
`manage.py jobs --fail-stalled`).
"""

from __future__ import annotations

import logging
import threading

from django.db import connection

from engine.jobs import leases, services

log = logging.getLogger(__name__)

_running: Sweeper | None = None


class Sweeper(threading.Thread):
    def __init__(self, every: float):
        super().__init__(name="job-sweeper", daemon=True)
        self.every = every
        self.stopping = threading.Event()

    def run(self) -> None:
        while True:
            try:
                services.sweep()
            except Exception:  # the database or the broker away for a moment: next time
                log.exception("the job sweep failed")
            finally:
                connection.close()  # this thread's own; none held between sweeps
            if self.stopping.wait(self.every):
                return


def start() -> None:
    global _running
    if _running is None:
        _running = Sweeper(leases.sweep_every())
        _running.start()
        log.info("looking for dead workers' job chunks every %.1f s", _running.every)


def stop() -> None:
    global _running
    if _running is not None:
        _running.stopping.set()
        _running.join(timeout=5)
        _running = None
