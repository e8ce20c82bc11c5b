"""Model validation rejects impossible cards with clear messages (RULES.md PAD-1, DGM-1)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from cards.models import Card
from tests.conftest import create_card

pytestmark = pytest.mark.django_db


def errors_of(card: Card) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as raised:
        card.full_clean()
    return raised.value.message_dict


@pytest.mark.parametrize("kind", ["pet", "skill", "digimon", "option", "combo"])
def test_a_valid_card_of_each_kind_passes(kind):
    create_card(kind).full_clean()


def test_pad_card_with_a_digimon_level_is_rejected():
    card = create_card("pet")
    card.level = "IV"
    assert "A PAD card has no Digimon level." in errors_of(card)["level"]


def test_digimon_card_with_orbs_is_rejected():
    card = create_card("digimon")
    card.orbs = ["fire", "water"]
    assert "A Digimon-game card has no orbs." in errors_of(card)["orbs"]


@pytest.mark.parametrize("orbs", [["fire"], ["fire", "water", "wood", "light"]])
def test_pad_card_lights_two_or_three_orbs_pad_1_1(orbs):
    card = create_card("pet")
    card.orbs = orbs
    assert "2 or 3 distinct orb colours" in errors_of(card)["orbs"][0]


def test_heart_is_never_an_attribute_pad_1():
    card = create_card("pet")
    card.attribute = "heart"
    assert any("Heart is an orb colour" in m for m in errors_of(card)["attribute"])


def test_negative_cost_is_rejected():
    card = create_card("pet")
    card.cost = -1
    assert errors_of(card)["cost"] == ["Ensure this value is greater than or equal to 0."]


@pytest.mark.parametrize(("kind", "cost"), [("pet", 4), ("skill", 3)])
def test_cost_above_the_printed_range_is_rejected_pad_1(kind, cost):
    card = create_card(kind)
    card.cost = cost
    assert "cost is 0 to" in errors_of(card)["cost"][0]


def test_defence_comes_in_steps_of_100_pad_1_1():
    card = create_card("pet")
    card.defense = 250
    assert errors_of(card)["defense"] == ["Defence is printed in steps of 100."]


def test_duplicate_number_within_a_set_is_rejected():
    original = create_card("pet")
    copy = Card(**{f.attname: getattr(original, f.attname) for f in Card._meta.concrete_fields})
    copy.pk = copy.id = None
    assert errors_of(copy)["number"] == ["A card with this number already exists in this set."]


def test_same_number_in_another_set_is_allowed():
    create_card("pet")
    create_card("pet", set="B02").full_clean()


def test_a_card_needs_a_name():
    card = create_card("pet")
    card.name_ja = card.name_en = ""
    assert "at least one language" in errors_of(card)["name_en"][0]


def test_display_name_must_be_one_of_the_names():
    card = create_card("pet")
    card.name = "Somebody else"
    assert "one of the card's names" in errors_of(card)["name"][0]


def test_base_pet_does_not_evolve_from_another():
    card = create_card("pet")
    card.evolves_from_name = "Someone"
    assert "base pet" in errors_of(card)["evolves_from_name"][0]


def test_evolved_pet_names_what_it_evolves_from():
    card = create_card("pet")
    card.stage = "evo1"
    assert "names the pet it evolves from" in errors_of(card)["evolves_from_name"][0]


def test_skill_has_no_stage():
    card = create_card("skill")
    card.stage = "base"
    assert "A skill has no stage." in errors_of(card)["stage"]


def test_option_has_no_level():
    card = create_card("option")
    card.level = "III"
    assert "Only Digimon cards have Digimon level." in errors_of(card)["level"]


def test_digimon_needs_a_level():
    card = create_card("digimon")
    card.level = ""
    assert "A Digimon needs its level." in errors_of(card)["level"]


def test_copy_limit_override_must_allow_more_than_three_dgm_2_2():
    card = create_card("digimon")
    card.copy_limit = 3
    assert "more than 3" in errors_of(card)["copy_limit"][0]


def test_kind_must_belong_to_the_game():
    card = create_card("pet")
    card.kind = "digimon"
    assert "does not exist in the game" in errors_of(card)["kind"][0]


def test_effect_outside_the_vocabulary_is_rejected():
    card = create_card("pet")
    card.effect = [{"trigger": "evolve", "action": "teleport", "amount": 1}]
    assert "action must be one of" in errors_of(card)["effect"][0]


@pytest.mark.parametrize(
    ("change", "constraint"),
    [
        ({"orbs": 0b1111}, "card_pad_orbs_two_or_three"),
        ({"attribute": "heart"}, "card_attribute_valid"),
        ({"species": "Dinosaur"}, "card_pad_has_no_digimon_fields"),
        ({"kind": "option"}, "card_kind_matches_game"),
        ({"cost": 9}, "card_cost_range"),
        ({"stage": ""}, "card_pet_has_stage"),
    ],
)
def test_database_constraints_reject_impossible_pets(change, constraint):
    card = create_card("pet")
    with pytest.raises(IntegrityError, match=constraint), transaction.atomic():
        Card.objects.filter(pk=card.pk).update(**change)


def test_database_rejects_pad_fields_on_digimon_cards():
    card = create_card("digimon")
    with (
        pytest.raises(IntegrityError, match="card_digimon_has_no_pad_fields"),
        transaction.atomic(),
    ):
        Card.objects.filter(pk=card.pk).update(cost=1)


def test_database_rejects_a_seventh_attack_row():
    card = create_card("pet")
    with pytest.raises(IntegrityError, match="attackrow_combos_1_to_6"), transaction.atomic():
        card.attack_rows.create(combos=7, attack=100)
