"""The collection API: /api/collection/ (GET, PUT), import, export, a player's public
collection and /api/decks/{id}/ownership/ (issue 16, item 4)."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from decks.collection import import_collection
from decks.models import Deck, DeckEntry
from tests.clients import api

from .conftest import card

pytestmark = pytest.mark.django_db


def test_my_collection_needs_a_login(catalogue):
    for path in ("/api/collection/", "/api/collection/export.txt"):
        response = APIClient().get(path)
        assert response.status_code in (401, 403)
        assert response.json()["code"] in ("not_authenticated", "permission_denied")


def test_an_empty_collection_is_private_and_empty(owner, catalogue):
    body = api(owner).get("/api/collection/").json()
    assert body == {"owner": "owner", "visibility": "private", "updated_at": None, "cards": []}


def test_import_then_read_then_export_with_a_token(owner, catalogue):
    token = Token.objects.create(user=owner)
    client = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    text = "# PAD\n3 Red Dragon\n# Digimon\n2 Agumon\n"

    response = client.post("/api/collection/import/", {"text": text}, format="json")

    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["imported_cards"], body["imported_copies"]) == (2, 5)
    dragon, agumon = card("B01-002"), card("St-1")
    assert [(c["card"], c["quantity"], c["name"], c["game"]) for c in body["cards"]] == [
        (agumon.pk, 2, "Agumon", "digimon"),
        (dragon.pk, 3, "Red Dragon", "pad"),
    ]
    export = client.get("/api/collection/export.txt?lang=ja")
    assert export["Content-Type"].startswith("text/plain")
    # Japanese names first (lang=ja): Red Dragon's is the one its scan prints (issue 26).
    assert dragon.name_ja == "レッドドラゴン"
    assert export.content.decode() == "# PAD\n3 レッドドラゴン\n\n# Digimon\n2 アグモン\n"


def test_import_add_mode_sums_counts(owner, catalogue):
    client = api(owner)
    client.post("/api/collection/import/", {"text": "3 Red Dragon"}, format="json")
    body = client.post(
        "/api/collection/import/", {"text": "2 Red Dragon", "mode": "add"}, format="json"
    ).json()
    assert [c["quantity"] for c in body["cards"]] == [5]


def test_a_bad_list_is_refused_by_line_and_changes_nothing(owner, catalogue):
    client = api(owner)
    client.post("/api/collection/import/", {"text": "3 Red Dragon"}, format="json")

    response = client.post(
        "/api/collection/import/", {"text": "1 Agumon\n\n2 Nobody Knows"}, format="json"
    )

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_list"
    assert body["message"] == "Line 3: Unknown card “Nobody Knows”."
    assert [(e["line"], e["code"]) for e in body["errors"]] == [(3, "unknown_card")]
    assert [c["number"] for c in client.get("/api/collection/").json()["cards"]] == ["B01-002"]


def test_an_unknown_mode_is_refused(owner, catalogue):
    response = api(owner).post(
        "/api/collection/import/", {"text": "1 Agumon", "mode": "merge"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_put_replaces_the_cards_and_the_visibility(owner, catalogue):
    client = api(owner)
    import_collection(owner=owner, text="3 Red Dragon")
    agumon, greymon = card("St-1"), card("St-2")
    body = {
        "visibility": "public",
        "cards": [
            {"card": agumon.pk, "quantity": 2},
            {"card": greymon.pk, "quantity": 0},  # 0: not owned
        ],
    }

    response = client.put("/api/collection/", body, format="json")

    assert response.status_code == 200, response.json()
    assert response.json()["visibility"] == "public"
    assert [(c["card"], c["quantity"]) for c in response.json()["cards"]] == [(agumon.pk, 2)]


def test_put_refuses_an_unknown_card_and_a_bad_visibility(owner, catalogue):
    client = api(owner)
    missing = client.put(
        "/api/collection/", {"cards": [{"card": 999999, "quantity": 1}]}, format="json"
    )
    assert (missing.status_code, missing.json()["code"]) == (400, "unknown_card")
    hidden = client.put("/api/collection/", {"visibility": "secret", "cards": []}, format="json")
    assert (hidden.status_code, hidden.json()["code"]) == (400, "invalid")


@pytest.mark.parametrize("card_id", [0, -29, 2**63, -(2**90)])
def test_put_refuses_a_card_id_no_card_can_have_and_keeps_the_collection(owner, catalogue, card_id):
    # Ids past the database's 64-bit range once made a 500 (found by the API fuzzing).
    client = api(owner)
    red = card("B01-002").pk
    client.put("/api/collection/", {"cards": [{"card": red, "quantity": 2}]}, format="json")
    cards = [{"card": red, "quantity": 1}, {"card": card_id, "quantity": 1}]
    response = client.put("/api/collection/", {"cards": cards}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "invalid")
    kept = client.get("/api/collection/").json()["cards"]
    assert [(c["card"], c["quantity"]) for c in kept] == [(red, 2)]


def test_a_collection_is_private_until_shared(owner, other, catalogue):
    import_collection(owner=owner, text="3 Red Dragon")
    path = "/api/users/owner/collection/"
    assert APIClient().get(path).status_code == 404
    assert api(other).get(path).json()["code"] == "not_found"
    assert api(owner).get(path).status_code == 200  # your own, even private

    api(owner).put(
        "/api/collection/",
        {"visibility": "public", "cards": [{"card": card("B01-002").pk, "quantity": 3}]},
        format="json",
    )

    body = APIClient().get(path).json()
    assert (body["owner"], body["visibility"]) == ("owner", "public")
    assert [(c["number"], c["quantity"]) for c in body["cards"]] == [("B01-002", 3)]
    assert APIClient().get("/api/users/nobody/collection/").status_code == 404


def _deck(owner, visibility="public") -> Deck:
    deck = Deck.objects.create(owner=owner, game="pad", name="Fire", visibility=visibility)
    for number, quantity, zone in [
        ("B01-001", 1, "team"),
        ("B01-002", 3, "deck"),
        ("B01-003", 2, "deck"),
        ("B01-006", 2, "side"),
    ]:
        DeckEntry.objects.create(deck=deck, card=card(number), quantity=quantity, zone=zone)
    return deck


def test_ownership_of_a_deck(owner, other, catalogue, django_assert_max_num_queries):
    deck = _deck(owner)
    import_collection(owner=other, text="2 Red Dragon\n9 Volcano Dragon\n4 Blue Dragon\n")
    client = api(other)

    with django_assert_max_num_queries(2):
        response = client.get(f"/api/decks/{deck.pk}/ownership/")

    assert response.status_code == 200
    # Needed 1 + 3 + 2 = 6 (the sideboard's Blue Dragons are not needed); owned 0 + 2 + 2.
    assert response.json() == {
        "owned": 4,
        "needed": 6,
        "missing": [
            {
                "card": card("B01-001").pk,
                "number": "B01-001",
                "name": "Lil' Red Dragon",
                "quantity": 1,
            },
            {"card": card("B01-002").pk, "number": "B01-002", "name": "Red Dragon", "quantity": 1},
        ],
    }


def test_ownership_of_a_private_deck_is_not_found_for_others(owner, other, catalogue):
    deck = _deck(owner, visibility="private")
    assert api(other).get(f"/api/decks/{deck.pk}/ownership/").status_code == 404
    assert api(owner).get(f"/api/decks/{deck.pk}/ownership/").json()["needed"] == 6
    assert APIClient().get(f"/api/decks/{deck.pk}/ownership/").status_code in (401, 403)


def test_the_collection_endpoints_are_in_the_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    paths = schema["paths"]
    assert {"get", "put"} <= set(paths["/api/collection/"])
    for path in (
        "/api/collection/import/",
        "/api/collection/export.txt",
        "/api/users/{username}/collection/",
        "/api/decks/{id}/ownership/",
    ):
        assert path in paths, path
