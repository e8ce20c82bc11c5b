"""The render budget: proxy sheets, deck pictures and large deck lists, priced by their work.

Issue 24, finding 5: a 1,000-card deck's proxy sheets took 6 s (15 s the first time per
language), its picture 5 s, and `/api/decks/?page_size=200` 3 s, for anyone, as often as
they liked. Each of these now costs render units from a budget per client (the account
when signed in, else the address as the API throttles see it), beside the goldfish
budget (engine/budget.py) and counted the same way: in the limits store, so every
process and app server counts together (Redis, else the database:
cardsite/limits_cache.py), over a sliding window of two fixed windows. A request costing
more than the budget has left is refused with 429 before anything is drawn.

A unit is about 2 ms of one core (measured on the 2-core development machine): the
prices below are what each part of the work took there. A file served from storage (the
same deck revision, language and paper drawn before: decks/printing/stored.py) costs a
unit per 100 KB; a 304 costs nothing. Settings: `RENDER_BUDGET_ANON`,
`RENDER_BUDGET_USER` (units per window; None or 0 turns the budget off) and
`RENDER_BUDGET_WINDOW` (seconds).
"""

from __future__ import annotations

import contextlib
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.throttling import BaseThrottle

from cardsite.api import ApiError
from cardsite.limits_cache import count
from cardsite.limits_cache import limits as cache

DEFAULT_ANON = 3_000  # ~6 s of one core a minute: a legal deck's sheets several times over
DEFAULT_USER = 15_000  # enough for the largest deck the caps allow, drawn from nothing
DEFAULT_WINDOW = 60

# Prices, in units (~2 ms of one core each).
SHEET_CARD = 8  # a different card on proxy sheets: its picture read, compressed, embedded
SHEET_COPY = 1  # each copy placed on a sheet
PICTURE_CARD = 4  # a card of the deck picture (its thumbnail pasted, its share of the PNG)
PICTURE_DRAWN = 16  # a card picture (proxy or upload rendition) drawn first, not yet stored
STORED_BYTES = 100_000  # a file drawn before, sent from storage: a unit per 100 KB begun
LIST_ENTRIES_PER_UNIT = 30  # deck entries listed by the API (read, named, serialised)


class RenderBudgetExceeded(ApiError):
    """429 `render_budget` with Retry-After, the budget and what the request would cost."""

    def __init__(self, cost: int, budget: int, retry_after: int, *, signed_in: bool):
        values = {"cost": cost, "budget": budget, "window": window(), "seconds": retry_after}
        if cost > budget:
            message = _(
                "This would cost %(cost)s render units, more than the budget of %(budget)s "
                "units per %(window)s seconds."
            )
        else:
            message = _(
                "The render budget of %(budget)s units per %(window)s seconds is spent; "
                "try again in %(seconds)s seconds."
            )
        message %= values
        if not signed_in:
            message += " " + _("Signed-in players have a larger budget.")
        super().__init__(
            "render_budget",
            message,
            status_code=429,
            cost=cost,
            budget=budget,
            window=window(),
            retry_after=retry_after,
        )
        self.wait = retry_after  # DRF's exception handler sends it as Retry-After


@dataclass
class Charge:
    """Units taken from a client's budget; given back when the work never happened."""

    key: str | None = None
    units: int = 0

    def refund(self) -> None:
        if self.key is not None and self.units:
            with contextlib.suppress(ValueError):  # the window's counter expired meanwhile
                cache.decr(self.key, self.units)
            self.units = 0


def window() -> int:
    return int(getattr(settings, "RENDER_BUDGET_WINDOW", DEFAULT_WINDOW))


def limit_for(*, authenticated: bool) -> int | None:
    name, default = (
        ("RENDER_BUDGET_USER", DEFAULT_USER)
        if authenticated
        else ("RENDER_BUDGET_ANON", DEFAULT_ANON)
    )
    value = getattr(settings, name, default)
    return int(value) if value else None  # None or 0: no budget


def client_id(request) -> str:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return f"addr:{BaseThrottle().get_ident(request)}"


def sheets_cost(copies: int, cards: int, drawn: int) -> int:
    """Proxy sheets of `copies` copies of `cards` different cards, `drawn` of whose
    pictures are not stored yet."""
    return cards * SHEET_CARD + copies * SHEET_COPY + drawn * PICTURE_DRAWN


def picture_cost(cards: int, drawn: int) -> int:
    return cards * PICTURE_CARD + drawn * PICTURE_DRAWN


def stored_cost(size: int) -> int:
    """Sending a stored file: reading it and holding a worker while it goes out (a 12 MB
    sheet of 1,000 cards took 0.3 s through gunicorn)."""
    return max(1, -(-size // STORED_BYTES))


def list_cost(entries: int) -> int:
    """A page of decks is charged for its entries: an ordinary page costs a few units."""
    return entries // LIST_ENTRIES_PER_UNIT


def _retry_after(previous: int, current: int, units: int, limit: int, elapsed: float) -> int:
    """Seconds until `units` more fit: the previous window's weight falls linearly to 0
    over this window, then this window's total becomes the previous one."""
    size = window()
    room = limit - current - units
    if previous > 0 and room >= 0:
        wait = (1 - room / previous) * size - elapsed  # previous * (1 - t) <= room from t on
    else:
        share = 0.0 if current <= 0 else max(0.0, 1 - (limit - units) / current)
        wait = size - elapsed + share * size
    return max(1, math.ceil(wait))


def charge(request, units: int) -> Charge:
    """Take `units` from the client's budget, or raise RenderBudgetExceeded having taken none."""
    signed_in = bool(getattr(request.user, "is_authenticated", False))
    limit = limit_for(authenticated=signed_in)
    if limit is None or units <= 0:
        return Charge()
    size = window()
    number, elapsed = divmod(time.time(), size)
    base = f"render-budget:{client_id(request)}"
    key = f"{base}:{int(number)}"
    if units > limit:
        raise RenderBudgetExceeded(units, limit, size, signed_in=signed_in)
    previous = cache.get(f"{base}:{int(number) - 1}", 0)
    current = count(cache, key, units, 2 * size + 1)
    if previous * (1 - elapsed / size) + current > limit:
        cache.decr(key, units)  # a refused request costs nothing
        wait = _retry_after(previous, current - units, units, limit, elapsed)
        raise RenderBudgetExceeded(units, limit, wait, signed_in=signed_in)
    return Charge(key, units)
