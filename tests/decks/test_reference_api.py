"""Reference decks through the API and the pages: listed with `?reference=1`, marked in
the deck JSON, and nobody's to change but the site's (issue 12)."""

from __future__ import annotations

import pytest

from decks.models import PUBLIC, Deck
from decks.services import deck_create
from tests.clients import api

pytestmark = pytest.mark.usefixtures("gauntlet")

PAD_REFERENCE_DECKS = 7
REFERENCE_DECKS = 16


def fire() -> Deck:
    return Deck.objects.get(reference=True, name="Reference: Fire")


@pytest.fixture
def players_deck(owner) -> Deck:
    return deck_create(owner=owner, game="pad", name="My fire", visibility=PUBLIC, entries=[])


def listed(params: dict, user=None) -> list[dict]:
    response = api(user).get("/api/decks/", {"page_size": 200, **params})
    assert response.status_code == 200, response.json()
    return response.json()["results"]


def test_reference_1_lists_the_reference_decks_only(players_deck):
    decks = listed({"reference": "1"})
    assert len(decks) == REFERENCE_DECKS
    assert all(deck["reference"] is True for deck in decks)
    assert players_deck.pk not in {deck["id"] for deck in decks}
    assert {deck["owner"] for deck in decks} == {"cardsite"}


def test_reference_0_lists_the_players_decks_only(players_deck):
    decks = listed({"reference": "0"})
    assert [deck["id"] for deck in decks] == [players_deck.pk]
    assert decks[0]["reference"] is False


def test_the_reference_filter_combines_with_the_game(players_deck):
    decks = listed({"reference": "true", "game": "pad"})
    assert len(decks) == PAD_REFERENCE_DECKS
    assert {deck["game"] for deck in decks} == {"pad"}


def test_without_the_filter_reference_and_player_decks_are_listed_together(players_deck):
    decks = listed({})
    assert len(decks) == REFERENCE_DECKS + 1


@pytest.mark.parametrize("value", ["maybe", "2", "yes please"])
def test_a_bad_reference_value_is_a_json_400_with_a_code(value):
    response = api().get("/api/decks/", {"reference": value})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_parameter"
    assert "reference" in body["message"]


def test_a_deck_says_whether_it_is_a_reference_deck(players_deck):
    assert api().get(f"/api/decks/{fire().pk}/").json()["reference"] is True
    assert api().get(f"/api/decks/{players_deck.pk}/").json()["reference"] is False


def test_listing_the_gauntlet_takes_a_bounded_number_of_queries(
    owner, django_assert_max_num_queries
):
    # The same bound as the player's own list: count, page, entries with their cards.
    with django_assert_max_num_queries(6):
        response = api(owner).get("/api/decks/", {"reference": "1"})
    assert response.json()["count"] == REFERENCE_DECKS


def test_the_filter_and_the_field_are_documented():
    schema = api().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    parameters = {p["name"] for p in schema["paths"]["/api/decks/"]["get"]["parameters"]}
    assert "reference" in parameters
    assert "reference" in schema["components"]["schemas"]["Deck"]["properties"]


def test_another_player_cannot_change_or_delete_a_reference_deck(other):
    deck = fire()
    response = api(other).patch(
        f"/api/decks/{deck.pk}/", {"revision": deck.revision, "name": "Mine now"}, format="json"
    )
    assert response.status_code == 403
    assert api(other).delete(f"/api/decks/{deck.pk}/").status_code == 403
    deck.refresh_from_db()
    assert (deck.name, deck.revision) == ("Reference: Fire", 1)


def test_an_anonymous_visitor_cannot_change_a_reference_deck():
    deck = fire()
    assert api().delete(f"/api/decks/{deck.pk}/").status_code in (401, 403)
    assert Deck.objects.filter(pk=deck.pk).exists()


def test_the_pages_refuse_another_player_the_builder_and_delete(client, other):
    client.force_login(other)
    deck = fire()
    assert client.get(f"/decks/{deck.pk}/edit/").status_code == 403
    assert client.post(f"/decks/{deck.pk}/delete/").status_code == 403
    assert Deck.objects.filter(pk=deck.pk).exists()


def test_a_fork_of_a_reference_deck_is_the_players_own_deck(other):
    response = api(other).post(f"/api/decks/{fire().pk}/fork/")
    assert response.status_code == 201
    fork = response.json()
    assert fork["reference"] is False
    assert fork["owner"] == "other"
    assert fork["validation"]["valid"] is True


def test_a_player_cannot_make_a_reference_deck_through_the_api(owner):
    response = api(owner).post(
        "/api/decks/", {"game": "pad", "name": "Sneaky", "reference": True}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["reference"] is False
    assert not Deck.objects.get(pk=response.json()["id"]).reference
