"""Proxy sheets and deck pictures drawn once, then served from storage (issue 24, finding 5).

A file depends only on what its ETag names (decks/api/printing.py): the deck, its revision
(which moves at every write), the variant (kind, paper, language) and every printed card's
picture. It is stored under that key in the default storage (MEDIA_ROOT, shared by every
app server), so the same request is drawn once, whoever asks next and on whichever server.

Names are keyed hashes (salted with SECRET_KEY): a private deck's file cannot be found by
anyone computing the name from what they know of the deck, should /media/ be served as
it is. Each deck keeps the files of its current revision only: storing one for a new
revision deletes the older ones, deleting the deck deletes them all, and
`manage.py prune_renders` deletes files older than RENDER_KEEP_DAYS.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac

from cards.whole_files import store_whole

logger = logging.getLogger(__name__)

RENDER_DIR = "renders"
SALT = "decks.printing.stored"
DEFAULT_KEEP_DAYS = 30


def _keyed(text: str, length: int) -> str:
    return salted_hmac(SALT, text, algorithm="sha256").hexdigest()[:length]


def deck_folder(deck_id: str) -> str:
    return f"{RENDER_DIR}/{_keyed(deck_id, 24)}"


def stored_name(deck_id: str, revision: int, key: str, extension: str) -> str:
    """Where the file of this key lives: its deck's folder, its revision first."""
    return f"{deck_folder(deck_id)}/r{revision}-{_keyed(key, 32)}.{extension}"


def read(name: str) -> bytes | None:
    """The stored file, or None when it is not drawn yet (or cannot be read: drawn again)."""
    try:
        with default_storage.open(name, "rb") as file:
            return file.read()
    except FileNotFoundError:
        return None
    except OSError:
        logger.exception("Could not read the render %s", name)
        return None


def store(name: str, data: bytes) -> None:
    """Keep `data` under `name`, and forget the deck's files of older revisions. A storage
    that fails is logged, never the request's failure: the file is drawn again next time."""
    try:
        store_whole(name, data)
        folder, _, filename = name.rpartition("/")
        revision = _revision(filename)
        for other in default_storage.listdir(folder)[1]:
            older = _revision(other)
            if older is not None and revision is not None and older < revision:
                default_storage.delete(f"{folder}/{other}")
    except OSError:
        logger.exception("Could not store the render %s", name)


def _revision(filename: str) -> int | None:
    head = filename.split("-", 1)[0]
    return int(head[1:]) if head.startswith("r") and head[1:].isdigit() else None


def forget_deck(deck_id: str) -> None:
    """Delete every stored file of a deck (it was deleted)."""
    folder = deck_folder(deck_id)
    try:
        if not default_storage.exists(folder):
            return
        for filename in default_storage.listdir(folder)[1]:
            default_storage.delete(f"{folder}/{filename}")
    except OSError:
        logger.exception("Could not delete the renders of deck %s", deck_id)


def keep_days() -> int:
    return int(getattr(settings, "RENDER_KEEP_DAYS", DEFAULT_KEEP_DAYS))


def prune(days: int | None = None) -> int:
    """Delete stored files older than `days` (RENDER_KEEP_DAYS); how many were deleted.
    A deck whose file was deleted is drawn again when next asked for."""
    cutoff = timezone.now() - timedelta(days=keep_days() if days is None else days)
    if not default_storage.exists(RENDER_DIR):
        return 0
    deleted = 0
    for folder in default_storage.listdir(RENDER_DIR)[0]:
        path = f"{RENDER_DIR}/{folder}"
        for filename in default_storage.listdir(path)[1]:
            name = f"{path}/{filename}"
            if default_storage.get_modified_time(name) < cutoff:
                default_storage.delete(name)
                deleted += 1
    return deleted


def deck_deleted(sender, instance, **kwargs) -> None:
    """post_delete of a Deck: its files go once the deletion is committed."""
    deck_id = instance.pk
    transaction.on_commit(lambda: forget_deck(deck_id))
