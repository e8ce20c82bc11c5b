"""Throttles for pages (function views), counted the way the API's throttles count.

`@throttle_page("search_page")` limits a view per client with DRF's own machinery
(SimpleRateThrottle: a sliding window kept in the shared cache, so every app server counts
together): signed-in players by account, anonymous clients by address as
`BaseThrottle.get_ident` sees it (PROXY_COUNT / NUM_PROXIES aware).

The rate is `REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope]` when the scope is listed
there, else the API's own "user" or "anon" rate: a page is throttled like the API unless
given its own rate. `None` turns the throttle off (the test settings do). Past the rate
the answer is 429 with Retry-After: an HTML page, or JSON `{code, message}` for a script's
request (X-Requested-With, or Accept: application/json).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

THROTTLED_TEMPLATE = "throttled.html"


class PageRateThrottle(SimpleRateThrottle):
    """DRF's anon/user throttle for one page scope."""

    def __init__(self, scope: str, request: HttpRequest):
        # SimpleRateThrottle reads its rates from a class attribute bound at import time;
        # read them live instead, so a settings change (or a test override) applies.
        self.scope = scope
        self.signed_in = bool(getattr(request, "user", None) and request.user.is_authenticated)
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)

    def get_rate(self) -> str | None:
        rates = api_settings.DEFAULT_THROTTLE_RATES
        if self.scope in rates:
            return rates[self.scope]
        return rates.get("user" if self.signed_in else "anon")

    def get_cache_key(self, request, view) -> str:
        who = f"user_{request.user.pk}" if self.signed_in else f"anon_{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": who}


def _wants_json(request: HttpRequest) -> bool:
    return bool(request.headers.get("X-Requested-With")) or "application/json" in (
        request.headers.get("Accept", "")
    )


def throttled_response(request: HttpRequest, wait: float | None) -> HttpResponse:
    seconds = max(1, math.ceil(wait or 1))
    message = _("Too many requests: please wait %(seconds)s seconds and try again.") % {
        "seconds": seconds
    }
    if _wants_json(request):
        response = JsonResponse({"code": "throttled", "message": message}, status=429)
    else:
        context = {"message": message, "seconds": seconds}
        response = render(request, THROTTLED_TEMPLATE, context, status=429)
    response["Retry-After"] = str(seconds)
    return response


def throttle_page(scope: str) -> Callable:
    """Decorate a function view: past the scope's rate, 429 with Retry-After."""

    def decorator(view: Callable) -> Callable:
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            throttle = PageRateThrottle(scope, request)
            if not throttle.allow_request(request, None):
                return throttled_response(request, throttle.wait())
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
