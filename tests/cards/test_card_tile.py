"""The search grid's card tile (cards.templatetags.card_tags.card_tile, issue 30) writes
the markup the template wrote card by card, in every language."""

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
