"""What is not there answers 404, and a move that moves nothing is refused (issue 11, item 12).

Before: restoring a revision that does not exist was 400 `not_found`, a PATCH that lost the
race with a DELETE was 409 `stale_revision` with `current_revision: null`, and the builder's
"move" of a card not in the deck stored a new revision that changed nothing.
"""

from __future__ import annotations

import pytest

from cards.models import Card
from decks.api import views as api_views
from decks.models import Deck, DeckRevision
from decks.rules import EntryInput
from decks.services import deck_create
from tests.clients import api
from tests.decks.test_page_builder import FETCH, entries_of, new_deck, post, revision_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(catalogue, owner) -> Deck:
    red = Card.objects.get(number="B01-002")
    return deck_create(owner=owner, game="pad", name="Fire", entries=[EntryInput(red.pk, 3)])


def test_restoring_a_revision_that_does_not_exist_is_a_404(deck, owner):
    response = api(owner).post(
        f"/api/decks/{deck.pk}/revisions/999/restore/", {"revision": 1}, format="json"
    )
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
    assert Deck.objects.get(pk=deck.pk).revision == 1


def test_a_patch_that_loses_the_race_with_a_delete_is_a_404(deck, owner, monkeypatch):
    """The DELETE lands between the PATCH reading the deck and writing it (committed by
    another request before the write's transaction begins)."""
    read_entries = api_views.DeckViewSet._entries

    def deleted_meanwhile(self, game, data):
        Deck.objects.filter(pk=deck.pk).delete()
        return read_entries(self, game, data)

    monkeypatch.setattr(api_views.DeckViewSet, "_entries", deleted_meanwhile)
    response = api(owner).patch(
        f"/api/decks/{deck.pk}/", {"revision": 1, "name": "Renamed"}, format="json"
    )
    assert response.status_code == 404
    assert response.json() == {"code": "not_found", "message": "No deck has this id."}
    assert not Deck.objects.filter(pk=deck.pk).exists()
    assert not DeckRevision.objects.filter(deck_id=deck.pk).exists()


@pytest.mark.parametrize("zone, to", [("team", "deck"), ("deck", "team")])
def test_moving_a_card_that_is_not_there_is_a_400_and_adds_no_revision(
    logged_in, catalogue, zone, to
):
    deck = new_deck(logged_in, text="Deck:\n3 B01-002")
    tyrra = Card.objects.get(number="B01-021")  # a base pet, in neither zone
    before = entries_of(deck)
    response = post(logged_in, deck, "move", headers=FETCH, card=tyrra.pk, zone=zone, to=to)
    assert response.status_code == 400
    assert response.json()["messages"][0]["text"] == "This card is not in this part of the deck."
    assert entries_of(deck) == before
    assert revision_of(deck) == 1 and deck.revisions.count() == 1


def test_moving_a_card_to_where_it_already_is_adds_no_revision(logged_in, catalogue):
    deck = new_deck(logged_in, text="Deck:\n3 B01-002")
    red = Card.objects.get(number="B01-002")
    response = post(logged_in, deck, "move", headers=FETCH, card=red.pk, zone="deck", to="deck")
    assert response.status_code == 400
    assert revision_of(deck) == 1
