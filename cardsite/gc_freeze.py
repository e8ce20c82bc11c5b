"""Short collector pauses: what a process holds after its first request is frozen (issue 24,
finding 9).

Django, DRF, the URLconf, templates and the search vocabularies make some 150,000
long-lived objects, most of them built by the first request. CPython's full (generation 2)
collection walks all of them each time it runs — every few dozen requests, 100 to 200 ms
on the benchmark machine — and a pause inside a search counts against
SEARCH_TIME_LIMIT_MS like the database's time. The search benchmark at 100,000 cards
answered 503 after 2.3 s when such a collection also swept the catalogue build's garbage.

`gc.freeze()` after a full collection moves every object alive then to a generation the
collector never walks again, so later collections visit only what requests made since:
pauses of a few milliseconds. Frozen objects are still freed when their last reference goes;
only a cycle among them would outlive the process, and they are the process's code and
configuration, which do.
"""

from __future__ import annotations

import gc
import threading

from django.core.signals import request_finished

_lock = threading.Lock()
_frozen = False
DISPATCH_UID = "cardsite-gc-freeze"


def _freeze(**kwargs) -> None:
    global _frozen
    with _lock:
        if _frozen:
            return
        _frozen = True
    request_finished.disconnect(dispatch_uid=DISPATCH_UID)
    # After the response has gone out (request_finished): the one full collection this
    # costs is not waited for by the reader, though the worker's next one may be.
    freeze_now()


def freeze_now() -> None:
    """One full collection, then every object alive is frozen. gunicorn.conf.py calls it
    as a worker starts, once the views are loaded: the collection after its first request
    then walks only what that request made (about 60 ms of CPU to none), and a worker no
    longer makes the next reader wait for it (a /healthz answer took 0.59 s on a busy
    machine)."""
    gc.collect()
    gc.freeze()


def freeze_after_the_first_request() -> None:
    """Called from CardsiteConfig.ready()."""
    request_finished.connect(_freeze, dispatch_uid=DISPATCH_UID)
