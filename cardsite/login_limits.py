"""One log-in failure limit for every way in: the site's log-in form, the admin's and the
API token endpoint count failures together, per client and username, in the shared cache.

After LOGIN_FAILURE_LIMIT failures within LOGIN_FAILURE_WINDOW seconds, further tries
(right password or not) are refused until the window passes: guessing gets slow wherever
it is tried, and switching from the admin form to the token endpoint does not reset it.
"""

from __future__ import annotations

import functools
import hashlib

from django.conf import settings
from django.core.cache import cache
from django.shortcuts import render
from rest_framework.throttling import BaseThrottle


def failure_key(request, username: str) -> str:
    # The client as the API throttles see it: behind PROXY_COUNT proxies, the address the
    # outermost one appended to X-Forwarded-For.
    client = BaseThrottle().get_ident(request)
    digest = hashlib.sha256(f"{client}|{username[:150].casefold()}".encode()).hexdigest()[:32]
    return f"login-failures:{digest}"


def is_locked(request, username: str) -> bool:
    return cache.get(failure_key(request, username), 0) >= settings.LOGIN_FAILURE_LIMIT


def record_attempt(request, username: str, *, succeeded: bool) -> None:
    key = failure_key(request, username)
    if succeeded:
        cache.delete(key)
    elif not cache.add(key, 1, settings.LOGIN_FAILURE_WINDOW):
        cache.incr(key)


def limit_login_failures(view):
    """Wrap a log-in page view: a POST from a locked client gets 429; a POST answered with
    a redirect is a success (Django's log-in views redirect on success only)."""

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        if request.method != "POST":
            return view(request, *args, **kwargs)
        username = request.POST.get("username", "")
        if is_locked(request, username):
            response = render(request, "registration/login_limited.html", status=429)
            response["Retry-After"] = str(settings.LOGIN_FAILURE_WINDOW)
            return response
        response = view(request, *args, **kwargs)
        record_attempt(request, username, succeeded=response.status_code == 302)
        return response

    return wrapped
