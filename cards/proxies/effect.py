"""The effect a proxy prints, in the language it is drawn in (issue 29, item 1).

A sheet's readers get the printed text when they read its language (an English sheet of
a PAD card: the fan list's English text), else the effect worded from the card's steps
in the sheet's language (cards/effect_text): a 繁體 sheet of a PAD card says 以此卡進化寵物
時，抽 1 張卡。 rather than English. A card whose steps cannot be worded keeps its printed
text, which is still better than nothing.
"""

from __future__ import annotations


def effect_paragraph(card) -> str:
    """What the proxy prints as the card's effect, in the active (sheet) language."""
    # Imported here: cards.effect_text reads the template tags' labels, and the template
    # tags import cards.images, which imports this package.
    from cards.effect_text import effect_text, text_language
    from cards.effect_text.printed import reads, rendered_language

    printed = card.text or ""
    if printed and reads(text_language(printed), rendered_language()):
        return printed
    return effect_text(card) or printed


def is_worded(card, paragraph: str) -> bool:
    """Whether `paragraph` is the worded effect, not the printed text."""
    return bool(paragraph) and paragraph != (card.text or "")
