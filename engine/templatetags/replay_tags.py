"""Replay boards' helpers: `{% include_memo %}`, `{% orb_bar %}` and `{% digimon_card %}`.

`{% include_memo "engine/_pad_board.html" board=side.board match=True %}` is an include
that renders once per distinct set of values in a page.

A replay shows both players' boards after every phase, and about half of them are the
board of the step before (the other player's phases change nothing on it): a 60-step PAD
sample game drew 120 boards, 66 of them different, and the boards were nine tenths of the
page's rendering time. The included template sees only the values given (as
`{% include … with … only %}`), so the same values give the same markup.
"""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from cards.templatetags.card_tags import label

register = template.Library()

MEMO = "include_memo"


@register.simple_tag(takes_context=True)
def include_memo(context, template_name: str, **values):
    memo = context.render_context.get(MEMO)
    if memo is None:
        memo = context.render_context[MEMO] = {}
    # The key is the values' repr: the memo keeps the values themselves too, so that no
    # object in them is freed and its id (in a default repr) reused by another one.
    key = (template_name, repr(sorted(values.items())))
    if key not in memo:
        included = context.template.engine.get_template(template_name)
        memo[key] = (values, included.render(context.new(values)))
    return memo[key][1]


@register.simple_tag
def orb_bar(slots) -> str:
    """A PAD card's six orb slots (PAD-1.1), lit or not, each lit one titled with its colour
    in the reader's language. Written in Python, not included from a template: a board
    repeats it for every card of its columns and hand, and an include per card took a fifth
    of a matchup page's rendering."""
    orbs = []
    for slot in slots:
        colour = escape(slot["colour"])
        if slot["lit"]:
            title = escape(label(slot["colour"], "orb"))
            orbs.append(f'<span class="gf-orb orb-{colour} lit" title="{title}"></span>')
        else:
            orbs.append(f'<span class="gf-orb orb-{colour}"></span>')
    # the line break the template file ended with: a space between the bar and the name
    return mark_safe(f'<span class="gf-orbs">{"".join(orbs)}</span>\n')  # noqa: S308 (escaped)


@register.simple_tag
def digimon_card(card: dict) -> str:
    """One card of a Digimon battle sheet (engine/replay/digimon.py's chips, or the play
    table's face-down card): its name, then its level and battle type, or else its kind.
    Written in Python for the reason `orb_bar` is: a sheet repeats it for every card of its
    boxes, slots, hand and Dark Area."""
    if card.get("face_down"):
        back = escape(gettext("face down"))
        return mark_safe(  # noqa: S308 (escaped)
            f'<span class="dg-card dg-card-back" data-face-down><span class="dg-card-name">'
            f"{back}</span></span>\n"
        )
    kind, level, battle_type = card.get("kind"), card.get("level"), card.get("battle_type")
    classes = "dg-card" if kind == "digimon" else f"dg-card dg-card-{escape(kind)}"
    name = escape(card.get("name"))
    if level or battle_type:
        figures = [str(label(level, "level")) if level else "", str(battle_type or "")]
        meta = escape(" · ".join(figure for figure in figures if figure))
        meta = f'<small class="dg-card-meta">{meta}</small>'
    elif kind != "digimon":
        meta = f'<small class="dg-card-meta">{escape(label(kind, "kind"))}</small>'
    else:
        meta = ""
    return mark_safe(  # noqa: S308 (escaped)
        f'<span class="{classes}" data-name="{name}"><span class="dg-card-name">{name}</span>'
        f"{meta}</span>\n"
    )
