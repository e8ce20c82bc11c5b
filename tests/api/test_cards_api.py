"""GET/POST /api/cards/…: search, filters, lookups, export, errors (issue 3)."""

from __future__ import annotations

import json

import pytest

from cards.models import Card

pytestmark = pytest.mark.django_db


def get(client, url, **params):
    return client.get(url, params)


def numbers(response) -> set[str]:
    return {card["number"] for card in response.json()["results"]}


def test_list_is_paginated_with_count_next_previous(client, catalogue):
    body = get(client, "/api/cards/", page_size=50).json()
    assert body["count"] == Card.objects.count()
    assert len(body["results"]) == 50
    assert body["previous"] is None and "page=2" in body["next"]
    assert body["warnings"] == []


def test_page_size_is_capped_at_200(client, catalogue):
    assert len(get(client, "/api/cards/", page_size=500).json()["results"]) == 200


def test_q_uses_the_query_language(client, catalogue):
    assert numbers(get(client, "/api/cards/", q="attr:fire stage:base ティラ")) == {"B01-021"}


def test_traditional_query_finds_simplified_names(client, catalogue):
    assert numbers(get(client, "/api/cards/", q="風嘯草原")) == numbers(
        get(client, "/api/cards/", q="风啸草原")
    )


def test_invalid_query_is_a_400_with_code_message_and_position(client, catalogue):
    response = get(client, "/api/cards/", q="cost>=2 (attr:fire")
    assert response.status_code == 400
    assert response.json() == {
        "code": "invalid_query",
        "message": "Missing ')' for this '('",
        "position": 8,
    }


def test_unknown_field_is_a_warning_beside_the_results(client, catalogue):
    body = get(client, "/api/cards/", q="-colr:red tyrra").json()
    assert {card["number"] for card in body["results"]} == {"B01-021"}
    assert body["warnings"][0]["code"] == "unknown_field"


@pytest.mark.parametrize(
    ("params", "check"),
    [
        ({"game": "digimon"}, lambda c: c["game"] == "digimon"),
        ({"kind": "skill"}, lambda c: c["kind"] == "skill"),
        ({"attribute": "water"}, lambda c: c["attribute"] == "water"),
        ({"level": "IV"}, lambda c: c["level"] == "IV"),
        ({"cost_min": 2}, lambda c: c["cost"] >= 2),
        ({"set": "st", "battle_type": "C"}, lambda c: c["battle_type"] == "C"),
        ({"option_type": "crest"}, lambda c: c["option_type"] == "crest"),
        ({"number": "b01-021"}, lambda c: c["number"] == "B01-021"),
    ],
)
def test_field_filters(client, catalogue, params, check):
    results = get(client, "/api/cards/", page_size=200, **params).json()["results"]
    assert results and all(check(card) for card in results)


def test_an_invalid_filter_value_is_a_400_json(client, catalogue):
    response = get(client, "/api/cards/", level="V")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert "level" in response.json()["message"]


def test_ordering(client, catalogue):
    results = get(client, "/api/cards/", q="game:pad kind:pet", ordering="-cost").json()["results"]
    costs = [card["cost"] for card in results]
    assert costs == sorted(costs, reverse=True)
    by_number = get(client, "/api/cards/", q="set:st", ordering="number").json()["results"]
    assert [c["number"] for c in by_number[:3]] == ["St-1", "St-2", "St-3"]


def test_card_shape_for_a_pet(client, catalogue):
    card = Card.objects.get(number="B01-100")
    body = client.get(f"/api/cards/{card.pk}/").json()
    assert body["id"] == card.pk
    assert body["names"]["ja"] == "龍王・ゼローグ"
    assert body["attack"][5] == {"attack": 1000, "bonus": 1}
    assert body["evolves_from"] == "ヘビーメタルドラゴン"
    assert set(body["orbs"]) == {"water", "light", "dark"}
    assert body["image"]["thumb"].startswith("http://testserver/")
    assert body["uri"] == f"http://testserver/api/cards/{card.pk}/"


def test_card_shape_for_a_digimon(client, catalogue):
    card = Card.objects.get(number="St-2")
    body = client.get(f"/api/cards/{card.pk}/").json()
    assert body["attacks"]["A"] == {
        "name": "Mega Flame",
        "power": 440,
        "effect": None,
        "cancels": None,
    }
    assert body["lost_points"] == {"III": 20, "IV": 10, "perfect": 10, "ultimate": 10}
    assert body["evolution"]["circles"] == 2


def test_combo_components_link_to_their_cards(client, catalogue):
    combo = Card.objects.get(name="初学者组合")
    parts = client.get(f"/api/cards/{combo.pk}/").json()["components"]
    part = Card.objects.get(number="St-49")
    assert parts[0] == {"name": part.name, "quantity": 1, "card": part.pk}


def test_unknown_card_is_a_404_json(client, catalogue):
    response = client.get("/api/cards/999999/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_unknown_api_path_is_a_404_json(client):
    response = client.get("/api/nothing-here/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_list_uses_a_bounded_number_of_queries(client, catalogue, django_assert_max_num_queries):
    # PostgreSQL: the search's statement_timeout inside the test's transaction (a savepoint,
    # the setting, its restoration, the release); a single SET when not nested.
    from django.db import connection

    with django_assert_max_num_queries(8 + (4 if connection.vendor == "postgresql" else 0)):
        response = get(client, "/api/cards/", page_size=200)
    assert len(response.json()["results"]) == 200


def test_named_exact_in_any_language(client, catalogue):
    for name in ("ティラ", "Tyrra", "tyrra"):
        assert get(client, "/api/cards/named/", exact=name).json()["number"] == "B01-021"


def test_named_exact_reprint_returns_the_first_printing(client, catalogue):
    assert get(client, "/api/cards/named/", exact="パルモン").json()["number"] == "St-9"


def test_named_fuzzy_finds_misspellings_and_parts(client, catalogue):
    assert get(client, "/api/cards/named/", fuzzy="Tyrrra").json()["number"] == "B01-021"
    assert get(client, "/api/cards/named/", fuzzy="agumom").json()["number"] == "St-1"
    assert get(client, "/api/cards/named/", fuzzy="ゼローグ").json()["number"] == "B01-100"


def test_named_ambiguous_says_so(client, catalogue):
    response = get(client, "/api/cards/named/", fuzzy="dragon")
    assert response.status_code == 404
    body = response.json()
    assert body["code"] == "ambiguous_name"
    assert 1 < len(body["candidates"]) <= 20
    assert all("dragon" in name.lower() for name in body["candidates"])


def test_named_not_found_and_missing_parameter(client, catalogue):
    assert get(client, "/api/cards/named/", exact="Nobody").json()["code"] == "not_found"
    response = client.get("/api/cards/named/")
    assert response.status_code == 400
    assert response.json()["code"] == "missing_parameter"


def test_autocomplete_best_first_up_to_20(client, catalogue):
    body = get(client, "/api/cards/autocomplete/", q="dragon").json()
    assert 0 < body["total_values"] == len(body["data"]) <= 20
    assert all("dragon" in name.lower() for name in body["data"])
    red = get(client, "/api/cards/autocomplete/", q="red").json()["data"]
    assert red[0].lower().startswith("red")


def test_autocomplete_in_chinese_across_scripts(client, catalogue):
    assert "风啸草原" in get(client, "/api/cards/autocomplete/", q="風嘯").json()["data"]


def test_collection_returns_cards_and_not_found(client, catalogue):
    tyrra = Card.objects.get(number="B01-021")
    payload = {
        "identifiers": [
            {"id": tyrra.pk},
            {"number": "st-2"},
            {"name": "风啸草原"},
            {"name": "No such card"},
            {"number": "B01-021", "set": "B02"},
        ]
    }
    response = client.post("/api/cards/collection/", payload, content_type="application/json")
    body = response.json()
    assert [card["number"] for card in body["data"]] == ["B01-021", "St-2", "R-031"]
    assert body["not_found"] == [{"name": "No such card"}, {"number": "B01-021", "set": "B02"}]


def test_collection_refuses_more_than_75_identifiers(client, catalogue):
    payload = {"identifiers": [{"id": n} for n in range(1, 77)]}
    response = client.post("/api/cards/collection/", payload, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_collection_identifier_needs_exactly_one_key(client, catalogue):
    payload = {"identifiers": [{"id": 1, "name": "x"}]}
    response = client.post("/api/cards/collection/", payload, content_type="application/json")
    assert response.status_code == 400


def test_collection_refuses_an_id_too_large_for_the_database(client, catalogue):
    # Found by fuzzing: a 500 (SQLite OverflowError) before the id had a maximum.
    payload = {"identifiers": [{"id": 2**64}]}
    response = client.post("/api/cards/collection/", payload, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_collection_malformed_json_is_a_400_json(client):
    response = client.post("/api/cards/collection/", "{nope", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"


def test_collection_query_count_is_bounded(client, catalogue, django_assert_max_num_queries):
    payload = {"identifiers": [{"name": n} for n in ["ティラ", "Red Dragon", "アグモン"] * 25]}
    with django_assert_max_num_queries(6):
        response = client.post("/api/cards/collection/", payload, content_type="application/json")
    assert len(response.json()["data"]) == 75


def test_export_streams_json_lines_in_the_import_schema(client, catalogue):
    response = get(client, "/api/cards/export/", game="digimon")
    lines = b"".join(response.streaming_content).decode().splitlines()
    cards = [json.loads(line) for line in lines]
    assert len(cards) == Card.objects.filter(game="digimon").count()
    assert "id" not in cards[0] and cards[0]["game"] == "digimon"


def test_export_as_one_json_list(client, catalogue):
    response = get(client, "/api/cards/export/", format="json")
    cards = json.loads(b"".join(response.streaming_content))
    assert len(cards) == Card.objects.count()


def test_export_rejects_an_unknown_game(client):
    response = get(client, "/api/cards/export/", game="mtg")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_parameter"


def test_openapi_schema_and_docs_are_served_without_a_cdn(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    assert "/api/cards/" in schema.content.decode()
    docs = client.get("/api/docs/").content.decode()
    assert "swagger-ui" in docs
    assert "cdn" not in docs.lower() and "unpkg" not in docs.lower()


def api_schema(client) -> dict:
    return client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()


def test_the_card_schema_describes_every_card(client, catalogue):
    """Found by fuzzing: the schema required every field of both games and allowed no null,
    as a serializer's fields are rebuilt from their constructor arguments only."""
    card_schema = api_schema(client)["components"]["schemas"]["Card"]
    required, properties = set(card_schema["required"]), card_schema["properties"]
    url, seen = "/api/cards/?page_size=200", 0
    while url:
        body = client.get(url).json()
        for card in body["results"]:
            assert required <= set(card), (card["number"], required - set(card))
            nulls = {key for key, value in card.items() if value is None}
            assert all(properties[key].get("nullable") for key in nulls), (card["number"], nulls)
        seen, url = seen + len(body["results"]), body["next"]
    assert seen == Card.objects.count()


def test_errors_are_documented_as_json_with_code_and_message(client):
    schema = api_schema(client)
    assert schema["components"]["schemas"]["Error"]["required"] == ["code", "message"]
    named = schema["paths"]["/api/cards/named/"]["get"]["responses"]
    assert {"200", "400", "401", "404"} <= set(named)
    assert named["404"]["content"]["application/json"]["schema"]["$ref"].endswith("/Error")
    detail = schema["paths"]["/api/cards/{id}/"]["get"]["responses"]
    assert {"400", "404"} <= set(detail)  # 400: an unknown ?lang=
    collection = schema["paths"]["/api/cards/collection/"]["post"]["responses"]
    assert {"400", "413", "415"} <= set(collection)


def test_export_documents_both_of_its_formats(client):
    content = api_schema(client)["paths"]["/api/cards/export/"]["get"]["responses"]["200"]
    assert content["content"]["application/json"]["schema"]["type"] == "array"
    assert "application/x-ndjson" in content["content"]


def test_named_ambiguous_candidates_follow_lang(client, catalogue):
    # St-49 and St-51 are stored in Simplified only (攻击组件A, 高速组件B); `lang` names the
    # candidates as it names `name`: converted for 繁體, English for an English reader.
    def candidates(lang):
        response = get(client, "/api/cards/named/", fuzzy="组件", lang=lang)
        assert response.status_code == 404
        return set(response.json()["candidates"])

    assert {"攻擊組件A", "高速組件B"} <= candidates("zh-hant")
    assert {"攻击组件A", "高速组件B"} <= candidates("zh-hans")
    english = candidates("en")
    assert "Offense Plug-In A" in english
    assert "攻击组件A" not in english
