"""The API's part of search that helps (issue 15, item 4): `suggestions` on an empty result,
cards in autocomplete, messages in the language of Accept-Language (codes stay English)."""

from __future__ import annotations

import pytest

from cards.models import Card

pytestmark = pytest.mark.django_db


def test_an_empty_result_suggests_a_corrected_query(client, catalogue):
    body = client.get("/api/cards/", {"q": "gremon"}).json()
    assert body["count"] == 0
    assert body["suggestions"] == [
        {"query": "Greymon", "replacements": [{"from": "gremon", "to": "Greymon"}]}
    ]
    corrected = client.get("/api/cards/", {"q": body["suggestions"][0]["query"]}).json()
    assert "St-2" in {card["number"] for card in corrected["results"]}


def test_results_come_without_suggestions(client, catalogue):
    body = client.get("/api/cards/", {"q": "Greymon"}).json()
    assert body["count"] >= 1 and body["suggestions"] == []


def test_an_error_speaks_the_language_of_accept_language(client, catalogue):
    response = client.get(
        "/api/cards/", {"q": "cost>=2 (attr:fire"}, HTTP_ACCEPT_LANGUAGE="zh-Hans"
    )
    assert response.status_code == 400
    assert response.json() == {
        "code": "invalid_query",  # machine-readable: never translated
        "message": "这个“(”缺少对应的“)”",
        "position": 8,
    }
    response = client.get("/api/cards/", {"q": "cost>=two"}, HTTP_ACCEPT_LANGUAGE="zh-TW")
    assert response.json()["message"] == "cost>= 需要整數，而不是 'two'"


def test_warnings_and_lookups_speak_it_too(client, catalogue):
    body = client.get("/api/cards/", {"q": "colr:red"}, HTTP_ACCEPT_LANGUAGE="zh-Hans").json()
    assert body["warnings"][0]["code"] == "unknown_field"
    assert body["warnings"][0]["message"] == (
        "未知的字段 'colr'：没有卡牌符合这个条件。 您是不是要找 color:？"
    )
    response = client.get("/api/cards/named/", {"exact": "Nobody"}, HTTP_ACCEPT_LANGUAGE="zh-Hant")
    assert response.status_code == 404
    assert response.json() == {"code": "not_found", "message": "沒有名為 'Nobody' 的卡牌。"}


def test_english_stays_the_default(client, catalogue):
    response = client.get("/api/cards/", {"q": "cost>=2 (attr:fire"})
    assert response.json()["message"] == "Missing ')' for this '('"


def test_autocomplete_lists_cards_named_in_the_language_asked(
    client, catalogue, django_assert_max_num_queries
):
    # R-033 is catalogued as 龙之怒吼 (Simplified) and Dragon's Roar (fixtures/digimon.json).
    card = Card.objects.get(number="R-033")
    for lang, name, matched in [
        ("en", "Dragon's Roar", ""),
        ("zh-hans", "龙之怒吼", "Dragon's Roar"),
        ("zh-hant", "龍之怒吼", "Dragon's Roar"),  # converted by OpenCC
    ]:
        with django_assert_max_num_queries(3):
            body = client.get("/api/cards/autocomplete/", {"q": "dragon's r", "lang": lang}).json()
        assert body["data"] == ["Dragon's Roar"]  # the Scryfall-style list is unchanged
        assert body["cards"] == [
            {
                "id": card.pk,
                "name": name,
                "matched": matched,
                "number": "R-033",
                "game": "digimon",
                "url": f"/cards/{card.pk}/",
            }
        ]


def test_autocomplete_reads_its_cards_at_once_however_many(
    client, catalogue, django_assert_max_num_queries
):
    # The names, then the cards bearing them, with the columns the answer shows: a column
    # left out would be read again card by card.
    with django_assert_max_num_queries(3):
        body = client.get("/api/cards/autocomplete/", {"q": "dragon", "lang": "zh-hant"}).json()
    assert len(body["cards"]) == 10
    assert {card["game"] for card in body["cards"]} == {"pad", "digimon"}


def test_autocomplete_puts_the_printed_card_first(client, catalogue):
    body = client.get("/api/cards/autocomplete/", {"q": "Agu", "lang": "en"}).json()
    first = body["cards"][0]
    assert (first["name"], first["number"]) == ("Agumon", "St-1")
    assert len(body["cards"]) <= 10
    assert len({card["id"] for card in body["cards"]}) == len(body["cards"])


def test_autocomplete_can_keep_to_one_game(client, catalogue):
    # The deck builder lists only its game's cards: "agu" is in Agumon (Digimon) and in
    # Kagutsuchi (PAD).
    body = client.get("/api/cards/autocomplete/", {"q": "agu", "game": "pad"}).json()
    assert body["cards"] and {card["game"] for card in body["cards"]} == {"pad"}
    assert "Agumon" not in body["data"]
    response = client.get("/api/cards/autocomplete/", {"q": "agu", "game": "mtg"})
    assert response.status_code == 400 and response.json()["code"] == "invalid_parameter"
