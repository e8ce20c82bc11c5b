"""The ready-made starter lists are legal decks of real cards (PAD-2.1–2.3, DGM-2.1–2.4)."""

from __future__ import annotations

import pytest

from cards import vocabulary as v
from cards.models import Card
from decks.rules import validate_deck
from decks.services import entries_from_text
from decks.starter_lists import NotEnoughCards, digimon_list, pad_list
from tests.conftest import create_card


@pytest.mark.parametrize("attribute", ["fire", "water", "wood"])
def test_pad_lists_are_legal_mono_attribute_decks(catalogue, attribute):
    text = pad_list(attribute)
    entries = entries_from_text("pad", text)
    assert validate_deck("pad", entries).valid
    numbers = [line.split(" ", 1)[1] for line in text.splitlines() if line[0].isdigit()]
    cards = Card.objects.filter(game="pad", number__in=numbers)
    assert {card.attribute for card in cards} == {attribute}


def test_rotated_digimon_lists_are_legal_and_differ(catalogue):
    lists = [digimon_list(offset) for offset in range(3)]
    assert len(set(lists)) == 3
    for text in lists:
        assert validate_deck("digimon", entries_from_text("digimon", text)).valid


def test_synthetic_cards_are_never_used_and_a_short_catalogue_says_so(catalogue):
    # Numbered to sort before every real card, where they would be picked first.
    synthetic = [
        create_card("pet", set="SYN", number=f"A00-00{n}", provenance=v.SYNTHETIC).number
        for n in range(5)
    ]
    text = pad_list("fire")
    assert not any(number in text for number in synthetic)
    with pytest.raises(NotEnoughCards):
        pad_list("no-such-attribute")
