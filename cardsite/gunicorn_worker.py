"""gunicorn's sync worker, waking one worker per connection instead of all of them (issue 30).

The sync workers share the listening socket and wait for it with `select()`: a connection
wakes every idle worker; one accepts it and the others find nothing, touch their heartbeat
file and go back to waiting. With four workers mostly idle (120 simulated users, about 100
requests a second), that cost about 0.1 ms of CPU per request on top of the ~0.5 ms gunicorn
spends on one (a hello-world app: 557–629 µs a request with `select()`, 377–501 with this,
three pairs of runs; tests/test_gunicorn_worker.py). Here each worker waits with its own
epoll set holding the socket as EPOLLEXCLUSIVE (Linux 4.5): the kernel wakes one of them.
Everything else is gunicorn's: the accept loop, the heartbeat, timeouts and signals (the
wake-up pipe stays in the set, so a signal still ends the wait at once). Where epoll or its
flag is missing (not Linux), the worker waits as gunicorn's does.
"""

from __future__ import annotations

import os
import select

from gunicorn.workers.sync import SyncWorker

# None where epoll or its flag is missing: gunicorn's own wait then
EXCLUSIVE = getattr(select, "EPOLLEXCLUSIVE", None) if hasattr(select, "epoll") else None


class ExclusiveSyncWorker(SyncWorker):
    _poller = None

    def _exclusive_poller(self):
        # Made in the worker, after the fork: an epoll set is per process.
        poller = select.epoll()
        self._listeners = {sock.fileno(): sock for sock in self.sockets}
        for fd in self._listeners:
            poller.register(fd, select.EPOLLIN | EXCLUSIVE)
        poller.register(self.PIPE[0], select.EPOLLIN)
        return poller

    def wait(self, timeout):
        if EXCLUSIVE is None:
            return super().wait(timeout)
        if self._poller is None:
            self._poller = self._exclusive_poller()
        self.notify()
        try:
            events = self._poller.poll(timeout)
        except InterruptedError:
            return self.sockets
        ready = []
        for fd, _mask in events:
            if fd == self.PIPE[0]:
                os.read(self.PIPE[0], 1)
            elif fd in self._listeners:
                ready.append(self._listeners[fd])
        return ready
