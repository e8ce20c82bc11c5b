"""The PAD deck validator (RULES.md PAD-2) on decks built from the starter catalogue."""

from __future__ import annotations

import pytest
from django.utils import translation

from cards.models import Card
from decks.rules import EntryInput, validate_deck

from .conftest import card, codes, distinct_names, fill, pad_deck, pad_team

pytestmark = pytest.mark.django_db


def validate(deck, team=None):
    return validate_deck("pad", [*(pad_team() if team is None else team), *deck])


def test_a_deck_of_40_with_a_team_of_5_is_valid(catalogue):
    result = validate(pad_deck(40))
    assert result.valid, result.errors
    assert result.errors == []
    assert result.counts == {"deck": 40, "team": 5}


@pytest.mark.parametrize(("size", "valid"), [(39, False), (40, True), (60, True), (61, False)])
def test_pad_2_1_deck_size_boundaries(catalogue, size, valid):
    result = validate(pad_deck(size))
    assert result.valid is valid
    assert codes(result) == ([] if valid else ["deck_size"])
    if not valid:
        error = result.errors[0]
        assert error.message == f"The deck must have 40 to 60 cards; it has {size}."
        assert error.card is None


@pytest.mark.parametrize(("size", "valid"), [(4, False), (5, True), (6, False)])
def test_pad_2_3_team_is_exactly_five(catalogue, size, valid):
    bases = distinct_names(Card.objects.filter(game="pad", kind="pet", stage="base"))
    result = validate(pad_deck(40), team=fill(bases, size, copies=1, zone="team"))
    assert codes(result) == ([] if valid else ["team_size"])
    assert result.counts["team"] == size
    if not valid:
        assert "exactly 5 base pets; it has" in result.errors[0].message


def test_pad_2_3_team_does_not_count_toward_the_deck(catalogue):
    result = validate(pad_deck(39))
    assert result.counts == {"deck": 39, "team": 5}
    assert codes(result) == ["deck_size"]


def test_pad_2_3_a_skill_in_the_team_is_not_a_pet(catalogue):
    skill = Card.objects.filter(game="pad", kind="skill").first()
    team = [*pad_team()[:4], EntryInput(skill.pk, 1, "team", line=7)]
    result = validate(pad_deck(40), team=team)
    assert codes(result) == ["team_not_pet"]
    error = result.errors[0]
    assert (error.card, error.line) == (skill.pk, 7)
    # Each language names the card in that language when catalogued, else the nearest
    # (cards/display_names.py): a Chinese reader gets Rubylit before ルビリット.
    assert (skill.name_en or skill.name) in error.message
    assert (skill.name_zh_hant or skill.name_en or skill.name) in error.messages["zh-hant"]


def test_pad_2_3_an_evolved_pet_in_the_team_is_not_base(catalogue):
    red_dragon = card("B01-002")  # evo 1
    team = [*pad_team()[:4], EntryInput(red_dragon.pk, 1, "team")]
    result = validate(pad_deck(40), team=team)
    assert codes(result) == ["team_not_base"]
    assert result.errors[0].card == red_dragon.pk
    assert result.errors[0].message == (
        "“Red Dragon” is an evo 1 pet: only base pets may be in the team."
    )
    assert result.errors[0].messages["zh-hant"] == "「Red Dragon」是1進化寵物，隊伍只能放初期寵物。"


def test_pad_2_4_base_pets_may_also_be_in_the_deck(catalogue):
    bases = distinct_names(Card.objects.filter(game="pad", kind="pet", stage="base"))
    assert validate(fill(bases, 40)).valid


def deck_with(extra: list[EntryInput], size: int = 40) -> list[EntryInput]:
    """A legal-sized deck of other cards around `extra`."""
    used = {entry.card_id for entry in extra}
    others = [c for c in distinct_names(Card.objects.filter(game="pad")) if c.pk not in used]
    return fill(others, size - sum(entry.quantity for entry in extra)) + extra


@pytest.mark.parametrize(("copies", "valid"), [(3, True), (4, False)])
def test_pad_2_2_at_most_three_copies_of_a_name(catalogue, copies, valid):
    red_dragon = card("B01-002")
    result = validate(deck_with([EntryInput(red_dragon.pk, copies, "deck", line=3)]))
    assert result.counts["deck"] == 40
    assert codes(result) == ([] if valid else ["copy_limit"])
    if not valid:
        error = result.errors[0]
        assert (error.card, error.line) == (red_dragon.pk, 3)
        assert error.message == "At most 3 copies of “Red Dragon” may be in the deck; it has 4."


def test_pad_2_2_copies_on_several_lines_add_up(catalogue):
    red_dragon = card("B01-002")
    extra = [EntryInput(red_dragon.pk, 2, "deck", line=1), EntryInput(red_dragon.pk, 2, "deck")]
    result = validate(deck_with(extra))
    assert codes(result) == ["copy_limit"]
    assert result.errors[0].line == 1


def test_pad_2_5_team_copies_do_not_count_toward_the_copy_limit(catalogue):
    lil_red = card("B01-001")  # a base pet
    team = [
        *[e for e in pad_team() if e.card_id != lil_red.pk][:4],
        EntryInput(lil_red.pk, 1, "team"),
    ]
    result = validate(deck_with([EntryInput(lil_red.pk, 3, "deck")]), team=team)
    assert result.valid, result.errors


def test_pad_2_6_a_digimon_card_is_the_wrong_game(catalogue):
    agumon = card("St-1")
    result = validate(deck_with([EntryInput(agumon.pk, 1, "deck", line=12)]))
    assert codes(result) == ["wrong_game"]
    error = result.errors[0]
    assert (error.card, error.line) == (agumon.pk, 12)
    assert "Digimon card game card and cannot be in a Puzzle & Dragons TCG deck" in error.message


def test_an_unknown_card_is_reported_with_what_was_typed(catalogue):
    missing = EntryInput(None, 1, "deck", line=4, label="Red Dargon")
    no_such_id = EntryInput(10**9, 1, "deck", line=5)
    result = validate(deck_with([missing, no_such_id]))
    assert codes(result) == ["unknown_card", "unknown_card"]
    assert result.errors[0].message == "Unknown card “Red Dargon”."
    assert (result.errors[0].card, result.errors[0].line) == (None, 4)
    assert result.errors[1].card == 10**9
    # The unknown lines still count: the deck is not also reported as too small.
    assert result.counts["deck"] == 40


@pytest.mark.parametrize("quantity", [0, -1])
def test_a_count_below_one_is_a_bad_quantity(catalogue, quantity):
    red_dragon = card("B01-002")
    result = validate([*pad_deck(40), EntryInput(red_dragon.pk, quantity, "deck", line=9)])
    assert codes(result) == ["bad_quantity"]
    assert result.errors[0].line == 9
    assert result.counts["deck"] == 40


def test_an_unknown_zone_is_reported(catalogue):
    result = validate([*pad_deck(40), EntryInput(card("B01-002").pk, 1, "sideboard")])
    assert codes(result) == ["bad_zone"]
    assert result.counts == {"deck": 40, "team": 5}


def test_every_violation_is_returned_at_once(catalogue):
    skill = Card.objects.filter(game="pad", kind="skill").first()
    red_dragon = card("B01-002")
    team = [EntryInput(skill.pk, 1, "team"), EntryInput(red_dragon.pk, 1, "team")]
    deck = [
        EntryInput(card("B01-003").pk, 4, "deck"),
        EntryInput(card("B01-004").pk, 5, "deck"),
        EntryInput(card("St-1").pk, 1, "deck"),
        EntryInput(None, 2, "deck", label="Nothing"),
    ]
    result = validate(deck, team=team)
    assert not result.valid
    assert sorted(codes(result)) == sorted(
        [
            "wrong_game",
            "unknown_card",
            "deck_size",
            "copy_limit",
            "copy_limit",
            "team_size",
            "team_not_pet",
            "team_not_base",
        ]
    )


@pytest.mark.parametrize("size", [40, 60])
def test_validation_loads_every_card_in_one_query(catalogue, django_assert_num_queries, size):
    # One copy of each of `size` different cards: the number of cards loaded grows.
    entries = [*pad_team(), *pad_deck(size, copies=1)]
    assert len(entries) == size + 5
    with django_assert_num_queries(1):
        result = validate_deck("pad", entries)
    assert result.valid, result.errors


def test_messages_come_in_three_languages_and_follow_the_active_language(catalogue):
    deck = pad_deck(39)
    with translation.override("zh-hant"):
        error = validate(deck).errors[0]
    assert error.message == "牌組須有 40–60 張卡，目前有 39 張。"
    assert error.messages == {
        "en": "The deck must have 40 to 60 cards; it has 39.",
        "zh-hant": "牌組須有 40–60 張卡，目前有 39 張。",
        "zh-hans": "卡组须有 40–60 张卡，目前有 39 张。",
    }
    with translation.override("zh-hans"):
        assert validate(deck).errors[0].message == error.messages["zh-hans"]


def test_an_unknown_game_is_refused():
    with pytest.raises(ValueError, match="No deck rules"):
        validate_deck("chess", [])
