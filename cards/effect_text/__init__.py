"""Card effects in the reader's language, worded from the parsed steps (issue 29, item 1).

A card's printed text is in one language (PAD: English from the fan list; Digimon options
and combos: Simplified Chinese), but its `effect` steps say what it does in a vocabulary
of their own (docs/card-schema.md). `effect_text(card)` words those steps in the active
language (en, zh-Hant, zh-Hans):

    B01-002 [{"trigger": "evolve", "action": "draw", "amount": 1}]
      en       When you evolve a pet with this card, draw 1 card.
      zh-Hant  以此卡進化寵物時，抽 1 張卡。

with the site's own words (LABELS of cards/templatetags/card_tags.py for colours, types,
stages, levels and families; RULES.md's terms elsewhere). It is None when the card has no
steps or a step cannot be worded (cards/effect_text/render.py): pages then show the
printed text alone. The printed text is always shown beside a rendering, labelled.
"""

from __future__ import annotations

from contextlib import nullcontext

from django.db.models import Q
from django.utils import translation

from cards.display_names import HANS, HANT, NAME_FIELDS, display_name
from cards.effect_text.printed import convert, rendered_language, text_language
from cards.effect_text.render import joined, sentences
from cards.effect_text.steps import Card
from cards.models import Card as CardModel

__all__ = ["effect_sentences", "effect_text", "steps_text", "text_language"]


def _script(name: str) -> str:
    """A name in the reader's Chinese script (OpenCC), else as stored."""
    language = rendered_language()
    if language == HANT:
        return convert("s2t", name)
    if language == HANS:
        return convert("t2s", name)
    return name


def _named(steps) -> set[str]:
    return {
        name
        for step in steps
        if isinstance(step, dict) and isinstance(step.get("names"), list)
        for name in step["names"]
        if isinstance(name, str)
    }


def _name_of(game: str, steps):
    """How a Digimon named by a step is written for the reader: as the card pages name a
    catalogued card (one query, only for steps that name cards), else in their script."""
    names = _named(steps)
    if not names:
        return _script
    found: dict[str, str] = {}
    match = Q()
    for field in NAME_FIELDS:
        match |= Q(**{f"{field}__in": names})
    for row in CardModel.objects.filter(match, game=game).order_by("id").values(*NAME_FIELDS):
        for field in NAME_FIELDS:
            if row[field] in names:
                found.setdefault(row[field], display_name(row))
    return lambda name: found.get(name) or _script(name)


def _override(language: str | None):
    return translation.override(language) if language else nullcontext()


def steps_text(
    steps, game: str, *, kind=None, attribute=None, language: str | None = None
) -> str | None:
    """`steps` of a card of `game` worded in `language` (default: the active one)."""
    with _override(language):
        found = sentences(steps, Card(game, kind, attribute, _name_of(game, steps or ())))
        return joined(found) if found else None


def effect_sentences(card, language: str | None = None) -> list[str] | None:
    """The card's effect as sentences in `language` (default: the active one), or None."""
    if not card.effect:
        return None
    with _override(language):
        worded = Card(card.game, card.kind, card.attribute, _name_of(card.game, card.effect))
        return sentences(card.effect, worded)


def effect_text(card, language: str | None = None) -> str | None:
    """The card's effect as one paragraph in `language`, or None (see the docstring)."""
    found = effect_sentences(card, language)
    return joined(found) if found else None
