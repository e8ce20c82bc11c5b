"""The deck picture: one PNG of a deck's cards and their counts, to post on a forum.

The deck's name is the title, the game under it; then the PAD team in a row of its own
("Team · 5"), then the deck ("Deck · 40"), each card once with its count in a badge in the
corner the thumbnail layout leaves empty (cards/proxies/grid.py, QUANTITY_CORNER), as on the
deck page. The sideboard is not shown: the picture is what is played.

Cards are the grid's thumbnails (146 × 204 px), at most ten a row, so the picture is at most
1590 px wide: forums show it whole, and a 60-card deck of twenty cards is two rows.
"""

from __future__ import annotations

import io

from django.utils import translation
from django.utils.translation import gettext as _
from PIL import Image, ImageDraw

from cards.image_sizes import SIZES
from cards.proxies.canvas import ellipsize, label
from cards.proxies.fonts import font, say
from decks.models import DECK, TEAM
from decks.printing.sheet import PrintedEntry, card_picture

THUMB_WIDTH, THUMB_HEIGHT = SIZES["thumb"]
MAX_COLUMNS = 10
MIN_COLUMNS = 5  # room for the title of a deck of few cards
MARGIN, GAP = 20, 10
TITLE_SIZE, MIN_TITLE_SIZE, SUBTITLE_SIZE, SECTION_SIZE, BADGE_SIZE = 40, 22, 20, 24, 20
TITLE_TOP, SUBTITLE_TOP, HEAD_HEIGHT = MARGIN, MARGIN + 52, MARGIN + 90
SECTION_HEIGHT = 40
BACKGROUND, INK, MUTED, BADGE = "#f7f3ea", "#1f1b16", "#6b645a", "#111827"
MAX_WIDTH = 2 * MARGIN + MAX_COLUMNS * THUMB_WIDTH + (MAX_COLUMNS - 1) * GAP


def sections(entries: list[PrintedEntry]) -> list[tuple[str, list[PrintedEntry]]]:
    """(zone, entries) of the zones that have cards: the team first."""
    by_zone = [(zone, [e for e in entries if e.zone == zone]) for zone in (TEAM, DECK)]
    return [(zone, zone_entries) for zone, zone_entries in by_zone if zone_entries]


def deck_picture(entries: list[PrintedEntry], *, title: str, game: str, language: str) -> bytes:
    with translation.override(language):
        image = _draw(entries, title, game, language)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()


def _columns(parts) -> int:
    widest = max((len(zone_entries) for _zone, zone_entries in parts), default=0)
    return max(MIN_COLUMNS, min(MAX_COLUMNS, widest))


def _rows(count: int, columns: int) -> int:
    return -(-count // columns)


def _draw(entries, title: str, game: str, language: str) -> Image.Image:
    parts = sections(entries)
    columns = _columns(parts)
    width = 2 * MARGIN + columns * THUMB_WIDTH + (columns - 1) * GAP
    height = HEAD_HEIGHT + MARGIN
    for _zone, zone_entries in parts:
        rows = _rows(len(zone_entries), columns)
        height += SECTION_HEIGHT + rows * (THUMB_HEIGHT + GAP)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _title(draw, title, game, width - 2 * MARGIN)
    top = HEAD_HEIGHT
    for zone, zone_entries in parts:
        count = sum(entry.quantity for entry in zone_entries)
        heading = f"{_('Team') if zone == TEAM else _('Deck')} · {count}"
        draw.text((MARGIN, top + 4), heading, font=font(SECTION_SIZE), fill=INK)
        top += SECTION_HEIGHT
        for index, entry in enumerate(zone_entries):
            row, column = divmod(index, columns)
            x = MARGIN + column * (THUMB_WIDTH + GAP)
            y = top + row * (THUMB_HEIGHT + GAP)
            image.paste(_fitted(card_picture(entry.card, "thumb", language)), (x, y))
            _badge(draw, f"×{entry.quantity}", x + THUMB_WIDTH - 6, y + THUMB_HEIGHT - 6)
        top += _rows(len(zone_entries), columns) * (THUMB_HEIGHT + GAP)
    return image


def _title(draw: ImageDraw.ImageDraw, title: str, game: str, width: int) -> None:
    text = say(title, unknown="?")
    size = TITLE_SIZE
    while size > MIN_TITLE_SIZE and font(size).getlength(text) > width:
        size -= 2
    if font(size).getlength(text) > width:
        text = ellipsize(text, font(size), width)
    draw.text((MARGIN, TITLE_TOP), text, font=font(size), fill=INK, stroke_width=1, stroke_fill=INK)
    draw.text((MARGIN, SUBTITLE_TOP), label("game", game), font=font(SUBTITLE_SIZE), fill=MUTED)


def _fitted(picture: Image.Image) -> Image.Image:
    """An upload's thumbnail keeps its own proportions: fit it to the card's place."""
    if picture.size == (THUMB_WIDTH, THUMB_HEIGHT):
        return picture
    return picture.resize((THUMB_WIDTH, THUMB_HEIGHT), Image.Resampling.LANCZOS)


def _badge(draw: ImageDraw.ImageDraw, text: str, right: int, bottom: int) -> None:
    """The count, bottom right, white on dark like the deck page's ×N."""
    face = font(BADGE_SIZE)
    width = face.getlength(text)
    box = (right - width - 16, bottom - BADGE_SIZE - 12, right, bottom)
    draw.rounded_rectangle(box, 10, fill=BADGE)
    centre = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
    draw.text(
        centre, text, font=face, fill="white", anchor="mm", stroke_width=1, stroke_fill="white"
    )
