"""At most a few simulations at once per client: CPU fairness for runs played in a request.

The goldfish budget (engine/budget.py) bounds how many games a client plays a minute, not
how many at once: one free account running two 5,000-game batches side by side held two
web workers and every core for seconds at a time, and /healthz answered in 1 s (p50) to
3.5 s (p95) meanwhile (issue 24, finding 7). So a batch played in a request takes a slot
first: `SIMULATIONS_PER_ACCOUNT` per signed-in account and `SIMULATIONS_PER_ADDRESS` per
address (everyone behind it, signed in or not, so a handful of free accounts cannot add
up). A request finding no free slot is refused with 429 `busy` before anything runs.

Slots are keys of the limits store (Redis, else the database table every process shares),
each taken with an atomic `add` and given back when the run ends; a slot whose process
died mid-run frees itself when its key expires, a little after the run's time limit.
One game (a sample) takes no slot: the action bounds make it milliseconds.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator

from django.conf import settings
from rest_framework.throttling import BaseThrottle

from cardsite.limits_cache import limits as cache

DEFAULT_PER_ACCOUNT = 1
DEFAULT_PER_ADDRESS = 2
RETRY_AFTER = 5  # seconds: a typical run of the pages takes one to a few
SLOT_MARGIN = 30  # seconds a slot outlives the run's time limit, should its process die


class Busy(Exception):
    """The client already has as many runs playing as it may."""

    code = "busy"
    retry_after = RETRY_AFTER

    def __init__(self, running: int):
        self.running = running
        self.message = (
            f"You already have {running} run(s) playing, as many as one client may at once; "
            f"try again when it has finished (in about {RETRY_AFTER} s)."
        )
        super().__init__(self.message)


def _limit(name: str, default: int) -> int | None:
    value = getattr(settings, name, default)
    return int(value) if value else None  # None or 0: no limit


def _holders(request) -> list[tuple[str, int]]:
    """(key prefix, slots) for each limit the request falls under."""
    holders = []
    address = _limit("SIMULATIONS_PER_ADDRESS", DEFAULT_PER_ADDRESS)
    if address is not None:
        holders.append((f"sim-slot:addr:{BaseThrottle().get_ident(request)}", address))
    user = getattr(request, "user", None)
    account = _limit("SIMULATIONS_PER_ACCOUNT", DEFAULT_PER_ACCOUNT)
    if account is not None and user is not None and user.is_authenticated:
        holders.append((f"sim-slot:user:{user.pk}", account))
    return holders


def _take(prefix: str, slots: int, token: str, timeout: int) -> str | None:
    for number in range(slots):
        key = f"{prefix}:{number}"
        if cache.add(key, token, timeout):
            return key
    return None


def _give_back(key: str, token: str) -> None:
    # Only our own: past its expiry the key may be another run's slot by now.
    if cache.get(key) == token:
        cache.delete(key)


@contextlib.contextmanager
def simulation_slot(request) -> Iterator[None]:
    """Hold a slot of every limit the request falls under while the block runs, or raise
    Busy having held none."""
    token = secrets.token_hex(8)
    timeout = int(settings.GOLDFISH_API_TIME_LIMIT) + SLOT_MARGIN
    taken: list[str] = []
    try:
        for prefix, slots in _holders(request):
            key = _take(prefix, slots, token, timeout)
            if key is None:
                raise Busy(slots)
            taken.append(key)
        yield
    finally:
        for key in taken:
            _give_back(key, token)
