"""Digimon card game proxies: Digimon, option and combo cards, at both sizes."""

from __future__ import annotations

from django.utils.translation import gettext as _

from cards import vocabulary as v
from cards.proxies import full, grid
from cards.proxies.canvas import (
    BATTLE_TYPE_COLOURS,
    INK,
    MUTED,
    NO_ATTRIBUTE_COLOUR,
    Canvas,
    label,
    level_label,
    tint,
    value_text,
)
from cards.proxies.effect import effect_paragraph, is_worded
from cards.proxies.fonts import can_draw, say

KIND_COLOURS = {v.DIGIMON_CARD: "#d9731c", v.OPTION: "#4b6584", v.COMBO: "#8c5a2b"}


def _attack_note(attack) -> str:
    if attack and attack.cancels:
        return _("Turns the opponent's %(letter)s to 0") % {"letter": attack.cancels}
    return say(attack and attack.effect, unknown="")


def _attacks(c: Canvas, card, top: int) -> int:
    attacks = {attack.letter: attack for attack in card.related_rows("attacks")}
    left, right = full.TEXT_LEFT, full.TEXT_RIGHT
    row_height = 46
    for i, letter in enumerate(v.ATTACK_LETTERS):
        y = top + i * row_height
        attack = attacks.get(letter)
        c.draw.rounded_rectangle(
            (left, y + 4, left + 30, y + 34), 6, fill=BATTLE_TYPE_COLOURS[letter]
        )
        c.text((left + 15, y + 19), letter, 20, fill="white", anchor="mm", bold=True)
        name = say(attack and attack.name)
        c.text((left + 42, y + 19), name, 20, anchor="lm", max_width=right - left - 140)
        c.text((right, y + 19), value_text(attack and attack.power), 26, anchor="rm", bold=True)
        note = _attack_note(attack)
        if note:
            c.text(
                (left + 42, y + 38), note, 13, fill=MUTED, anchor="lm", max_width=right - left - 140
            )
        c.draw.line((left, y + row_height - 1, right, y + row_height - 1), fill=tint(c.colour, 0.3))
    return top + 3 * row_height


def _lost_points(c: Canvas, card, top: int) -> int:
    """DGM-1.1: the points this Digimon loses to an opponent of each level."""
    left, right = full.TEXT_LEFT, full.TEXT_RIGHT
    full.section_label(c, (left, top), _("Points lost to"))
    lost = card.lost_points
    step = (right - left) / len(v.LEVEL_VALUES)
    for i, level in enumerate(v.LEVEL_VALUES):
        x = round(left + step * i)
        box = (x + 2, top + 20, round(x + step) - 2, top + 72)
        c.draw.rounded_rectangle(box, 6, fill=tint(c.colour, 0.15))
        centre = (box[0] + box[2]) // 2
        c.text(
            (centre, top + 34), level_label(level), 14, fill=MUTED, anchor="mm", max_width=step - 8
        )
        c.text((centre, top + 56), value_text(lost[level]), 22, anchor="mm", bold=True)
    return top + 80


def _evolution_requirement(card) -> str:
    """DGM-4.3 as printed (`Agumon ○○`), with the linked card's English name or number when
    the font cannot draw the printed name."""
    name = card.evolves_from_name
    if name and not can_draw(name):
        linked = card.evolves_from if card.evolves_from_id else None
        name = say(linked and linked.name_en, linked and linked.number)
    marks = say("○", unknown="o") * (card.evo_circles or 0)
    marks += say("×", unknown="x") * (card.evo_crosses or 0)
    other = say(card.evo_other, unknown="")
    return " ".join(part for part in (name, marks, other) if part)


def draw_digimon(card) -> Canvas:
    c = full.canvas(KIND_COLOURS[v.DIGIMON_CARD])
    full.header(c, card, badge_width=60, right_text=level_label(card.level))
    full.battle_type_badge(c, card.battle_type)
    full.meta(
        c,
        say(label("species", card.species), unknown="") if card.species else "",
        label("digimon_type", card.digimon_type) if card.digimon_type else "",
        label("field", card.field_code) if card.field_code else "",
    )
    full.art(c, card, (full.TEXT_LEFT, 140, full.TEXT_RIGHT, 290))
    y = _attacks(c, card, 298)
    y = _lost_points(c, card, y + 6)
    requirement = _evolution_requirement(card)
    if requirement:
        text = _("Evolves from %(requirement)s") % {"requirement": requirement}
        c.text((full.TEXT_LEFT, y), text, 15, fill=MUTED, max_width=full.W - 2 * full.MARGIN - 8)
        y += 22
    ability = card.special_ability or card.support or card.text
    c.paragraph((full.TEXT_LEFT, y, full.TEXT_RIGHT, full.FOOTER_Y - 14), ability, 15)
    full.footer(c, card)
    return c


def _targets(card) -> str:
    return ", ".join(say(target) for target in card.targets or ()) or "?"


def draw_option(card) -> Canvas:
    c = full.canvas(KIND_COLOURS[v.OPTION])
    full.header(c, card)
    full.meta(c, label("kind", v.OPTION))
    full.art(c, card, (full.TEXT_LEFT, 140, full.TEXT_RIGHT, 330))
    rows = [
        (_("Type"), label("option_type", card.option_type)),
        (_("Timing"), label("timing", card.timing)),
        (_("Duration"), say(card.duration)),
        (_("Targets"), _targets(card)),
    ]
    y = full.details(c, rows, 346)
    box = (full.TEXT_LEFT, y + 6, full.TEXT_RIGHT, full.FOOTER_Y - 14)
    c.paragraph(box, effect_paragraph(card), 17, role="effect")
    full.footer(c, card)
    return c


def _component_lines(card) -> list[str]:
    times = say("×", unknown="x")
    result = []
    for part in card.components.select_related("card"):
        linked = part.card
        name = say(part.name, linked and linked.name_en, linked and linked.number)
        result.append(f"{part.quantity} {times}  {name}")
    return result


def draw_combo(card) -> Canvas:
    c = full.canvas(KIND_COLOURS[v.COMBO])
    full.header(c, card)
    full.meta(c, label("kind", v.COMBO))
    full.art(c, card, (full.TEXT_LEFT, 140, full.TEXT_RIGHT, 300))
    left, right = full.TEXT_LEFT, full.TEXT_RIGHT
    y = 312
    full.section_label(c, (left, y), _("Components"))
    y += 22
    for text in _component_lines(card):
        c.text((left, y), text, 18, max_width=right - left)
        y += 28
    if card.incompatible:
        names = ", ".join(say(name) for name in card.incompatible)
        text = _("Not with: %(names)s") % {"names": names}
        c.text((left, y + 4), text, 15, fill=MUTED, max_width=right - left)
        y += 28
    effect = effect_paragraph(card)
    # The worded effect says what the bonus does; the printed bonus would repeat it in
    # another language.
    if card.combo_bonus and can_draw(card.combo_bonus) and not is_worded(card, effect):
        full.section_label(c, (left, y + 8), _("Bonus"))
        y = c.paragraph((left, y + 28, right, full.FOOTER_Y - 60), card.combo_bonus, 18)
    c.paragraph((left, y + 8, right, full.FOOTER_Y - 14), effect, 15, role="effect")
    full.footer(c, card)
    return c


def draw_digimon_small(card) -> Canvas:
    c = grid.canvas(KIND_COLOURS[v.DIGIMON_CARD])
    grid.name_band(c, card)
    grid.number_row(c, card)
    _left, top, right, _bottom = grid.NUMBER_ROW
    fill = BATTLE_TYPE_COLOURS.get(card.battle_type, NO_ATTRIBUTE_COLOUR)
    grid.letter_box(c, (right - 6 - 22, top + 1), card.battle_type, fill, side=22, size=16)
    attacks = {attack.letter: attack for attack in card.related_rows("attacks")}
    left, y, body_right, _ = grid.BODY
    for letter in v.ATTACK_LETTERS:
        attack = attacks.get(letter)
        grid.letter_box(c, (left, y), letter, BATTLE_TYPE_COLOURS[letter], side=18, size=13)
        power = value_text(attack and attack.power)
        c.text((body_right, y + 9), power, 17, fill=INK, anchor="rm", bold=True, role="power")
        y += 24
    grid.foot(c, level_label(card.level) if card.level else label("kind", v.DIGIMON_CARD))
    return c


def draw_option_small(card) -> Canvas:
    c = grid.canvas(KIND_COLOURS[v.OPTION])
    grid.name_band(c, card)
    grid.number_row(c, card)
    y = grid.lines(c, grid.BODY[1], label("option_type", card.option_type), 14, max_lines=2)
    if card.timing:
        grid.line(c, y + 2, label("timing", card.timing), 13)
    grid.foot(c, label("kind", v.OPTION))
    return c


def draw_combo_small(card) -> Canvas:
    c = grid.canvas(KIND_COLOURS[v.COMBO])
    grid.name_band(c, card)
    grid.number_row(c, card)
    y = grid.BODY[1]
    for text in _component_lines(card)[:3]:
        y = grid.line(c, y, text, 13, fill=INK)
    grid.foot(c, label("kind", v.COMBO))
    return c
