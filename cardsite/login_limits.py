"""One log-in failure limit for every way in: the site's log-in form, the admin's and the
API token endpoint count failures together, per client and username, in the limits store
(cardsite/limits_cache.py: Redis, else the database, so every worker counts together).

After LOGIN_FAILURE_LIMIT failures within LOGIN_FAILURE_WINDOW seconds, further tries
(right password or not) are refused until the window passes: guessing gets slow wherever
it is tried, and switching from the admin form to the token endpoint does not reset it.
"""

from __future__ import annotations

import functools
import hashlib

from django.conf import settings
from django.contrib.auth.forms import UsernameField
from django.shortcuts import render
from rest_framework.throttling import BaseThrottle

from cardsite.limits_cache import count, limits


def account_key(username: str) -> str:
    """The account a typed username reaches, as the log-in forms read it.

    The forms fold the username (NFKC, spaces trimmed) before looking the account up, so
    `ｖictim` and `𝐯ictim` log in as `victim`: the counter must fold them the same way or
    each spelling gets a limit of its own (issue 24, finding 2). Case is folded on top,
    which only joins spellings; sign-up refuses names differing in case anyway.
    """
    return UsernameField().to_python(username).casefold()


def failure_key(request, username: str) -> str:
    # The client as the API throttles see it: behind PROXY_COUNT proxies, the address the
    # outermost one appended to X-Forwarded-For.
    client = BaseThrottle().get_ident(request)
    digest = hashlib.sha256(f"{client}|{account_key(username)}".encode()).hexdigest()[:32]
    return f"login-failures:{digest}"


def begin_attempt(request, username: str) -> bool:
    """Count an attempt before its password is checked; False when it is over the limit.

    Counting first (one atomic increment) is what holds the limit when guesses arrive all
    at once on several workers: checking the count, then adding the failure afterwards,
    would let every guess in flight pass the check. A success forgets the count.
    """
    key = failure_key(request, username)
    return count(limits, key, 1, settings.LOGIN_FAILURE_WINDOW) <= settings.LOGIN_FAILURE_LIMIT


def forget_failures(request, username: str) -> None:
    limits.delete(failure_key(request, username))


def limit_login_failures(view):
    """Wrap a log-in page view: a POST from a locked client gets 429; a POST answered with
    a redirect is a success (Django's log-in views redirect on success only)."""

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        if request.method != "POST":
            return view(request, *args, **kwargs)
        username = request.POST.get("username", "")
        if not begin_attempt(request, username):
            response = render(request, "registration/login_limited.html", status=429)
            response["Retry-After"] = str(settings.LOGIN_FAILURE_WINDOW)
            return response
        response = view(request, *args, **kwargs)
        if response.status_code == 302:
            forget_failures(request, username)
        return response

    return wrapped
