"""Every id a client sends is range-checked: 400 or 404, never an overflow (issue 11, item 6).

9223372036854775808 is one past the largest signed 64-bit integer, the largest id either
database stores; SQLite raised OverflowError (a 500) when it reached a query.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from cards.models import Card
from decks.rules import EntryInput
from decks.services import deck_create

from .test_page_builder import FETCH, entries_of, new_deck, post, revision_of

pytestmark = pytest.mark.django_db

TOO_BIG = "9223372036854775808"


@pytest.mark.parametrize(
    "action, data",
    [
        ("add", {}),
        ("quantity", {"zone": "deck", "quantity": 1}),
        ("quantity", {"zone": "deck", "delta": 1}),
        ("move", {"zone": "deck", "to": "team"}),
    ],
)
def test_a_card_id_past_the_database_range_on_a_builder_form_is_a_400(
    logged_in, catalogue, action, data
):
    deck = new_deck(logged_in, text="3 B01-002")
    before = entries_of(deck)
    response = post(logged_in, deck, action, headers=FETCH, card=TOO_BIG, **data)
    assert response.status_code == 400
    assert response.json()["ok"] is False
    assert entries_of(deck) == before and revision_of(deck) == 1


def test_a_revision_past_the_database_range_on_a_builder_form_is_a_400(logged_in, catalogue):
    deck = new_deck(logged_in, text="3 B01-002")
    red = Card.objects.get(number="B01-002")
    response = post(logged_in, deck, "add", headers=FETCH, revision=TOO_BIG, card=red.pk)
    assert response.status_code == 400
    assert revision_of(deck) == 1


def test_api_revisions_past_the_database_range_are_a_400(catalogue, owner):
    red = Card.objects.get(number="B01-002")
    deck = deck_create(owner=owner, game="pad", name="Fire", entries=[EntryInput(red.pk, 3)])
    client = APIClient()
    client.force_authenticate(owner)
    patched = client.patch(
        f"/api/decks/{deck.pk}/", {"revision": int(TOO_BIG), "name": "X"}, format="json"
    )
    assert (patched.status_code, patched.json()["code"]) == (400, "invalid")
    restored = client.post(
        f"/api/decks/{deck.pk}/revisions/1/restore/", {"revision": int(TOO_BIG)}, format="json"
    )
    assert (restored.status_code, restored.json()["code"]) == (400, "invalid")


# 4,000 digits: far past any revision, within the longest /api/ address (4096 bytes;
# longer ones are a 414, tests/test_long_urls.py).
@pytest.mark.parametrize("number", [TOO_BIG, "9" * 4000])
def test_a_revision_number_past_any_revision_in_the_path_is_a_404(catalogue, owner, number):
    red = Card.objects.get(number="B01-002")
    deck = deck_create(owner=owner, game="pad", name="Fire", entries=[EntryInput(red.pk, 3)])
    client = APIClient()
    client.force_authenticate(owner)
    url = f"/api/decks/{deck.pk}/revisions/{number}/restore/"
    response = client.post(url, {"revision": 1}, format="json")
    assert (response.status_code, response.json()["code"]) == (404, "not_found")


def test_collection_ids_past_the_database_range_are_a_400(catalogue):
    body = {"identifiers": [{"id": int(TOO_BIG)}]}
    response = APIClient().post("/api/cards/collection/", body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "invalid")
