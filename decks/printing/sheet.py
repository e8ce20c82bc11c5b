"""The cards a deck prints, and the picture of each.

Printing reads two queries whatever the deck's size (the entries with their cards, then the
children of the cards whose proxy may need drawing, at most three more): `printed_entries`.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass

from django.core.files.storage import default_storage
from PIL import Image

from cards import images
from cards.selectors import load_children
from decks.models import DECK, TEAM, Deck

logger = logging.getLogger(__name__)

# The PAD team first, as it lies on the table before the deck; the sideboard is not printed.
PRINTED_ZONES = (TEAM, DECK)


@dataclass(frozen=True)
class PrintedEntry:
    card: object  # cards.models.Card
    quantity: int
    zone: str


def printed_entries(deck: Deck) -> list[PrintedEntry]:
    """The team's and the deck's cards, each zone in card-number order."""
    rows = list(
        deck.entries.filter(zone__in=PRINTED_ZONES)
        .select_related("card")
        .order_by("card__number_sort", "card_id")
    )
    # Attack tables and the like are needed only to draw a proxy: cards without an upload.
    load_children([row.card for row in rows if not row.card.image])
    rows.sort(key=lambda row: PRINTED_ZONES.index(row.zone))
    return [PrintedEntry(row.card, row.quantity, row.zone) for row in rows]


def copies(entries: list[PrintedEntry]) -> int:
    return sum(entry.quantity for entry in entries)


def pictures_token(entries: list[PrintedEntry]) -> str:
    """Changes when any printed card's picture does (a new upload, a redrawn proxy)."""
    tokens = "|".join(f"{e.card.pk}:{images.image_token(e.card)}" for e in entries)
    return hashlib.sha256(tokens.encode()).hexdigest()[:16]


def card_picture(card, size: str, language: str) -> Image.Image:
    """The card's picture at `size` ("thumb" or "normal"), as the card pages show it: the
    upload's rendition, else the proxy in `language` (stored, or drawn and stored now)."""
    if card.image:
        try:
            return _opened(images.rendition(card, size))
        except (OSError, ValueError, Image.DecompressionBombError):
            # The card image view does the same: a lost upload shows the proxy.
            logger.warning("Card %s: image %s cannot be read", card.pk, card.image.name)
    return _opened(images.proxy(card, size, language))


def _opened(name: str) -> Image.Image:
    with default_storage.open(name, "rb") as stored, Image.open(stored) as picture:
        picture = picture.convert("RGBA")
    # A transparent upload is printed on white paper, not on black.
    on_paper = Image.new("RGB", picture.size, "white")
    on_paper.paste(picture, mask=picture.getchannel("A"))
    return on_paper


def pictures_to_draw(entries: list[PrintedEntry], size: str, language: str) -> int:
    """How many of the entries' card pictures at `size` are not stored yet (card_picture
    would draw them first): a proxy in `language`, or an upload's rendition."""
    missing = 0
    for entry in entries:
        card = entry.card
        if card.image:
            name = images.rendition_name(card.image.name, size)
        else:
            name = images.proxy_name(card, size, language)
        missing += not default_storage.exists(name)
    return missing
