"""The deck-list text format and its JSON form, on the real starter catalogue."""

from __future__ import annotations

from collections import Counter

import pytest
from django.utils import translation

from cards.models import Card
from decks.decklist import (
    MAX_LINES,
    entries_from_json,
    entries_to_json,
    export_deck_list,
    parse_deck_list,
)
from decks.rules import EntryInput, validate_deck
from tests.conftest import create_card

from .conftest import card, digimon_deck, pad_deck, pad_team

pytestmark = pytest.mark.django_db


def tally(entries) -> Counter:
    """What a deck holds, whatever the lines: copies per (zone, card)."""
    totals = Counter()
    for entry in entries:
        totals[(entry.zone, entry.card_id)] += entry.quantity
    return totals


def with_cards(entries: list[EntryInput]) -> list[tuple[Card, int, str]]:
    cards = Card.objects.in_bulk([entry.card_id for entry in entries])
    return [(cards[entry.card_id], entry.quantity, entry.zone) for entry in entries]


def parsed_ok(text: str, game: str):
    parsed = parse_deck_list(text, game)
    assert parsed.errors == []
    return parsed


# Reading.


def test_a_pad_list_with_team_and_deck_sections(catalogue):
    text = "# my fire deck\nTeam:\n1 Tyrra\n\nDeck:\n3 Red Dragon\n2x B01-002\n"
    parsed = parsed_ok(text, "pad")
    tyrra, red_dragon = card("B01-021"), card("B01-002")
    assert [(e.card_id, e.quantity, e.zone, e.line) for e in parsed.entries] == [
        (tyrra.pk, 1, "team", 3),
        (red_dragon.pk, 3, "deck", 6),
        (red_dragon.pk, 2, "deck", 7),
    ]
    assert [e.label for e in parsed.entries] == ["Tyrra", "Red Dragon", "B01-002"]
    assert set(parsed.cards) == {tyrra.pk, red_dragon.pk}


@pytest.mark.parametrize(
    ("team", "deck"),
    [
        ("Team:", "Deck:"),
        ("隊伍:", "卡組:"),
        ("队伍：", "卡组："),
        ("TEAM", "牌組:"),
        ("team (5):", "Deck (40):"),
    ],
)
def test_headers_in_english_and_chinese(catalogue, team, deck):
    parsed = parsed_ok(f"{team}\n1 Tyrra\n{deck}\n1 Tyrra\n", "pad")
    assert [e.zone for e in parsed.entries] == ["team", "deck"]


def test_a_list_without_headers_is_all_deck_and_a_line_without_count_is_one_copy(catalogue):
    parsed = parsed_ok("Red Dragon\n3 Tyrra\n", "pad")
    assert [(e.quantity, e.zone) for e in parsed.entries] == [(1, "deck"), (3, "deck")]


@pytest.mark.parametrize(
    "line",
    [
        "2x B01-002",
        "2 x B01-002",
        "2X b01-002",
        "2×B01-002",
        "2 b01-2",
        "２ｘ Ｂ01-002",
        "2 RED DRAGON",
    ],
)
def test_counts_and_card_numbers_in_every_spelling(catalogue, line):
    parsed = parsed_ok(line, "pad")
    assert [(e.card_id, e.quantity) for e in parsed.entries] == [(card("B01-002").pk, 2)]


def test_names_match_in_any_language_and_either_chinese_script(catalogue):
    text = "1 ティラ\n1 tyrra\n"
    assert {e.card_id for e in parsed_ok(text, "pad").entries} == {card("B01-021").pk}
    courage = card("R-001")  # catalogued as 勇气之徽章 (Simplified)
    parsed = parsed_ok("1 勇氣之徽章\n1 勇气之徽章\n1 crest of courage\n", "digimon")
    assert [e.card_id for e in parsed.entries] == [courage.pk] * 3


def test_a_reprinted_name_resolves_to_the_earliest_printing(catalogue):
    parsed = parsed_ok("3 Palmon\n1 St-111\n", "digimon")
    assert [e.card_id for e in parsed.entries] == [card("St-9").pk, card("St-111").pk]


def test_cards_of_the_other_game_are_the_wrong_game_not_unknown(catalogue):
    # PAD-2.6: issue 11 item 8 (tests/decks/test_wrong_game_lists.py has the details).
    parsed = parse_deck_list("1 Agumon\n", "pad")
    assert [(e.code, e.line) for e in parsed.errors] == [("wrong_game", 1)]


def test_an_unknown_name_gets_the_closest_names(catalogue):
    parsed = parse_deck_list("3 Red Dragon\n\n2 Red Dragn\n1 Zzzzqqq\n", "pad")
    assert [(e.code, e.line) for e in parsed.errors] == [("unknown_card", 3), ("unknown_card", 4)]
    typo, nonsense = parsed.errors
    assert typo.suggestions[0] == "Red Dragon"
    assert 1 <= len(typo.suggestions) <= 5
    assert typo.message.startswith("Unknown card “Red Dragn”. Did you mean: Red Dragon")
    assert nonsense.suggestions == []
    assert nonsense.message == "Unknown card “Zzzzqqq”."
    assert len(parsed.entries) == 1


@pytest.mark.parametrize(
    ("language", "name"),
    # R-001 is stored as 勇气之徽章 (Simplified) and Crest of Courage: a Traditional line
    # finds it, and the suggestion is named for the reader (issue 15, item 1), the 繁體
    # reader getting the Simplified name converted by OpenCC.
    [("en", "Crest of Courage"), ("zh-hant", "勇氣之徽章"), ("zh-hans", "勇气之徽章")],
)
def test_suggestions_work_for_chinese_names_and_are_named_for_the_reader(catalogue, language, name):
    with translation.override(language):
        error = parse_deck_list("1 勇氣徽章", "digimon").errors[0]
    assert error.suggestions == [name]
    assert error.cards == [card("R-001").pk]
    assert name in error.message


def test_a_name_shared_by_different_cards_is_ambiguous(catalogue):
    tyrra = card("B01-021")  # ティラ, also "Tyrra" in English
    other = create_card(
        "pet", set="B05", number="B05-900", name="ティラ改", names={"ja": "ティラ改", "en": "Tyrra"}
    )
    parsed = parse_deck_list("Deck:\n2 Tyrra\n", "pad")
    assert [(e.code, e.line) for e in parsed.errors] == [("ambiguous_card", 2)]
    error = parsed.errors[0]
    assert error.suggestions == ["B01-021", "B05-900"]
    assert error.message == (
        "“Tyrra” matches several cards: B01-021 Tyrra, B05-900 Tyrra. "
        "Write the card number instead."
    )
    # Either number, or the unshared Japanese name, picks one.
    parsed = parsed_ok("2 B05-900\n1 ティラ\n", "pad")
    assert [e.card_id for e in parsed.entries] == [other.pk, tyrra.pk]


@pytest.mark.parametrize(
    ("line", "code", "message"),
    [
        ("0 Red Dragon", "bad_quantity", "“Red Dragon”: the count must be at least 1, not 0."),
        ("-1 Red Dragon", "bad_quantity", "“Red Dragon”: the count must be at least 1, not -1."),
        (
            "100 Red Dragon",
            "quantity_too_large",
            "“Red Dragon”: 100 is too many; a line may have at most 99.",
        ),
        ("99999999999999999999999 Red Dragon", "quantity_too_large", None),
        ("x3 Red Dragon", "malformed_line", None),
        ("3", "malformed_line", None),
        ("3x", "malformed_line", None),
        ("2.5 Red Dragon", "malformed_line", None),
    ],
)
def test_bad_lines_are_reported_with_their_line_number(catalogue, line, code, message):
    parsed = parse_deck_list(f"# header comment\n3 Tyrra\n{line}\n1 Red Dragon\n", "pad")
    assert [(e.code, e.line) for e in parsed.errors] == [(code, 3)]
    if message:
        assert parsed.errors[0].message == message
    if code == "malformed_line":
        assert parsed.errors[0].message.startswith(f"Cannot read “{line}”")
    # The good lines around it are still read.
    assert [e.line for e in parsed.entries] == [2, 4]


def test_a_team_section_in_a_digimon_list_is_an_error(catalogue):
    parsed = parse_deck_list("Team:\n1 Agumon\nDeck:\n3 Agumon\n", "digimon")
    assert [(e.code, e.line) for e in parsed.errors] == [("team_not_allowed", 1)]
    assert parsed.errors[0].messages["zh-hans"].startswith("数码宝贝卡组没有队伍")
    assert [(e.quantity, e.zone) for e in parsed.entries] == [(3, "deck")]


def test_errors_come_in_line_order_with_three_languages(catalogue):
    parsed = parse_deck_list("Nothing here\n0 Tyrra\nx2 Tyrra\n", "pad")
    assert [(e.code, e.line) for e in parsed.errors] == [
        ("unknown_card", 1),
        ("bad_quantity", 2),
        ("malformed_line", 3),
    ]
    assert all(set(e.messages) == {"en", "zh-hant", "zh-hans"} for e in parsed.errors)


def test_lists_over_the_limits_are_refused_before_parsing(catalogue, django_assert_num_queries):
    too_many_lines = "1 Tyrra\n" * (MAX_LINES + 1)
    too_many_bytes = "# " + "x" * 200 * 1024
    for text in (too_many_lines, too_many_bytes):
        with django_assert_num_queries(0):
            parsed = parse_deck_list(text, "pad")
        assert [(e.code, e.line) for e in parsed.errors] == [("list_too_large", None)]
        assert parsed.entries == []
    # At the line limit the list is read (its 5,000 copies of Tyrra are then over the
    # copies cap of decks.limits, a different error).
    at_limit = parse_deck_list("1 Tyrra\n" * MAX_LINES, "pad").errors
    assert "list_too_large" not in {e.code for e in at_limit}


@pytest.mark.parametrize("size", [40, 60])
def test_a_list_resolves_in_one_query_whatever_its_length(
    catalogue, django_assert_num_queries, size
):
    text = export_deck_list(with_cards(pad_deck(size, copies=1)), "pad")
    with django_assert_num_queries(1):
        parsed = parse_deck_list(text, "pad")
    assert len(parsed.entries) == size


def test_unknown_lines_add_one_query_for_all_suggestions(catalogue, django_assert_num_queries):
    text = "\n".join(f"1 Red Dragon {n}x" for n in range(30))
    # Resolving, looking in the other game (wrong_game, issue 11), suggesting.
    with django_assert_num_queries(3):
        parsed = parse_deck_list(text, "pad")
    assert len(parsed.errors) == 30


# Writing.


def test_export_writes_team_then_deck_by_number(catalogue):
    entries = [
        EntryInput(card("B01-003").pk, 2, "deck"),
        EntryInput(card("B01-002").pk, 3, "deck"),
        EntryInput(card("B01-021").pk, 1, "team"),
    ]
    assert export_deck_list(with_cards(entries), "pad") == (
        "Team:\n1 Tyrra\n\nDeck:\n3 Red Dragon\n2 Volcano Dragon\n"
    )


def test_export_merges_lines_of_the_same_card(catalogue):
    red_dragon = card("B01-002")
    text = export_deck_list([(red_dragon, 1, "deck"), (red_dragon, 2, "deck")], "pad")
    assert text == "Deck:\n3 Red Dragon\n"


def test_export_without_a_team_has_no_team_section(catalogue):
    text = export_deck_list(with_cards(digimon_deck()), "digimon")
    assert text.startswith("Deck:\n")
    assert "Team:" not in text


def test_a_later_reprint_is_written_by_number(catalogue):
    entries = [(card("St-9"), 2, "deck"), (card("St-111"), 1, "deck")]
    assert export_deck_list(entries, "digimon") == "Deck:\n2 Palmon\n1 St-111\n"


def test_a_name_shared_with_a_different_card_is_written_by_number(catalogue):
    # ティラ is B01-021's Japanese name and also another card's: a Japanese list writes both
    # by number, an English one by their distinct English names.
    create_card(
        "pet",
        set="B05",
        number="B05-900",
        name="Tyrra Two",
        names={"ja": "ティラ", "en": "Tyrra Two"},
    )
    entries = [(card("B01-021"), 1, "team"), (card("B05-900"), 2, "deck")]
    japanese = export_deck_list(entries, "pad", "ja")
    assert japanese == "Team:\n1 B01-021\n\nDeck:\n2 B05-900\n"
    english = export_deck_list(entries, "pad", "en")
    assert english == "Team:\n1 Tyrra\n\nDeck:\n2 Tyrra Two\n"
    for text in (japanese, english):
        parsed = parsed_ok(text, "pad")
        assert [e.card_id for e in parsed.entries] == [card("B01-021").pk, card("B05-900").pk]


@pytest.mark.parametrize(
    "build",
    [
        lambda: [*pad_team(), *pad_deck(60)],
        lambda: digimon_deck(30),
    ],
    ids=["pad", "digimon"],
)
def test_round_trip_of_a_legal_deck(catalogue, build):
    entries = build()
    game = Card.objects.get(pk=entries[0].card_id).game
    text = export_deck_list(with_cards(entries), game)
    parsed = parsed_ok(text, game)
    assert tally(parsed.entries) == tally(entries)
    assert validate_deck(game, parsed.entries).valid


@pytest.mark.parametrize("game", ["pad", "digimon"])
def test_round_trip_of_every_card_in_the_catalogue(catalogue, game):
    cards = list(Card.objects.filter(game=game))
    zone = {"pad": "team", "digimon": "deck"}[game]
    entries = [(c, 1 + i % 3, "deck") for i, c in enumerate(cards)] + [(cards[0], 1, zone)]
    text = export_deck_list(entries, game)
    parsed = parsed_ok(text, game)
    assert tally(parsed.entries) == Counter({(z, c.pk): q for c, q, z in entries[:-1]}) + Counter(
        {(zone, cards[0].pk): 1}
    )


def test_json_round_trip(catalogue):
    entries = [*pad_team(), *pad_deck(40)]
    data = entries_to_json("pad", entries)
    assert data["game"] == "pad"
    assert data["entries"][0] == {"card": entries[0].card_id, "quantity": 1, "zone": "team"}
    game, loaded = entries_from_json(data)
    assert game == "pad"
    assert tally(loaded) == tally(entries)


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"game": "chess", "entries": []},
        {"game": "pad"},
        {"game": "pad", "entries": [3]},
        {"game": "pad", "entries": [{"card": "12", "quantity": 1}]},
        {"game": "pad", "entries": [{"card": 12, "quantity": True}]},
    ],
)
def test_malformed_json_is_refused(data):
    with pytest.raises(ValueError):
        entries_from_json(data)


def test_unknown_game_is_refused():
    with pytest.raises(ValueError):
        parse_deck_list("1 Tyrra", "chess")
