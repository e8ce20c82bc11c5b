"""Whole pages for anonymous readers, from the shared cache (issue 30).

A page an anonymous reader asks for (home, a card, a search, the deck browser, a deck) holds
nothing of that reader but the CSRF token of the language form: its frame, menu and search
box depend on the address and the language only. So the page is rendered once per address,
language and versions of what it shows (the catalogue's, and those the view names: the
public decks', a deck's revision) and every later anonymous reader gets that copy, with
their own CSRF token put in its place: no template is rendered.

Never for a signed-in reader (their menu, collection and decks are theirs), nor for one
whose session or message cookie may hold a message to show, nor for a response that is not
a plain 200 HTML page, sets a cookie, or comes with a message or a session write of its
own. Throttles and access checks run before (decorate inside them).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.crypto import salted_hmac
from django.utils.html import format_html

from cards import cache

CSRF_INPUT = re.compile(r'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]*">')


def _csrf_marker() -> str:
    return _marker_for(settings.SECRET_KEY)


@functools.lru_cache(maxsize=4)
def _marker_for(secret_key: str) -> str:
    # Stands for the token in a stored page. Derived from the secret key, so no text a
    # reader can put into a page (a search, a deck name) can spell it.
    digest = salted_hmac("cards.page_cache", "csrf-marker", secret=secret_key).hexdigest()
    return "csrf:" + digest[:32]


def _csrf_input(token: str) -> str:
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token)


def _reader_is_anonymous_and_quiet(request: HttpRequest) -> bool:
    """An anonymous GET with no session or message cookie: nothing of its own to show."""
    if request.method != "GET" or request.user.is_authenticated:
        return False
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME not in cookies and CookieStorage.cookie_name not in cookies


def _storable(request: HttpRequest, response: HttpResponse) -> dict | None:
    """The response as kept for every anonymous reader, or None when it must not be."""
    storage = getattr(request, "_messages", None)
    session = getattr(request, "session", None)
    if (
        response.status_code != 200
        or response.streaming
        or response.cookies
        or not response.get("Content-Type", "").startswith("text/html")
        or (storage is not None and storage.added_new)
        or (session is not None and session.modified)
    ):
        return None
    body = CSRF_INPUT.sub(_csrf_marker(), response.content.decode(response.charset))
    # Content-Length is the new response's own (its body holds another token)
    headers = [
        (name, value)
        for name, value in response.headers.items()
        if name.lower() != "content-length"
    ]
    return {"body": body, "headers": headers}


def _served(request: HttpRequest, stored: dict) -> HttpResponse:
    body = stored["body"]
    marker = _csrf_marker()
    if marker in body:
        # A fresh masked token for this reader (and their CSRF cookie, set by the
        # middleware as for any page showing a form).
        body = body.replace(marker, _csrf_input(get_token(request)))
    response = HttpResponse(body)
    for name, value in stored["headers"]:
        response[name] = value
    return response


def anonymous_page(
    kind: str,
    counters: tuple[str, ...] = (),
    *,
    applies: Callable[[HttpRequest], bool] = lambda request: True,
    key: Callable[..., tuple] = lambda request, *args, **kwargs: (),
) -> Callable:
    """Decorate a function view whose page is the same for every anonymous reader of an
    address in a language, given the catalogue version (always in the key), the `counters`
    of the other things it shows (cards.cache.counter keys, such as the public decks') and
    `key(request, *args, **kwargs)` (what else it shows of the view's arguments, such as a
    deck's revision). `applies(request)` False: rendered for this reader as usual."""

    def decorator(view: Callable) -> Callable:
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if not (
                cache.enabled() and _reader_is_anonymous_and_quiet(request) and applies(request)
            ):
                return view(request, *args, **kwargs)
            rendered: list[HttpResponse] = []

            def render() -> dict | None:
                response = view(request, *args, **kwargs)
                rendered.append(response)
                return _storable(request, response)

            # the catalogue's version and the others in one round trip
            versions = cache.read_counters(cache.VERSION_KEY, *counters)
            parts = (
                *cache.request_parts(request),
                *(versions[name] for name in counters),
                *key(request, *args, **kwargs),
            )
            stored = cache.cached(kind, parts, render, store=lambda value: value is not None)
            if rendered:  # drawn for this reader just now: theirs as it is
                return rendered[0]
            return _served(request, stored)

        return wrapped

    return decorator
