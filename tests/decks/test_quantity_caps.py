"""Absurd quantities are refused with a 400 naming the line or entry (issue 11, item 5).

A card's copies in a deck (over all lines and zones) and a deck's cards have caps in
decks/limits.py, far above the legal sizes (PAD-2, DGM-2) and far below the columns.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from cards.models import Card
from decks.decklist import parse_deck_list
from decks.limits import MAX_CARD_QUANTITY, MAX_DECK_CARDS
from decks.models import Deck, DeckEntry
from decks.rules import EntryInput
from decks.services import deck_create
from tests.clients import api

from .conftest import distinct_names
from .test_page_builder import FETCH, entries_of, new_deck, post, revision_of

pytestmark = pytest.mark.django_db


def red() -> Card:
    return Card.objects.get(number="B01-002")


def test_a_list_repeating_a_full_line_5000_times_is_refused_at_the_line_that_went_over(
    catalogue, owner
):
    body = {"game": "pad", "name": "Absurd", "list": "99 B01-002\n" * 5000}
    response = api(owner).post("/api/decks/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_list"
    copies = [e for e in response.json()["errors"] if e["code"] == "too_many_copies"]
    assert [e["line"] for e in copies] == [2]
    assert "at most 99 copies" in copies[0]["message"]
    assert not Deck.objects.exists() and not DeckEntry.objects.exists()


def test_the_copies_cap_counts_every_line_and_zone_of_a_card(catalogue):
    tyrra = "B01-021"  # a base pet: it may be in the team and in the deck
    text = f"Team:\n50 {tyrra}\nDeck:\n48 {tyrra}\n1 {tyrra}\n"  # 99 in all
    assert parse_deck_list(text, "pad").errors == []
    parsed = parse_deck_list(text + f"1 {tyrra}\n", "pad")
    assert [(e.code, e.line) for e in parsed.errors] == [("too_many_copies", 6)]
    assert "100 copies in all" in parsed.errors[0].message


def test_500_entries_of_99_are_refused_naming_the_entry_that_passed_the_deck_cap(catalogue, owner):
    cards = distinct_names(Card.objects.filter(game="pad"))[:15]
    entries = [{"card": card.pk, "quantity": MAX_CARD_QUANTITY} for card in cards]
    body = {"game": "pad", "name": "Absurd", "entries": entries}
    response = api(owner).post("/api/decks/", body, format="json")
    assert response.status_code == 400
    error = response.json()
    assert error["code"] == "deck_too_large"
    # 10 × 99 = 990 cards fit; the 11th entry (index 10) takes the deck to 1,089.
    assert error["entry"] == 10 and error["message"].startswith("Entry 10: ")
    assert f"at most {MAX_DECK_CARDS} cards" in error["message"]
    assert not Deck.objects.exists()


def test_the_same_card_twice_in_the_entries_cannot_pass_the_copies_cap(catalogue, owner):
    # Before: two entries of 99 were merged into one stored quantity of 198, which the
    # export wrote as "198 Red Dragon", a line no import accepts.
    entries = [{"card": red().pk, "quantity": 99}, {"card": red().pk, "quantity": 99}]
    body = {"game": "pad", "name": "Absurd", "entries": entries}
    response = api(owner).post("/api/decks/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "too_many_copies"
    assert response.json()["entry"] == 1
    assert not Deck.objects.exists()


def test_the_validate_endpoint_refuses_quantities_past_the_caps_with_a_400(catalogue):
    client = APIClient()
    listed = client.post(
        "/api/decks/validate/", {"game": "pad", "list": "60 B01-002\n60 B01-002\n"}, format="json"
    )
    assert listed.status_code == 400
    assert listed.json()["code"] == "too_many_copies" and listed.json()["line"] == 2
    entries = [{"card": red().pk, "quantity": 60}, {"card": red().pk, "quantity": 60}]
    sent = client.post("/api/decks/validate/", {"game": "pad", "entries": entries}, format="json")
    assert sent.status_code == 400
    assert sent.json()["code"] == "too_many_copies" and sent.json()["entry"] == 1


def test_a_patch_past_the_caps_changes_nothing(catalogue, owner):
    deck = deck_create(owner=owner, game="pad", name="Fire", entries=[EntryInput(red().pk, 3)])
    body = {"revision": 1, "list": "99 B01-002\n" * 3}
    response = api(owner).patch(f"/api/decks/{deck.pk}/", body, format="json")
    assert response.status_code == 400
    assert {(e.card_id, e.quantity) for e in deck.entries.all()} == {(red().pk, 3)}
    assert Deck.objects.get(pk=deck.pk).revision == 1


def test_pasting_add_again_and_again_stops_at_the_copies_cap_with_the_line(logged_in, catalogue):
    deck = new_deck(logged_in, text="90 B01-002")
    response = post(logged_in, deck, "paste", headers=FETCH, list="# more\n9 B01-002", mode="add")
    assert response.status_code == 200
    assert entries_of(deck) == {(red().pk, 99, "deck")}
    revision = revision_of(deck)
    response = post(logged_in, deck, "paste", headers=FETCH, list="# more\n1 B01-002", mode="add")
    assert response.status_code == 400
    [message] = response.json()["messages"]
    assert message["text"].startswith("Line 2: ") and "100 copies in all" in message["text"]
    assert entries_of(deck) == {(red().pk, 99, "deck")} and revision_of(deck) == revision


def test_the_builder_says_so_instead_of_silently_keeping_99_copies(logged_in, catalogue):
    deck = new_deck(logged_in, text="99 B01-002")
    response = post(logged_in, deck, "add", headers=FETCH, card=red().pk, quantity=1)
    assert response.status_code == 400
    [message] = response.json()["messages"]
    assert message["text"] == (
        "“Red Dragon”: 100 copies in all; a deck holds at most 99 copies of one card."
    )
    assert entries_of(deck) == {(red().pk, 99, "deck")} and revision_of(deck) == 1


def test_a_deck_at_both_caps_exports_and_imports_again(catalogue, owner):
    cards = distinct_names(Card.objects.filter(game="pad"))
    full, rest = divmod(MAX_DECK_CARDS, MAX_CARD_QUANTITY)
    entries = [EntryInput(card.pk, MAX_CARD_QUANTITY) for card in cards[:full]]
    entries.append(EntryInput(cards[full].pk, rest))
    deck = deck_create(owner=owner, game="pad", name="Huge", entries=entries)
    text = api(owner).get(f"/api/decks/{deck.pk}/export/?format=text").content.decode()
    again = api(owner).post("/api/decks/", {"game": "pad", "name": "Again", "list": text})
    assert again.status_code == 201, again.json()
    stored = {(e["card"], e["quantity"], e["zone"]) for e in again.json()["entries"]}
    assert stored == {(e.card_id, e.quantity, "deck") for e in entries}
    assert sum(quantity for _, quantity, _ in stored) == MAX_DECK_CARDS
