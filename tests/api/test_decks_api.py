"""The decks API: CRUD, visibility and permissions, revisions, fork, export (issue 4)."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from cards.models import Card
from decks.models import Deck, DeckRevision
from tests.clients import api
from tests.decklists import pad_list

pytestmark = pytest.mark.django_db


def create(user, visibility="public", **extra):
    body = {"game": "pad", "name": "Fire", "visibility": visibility, "list": pad_list(), **extra}
    response = api(user).post("/api/decks/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_create_from_a_text_list_validates_and_keeps_revision_1(catalogue, owner):
    deck = create(owner)
    assert deck["revision"] == 1
    assert deck["validation"]["valid"] is True, deck["validation"]
    assert deck["validation"]["counts"] == {"deck": 40, "team": 5}
    assert len(deck["id"]) == 10 and deck["id"].isalnum()
    assert deck["owner"] == "owner"


def test_create_from_entries(catalogue, owner):
    card = Card.objects.get(number="B01-021")
    body = {"game": "pad", "name": "Tiny", "entries": [{"card": card.pk, "quantity": 3}]}
    deck = api(owner).post("/api/decks/", body, format="json").json()
    assert deck["entries"] == [
        # ティラ is stored first; the request is in English, so its English name is shown.
        {"card": card.pk, "quantity": 3, "zone": "deck", "name": "Tyrra", "number": "B01-021"}
    ]
    assert deck["validation"]["valid"] is False
    assert "deck_size" in {e["code"] for e in deck["validation"]["errors"]}


def test_create_with_an_unknown_line_is_refused_with_its_line(catalogue, owner):
    body = {"game": "pad", "name": "X", "list": "Deck:\n3 Red Dragon\n2 Nobody Knows"}
    response = api(owner).post("/api/decks/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_list"
    assert response.json()["errors"][0]["line"] == 3
    assert not Deck.objects.exists()


def test_anonymous_cannot_create(catalogue):
    response = api().post("/api/decks/", {"game": "pad", "name": "X"}, format="json")
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


READ_MATRIX = [
    # visibility, reader, status of GET detail, listed for the reader
    ("public", "anonymous", 200, True),
    ("public", "other", 200, True),
    ("public", "owner", 200, True),
    ("unlisted", "anonymous", 200, False),
    ("unlisted", "other", 200, False),
    ("unlisted", "owner", 200, True),
    ("private", "anonymous", 404, False),
    ("private", "other", 404, False),
    ("private", "owner", 200, True),
]


@pytest.mark.parametrize(("visibility", "reader", "status", "listed"), READ_MATRIX)
def test_read_permissions(catalogue, owner, other, visibility, reader, status, listed):
    deck = create(owner, visibility)
    user = {"anonymous": None, "other": other, "owner": owner}[reader]
    client = api(user)
    response = client.get(f"/api/decks/{deck['id']}/")
    assert response.status_code == status
    if status == 404:
        assert response.json()["code"] == "not_found"
    ids = [d["id"] for d in client.get("/api/decks/").json()["results"]]
    assert (deck["id"] in ids) == listed


WRITE_MATRIX = [
    ("public", "anonymous", 401),
    ("public", "other", 403),
    ("public", "owner", 200),
    ("unlisted", "anonymous", 401),
    ("unlisted", "other", 403),
    ("unlisted", "owner", 200),
    ("private", "anonymous", 401),
    ("private", "other", 404),
    ("private", "owner", 200),
]


@pytest.mark.parametrize(("visibility", "writer", "status"), WRITE_MATRIX)
def test_write_permissions(catalogue, owner, other, visibility, writer, status):
    deck = create(owner, visibility)
    user = {"anonymous": None, "other": other, "owner": owner}[writer]
    response = api(user).patch(
        f"/api/decks/{deck['id']}/", {"name": "Renamed", "revision": 1}, format="json"
    )
    assert response.status_code == status
    assert "code" in response.json() if status != 200 else response.json()["name"] == "Renamed"
    expected = "Renamed" if status == 200 else "Fire"
    assert Deck.objects.get(pk=deck["id"]).name == expected


@pytest.mark.parametrize(("visibility", "writer", "status"), WRITE_MATRIX)
def test_delete_permissions(catalogue, owner, other, visibility, writer, status):
    deck = create(owner, visibility)
    user = {"anonymous": None, "other": other, "owner": owner}[writer]
    response = api(user).delete(f"/api/decks/{deck['id']}/")
    assert response.status_code == (204 if status == 200 else status)
    assert Deck.objects.filter(pk=deck["id"]).exists() == (status != 200)


def test_a_stale_revision_is_refused_with_409_and_changes_nothing(catalogue, owner):
    deck = create(owner)
    url = f"/api/decks/{deck['id']}/"
    first = api(owner).patch(url, {"name": "First edit", "revision": 1}, format="json")
    assert first.json()["revision"] == 2
    stale = api(owner).patch(
        url, {"name": "Lost?", "list": "3 Red Dragon", "revision": 1}, format="json"
    )
    assert stale.status_code == 409
    assert stale.json()["code"] == "stale_revision"
    assert stale.json()["current_revision"] == 2
    saved = Deck.objects.get(pk=deck["id"])
    assert (saved.name, saved.revision, saved.deck_count) == ("First edit", 2, 40)
    assert DeckRevision.objects.filter(deck=saved).count() == 2


def test_an_update_without_revision_is_refused(catalogue, owner):
    deck = create(owner)
    response = api(owner).patch(f"/api/decks/{deck['id']}/", {"name": "x"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "revision_required"


def test_revisions_are_listed_and_any_can_be_restored(catalogue, owner):
    deck = create(owner)
    url = f"/api/decks/{deck['id']}/"
    api(owner).patch(url, {"list": "3 Red Dragon", "revision": 1}, format="json")
    history = api(owner).get(url + "revisions/").json()
    assert [r["number"] for r in history] == [2, 1]
    restored = api(owner).post(url + "revisions/1/restore/", {"revision": 2}, format="json").json()
    assert restored["revision"] == 3
    assert restored["validation"]["counts"] == {"deck": 40, "team": 5}
    assert [r["number"] for r in api(owner).get(url + "revisions/").json()] == [3, 2, 1]


def test_fork_copies_a_readable_deck_to_the_caller(catalogue, owner, other):
    deck = create(owner, "unlisted")
    response = api(other).post(f"/api/decks/{deck['id']}/fork/")
    assert response.status_code == 201
    fork = response.json()
    assert fork["owner"] == "other" and fork["forked_from"] == deck["id"]
    assert fork["visibility"] == "private"
    assert fork["validation"]["counts"] == deck["validation"]["counts"]


def test_a_private_deck_cannot_be_forked_by_others(catalogue, owner, other):
    deck = create(owner, "private")
    assert api(other).post(f"/api/decks/{deck['id']}/fork/").status_code == 404


def test_export_text_round_trips_through_import(catalogue, owner):
    deck = create(owner)
    text = api(owner).get(f"/api/decks/{deck['id']}/export/", {"format": "text"})
    assert text["Content-Type"].startswith("text/plain")
    again = create(owner, list=text.content.decode())
    assert sorted((e["card"], e["quantity"], e["zone"]) for e in again["entries"]) == sorted(
        (e["card"], e["quantity"], e["zone"]) for e in deck["entries"]
    )


def test_export_json_has_card_ids(catalogue, owner):
    deck = create(owner)
    body = api(owner).get(f"/api/decks/{deck['id']}/export/", {"format": "json"}).json()
    assert body["game"] == "pad" and sum(e["quantity"] for e in body["entries"]) == 45


def test_validate_endpoint_saves_nothing(catalogue):
    response = api().post(
        "/api/decks/validate/", {"game": "pad", "list": pad_list()}, format="json"
    )
    assert response.json()["valid"] is True
    assert not Deck.objects.exists()


def test_validate_reports_unknown_lines_with_their_numbers(catalogue):
    body = {"game": "digimon", "list": "3 アグモン\n1 Nobody"}
    result = api().post("/api/decks/validate/", body, format="json").json()
    assert result["valid"] is False
    unknown = [e for e in result["errors"] if e["code"] == "unknown_card"]
    assert unknown and unknown[0]["line"] == 2


def test_validate_with_entries(catalogue):
    agumon = Card.objects.get(number="St-1")
    body = {"game": "digimon", "entries": [{"card": agumon.pk, "quantity": 4}]}
    codes = {
        e["code"] for e in api().post("/api/decks/validate/", body, format="json").json()["errors"]
    }
    assert {"deck_size", "copy_limit"} <= codes


def test_token_authentication(catalogue, owner):
    response = APIClient().post(
        "/api/auth/token/", {"username": "owner", "password": "pw-owner-123"}, format="json"
    )
    token = response.json()["token"]
    assert token == Token.objects.get(user=owner).key
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert (
        client.post("/api/decks/", {"game": "pad", "name": "T"}, format="json").status_code == 201
    )


def test_bad_credentials_are_a_json_400(catalogue):
    response = APIClient().post(
        "/api/auth/token/", {"username": "x", "password": "y"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_detail_query_count_is_bounded(catalogue, owner, django_assert_max_num_queries):
    deck = create(owner)
    with django_assert_max_num_queries(8):
        api(owner).get(f"/api/decks/{deck['id']}/")


def test_list_query_count_does_not_grow_with_decks(catalogue, owner, django_assert_max_num_queries):
    for _ in range(5):
        create(owner)
    with django_assert_max_num_queries(6):
        response = api(owner).get("/api/decks/")
    assert response.json()["count"] == 5


def test_an_oversized_body_is_refused_with_413_before_parsing(catalogue, owner):
    body = '{"game": "pad", "name": "big", "list": "' + "1 Red Dragon\\n" * 60000 + '"}'
    response = api(owner).post("/api/decks/", body, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["code"] == "payload_too_large"
    assert not Deck.objects.exists()


def test_a_list_with_too_many_lines_is_refused(catalogue):
    text = "1 Red Dragon\n" * 6000
    response = api().post("/api/decks/validate/", {"game": "pad", "list": text}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "list_too_large"


def api_schema() -> dict:
    return api().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()


@pytest.mark.parametrize("url", ["/api/decks/", "/api/decks/validate/"])
def test_a_card_id_too_large_for_the_database_is_invalid(catalogue, owner, url):
    # Found by fuzzing: a 500 (SQLite OverflowError) before card ids had a maximum.
    body = {"game": "pad", "name": "Big", "entries": [{"card": 2**64, "quantity": 1}]}
    response = api(owner).post(url, body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_revisions_are_documented_as_the_plain_list_they_are(catalogue, owner):
    # Found by fuzzing: documented as a paginated object, with page parameters it ignores.
    operation = api_schema()["paths"]["/api/decks/{id}/revisions/"]["get"]
    assert operation["responses"]["200"]["content"]["application/json"]["schema"]["type"] == "array"
    assert [p["name"] for p in operation["parameters"]] == ["id"]
    deck = create(owner)
    assert isinstance(api(owner).get(f"/api/decks/{deck['id']}/revisions/").json(), list)


def test_deck_errors_are_documented():
    paths = api_schema()["paths"]
    assert {"400", "401", "403", "404", "409", "413", "415"} <= set(
        paths["/api/decks/{id}/"]["patch"]["responses"]
    )
    assert "409" in paths["/api/decks/{id}/revisions/{number}/restore/"]["post"]["responses"]
    assert {"401", "404"} <= set(paths["/api/decks/{id}/"]["get"]["responses"])


def test_list_filters_are_documented_and_checked(catalogue, owner, other):
    names = {p["name"] for p in api_schema()["paths"]["/api/decks/"]["get"]["parameters"]}
    assert {"game", "name", "mine", "page", "page_size"} <= names
    mine, theirs = create(owner), create(other)
    listed = api(owner).get("/api/decks/", {"mine": "false"}).json()["results"]
    assert {d["id"] for d in listed} == {mine["id"], theirs["id"]}
    listed = api(owner).get("/api/decks/", {"mine": "true"}).json()["results"]
    assert [d["id"] for d in listed] == [mine["id"]]
    assert api().get("/api/decks/", {"game": "mtg"}).json()["code"] == "invalid_parameter"
    # A NUL character was a 500 on PostgreSQL.
    response = api().get("/api/decks/", {"name": "Fi\x00re"})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_parameter"
