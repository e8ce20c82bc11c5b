"""engine/templatetags/replay_tags.py: a replay's boards are drawn once per distinct board
in a page (`{% include_memo %}`), with the markup `{% include … only %}` gives; a PAD card's
orb bar (`{% orb_bar %}`) lights its own colours, named in the reader's language."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.test.signals import template_rendered
from django.utils import translation

from engine.replay.boards import SLOTS

ZONES = "engine/_zones.html"
HAND = [{"key": "hand", "label": "Hand", "names": ["Agumon", "Greymon"], "count": 2}]
DECK = [{"key": "deck", "label": "Deck", "names": ["Gabumon"], "count": 1}]
MEMO_LOOP = (
    "{% load replay_tags %}{% for b in boards %}"
    '{% include_memo "engine/_zones.html" zones=b %}{% endfor %}'
)


def rendered_zones(source: str, boards: list) -> tuple[str, int]:
    renders = []

    def count(sender, template, context, **kwargs):
        if template.name == ZONES:
            renders.append(template)

    template_rendered.connect(count)
    try:
        html = Template(source).render(Context({"boards": boards}))
    finally:
        template_rendered.disconnect(count)
    return html, len(renders)


def test_equal_boards_are_drawn_once_and_read_as_the_include_writes_them():
    # the second board equals the first without being the same object, as two steps' are
    boards = [HAND, [dict(HAND[0])], DECK, HAND]
    memo, drawn = rendered_zones(MEMO_LOOP, boards)
    plain, every = rendered_zones(
        '{% for b in boards %}{% include "engine/_zones.html" with zones=b only %}{% endfor %}',
        boards,
    )
    assert (drawn, every) == (2, 4)
    assert memo == plain
    assert memo.count('data-zone="hand"') == 3 and memo.count('data-zone="deck"') == 1


def test_each_page_draws_its_own_boards():
    """The memo lives as long as one rendering: a second page draws its boards again."""
    assert rendered_zones(MEMO_LOOP, [HAND, HAND])[1] == 1
    assert rendered_zones(MEMO_LOOP, [HAND, HAND])[1] == 1


@pytest.mark.parametrize(
    ("language", "water", "fire"), [("en", "Water", "Fire"), ("zh-hant", "水", "火")]
)
def test_pad_1_1_the_orb_bar_lights_the_cards_colours_in_the_readers_language(
    language, water, fire
):
    slots = [{"colour": colour, "lit": colour in ("water", "fire")} for colour in SLOTS]
    with translation.override(language):
        html = Template("{% load replay_tags %}{% orb_bar slots %}").render(
            Context({"slots": slots})
        )
    assert html == (
        '<span class="gf-orbs">'
        '<span class="gf-orb orb-heart"></span><span class="gf-orb orb-dark"></span>'
        '<span class="gf-orb orb-light"></span><span class="gf-orb orb-wood"></span>'
        f'<span class="gf-orb orb-water lit" title="{water}"></span>'
        f'<span class="gf-orb orb-fire lit" title="{fire}"></span></span>\n'
    )


GREYMON = {"name": "Greymon", "kind": "digimon", "level": "IV", "battle_type": "A", "id": 2}
PLUG_IN = {"name": "Attack Plug-in A", "kind": "option", "level": None, "battle_type": None}
FACE_DOWN = {"name": "", "face_down": True, "kind": "digimon", "id": None, "level": None}


@pytest.mark.parametrize(
    ("language", "level_iv", "option", "face_down"),
    [("en", "Level IV", "Option", "face down"), ("zh-hant", "成熟期", "戰術卡", "背面朝上")],
)
def test_a_sheets_cards_show_level_and_battle_type_or_kind_or_their_back(
    language, level_iv, option, face_down
):
    with translation.override(language):
        html = [
            Template("{% load replay_tags %}{% digimon_card card %}").render(
                Context({"card": card})
            )
            for card in (GREYMON, PLUG_IN, FACE_DOWN, {**GREYMON, "name": "<b>"})
        ]
    assert html[0] == (
        '<span class="dg-card" data-name="Greymon"><span class="dg-card-name">Greymon</span>'
        f'<small class="dg-card-meta">{level_iv} · A</small></span>\n'
    )
    assert html[1] == (
        '<span class="dg-card dg-card-option" data-name="Attack Plug-in A">'
        '<span class="dg-card-name">Attack Plug-in A</span>'
        f'<small class="dg-card-meta">{option}</small></span>\n'
    )
    assert html[2] == (
        '<span class="dg-card dg-card-back" data-face-down>'
        f'<span class="dg-card-name">{face_down}</span></span>\n'
    )
    assert 'data-name="&lt;b&gt;"' in html[3] and "<b>" not in html[3]
