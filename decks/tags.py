"""Deck tags: free labels a deck's owner gives it ("aggro", "budget"), issue 16.

A tag is normalised so that "Big Combo", " big combo " and "BIG-COMBO" are one tag the
deck browser can filter by (`/decks/?tag=big-combo`): trimmed, lower-case, every run of
spaces one hyphen. It holds letters (any script), digits, hyphens and underscores only, so
it reads the same in an address; past `MAX_TAGS` tags or `MAX_TAG_LENGTH` characters the
write is refused (code `invalid_tags`) rather than cut silently.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from decks.models import Deck, DeckTag

MAX_TAGS = 8
MAX_TAG_LENGTH = 30
INVALID_TAGS = "invalid_tags"
_SPACES = re.compile(r"\s+")
_TAG = re.compile(r"[\w-]+")


class TagError(ValueError):
    """A tag list refused, with the reason in English (the API's message)."""


def normalise_tag(raw: str) -> str:
    return _SPACES.sub("-", raw.strip().lower())


def normalise_tags(raw: Iterable[str]) -> list[str]:
    """The distinct tags, sorted, or TagError naming the first one refused."""
    tags = sorted({normalise_tag(tag) for tag in raw} - {""})
    for tag in tags:
        if len(tag) > MAX_TAG_LENGTH:
            raise TagError(f"Tag “{tag[:40]}” is longer than {MAX_TAG_LENGTH} characters.")
        if not _TAG.fullmatch(tag):
            raise TagError(
                f"Tag “{tag[:40]}”: a tag holds letters, digits, hyphens and underscores only."
            )
    if len(tags) > MAX_TAGS:
        raise TagError(f"A deck has at most {MAX_TAGS} tags, not {len(tags)}.")
    return tags


def split_tags(text: str) -> list[str]:
    """The tags typed in the builder, separated by commas."""
    return text.split(",")


def write_tags(deck: Deck, tags: list[str]) -> None:
    deck.tags.all().delete()
    DeckTag.objects.bulk_create(DeckTag(deck=deck, name=name) for name in tags)
