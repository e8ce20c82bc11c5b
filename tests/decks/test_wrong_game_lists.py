"""A list naming another game's card says so (issue 11, item 8; RULES.md PAD-2.6, DGM-2.5).

Before: "Agumon" in a PAD list was an unknown card with odd suggestions ("Taur Demon"),
and the id of a Digimon card in a PAD deck's entries was "No pad card has the id".
"""

from __future__ import annotations

import pytest

from cards.models import Card
from decks.decklist import parse_deck_list
from decks.models import Deck
from tests.clients import api

pytestmark = pytest.mark.django_db


def test_a_digimon_name_in_a_pad_list_is_the_wrong_game_naming_card_and_game(catalogue):
    parsed = parse_deck_list("3 Red Dragon\n1 Agumon\n", "pad")
    [error] = parsed.errors
    assert (error.code, error.line, error.suggestions) == ("wrong_game", 2, [])
    assert error.message == (
        "“Agumon” is a Digimon card game card and cannot be in a Puzzle & Dragons TCG deck."
    )
    assert "數碼寶貝" in error.messages["zh-hant"]


def test_a_pad_number_in_a_digimon_list_is_the_wrong_game(catalogue):
    parsed = parse_deck_list("2 B01-002\n", "digimon")
    [error] = parsed.errors
    assert (error.code, error.line) == ("wrong_game", 1)
    assert "is a Puzzle & Dragons TCG card" in error.message


def test_a_name_of_no_game_is_still_unknown(catalogue):
    parsed = parse_deck_list("1 Zzzzqqq\n", "pad")
    assert [e.code for e in parsed.errors] == ["unknown_card"]


def test_the_api_text_form_answers_wrong_game(catalogue, owner):
    body = {"game": "pad", "name": "X", "list": "3 Red Dragon\n1 Agumon"}
    response = api(owner).post("/api/decks/", body, format="json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert (error["code"], error["line"]) == ("wrong_game", 2)
    validated = api().post("/api/decks/validate/", {"game": "pad", "list": "1 Agumon"})
    assert validated.json()["errors"][0]["code"] == "wrong_game"


def test_the_api_entries_form_answers_wrong_game_naming_the_card(catalogue, owner):
    agumon = Card.objects.get(number="St-1")
    body = {"game": "pad", "name": "X", "entries": [{"card": agumon.pk, "quantity": 1}]}
    response = api(owner).post("/api/decks/", body, format="json")
    assert response.status_code == 400
    error = response.json()
    assert error["code"] == "wrong_game" and error["card"] == agumon.pk
    assert error["card_game"] == "digimon" and "Agumon" in error["message"]
    assert not Deck.objects.exists()


def test_the_new_deck_page_names_the_card_and_its_game(client, owner, catalogue):
    client.force_login(owner)
    response = client.post(
        "/decks/new/",
        {"game": "pad", "name": "X", "visibility": "private", "list": "1 Agumon"},
        follow=True,
    )
    # Issue 15, item 8: the deck is created and the line waits in the builder, explained.
    assert response.status_code == 200 and Deck.objects.get().name == "X"
    page = response.content.decode()
    assert "“Agumon” is a Digimon card game card and cannot be in a Puzzle" in page
    assert "Taur Demon" not in page
