"""The thumbnail-size proxy: a layout of its own, made to be read in a card grid.

The normal proxy scaled down to 146 px wide turned its name into 10 px and its number into
4 px: a grid of look-alike cards. At this size a proxy shows what tells cards apart — the
name, large, in a coloured band at the top, the number under it, and the few figures a
player looks for — and leaves its bottom-right corner empty for the deck pages' ×N badge.

Legibility: a deck page shows thumbnails at down to 104 CSS px wide (`.deck-cards`
grid columns), 0.71 of their 146 px. Text of MIN_TEXT_SIZE px there is 12 CSS px, the
smallest size Chromium lets Chinese pages use and about the caption under each picture
(.8rem), so the name and the number are never drawn smaller.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from cards import vocabulary as v
from cards.image_sizes import SIZES
from cards.proxies.canvas import (
    EMPTY_ORB_RING,
    INK,
    MUTED,
    ORB_COLOURS,
    RULES_TEXT_GREY,
    SYNTHETIC_RED,
    Canvas,
    card_name,
    ellipsize,
    ink_on,
    wrap,
)
from cards.proxies.fonts import font

W, H = SIZES["thumb"]
FRAME = 4
MIN_TEXT_SIZE = 17
# (left, top, right, bottom) in thumbnail pixels.
NAME_BAND = (FRAME, FRAME, W - FRAME, 56)
NAME_SIZES = (20, 18, MIN_TEXT_SIZE)  # one line at 20 px if it fits, else two lines
NAME_PADDING = 6
NUMBER_ROW = (FRAME, 58, W - FRAME, 82)
NUMBER_SIZE = 18
BODY = (10, 86, W - 10, 158)
# Left empty: the deck pages draw the ×N badge here (static/css/site.css, .card-thumb .qty).
QUANTITY_CORNER = (88, 160, W, H)
FOOT = (10, 160, QUANTITY_CORNER[0] - 4, H - FRAME - 2)


def canvas(colour: str) -> Canvas:
    return Canvas((W, H), colour, frame=FRAME, radius=6)


NAME_WIDTH = NAME_BAND[2] - NAME_BAND[0] - 2 * NAME_PADDING - 2  # bold adds 1 px a side


def name_lines(name: str) -> tuple[int, list[str]]:
    """The font size and lines of a name in the band: one line at 20 px if it fits, else
    two at 18 (17 at the least), the second cut with … if even that is too long."""
    for size in NAME_SIZES:
        lines = wrap(name, font(size), NAME_WIDTH)
        if len(lines) == 1 or (size < NAME_SIZES[0] and len(lines) <= 2):
            return size, lines
    return size, [lines[0], ellipsize(" ".join(lines[1:]), font(size), NAME_WIDTH)]


def name_band(c: Canvas, card) -> None:
    """The name in the frame's colour, large (`name_lines`)."""
    c.draw.rounded_rectangle(NAME_BAND, 5, fill=c.colour)
    left, top, _right, bottom = NAME_BAND
    size, lines = name_lines(card_name(card))
    ink = ink_on(c.colour)
    line_height = size + 3
    first = (top + bottom) // 2 - (len(lines) - 1) * line_height // 2
    for i, line in enumerate(lines):
        c.text(
            (left + NAME_PADDING, first + i * line_height),
            line,
            size,
            fill=ink,
            anchor="lm",
            bold=True,
            role="name",
        )


def number_row(c: Canvas, card) -> int:
    """The card number, bold, at the left of the row; returns the x where it ends."""
    left, top, _right, bottom = NUMBER_ROW
    c.text(
        (left + NAME_PADDING, (top + bottom) // 2),
        card.number,
        NUMBER_SIZE,
        anchor="lm",
        bold=True,
        role="number",
    )
    return c.texts_of("number")[-1].box[2]


def cost_circle(c: Canvas, cost) -> None:
    """PAD cost at the right of the number row."""
    _left, top, right, bottom = NUMBER_ROW
    r, cx, cy = 11, right - 6 - 11, (top + bottom) // 2
    c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill="white", outline=INK, width=2)
    c.text((cx, cy), "?" if cost is None else str(cost), 16, anchor="mm", bold=True, role="cost")


def letter_box(c: Canvas, xy, letter: str, fill, *, side: int = 20, size: int = 15) -> None:
    x, y = xy
    c.draw.rounded_rectangle((x, y, x + side, y + side), 4, fill=fill)
    c.text(
        (x + side // 2, y + side // 2), letter or "?", size, fill="white", anchor="mm", bold=True
    )


def line(c: Canvas, y: int, text: str, size: int = 14, *, fill=MUTED, bold=False, role="") -> int:
    """One line of the body, shrunk to its width; returns the y of the next line."""
    left, _top, right, _bottom = BODY
    c.text(
        (left, y), text, size, fill=fill, anchor="lt", max_width=right - left, bold=bold, role=role
    )
    return y + size + 6


def lines(c: Canvas, y: int, text: str, size: int, *, max_lines: int, fill=INK) -> int:
    left, _top, right, bottom = BODY
    return c.paragraph((left, y, right, bottom), text, size, fill=fill, max_lines=max_lines)


def orb_row(c: Canvas, orbs, y: int) -> None:
    """The six orb slots in printed order, small."""
    left, _top, right, _bottom = BODY
    r, step = 7, (right - left) / len(v.ORB_COLOURS)
    lit = set(orbs or ())
    for i, colour in enumerate(v.ORB_COLOURS):
        x = round(left + step * (i + 0.5))
        box = (x - r, y - r, x + r, y + r)
        if colour in lit:
            c.draw.ellipse(box, fill=ORB_COLOURS[colour], outline="white", width=1)
        else:
            c.draw.ellipse(box, outline=EMPTY_ORB_RING, width=1)


def foot(c: Canvas, text: str) -> None:
    """A short label at the bottom left (kind, level), clear of the badge's corner."""
    left, top, right, bottom = FOOT
    c.text((left, (top + bottom) // 2), text, 13, fill=MUTED, anchor="lm", max_width=right - left)


def band(c: Canvas, text: str, fill: str) -> None:
    """A label across the body, for what is not a printed card's picture."""
    left, top, right, _bottom = BODY
    c.draw.rectangle((left - 6, top + 22, right + 6, top + 44), fill=fill)
    c.text(
        ((left + right) // 2, top + 33),
        text,
        13,
        fill="white",
        anchor="mm",
        bold=True,
        max_width=right - left + 8,
        role="band",
    )


def synthetic_mark(c: Canvas) -> None:
    band(c, _("SYNTHETIC"), SYNTHETIC_RED)


def rules_text_mark(c: Canvas) -> None:
    band(c, _("Rules text only"), RULES_TEXT_GREY)
