"""Puzzle & Dragons TCG proxies: pets and skills, at the normal and the thumbnail size."""

from __future__ import annotations

from django.utils.translation import gettext as _

from cards import vocabulary as v
from cards.proxies import full, grid
from cards.proxies.canvas import MUTED, Canvas, frame_colour, label, tint, value_text
from cards.proxies.effect import effect_paragraph
from cards.proxies.fonts import say


def _attributes(card) -> str:
    names = [label("attribute", a) for a in (card.attribute, card.sub_attribute) if a]
    return "/".join(names) or _("No attribute")


def _types(card) -> str:
    return "/".join(label("pet_type", t) for t in card.types) or "?"


def _attack_table(c: Canvas, card, box) -> None:
    """PAD-1.1: six rows, row n = attack at n combos, with its +bonus."""
    left, top, right, _bottom = box
    rows = {row.combos: row for row in card.related_rows("attack_rows")}
    full.section_label(c, (left, top), _("Combos · Attack"))
    row_height = 28
    for combos in range(1, v.ATTACK_ROWS + 1):
        y = top + 20 + (combos - 1) * row_height
        if combos % 2:
            c.draw.rectangle((left, y, right, y + row_height), fill=tint(c.colour, 0.12))
        middle = y + row_height // 2
        c.text((left + 8, middle), str(combos), 16, fill=MUTED, anchor="lm")
        row = rows.get(combos)
        c.text((right - 58, middle), value_text(row and row.attack), 20, anchor="rm", bold=True)
        if row and row.bonus:
            c.text((right - 50, middle), f"+{row.bonus}", 17, fill=c.colour, anchor="lm", bold=True)


def draw_pet(card) -> Canvas:
    c = full.canvas(frame_colour(card))
    full.header(c, card, badge_width=60)
    full.cost_badge(c, card.cost)
    full.meta(c, label("stage", card.stage), _types(card), _attributes(card))
    art = (full.TEXT_LEFT, 140, full.TEXT_RIGHT, 330)
    full.art(c, card, art)
    full.badge(
        c, (art[0] + 10, art[3] - 44), _("DEF %(defense)s") % {"defense": value_text(card.defense)}
    )
    _attack_table(c, card, (full.TEXT_LEFT, 342, full.MARGIN + 190, 560))
    text_left = full.MARGIN + 206
    y = 342
    if card.effect_types:
        full.section_label(c, (text_left, y), full.effect_types(card))
        y += 22
    if card.ultimate_requirement:
        requirement = _("Ultimate: %(requirement)s") % {
            "requirement": say(card.ultimate_requirement)
        }
        c.text((text_left, y), requirement, 14, fill=MUTED, max_width=full.TEXT_RIGHT - text_left)
        y += 22
    c.paragraph((text_left, y, full.TEXT_RIGHT, 556), effect_paragraph(card), 16, role="effect")
    full.orb_bar(c, card.orbs)
    full.footer(c, card)
    return c


def draw_skill(card) -> Canvas:
    c = full.canvas(frame_colour(card))
    full.header(c, card, badge_width=60)
    full.cost_badge(c, card.cost)
    icon = say(card.skill_icon, unknown="")
    full.meta(
        c,
        label("kind", v.SKILL),
        _attributes(card),
        _("Icon: %(icon)s") % {"icon": icon} if icon else "",
    )
    full.art(c, card, (full.TEXT_LEFT, 140, full.TEXT_RIGHT, 360))
    y = 374
    if card.effect_types:
        full.section_label(c, (full.TEXT_LEFT, y), full.effect_types(card))
        y += 22
    box = (full.TEXT_LEFT, y, full.TEXT_RIGHT, 556)
    c.paragraph(box, effect_paragraph(card), 18, role="effect")
    full.orb_bar(c, card.orbs)
    full.footer(c, card)
    return c


def _small(card) -> Canvas:
    c = grid.canvas(frame_colour(card))
    grid.name_band(c, card)
    grid.number_row(c, card)
    grid.cost_circle(c, card.cost)
    return c


def draw_pet_small(card) -> Canvas:
    c = _small(card)
    y = grid.line(c, grid.BODY[1], f"{_attributes(card)} · {_types(card)}")
    defense = _("DEF %(defense)s") % {"defense": value_text(card.defense)}
    grid.line(c, y, defense, 16, fill="#1f1b16", bold=True)
    grid.orb_row(c, card.orbs, grid.BODY[3] - 10)
    grid.foot(c, label("stage", card.stage))
    return c


def draw_skill_small(card) -> Canvas:
    c = _small(card)
    y = grid.line(c, grid.BODY[1], _attributes(card))
    if card.effect_types:
        grid.line(c, y, full.effect_types(card), 13)
    grid.orb_row(c, card.orbs, grid.BODY[3] - 10)
    grid.foot(c, label("kind", v.SKILL))
    return c
