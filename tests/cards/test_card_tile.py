"""The search grid's card tile and the search list's row (cards.templatetags.card_tags:
card_tile, card_row; issue 30) write the markup the template wrote card by card, in every
language."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from cards.models import Card

pytestmark = pytest.mark.django_db

# The grid's tile as the search results template wrote it before issue 30.
TEMPLATE_TILE = Template(
    "{% load i18n card_tags %}{% card_image card as image %}"
    """<li><a href="{% url 'cards:detail' card.pk %}"><img src="{{ image.thumb }}" alt="{{ card|card_name }}" loading="lazy" width="146" height="204"><span class="caption">{{ card|card_name }} <small>{{ card.number }}</small> <small class="badge verification-badge verification-{{ card.verification }}">{{ card.verification|label:"verification" }}</small>{% if card.provenance == "rules_text" %} <small class="badge rules-text-badge">{% translate "Rules text only" %}</small>{% endif %}</span></a></li>"""  # noqa: E501
)
TILE = Template("{% load card_tags %}{% card_tile card %}")


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_the_tile_is_the_templates(catalogue, language):
    cards = list(Card.objects.filter(provenance="rules_text")[:5]) + list(Card.objects.all()[:40])
    assert any(card.provenance == "rules_text" for card in cards)
    with translation.override(language):
        for card in cards:
            context = Context({"card": card})
            assert TILE.render(context) == TEMPLATE_TILE.render(context), card.number


def test_names_are_escaped(catalogue):
    card = Card.objects.first()
    card.name_en = 'Dragon "<b>" & Co'
    html = TILE.render(Context({"card": card}))
    assert "<b>" not in html and "&lt;b&gt;" in html and "&amp; Co" in html


# The list's row as the search results template wrote it before card_row.
TEMPLATE_ROW = Template(
    "{% load i18n card_tags effect_tags %}"
    """<tr>
        <td class="number">{{ card.number }}</td>
        <td><a href="{% url 'cards:detail' card.pk %}">{{ card|card_name }}</a>{% if card.provenance == "rules_text" %} <small class="badge rules-text-badge">{% translate "Rules text only" %}</small>{% endif %}{% card_effect card as effect %}{% if effect.text %}<small class="effect-line">{{ effect.text|truncatechars:180 }}</small>{% elif card.text %}<small class="effect-line"{% if effect.printed_lang %} lang="{{ effect.printed_lang }}"{% endif %}>{{ card.text|truncatechars:180 }}</small>{% endif %}</td>
        <td>{{ card.kind|label:"kind" }}</td>
        <td>{% if card.game == "pad" %}{% if card.attribute %}<span class="orb-dot orb-{{ card.attribute }}" aria-hidden="true"></span> {{ card.attribute|label:"attribute" }}{% else %}—{% endif %}{% elif card.level %}{{ card.level|label:"level" }}{% else %}—{% endif %}</td>
        <td class="num">{{ card.cost|default_if_none:"—" }}</td>
        <td>{{ card.card_set.code }}</td>
        <td><span class="badge verification-badge verification-{{ card.verification }}">{{ card.verification|label:"verification" }}</span></td>
      </tr>"""  # noqa: E501
)
ROW = Template("{% load card_tags %}{% card_row card %}")


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_the_list_row_is_the_templates(catalogue, language):
    cards = list(Card.objects.select_related("card_set").order_by("pk"))
    # every kind, a rules-text placeholder, an effect worded and a printed text alone, an
    # unknown cost, attribute and level
    assert {card.kind for card in cards} == {"pet", "skill", "digimon", "option", "combo"}
    assert any(card.provenance == "rules_text" for card in cards)
    assert any(card.cost is None for card in cards) and any(card.cost for card in cards)
    assert any(card.game == "pad" and not card.attribute for card in cards)
    with translation.override(language):
        for card in cards:
            context = Context({"card": card})
            assert ROW.render(context) == TEMPLATE_ROW.render(context), card.number


def test_row_values_are_escaped(catalogue):
    card = Card.objects.select_related("card_set").filter(kind="option").first()
    card.name_en, card.text, card.effect = 'Crest "<b>" & Co', "<i>draw</i> & more", []
    html = ROW.render(Context({"card": card}))
    assert "<b>" not in html and "<i>" not in html
    assert "&lt;b&gt;" in html and "&lt;i&gt;draw&lt;/i&gt; &amp; more" in html
