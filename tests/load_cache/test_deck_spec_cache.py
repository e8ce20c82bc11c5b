"""A goldfish run's deck (its engine spec and its legality) kept in the shared cache
(issue 30): a catalogue edit shows in the next run at once."""

from __future__ import annotations

import pytest

from decks.rules import EntryInput
from engine.convert import deck_spec
from engine.services import GoldfishError, GoldfishRequest, goldfish_plan_for
from tests.conftest import create_card

pytestmark = pytest.mark.django_db


def test_an_edited_card_plays_with_its_new_values_at_once():
    pet = create_card("pet", defense=300)
    entries = [EntryInput(pet.pk, 3, "deck")]
    assert {spec.defense for spec in deck_spec("pad", entries).deck} == {300}
    pet.defense = 550
    pet.save()  # as the admin saves it: the catalogue version moves
    assert {spec.defense for spec in deck_spec("pad", entries).deck} == {550}


def test_each_deck_has_its_own_spec():
    first, second = create_card("pet", defense=100), create_card("pet", defense=200)
    one = deck_spec("pad", [EntryInput(first.pk, 2, "deck")])
    other = deck_spec("pad", [EntryInput(second.pk, 2, "deck")])
    assert {s.id for s in one.deck} == {first.pk} and {s.id for s in other.deck} == {second.pk}
    sideboard = deck_spec(
        "pad", [EntryInput(first.pk, 2, "deck"), EntryInput(second.pk, 1, "side")]
    )
    assert [s.id for s in sideboard.deck] == [first.pk, first.pk]


def test_an_illegal_deck_is_refused_every_time():
    pet = create_card("pet")
    request = GoldfishRequest(game="pad", entries=[EntryInput(pet.pk, 9, "deck")], games=10)
    for _ in range(2):  # the second verdict comes from the cache
        with pytest.raises(GoldfishError) as refused:
            goldfish_plan_for(request)
        assert refused.value.code == "invalid_deck"
