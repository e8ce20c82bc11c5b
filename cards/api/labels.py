"""The card API's display fields: the card's vocabulary values as a reader of `lang` reads
them (`labels`), and its effect worded from its steps (`effect_text`, cards/effect_text).

The values themselves (`attribute: "fire"`, `types: ["dragon"]`) stay the stable codes
of the import schema; `labels` says them the way the card pages do (LABELS of
cards/templatetags/card_tags.py), so a client needs no vocabulary of its own.
"""

from __future__ import annotations

from django.utils import translation
from rest_framework import serializers

from cards.display_names import LANGUAGE_CODES
from cards.effect_text import effect_text
from cards.templatetags.card_tags import label

# schema key → vocabulary of LABELS; a list value is labelled item by item.
LABELLED = {
    "game": "game",
    "kind": "kind",
    "provenance": "provenance",
    "verification": "verification",
    "attribute": "attribute",
    "sub_attribute": "attribute",
    "types": "pet_type",
    "stage": "stage",
    "effect_types": "effect_type",
    "orbs": "orb",
    "level": "level",
    "species": "species",
    "digimon_type": "digimon_type",
    "field": "field",
    "special_keywords": "keyword",
    "option_type": "option_type",
    "timing": "timing",
}
_TEXT = {"help_text": "In `lang`.", "required": False}


class LabelsSerializer(serializers.Serializer):
    """Only the keys the card has a value for."""

    game = serializers.CharField(**_TEXT)
    kind = serializers.CharField(**_TEXT)
    provenance = serializers.CharField(**_TEXT)
    verification = serializers.CharField(**_TEXT)
    attribute = serializers.CharField(**_TEXT)
    sub_attribute = serializers.CharField(**_TEXT)
    types = serializers.ListField(child=serializers.CharField(), required=False)
    stage = serializers.CharField(**_TEXT)
    effect_types = serializers.ListField(child=serializers.CharField(), required=False)
    orbs = serializers.ListField(child=serializers.CharField(), required=False)
    level = serializers.CharField(**_TEXT)
    species = serializers.CharField(**_TEXT)
    digimon_type = serializers.CharField(**_TEXT)
    field = serializers.CharField(**_TEXT)
    special_keywords = serializers.ListField(child=serializers.CharField(), required=False)
    option_type = serializers.CharField(**_TEXT)
    timing = serializers.CharField(**_TEXT)


def labels(data: dict) -> dict:
    """The labels of a card's schema dict (card_to_dict) in the active language."""
    found = {}
    for key, vocabulary in LABELLED.items():
        value = data.get(key)
        if isinstance(value, list):
            if value:
                found[key] = [str(label(item, vocabulary)) for item in value]
        elif value not in (None, ""):
            found[key] = str(label(value, vocabulary))
    return found


def display_fields(card, data: dict, language: str) -> dict:
    """{"labels", "effect_text"} for a reader of the name language `language` (`ja`: the
    English labels and wording, as the site has no Japanese catalogue)."""
    with translation.override(LANGUAGE_CODES[language]):
        return {"labels": labels(data), "effect_text": effect_text(card)}
