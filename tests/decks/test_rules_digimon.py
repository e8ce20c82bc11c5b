"""The Digimon deck validator (RULES.md DGM-2) on decks built from the starter catalogue."""

from __future__ import annotations

import pytest

from cards.models import Card
from cards.search.text import fold
from decks.rules import EntryInput, validate_deck
from tests.conftest import create_card

from .conftest import card, codes, digimon_deck, distinct_names, fill

pytestmark = pytest.mark.django_db


def validate(entries):
    return validate_deck("digimon", entries)


def deck_with(extra: list[EntryInput], size: int = 30) -> list[EntryInput]:
    """A legal deck of other cards (Level III first, no ultimates) around `extra`."""
    extra_cards = Card.objects.filter(pk__in=[entry.card_id for entry in extra])
    used = {fold(c.name) for c in extra_cards}
    cards = Card.objects.filter(game="digimon").exclude(level="ultimate")
    pool = distinct_names(cards.filter(level="III")) + [
        c for c in distinct_names(cards) if c.level != "III"
    ]
    others = [c for c in pool if fold(c.name) not in used]
    return fill(others, size - sum(entry.quantity for entry in extra)) + extra


def test_a_deck_of_30_is_valid(catalogue):
    result = validate(digimon_deck(30))
    assert result.valid, result.errors
    assert result.counts == {"deck": 30, "team": 0}


@pytest.mark.parametrize(("size", "valid"), [(29, False), (30, True), (31, False)])
def test_dgm_2_1_exactly_thirty_cards(catalogue, size, valid):
    result = validate(digimon_deck(size))
    assert codes(result) == ([] if valid else ["deck_size"])
    if not valid:
        assert result.errors[0].message == f"The deck must have exactly 30 cards; it has {size}."
        assert result.errors[0].messages["zh-hans"] == f"卡组必须正好 30 张卡，目前有 {size} 张。"


@pytest.mark.parametrize(("copies", "valid"), [(3, True), (4, False)])
def test_dgm_2_2_at_most_three_of_a_name(catalogue, copies, valid):
    greymon = card("St-2")
    result = validate(deck_with([EntryInput(greymon.pk, copies, "deck", line=2)]))
    assert codes(result) == ([] if valid else ["copy_limit"])


def test_dgm_2_2_reprints_of_a_name_count_together(catalogue):
    # St-9 and St-111 are both Palmon: the limit is per name, not per card number.
    palmon, reprint = card("St-9"), card("St-111")
    assert palmon.name == reprint.name
    two_and_one = [EntryInput(palmon.pk, 2, "deck", line=1), EntryInput(reprint.pk, 1, "deck")]
    assert validate(deck_with(two_and_one)).valid
    two_and_two = [EntryInput(palmon.pk, 2, "deck", line=1), EntryInput(reprint.pk, 2, "deck")]
    result = validate(deck_with(two_and_two))
    assert codes(result) == ["copy_limit"]
    assert result.errors[0].line == 1
    assert result.errors[0].message == "At most 3 copies of “Palmon” may be in the deck; it has 4."


def test_dgm_2_2_names_in_either_chinese_script_count_together(catalogue):
    courage = card("R-001")  # 勇气之徽章, catalogued in Simplified Chinese
    traditional = create_card(
        "option", number="St-901", name="勇氣之徽章", names={"zh_hant": "勇氣之徽章"}
    )
    entries = [EntryInput(courage.pk, 2, "deck"), EntryInput(traditional.pk, 2, "deck")]
    assert codes(validate(deck_with(entries))) == ["copy_limit"]


def test_dgm_2_2_the_copy_limit_override_raises_the_limit_for_the_name(catalogue):
    numemon = create_card(
        "digimon", number="St-902", name="ヌメモン", names={"ja": "ヌメモン"}, copy_limit=5
    )
    # A reprint without the override shares the raised limit: the limit is the name's.
    reprint = create_card("digimon", number="St-903", name="ヌメモン", names={"ja": "ヌメモン"})
    five = [EntryInput(numemon.pk, 3, "deck"), EntryInput(reprint.pk, 2, "deck")]
    assert validate(deck_with(five)).valid
    six = [EntryInput(numemon.pk, 3, "deck"), EntryInput(reprint.pk, 3, "deck")]
    result = validate(deck_with(six))
    assert codes(result) == ["copy_limit"]
    assert "At most 5 copies" in result.errors[0].message


@pytest.mark.parametrize(("ultimates", "valid"), [(5, True), (6, False)])
def test_dgm_2_3_at_most_five_ultimates(catalogue, ultimates, valid):
    chosen = distinct_names(Card.objects.filter(game="digimon", level="ultimate"))[:ultimates]
    assert len(chosen) == ultimates
    result = validate(deck_with([EntryInput(c.pk, 1, "deck") for c in chosen]))
    assert codes(result) == ([] if valid else ["ultimate_limit"])
    if not valid:
        assert result.errors[0].message == (
            "At most 5 ultimate Digimon may be in the deck; it has 6."
        )
        assert (
            result.errors[0].messages["zh-hans"] == "卡组中究极体数码宝贝最多 5 张，目前有 6 张。"
        )


def test_dgm_2_4_at_least_one_level_three(catalogue):
    cards = Card.objects.filter(game="digimon").exclude(level__in=["III", "ultimate"])
    result = validate(fill(distinct_names(cards), 30))
    assert codes(result) == ["no_level_three"]
    assert result.errors[0].messages["zh-hans"] == "卡组至少需要 1 张成长期数码宝贝。"


def test_dgm_2_5_a_pad_card_is_the_wrong_game(catalogue):
    tyrra = card("B01-021")
    result = validate(deck_with([EntryInput(tyrra.pk, 1, "deck", line=5)]))
    assert codes(result) == ["wrong_game"]
    assert (result.errors[0].card, result.errors[0].line) == (tyrra.pk, 5)


def test_a_digimon_deck_has_no_team(catalogue):
    agumon = card("St-1")
    result = validate([*digimon_deck(30), EntryInput(agumon.pk, 1, "team", line=1)])
    assert codes(result) == ["team_not_allowed"]
    assert result.errors[0].message == "“Agumon” cannot be in a team: Digimon decks have no team."
    assert result.counts == {"deck": 30, "team": 1}


def test_unknown_cards_and_bad_quantities(catalogue):
    result = validate(
        [
            *digimon_deck(30),
            EntryInput(None, 1, "deck", line=3, label="Agumonn"),
            EntryInput(card("St-1").pk, 0, "deck", line=4),
        ]
    )
    assert codes(result) == ["unknown_card", "bad_quantity", "deck_size"]
    assert [error.line for error in result.errors] == [3, 4, None]


def test_every_violation_is_returned_at_once(catalogue):
    ultimates = distinct_names(Card.objects.filter(game="digimon", level="ultimate"))
    cards = Card.objects.filter(game="digimon").exclude(level__in=["III", "ultimate"])
    deck = [
        *fill(ultimates, 6, copies=1),
        EntryInput(card("St-2").pk, 4, "deck"),
        EntryInput(card("B01-021").pk, 1, "deck"),
        EntryInput(None, 1, "deck", label="?"),
        EntryInput(card("St-3").pk, 1, "team"),
        *fill(distinct_names(cards.exclude(number="St-2")), 20),
    ]
    result = validate(deck)
    assert sorted(codes(result)) == sorted(
        [
            "wrong_game",
            "unknown_card",
            "team_not_allowed",
            "deck_size",
            "copy_limit",
            "ultimate_limit",
            "no_level_three",
        ]
    )


@pytest.mark.parametrize("size", [20, 30])
def test_validation_takes_one_query_whatever_the_size(catalogue, django_assert_num_queries, size):
    entries = digimon_deck(size, copies=1)
    with django_assert_num_queries(1):
        validate(entries)
