"""Proxies drawn before a page asks for them.

Drawn on first request, a 60-card grid made its visitor wait while the server drew 60
pictures. `predraw_proxies` draws every missing proxy of the catalogue (cards without an
upload) in the page languages and both sizes, skipping those already stored, so a second run
draws nothing. It runs from `manage.py draw_proxies`, in the background on the job workers
(`draw_proxies --background`, as `make run` does; cards/tasks.py), or after each import when
CARD_PROXIES_AFTER_IMPORT says so ("now" or "background"; off by default, so that the test
suite's many imports draw nothing).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.conf import settings
from django.core.files.storage import default_storage
from django.db import transaction

from cards import images
from cards.image_sizes import SIZES
from cards.models import Card
from cards.proxies import page_languages
from cards.selectors import load_children

logger = logging.getLogger(__name__)

BATCH = 100  # cards per query batch, and per background task


@dataclass
class PredrawSummary:
    drawn: int = 0
    present: int = 0
    seconds: float = 0.0


def cards_needing_proxies(set_code: str | None = None) -> list[int]:
    """The ids of the cards shown as proxies: those without an uploaded picture."""
    cards = Card.objects.filter(image="")
    if set_code:
        cards = cards.filter(card_set__code=set_code)
    return list(cards.order_by("pk").values_list("pk", flat=True))


def _stored_proxies() -> set[str]:
    try:
        _folders, files = default_storage.listdir(images.PROXY_DIR)
    except (FileNotFoundError, NotImplementedError):
        return set()
    return {f"{images.PROXY_DIR}/{name}" for name in files}


def predraw_proxies(
    card_ids: Iterable[int] | None = None,
    *,
    languages: Iterable[str] | None = None,
    sizes: Iterable[str] | None = None,
    progress: Callable[[PredrawSummary], None] | None = None,
) -> PredrawSummary:
    """Draw the missing proxies of these cards (default: every card without an upload)."""
    started = time.perf_counter()
    ids = cards_needing_proxies() if card_ids is None else list(card_ids)
    languages = tuple(languages or page_languages())
    sizes = tuple(sizes or SIZES)
    stored = _stored_proxies()
    summary = PredrawSummary()
    for start in range(0, len(ids), BATCH):
        batch = Card.objects.filter(pk__in=ids[start : start + BATCH], image="").order_by("pk")
        for card in load_children(list(batch)):
            for size in sizes:
                for language in languages:
                    if images.proxy_name(card, size, language) in stored:
                        summary.present += 1
                    else:
                        images.proxy(card, size, language)
                        summary.drawn += 1
        if progress:
            progress(summary)
    summary.seconds = time.perf_counter() - started
    return summary


def queue_predraw(card_ids: Iterable[int] | None = None) -> int:
    """Queue the drawing on the job workers, BATCH cards a task so that games are never kept
    waiting long behind it; returns the number of tasks. A queue that cannot be reached is
    logged, not raised: the pages still draw a missing proxy on first request."""
    from cards.tasks import draw_proxies

    ids = cards_needing_proxies() if card_ids is None else list(card_ids)
    batches = [ids[start : start + BATCH] for start in range(0, len(ids), BATCH)]
    try:
        for batch in batches:
            draw_proxies.apply_async((batch,), retry=True)
    except Exception as error:  # kombu raises the transport's own errors (OperationalError …)
        logger.warning("Proxies not queued, they will be drawn on first view: %s", error)
        return 0
    return len(batches)


def predraw_after_import(card_ids: Iterable[int] | None = None) -> None:
    """What CARD_PROXIES_AFTER_IMPORT asks for, once the import's transaction is committed."""
    mode = settings.CARD_PROXIES_AFTER_IMPORT
    if mode not in ("now", "background"):
        return
    ids = None if card_ids is None else list(card_ids)
    action = predraw_proxies if mode == "now" else queue_predraw
    transaction.on_commit(lambda: action(ids))
