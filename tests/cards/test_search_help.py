"""Search that helps (issue 15, item 4): Scryfall habits, warnings that say what went wrong,
"did you mean …" when nothing is found, and errors in the reader's language.

Expected sets are read from the catalogue files (fixtures/*.json), not from the database
under test, and filtered here by the rule each alias stands for.
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from urllib.parse import parse_qs, urlsplit

import pytest
from django.conf import settings
from django.urls import reverse

from cards.models import Card
from cards.search import search_cards
from cards.search.suggest import suggest_query
from cards.search.text import fold
from tests.cards.test_page_search import text_of

pytestmark = pytest.mark.django_db
SEARCH = "/cards/"


@cache
def fixture_cards(game: str) -> tuple[dict, ...]:
    path = settings.BASE_DIR / "fixtures" / f"{game}.json"
    return tuple(json.loads(path.read_text(encoding="utf-8")))


def pad_numbers(keep) -> set[str]:
    return {card["number"] for card in fixture_cards("pad") if keep(card)}


def found(query: str) -> set[str]:
    result = search_cards(query)
    assert result.warnings == [], result.warnings
    return set(result.cards.values_list("number", flat=True))


# --- Scryfall habits -------------------------------------------------------------------------


def is_fire(card: dict) -> bool:
    # RULES.md: a PAD card's attribute (and sub-attribute) is its colour; fire is red.
    return "fire" in (card.get("attribute"), card.get("sub_attribute"))


@pytest.mark.parametrize("query", ["c:red", "color:red", "colour:red", "c:红", "attr:red"])
def test_red_is_the_fire_attribute(catalogue, query):
    expected = pad_numbers(is_fire)
    # Counted once by hand on the fan list (95); its scans made B02-006 and B04-033 another
    # colour (B02-066 turned water with a fire sub-attribute: still red) and 6 of the cards
    # they added are fire (issue 26).
    assert len(expected) == 99
    assert found(query) == expected


def test_each_colour_word_is_its_attribute(catalogue):
    for word, attribute in [("blue", "water"), ("green", "wood"), ("yellow", "light")]:
        expected = pad_numbers(
            lambda card, a=attribute: a in (card.get("attribute"), card.get("sub_attribute"))
        )
        assert found(f"c:{word}") == expected, word
    assert found("c:purple") == pad_numbers(
        lambda card: "dark" in (card.get("attribute"), card.get("sub_attribute"))
    )


def test_t_is_the_type_of_a_pet_or_the_kind_of_card(catalogue):
    assert found("t:dragon") == pad_numbers(lambda card: "dragon" in card.get("types", []))
    assert found("t:skill") == pad_numbers(lambda card: card["kind"] == "skill")


def test_mana_value_is_the_cost(catalogue):
    expected = pad_numbers(lambda card: card.get("cost") is not None and card["cost"] <= 1)
    assert found("mv<=1") == expected
    assert found("cmc<=1") == expected
    assert found("manavalue<=1") == expected


def test_c_with_a_number_is_still_the_digimon_c_attack(catalogue):
    expected = {
        card["number"]
        for card in fixture_cards("digimon")
        if card.get("attacks", {}).get("C", {}).get("power", -1) >= 300
    }
    assert expected and found("c>=300") == expected


def test_other_aliases(catalogue):
    assert found("cn:B01-021") == {"B01-021"}
    assert found("kw:damage") == pad_numbers(lambda c: "damage" in c.get("effect_types", []))
    assert found("id:pink") == pad_numbers(lambda card: "heart" in card.get("orbs", []))
    assert found("edition:St game:digimon") == {
        card["number"] for card in fixture_cards("digimon") if card["set"] == "St"
    }


# --- Unknown fields: a warning, never the whole catalogue -------------------------------------


@pytest.mark.parametrize("query", ["colr:red", "foo:bar", "shiny:yes dragon"])
def test_an_unknown_field_finds_nothing_and_says_so(client, catalogue, query):
    result = search_cards(query)
    assert [warning["code"] for warning in result.warnings] == ["unknown_field"]
    assert not result.cards.exists()
    text = text_of(client.get(SEARCH, {"q": query}))
    assert "Unknown field" in text and "0 cards" in text


def test_the_warning_names_the_field_meant(catalogue):
    (warning,) = search_cards("colr:red").warnings
    assert warning["message"] == (
        "Unknown field 'colr': no card matches this term. Did you mean color:?"
    )


@pytest.mark.parametrize(
    ("query", "term", "other", "game"),
    [
        ("game:digimon c:red", "c:red", "PAD", "Digimon"),  # c: with a word is the attribute
        ("game:pad level:iv", "level:iv", "Digimon", "PAD"),
        ("game:digimon orb:heart", "orb:heart", "PAD", "Digimon"),
        ("game:pad a>=300", "a>=300", "Digimon", "PAD"),
    ],
)
def test_a_field_of_the_other_game_says_why_nothing_matches(
    client, catalogue, query, term, other, game
):
    """Issue 29 item 7: a query kept to one game (`game:`) with a field only the other
    game's cards have finds nothing and says so."""
    result = search_cards(query)
    assert not result.cards.exists()
    assert [(w["code"], w["message"]) for w in result.warnings] == [
        (
            "field_not_in_game",
            f"{term} describes {other} cards only: no {game} card matches it.",
        )
    ]
    assert f"{term} describes {other} cards only" in text_of(client.get(SEARCH, {"q": query}))


@pytest.mark.parametrize("query", ["game:digimon c>=300", "game:pad c:red", "c:red level:iv"])
def test_fields_of_the_chosen_game_or_of_no_game_give_no_such_warning(catalogue, query):
    """`c>=300` is the Digimon C attack; without `game:` a field of either game is fine."""
    assert [w for w in search_cards(query).warnings if w["code"] == "field_not_in_game"] == []


# --- Did you mean … ---------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["gremon", "Grymon", "GREMON"])
def test_a_misspelt_name_suggests_the_card(catalogue, typed):
    suggestion = suggest_query(typed)
    assert suggestion is not None
    assert suggestion.query == "Greymon"  # St-2's English name (fixtures/digimon.json)
    assert suggestion.replacements == ((typed, "Greymon"),)
    assert "St-2" in found(suggestion.query)


def test_only_the_word_that_found_nothing_is_replaced(catalogue):
    suggestion = suggest_query("grymon level:iv")
    assert suggestion.query == "Greymon level:iv"
    suggestion = suggest_query("name:agumn")
    assert suggestion.query == "name:Agumon"


@pytest.mark.parametrize(
    ("typed", "meant", "word"),
    [
        ("red dargon", "red Dragon", ("dargon", "Dragon")),
        ("blue dargn", "blue Dragon", ("dargn", "Dragon")),
        ("dark dragon knigt", "dark dragon Knight", ("knigt", "Knight")),
    ],
)
def test_each_word_of_a_longer_query_is_corrected_by_the_words_of_the_names(
    catalogue, typed, meant, word
):
    """Issue 29 item 7: in a query of several words, a word that finds nothing is
    replaced by the closest word of the catalogue's names (`dargon` → Dragon), not by the
    name of the one closest card (which made `dargon` Agumon); the corrected query finds
    cards whose names hold every word."""
    suggestion = suggest_query(typed)
    assert suggestion is not None and suggestion.query == meant
    assert suggestion.replacements == (word,)
    numbers = found(meant)
    assert numbers
    for card in Card.objects.filter(number__in=numbers):
        names = " ".join(fold(name) for name in (card.name, *card.names.values()) if name)
        text = names + " " + fold(card.text or "")
        assert all(fold(part) in text for part in meant.split())


def test_nothing_is_suggested_when_nothing_is_close(catalogue):
    assert suggest_query("zqxwv") is None
    assert suggest_query("attr:fire level:iv") is None  # no misspelt word to correct


def test_the_page_links_to_the_corrected_query(client, catalogue, django_assert_max_num_queries):
    with django_assert_max_num_queries(20):
        response = client.get(SEARCH, {"q": "gremon"})
    assert "Did you mean Greymon?" in text_of(response)
    (href,) = re.findall(
        r'<p class="did-you-mean"[^>]*>Did you mean <a href="([^"]+)"', response.content.decode()
    )
    href = html.unescape(href)
    assert parse_qs(urlsplit(href).query)["q"] == ["Greymon"]
    assert "St-2" in client.get(href).content.decode()


def test_no_suggestion_when_cards_are_found(client, catalogue):
    response = client.get(SEARCH, {"q": "Greymon"})
    assert b"did-you-mean" not in response.content


# --- Errors and warnings in the reader's language ---------------------------------------------


@pytest.mark.parametrize(
    ("language", "error", "warning"),
    [
        ("zh-hans", "这个“(”缺少对应的“)”", "未知的字段 'colr'：没有卡牌符合这个条件。"),
        ("zh-hant", "這個「(」缺少對應的「)」", "未知的欄位 'colr'：沒有卡牌符合這個條件。"),
    ],
)
def test_query_errors_and_warnings_are_translated(client, catalogue, language, error, warning):
    client.post(reverse("set_language"), {"language": language, "next": SEARCH})
    page = client.get(SEARCH, {"q": "cost>=2 (attr:fire"})
    assert page.status_code == 400
    assert error in page.content.decode()
    page = html.unescape(client.get(SEARCH, {"q": "colr:red"}).content.decode())
    assert warning in page
    assert "您是不是要找 color:？" in page
