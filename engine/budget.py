"""The goldfish CPU budget: games per client per window, shared by every way to run them.

The goldfish page, `POST /api/goldfish/` and `POST /api/goldfish/sample/` charge the games
they are about to play to one budget per client (the account when signed in, else the
address as the API throttles see it), kept in the limits store so every process and app server
counts together (Redis, else the database: cardsite/limits_cache.py). A request costing
more than the budget has left is refused before anything runs.

Counting is a sliding window over two fixed windows (as Cloudflare's rate limiter does):
the previous window's total weighs by how much of it still lies within the last
`GOLDFISH_BUDGET_WINDOW` seconds, so a client cannot spend two budgets around a window's
boundary. Settings: `GOLDFISH_BUDGET_ANON`, `GOLDFISH_BUDGET_USER` (games per window;
None turns the budget off) and `GOLDFISH_BUDGET_WINDOW` (seconds).
"""

from __future__ import annotations

import contextlib
import math
import time
from dataclasses import dataclass

from django.conf import settings
from rest_framework.throttling import BaseThrottle

from cardsite.limits_cache import count
from cardsite.limits_cache import limits as cache

DEFAULT_ANON = 20_000  # games a minute: a few page runs or ~3 s of one core
DEFAULT_USER = 200_000
DEFAULT_WINDOW = 60
SAMPLE_COST = 1  # one logged game


class BudgetExceeded(Exception):
    def __init__(self, games: int, budget: int, retry_after: int, *, signed_in: bool):
        self.games, self.budget, self.retry_after = games, budget, retry_after
        if games > budget:
            message = (
                f"A run of {games} games is more than the goldfish budget of {budget} games "
                f"per {window()} s; ask for fewer games"
            )
        else:
            message = (
                f"The goldfish budget of {budget} games per {window()} s is spent; "
                f"try again in {retry_after} s"
            )
        self.message = message + ("." if signed_in else ", or sign in for a larger budget.")
        super().__init__(self.message)


@dataclass
class Charge:
    """Games taken from a client's budget; refunded when the run never happened."""

    key: str | None = None
    games: int = 0

    def refund(self) -> None:
        if self.key is not None and self.games:
            with contextlib.suppress(ValueError):  # the window's counter expired meanwhile
                cache.decr(self.key, self.games)
            self.games = 0


def window() -> int:
    return int(getattr(settings, "GOLDFISH_BUDGET_WINDOW", DEFAULT_WINDOW))


def limit_for(*, authenticated: bool) -> int | None:
    name, default = (
        ("GOLDFISH_BUDGET_USER", DEFAULT_USER)
        if authenticated
        else ("GOLDFISH_BUDGET_ANON", DEFAULT_ANON)
    )
    value = getattr(settings, name, default)
    return None if value is None else int(value)


def client_id(request) -> str:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"addr:{BaseThrottle().get_ident(request)}"


def retry_after(previous: int, current: int, games: int, limit: int, elapsed: float) -> int:
    """Seconds until `games` more fit: the previous window's weight falls linearly to 0
    over this window, then this window's total becomes the previous one."""
    size = window()
    room = limit - current - games
    if previous > 0 and room >= 0:
        # previous * (1 - t) <= room from fraction t of this window on
        wait = (1 - room / previous) * size - elapsed
    else:
        room_next = limit - games
        share = 0.0 if current <= 0 else max(0.0, 1 - room_next / current)
        wait = size - elapsed + share * size
    return max(1, math.ceil(wait))


def charge(request, games: int) -> Charge:
    """Take `games` from the client's budget, or raise BudgetExceeded having taken none."""
    signed_in = bool(getattr(request.user, "is_authenticated", False))
    limit = limit_for(authenticated=signed_in)
    if limit is None:
        return Charge()
    size = window()
    now = time.time()
    number, elapsed = divmod(now, size)
    base = f"goldfish-budget:{client_id(request)}"
    key = f"{base}:{int(number)}"
    if games > limit:
        raise BudgetExceeded(games, limit, size, signed_in=signed_in)
    previous = cache.get(f"{base}:{int(number) - 1}", 0)
    current = count(cache, key, games, 2 * size + 1)
    weight = previous * (1 - elapsed / size)
    if weight + current > limit:
        cache.decr(key, games)  # bad input changes nothing: a refused run costs nothing
        wait = retry_after(previous, current - games, games, limit, elapsed)
        raise BudgetExceeded(games, limit, wait, signed_in=signed_in)
    return Charge(key, games)
