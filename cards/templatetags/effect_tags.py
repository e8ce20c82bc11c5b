"""`{% card_effect card as effect %}`: a card's effect worded in the page's language
(cards/effect_text) and the language its printed text is written in, for the pages that
show both (the printed text labelled beside the rendering)."""

from __future__ import annotations

from django import template

from cards.effect_text import effect_text, text_language
from cards.effect_text.printed import html_lang

register = template.Library()


@register.simple_tag
def card_effect(card) -> dict:
    """{"text": the rendering ("" when none), "printed_lang": the `lang` of card.text}.
    No query, except for a Digimon option naming cards in its steps (one)."""
    return {
        "text": effect_text(card) or "",
        "printed_lang": html_lang(text_language(card.text)),
    }
