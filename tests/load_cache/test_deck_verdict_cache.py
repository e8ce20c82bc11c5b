"""A deck's verdict kept in the shared cache (decks/verdicts.py, issue 30): a catalogue
edit is judged at once, and each deck and language has its own."""

from __future__ import annotations

import pytest
from django.utils import translation

from decks.rules import EntryInput
from decks.verdicts import deck_verdict
from tests.conftest import create_card

pytestmark = pytest.mark.django_db


def test_a_raised_copy_limit_is_judged_at_once():
    digimon = create_card("digimon")
    entries = [EntryInput(digimon.pk, 4, "deck")]
    assert "copy_limit" in deck_verdict("digimon", entries).codes  # DGM-2.2: three
    digimon.copy_limit = 4
    digimon.save()  # as the admin saves it: the catalogue version moves
    assert "copy_limit" not in deck_verdict("digimon", entries).codes


def test_each_deck_and_language_has_its_own_verdict():
    pet = create_card("pet")
    three, four = [EntryInput(pet.pk, 3, "deck")], [EntryInput(pet.pk, 4, "deck")]
    assert deck_verdict("pad", three).counts != deck_verdict("pad", four).counts
    english = [e.message for e in deck_verdict("pad", three).errors]
    with translation.override("zh-hant"):
        chinese = [e.message for e in deck_verdict("pad", three).errors]
    assert english and chinese != english
