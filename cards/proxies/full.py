"""The pieces of the normal-size proxy (a card page): name band, badges, art, orbs, footer."""

from __future__ import annotations

from django.utils.translation import gettext as _

from cards import vocabulary as v
from cards.image_sizes import SIZES
from cards.proxies.canvas import (
    BATTLE_TYPE_COLOURS,
    EMPTY_ORB_RING,
    INK,
    MUTED,
    NO_ATTRIBUTE_COLOUR,
    ORB_BAR,
    ORB_COLOURS,
    PAPER,
    RULES_TEXT_GREY,
    SYNTHETIC_RED,
    Canvas,
    card_name,
    ink_on,
    label,
    second_name,
    tint,
    value_text,
)
from cards.proxies.fonts import font

W, H = SIZES["normal"]
FRAME = 14
MARGIN = 30
HEADER = (26, 26, W - 26, 104)
META_Y = 122
ORB_BAR_BOX = (MARGIN, 568, W - MARGIN, 624)
ORB_RADIUS = 20
FOOTER_Y = 648
TEXT_LEFT, TEXT_RIGHT = MARGIN + 4, W - MARGIN - 4


def canvas(colour: str) -> Canvas:
    return Canvas((W, H), colour, frame=FRAME, radius=16)


def orb_slot_centres() -> list[tuple[int, int]]:
    """Centres of the six orb slots on the normal-size proxy, in printed order."""
    left, top, right, bottom = ORB_BAR_BOX
    step = (right - left) / len(v.ORB_COLOURS)
    return [(round(left + step * (i + 0.5)), (top + bottom) // 2) for i in range(6)]


def header(c: Canvas, card, *, badge_width: int = 0, right_text: str = "") -> None:
    """The coloured name band: the name, another of its names under it, `right_text` at the
    end. A badge `badge_width` wide (cost, battle type) is drawn at its left by the caller."""
    left, top, right, bottom = HEADER
    middle = (top + bottom) // 2
    c.draw.rounded_rectangle(HEADER, 14, fill=c.colour)
    ink = ink_on(c.colour)
    name_left = left + 14 + (badge_width + 12 if badge_width else 0)
    name_right = right - 14
    if right_text:
        c.text((name_right, middle), right_text, 26, fill=ink, anchor="rm")
        name_right -= font(26).getlength(right_text) + 14
    width = name_right - name_left
    name = card_name(card)
    other = second_name(card, name)
    if other:
        c.text(
            (name_left, middle + 4),
            name,
            30,
            fill=ink,
            anchor="ls",
            max_width=width,
            bold=True,
            role="name",
        )
        c.text((name_left, middle + 10), other, 16, fill=ink, anchor="lt", max_width=width)
    else:
        c.text(
            (name_left, middle),
            name,
            32,
            fill=ink,
            anchor="lm",
            max_width=width,
            bold=True,
            role="name",
        )


def cost_badge(c: Canvas, cost) -> None:
    cx, cy, r = HEADER[0] + 12 + 30, (HEADER[1] + HEADER[3]) // 2, 30
    c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PAPER, outline=INK, width=3)
    c.text((cx, cy), value_text(cost), 36, anchor="mm", bold=True)


def battle_type_badge(c: Canvas, letter: str) -> None:
    x, cy, side = HEADER[0] + 12, (HEADER[1] + HEADER[3]) // 2, 60
    fill = BATTLE_TYPE_COLOURS.get(letter, NO_ATTRIBUTE_COLOUR)
    c.draw.rounded_rectangle(
        (x, cy - side // 2, x + side, cy + side // 2), 8, fill=fill, outline="white", width=3
    )
    c.text((x + side // 2, cy), letter or "?", 38, fill="white", anchor="mm", bold=True)


def meta(c: Canvas, *parts: str) -> None:
    line = " · ".join(part for part in parts if part)
    c.text((TEXT_LEFT, META_Y), line, 18, fill=MUTED, anchor="lm", max_width=W - 2 * MARGIN)


def art(c: Canvas, card, box) -> None:
    """The artwork's place: a tinted panel with the name's first character as a monogram."""
    c.art_box = box
    left, top, right, bottom = box
    c.draw.rounded_rectangle(
        box, 10, fill=tint(c.colour, 0.22), outline=tint(c.colour, 0.5), width=2
    )
    height = bottom - top
    c.text(
        ((left + right) // 2, (top + bottom) // 2),
        card_name(card)[:1],
        min(150, height - 30),
        fill=tint(c.colour, 0.5),
        anchor="mm",
    )
    c.text((right - 10, bottom - 8), _("PROXY"), 13, fill=tint(c.colour, 0.7), anchor="rd")


def badge(c: Canvas, xy, text: str, *, fill=INK, ink="white", size=18) -> None:
    x, y = xy
    width = font(size).getlength(text)
    c.draw.rounded_rectangle((x, y, x + width + 20, y + size + 14), 8, fill=fill)
    c.text((x + 10, y + (size + 14) // 2), text, size, fill=ink, anchor="lm", bold=True)


def orb_bar(c: Canvas, orbs) -> None:
    """Six fixed slots in printed order (heart, dark, light, wood, water, fire)."""
    c.draw.rounded_rectangle(ORB_BAR_BOX, 28, fill=ORB_BAR)
    lit = set(orbs or ())
    r = ORB_RADIUS
    for colour, (x, y) in zip(v.ORB_COLOURS, orb_slot_centres(), strict=True):
        box = (x - r, y - r, x + r, y + r)
        if colour in lit:
            c.draw.ellipse(box, fill=ORB_COLOURS[colour], outline="white", width=3)
        else:
            c.draw.ellipse(box, outline=EMPTY_ORB_RING, width=2)


def footer(c: Canvas, card) -> None:
    c.text((TEXT_LEFT, FOOTER_Y), card.number, 15, fill=MUTED, anchor="lm", role="number")
    right = " · ".join(part for part in (card.rarity, label("kind", card.kind)) if part)
    c.text((TEXT_RIGHT, FOOTER_Y), right, 15, fill=MUTED, anchor="rm")


def section_label(c: Canvas, xy, text: str) -> None:
    c.text(xy, text.upper(), 13, fill=MUTED)


def effect_types(card) -> str:
    return " · ".join(label("effect_type", kind) for kind in card.effect_types or ())


def details(c: Canvas, rows, top: int) -> int:
    for name, value in rows:
        c.text((TEXT_LEFT, top), name.upper(), 13, fill=MUTED)
        c.text((TEXT_LEFT + 110, top - 3), value, 18, max_width=TEXT_RIGHT - TEXT_LEFT - 110)
        top += 30
    return top


def band(c: Canvas, text: str, fill: str) -> None:
    """A label across the artwork, for what is not a printed card's picture."""
    left, top, right, _bottom = c.art_box or (FRAME, HEADER[3], W - FRAME, HEADER[3])
    c.draw.rectangle((left, top + 14, right, top + 54), fill=fill)
    c.text(
        ((left + right) // 2, top + 34),
        text,
        24,
        fill="white",
        anchor="mm",
        bold=True,
        max_width=right - left - 16,
        role="band",
    )


def synthetic_mark(c: Canvas) -> None:
    """Benchmark data, not a real card."""
    band(c, _("SYNTHETIC"), SYNTHETIC_RED)


def rules_text_mark(c: Canvas) -> None:
    """Named in the rules text only (issue 15, item 2): its picture and number are unknown."""
    band(c, _("Known only from the rules text"), RULES_TEXT_GREY)
