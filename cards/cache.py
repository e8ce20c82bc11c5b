"""The shared cache of catalogue pages and JSON, and the catalogue version that invalidates it.

Every cached catalogue value (search results, card JSON, rendered card, search and deck
fragments) is stored under a key that starts with the *catalogue version*, a number kept in
the shared cache. Any write to a model of the `cards` app (an import, an admin edit, an
accepted correction, a proxy-model save from the admin) bumps it, so every older entry is
never read again and expires on its own (`TTL`). Nothing is ever deleted one key at a time:
a page cannot be forgotten by an invalidation list.

Bumps happen at the write *and* again when its transaction commits: a request reading the
catalogue between the two would otherwise cache the old rows under the new version.
Writes that send no signal (bulk_create / bulk_update, raw SQL, the synthetic generator)
must call `bump_catalogue_version()` themselves: the import commands do.

The values live in the "catalogue" cache (settings.CACHES). Only a cache every app server
shares can be invalidated by one of them, so without Redis that alias is a DummyCache and
this module caches nothing (`enabled()` is False): correct, only slower.

Keys also carry the active language (the pages speak en, zh-hant, zh-hans) and whatever
else the value depends on (the query string, the host for absolute URLs, the deck's
revision). A key carries no user, with one exception: callers cache only what is the same
for every reader who may see it, and check access *before* asking the cache. The API's deck
list is the same for every reader who owns no deck; a deck owner's pages carry their id
(decks.api.views.DeckViewSet.list). A search is keyed on its
parsed query, and one whose answer depends on the reader is never cached
(cards.search.sharing).
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import caches
from django.core.cache.backends.dummy import DummyCache
from django.core.signals import request_finished, request_started
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.utils.translation import get_language

from cardsite.renderers import PrerenderedJSON

ALIAS = "catalogue"
VERSION_KEY = "catalogue:version"
TTL = 60 * 60  # entries of an old version are unreachable; this only frees the memory
T = TypeVar("T")


def _cache():
    return caches[ALIAS]


def enabled() -> bool:
    return not isinstance(_cache(), DummyCache)


def _fresh_version() -> int:
    # After a flush or an eviction the counter restarts from the clock (ns), far above any
    # number it reached before: an entry of an older catalogue can never be read again.
    return time.time_ns()


# The versions read once per request: a page asking the cache for three fragments makes one
# round trip for the catalogue's version, not three, and one for every counter it needs
# together (read_counters). Forgotten when the next request starts (request_started) and
# whenever this process bumps one; never kept across requests, so another server's bump is
# seen by the very next request here.
_memo = threading.local()


def _request_counters() -> dict[str, int] | None:
    """This request's counters read so far; None outside a request (nothing is kept)."""
    return getattr(_memo, "counters", None)


def catalogue_version() -> int:
    return counter(VERSION_KEY)


def counter(counter_key: str) -> int:
    """A version number kept in the shared cache (the catalogue's, or another family of
    values such as the public decks'), started from the clock when missing."""
    return read_counters(counter_key)[counter_key]


def read_counters(*counter_keys: str) -> dict[str, int]:
    """Several counters in one round trip (those this request has not read yet)."""
    known = _request_counters()
    wanted = [key for key in counter_keys if known is None or key not in known]
    found = _cache().get_many(wanted) if wanted else {}
    for key in wanted:
        if found.get(key) is None:
            _cache().add(key, _fresh_version(), timeout=None)
            found[key] = _cache().get(key) or _fresh_version()
    if known is None:
        return found
    known.update(found)
    return {key: known[key] for key in counter_keys}


def _request_started(**kwargs) -> None:
    _memo.counters = {}


def _request_finished(**kwargs) -> None:
    _memo.counters = None


def bump_catalogue_version() -> None:
    """The catalogue changed: every cached catalogue value is stale from now on."""
    if not enabled():
        return
    _bump()
    # Again after the commit: a reader that cached the old rows between the write and the
    # commit stored them under the version bumped above.
    transaction.on_commit(_bump)


def bump_counter(counter_key: str) -> None:
    """The values cached under `counter(counter_key)` are stale from now on (and again at
    the commit, for the reason bump_catalogue_version gives)."""
    if not enabled():
        return
    _bump(counter_key)
    transaction.on_commit(lambda: _bump(counter_key))


def _bump(counter_key: str = VERSION_KEY) -> None:
    known = _request_counters()
    if known is not None:
        known.pop(counter_key, None)
    cache = _cache()
    try:
        cache.incr(counter_key)
    except ValueError:  # no counter yet (or evicted): start a new one
        cache.set(counter_key, _fresh_version(), timeout=None)


def key(kind: str, *parts) -> str:
    """The cache key of one value: version, kind, language and a digest of `parts`."""
    digest = hashlib.sha256(repr(parts).encode()).hexdigest()[:32]
    return f"cat:{catalogue_version()}:{kind}:{get_language() or '-'}:{digest}"


def cached(kind: str, parts: tuple, compute: Callable[[], T], *, store=None) -> T:
    """The cached value for (kind, parts) under the current catalogue version and language,
    else `compute()`'s, stored when `store(value)` says it may be (default: always).

    An exception in `compute` (404, a syntax error…) propagates and nothing is stored."""
    if not enabled():
        return compute()
    cache = _cache()
    cache_key = key(kind, *parts)
    value = cache.get(cache_key)
    if value is None:
        value = compute()
        if store is None or store(value):
            cache.set(cache_key, value, TTL)
    return value


def cached_answer(kind: str, parts: tuple, compute: Callable[[], T]) -> T | PrerenderedJSON:
    """`cached()` for an API answer: kept as the JSON bytes the API's renderer writes for
    `compute()`'s data and sent as they are (cardsite.renderers). Without the shared cache,
    the data themselves."""
    if not enabled():
        return compute()
    body = cached(kind, parts, lambda: PrerenderedJSON.of(compute()).body)
    return PrerenderedJSON(body)


# Values derived from the whole catalogue (sets of card ids), kept in this process for one
# catalogue version: {kind: (version, value)}. Read against the version this request read
# from the shared cache, so another server's write is seen by the next request here too.
_process_memos: dict[str, tuple[int, object]] = {}


def per_process(kind: str, compute: Callable[[], T]) -> T | None:
    """`compute()`'s value for the current catalogue version, computed once per process and
    version. For small language-free values that save a query on many pages, such as "the
    cards some card evolves from". None without the shared cache (no version tells when
    another server changed the catalogue): callers then ask the database as they would have."""
    if not enabled():
        return None
    version = catalogue_version()
    held = _process_memos.get(kind)
    if held is not None and held[0] == version:
        return held[1]
    value = compute()
    _process_memos[kind] = (version, value)  # one assignment: threads see old or new
    return value


def request_parts(request, *, search: str | None = None) -> tuple:
    """What a GET response depends on besides the catalogue: the path, the query string
    (order-free) and the scheme and host absolute links are built with.

    `search`: for a search, the key of its parsed query (cards.search.sharing.shared_key),
    which stands for `q`: the text of `q` never picks a cached answer (issue 24, finding 3).
    """
    skipped = () if search is None else ("q",)
    query = tuple(
        sorted((k, tuple(request.GET.getlist(k))) for k in request.GET if k not in skipped)
    )
    parts = (request.scheme, request.get_host(), request.path, query)
    return parts if search is None else (*parts, ("search", search))


# --- Signals --------------------------------------------------------------------------------


def _catalogue_changed(sender, **kwargs) -> None:
    # Every model of the cards app: the admin's proxy models (their saves are Card saves sent
    # by the proxy class), attack rows, combo parts, sets, history and correction rows.
    if sender._meta.app_label == "cards":
        bump_catalogue_version()


def _m2m_changed(sender, instance, action, **kwargs) -> None:
    if action.startswith("post_") and instance._meta.app_label == "cards":
        bump_catalogue_version()


def connect_signals() -> None:
    """Called from CardsConfig.ready()."""
    post_save.connect(_catalogue_changed, dispatch_uid="catalogue-version-save")
    post_delete.connect(_catalogue_changed, dispatch_uid="catalogue-version-delete")
    m2m_changed.connect(_m2m_changed, dispatch_uid="catalogue-version-m2m")
    request_started.connect(_request_started, dispatch_uid="catalogue-version-request")
    request_finished.connect(_request_finished, dispatch_uid="catalogue-version-request-end")
