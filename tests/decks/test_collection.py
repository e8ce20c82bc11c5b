"""Collections: import and export in the deck-list text format, counts, ownership of a
deck (issue 16, item 4). Cards are the real starter catalogue's."""

from __future__ import annotations

import pytest

from decks.collection import (
    ADD,
    deck_ownership,
    export_collection,
    import_collection,
    owned_cards,
    set_card_count,
)
from decks.collection_list import MAX_OWNED, parse_collection
from decks.models import Collection, CollectionCard, Deck, DeckEntry
from decks.services import DeckError

from .conftest import card, pad_deck, pad_team

pytestmark = pytest.mark.django_db

BOTH_GAMES = """\
# PAD
3 Red Dragon
2x B01-001
# Digimon
4 Agumon
1 St-2
"""


def counts(user) -> dict[str, int]:
    return {row.card.number: row.quantity for row in owned_cards(user.collection)}


def test_a_list_of_both_games_becomes_the_collection(owner, catalogue):
    result = import_collection(owner=owner, text=BOTH_GAMES)

    assert (result.cards, result.copies) == (4, 10)
    assert counts(owner) == {"B01-002": 3, "B01-001": 2, "St-1": 4, "St-2": 1}
    assert owner.collection.visibility == "private"  # private by default


def test_lines_without_a_section_are_found_in_either_game(owner, catalogue):
    import_collection(owner=owner, text="Red Dragon\n2 Greymon\n3 グレイモン\n")

    # グレイモン is Greymon's Japanese name: the same card, counts added up.
    assert counts(owner) == {"B01-002": 1, "St-2": 5}


def test_a_section_restricts_the_lookup_to_its_game(owner, catalogue):
    with pytest.raises(DeckError) as refused:
        import_collection(owner=owner, text="Digimon:\n1 Red Dragon\n")

    assert refused.value.code == "invalid_list"
    assert refused.value.extra["errors"][0]["code"] == "unknown_card"
    assert refused.value.extra["errors"][0]["line"] == 2


def test_export_reads_back_as_the_same_collection(owner, other, catalogue):
    import_collection(owner=owner, text=BOTH_GAMES)
    text = export_collection(owner.collection, "en")

    assert text == ("# PAD\n2 Lil' Red Dragon\n3 Red Dragon\n\n# Digimon\n4 Agumon\n1 Greymon\n")
    import_collection(owner=other, text=text)
    assert counts(other) == counts(owner)


def test_a_deck_export_adds_the_deck_to_a_collection(owner, catalogue):
    deck_list = "Team:\n1 Lil' Red Dragon\n\nDeck:\n3 Red Dragon\n"
    import_collection(owner=owner, text=deck_list)

    assert counts(owner) == {"B01-001": 1, "B01-002": 3}


def test_replace_forgets_the_old_counts_and_add_sums_them(owner, catalogue):
    import_collection(owner=owner, text="3 Red Dragon\n1 Agumon\n")
    import_collection(owner=owner, text="2 Red Dragon\n", mode=ADD)
    assert counts(owner) == {"B01-002": 5, "St-1": 1}

    import_collection(owner=owner, text="2 Greymon\n")
    assert counts(owner) == {"St-2": 2}


def test_a_bad_line_refuses_the_whole_list(owner, catalogue):
    import_collection(owner=owner, text="3 Red Dragon\n")

    with pytest.raises(DeckError) as refused:
        import_collection(owner=owner, text="1 Agumon\n2 Red Dargon\n0 Greymon\n")

    errors = refused.value.extra["errors"]
    assert [(e["line"], e["code"]) for e in errors] == [(2, "unknown_card"), (3, "bad_quantity")]
    assert "Red Dragon" in errors[0]["suggestions"]
    assert refused.value.message.startswith("Line 2: ")
    assert counts(owner) == {"B01-002": 3}  # nothing written


def test_a_count_past_the_cap_is_refused(owner, catalogue):
    parsed = parse_collection(f"{MAX_OWNED} Red Dragon\n1 Red Dragon\n")
    assert [e.code for e in parsed.errors] == ["quantity_too_large"]

    import_collection(owner=owner, text=f"{MAX_OWNED} Red Dragon\n")
    with pytest.raises(DeckError) as refused:
        import_collection(owner=owner, text="1 Red Dragon\n", mode=ADD)
    assert refused.value.code == "quantity_too_large"
    assert counts(owner) == {"B01-002": MAX_OWNED}


def test_setting_a_count_to_zero_removes_the_card(owner, catalogue):
    dragon = card("B01-002")
    set_card_count(owner=owner, card_id=dragon.pk, quantity=4)
    assert counts(owner) == {"B01-002": 4}

    set_card_count(owner=owner, card_id=dragon.pk, quantity=0)
    assert counts(owner) == {}
    assert CollectionCard.objects.count() == 0


def _deck(owner, rows) -> Deck:
    deck = Deck.objects.create(owner=owner, game="pad", name="Fire")
    for number, quantity, zone in rows:
        DeckEntry.objects.create(deck=deck, card=card(number), quantity=quantity, zone=zone)
    return deck


def test_ownership_counts_deck_and_team_but_not_the_sideboard(owner, catalogue):
    deck = _deck(
        owner,
        [
            ("B01-001", 1, "team"),
            ("B01-002", 3, "deck"),
            ("B01-003", 2, "deck"),
            ("B01-006", 4, "side"),  # the maybe zone is never needed
        ],
    )
    # Red Dragon owned 2 of 3: 1 missing; Volcano Dragon owned 5 of 2: counts 2, not 5.
    import_collection(owner=owner, text="2 Red Dragon\n5 Volcano Dragon\n")

    ownership = deck_ownership(deck, owner)

    assert (ownership.owned, ownership.needed) == (4, 6)
    assert [(m.card.number, m.quantity) for m in ownership.missing] == [
        ("B01-001", 1),
        ("B01-002", 1),
    ]


def test_ownership_without_a_collection_misses_every_card(
    owner, catalogue, django_assert_max_num_queries
):
    deck = _deck(owner, [("B01-002", 3, "deck"), ("B01-003", 2, "deck")])
    assert not Collection.objects.filter(owner=owner).exists()

    with django_assert_max_num_queries(1):
        ownership = deck_ownership(deck, owner)

    assert (ownership.owned, ownership.needed) == (0, 5)
    assert [(m.card.number, m.quantity) for m in ownership.missing] == [
        ("B01-002", 3),
        ("B01-003", 2),
    ]


def test_ownership_of_a_whole_deck_is_one_query(owner, catalogue, django_assert_num_queries):
    deck = Deck.objects.create(owner=owner, game="pad", name="Forty")
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=deck, card_id=e.card_id, quantity=e.quantity, zone=e.zone)
        for e in pad_deck(40) + pad_team()
    )
    import_collection(owner=owner, text="3 Red Dragon\n1 Lil' Red Dragon\n")

    with django_assert_num_queries(1):
        ownership = deck_ownership(deck, owner)

    assert ownership.needed == 45
    # Red Dragon: 3 needed, 3 owned. Lil' Red Dragon (B01-001) is in pad_deck and in
    # pad_team: 3 + 1 needed, 1 owned.
    assert ownership.owned == 3 + 1
    missing = {row.card.number: row.quantity for row in ownership.missing}
    assert "B01-002" not in missing and missing["B01-001"] == 3


def test_counts_are_quoted_as_typed_when_refused(catalogue):
    parsed = parse_collection("1234567 Red Dragon\n-2 Agumon\nx Greymon\n")

    assert [(e.line, e.code) for e in parsed.errors] == [
        (1, "quantity_too_large"),
        (2, "bad_quantity"),
        (3, "unknown_card"),  # "x Greymon" is read as a name: no card has it
    ]
    assert (
        parsed.errors[0].message
        == "“Red Dragon”: 1234567 is too many; a line may have at most 9999."
    )
    assert parsed.errors[1].message == "“Agumon”: the count must be at least 1, not -2."
