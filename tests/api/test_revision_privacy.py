"""What a deck was while private stays private (issue 11, item 10).

Revisions made while the deck was private (their name, description and cards) are its
owner's only, even after the deck is shared; a fork names its original only to someone
who may read that original.
"""

from __future__ import annotations

import re

import pytest

from cards.models import Card
from decks.models import PRIVATE, PUBLIC, UNLISTED
from decks.rules import EntryInput
from decks.services import deck_create, deck_fork, deck_update
from tests.clients import api

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _one_revision_per_write(settings):
    """These tests count revisions write by write: bursts (issue 16) are off."""
    settings.DECK_REVISION_BURST_SECONDS = 0


@pytest.fixture
def shared_after_private(catalogue, owner):
    """r1–r2 private ("Secret combo"), r3 public under a new name, r4 public."""
    red = Card.objects.get(number="B01-002")
    deck = deck_create(
        owner=owner,
        game="pad",
        name="Secret combo",
        description="Beats Tom's deck on Friday",
        visibility=PRIVATE,
        entries=[EntryInput(red.pk, 3)],
    )
    deck = deck_update(deck=deck, author=owner, revision=1, entries=[EntryInput(red.pk, 2)])
    deck = deck_update(
        deck=deck, author=owner, revision=2, name="Fire", description="", visibility=PUBLIC
    )
    return deck_update(deck=deck, author=owner, revision=3, entries=[EntryInput(red.pk, 4)])


@pytest.mark.parametrize("reader", [None, "other"])
def test_others_do_not_see_the_revisions_made_while_the_deck_was_private(
    shared_after_private, reader, other
):
    user = other if reader else None
    response = api(user).get(f"/api/decks/{shared_after_private.pk}/revisions/")
    assert response.status_code == 200
    assert [r["number"] for r in response.json()] == [4, 3]
    assert "Secret" not in response.content.decode()
    assert "Friday" not in response.content.decode()


def test_the_owner_sees_every_revision(shared_after_private, owner):
    response = api(owner).get(f"/api/decks/{shared_after_private.pk}/revisions/")
    assert [r["number"] for r in response.json()] == [4, 3, 2, 1]


def shown_revisions(client, deck) -> list[int]:
    page = client.get(f"/decks/{deck.pk}/revisions/").content.decode()
    return [int(number) for number in re.findall(r'data-number="(\d+)"', page)]


def test_the_revisions_page_hides_the_private_era_from_others(client, shared_after_private, other):
    client.force_login(other)
    assert shown_revisions(client, shared_after_private) == [4, 3]
    client.force_login(shared_after_private.owner)
    assert shown_revisions(client, shared_after_private) == [4, 3, 2, 1]


def test_the_revisions_page_tells_no_change_against_a_private_revision(
    client, shared_after_private, other
):
    # r3 went public with 2 Red Dragon (r2 had cut 3 to 2 in private): to others, r3 is
    # where the history starts, with its 2 copies, not a change from the private 3.
    client.force_login(other)
    page = client.get(f"/decks/{shared_after_private.pk}/revisions/").content.decode()
    third = page.split('data-number="3"')[1]
    assert "+2 <a" in third and "−1" not in third


def test_revisions_made_while_unlisted_stay_readable_by_link(catalogue, owner, other):
    red = Card.objects.get(number="B01-002")
    deck = deck_create(
        owner=owner, game="pad", name="Link", visibility=UNLISTED, entries=[EntryInput(red.pk, 3)]
    )
    response = api(other).get(f"/api/decks/{deck.pk}/revisions/")
    assert [r["name"] for r in response.json()] == ["Link"]


@pytest.fixture
def fork_of_a_now_private_deck(catalogue, owner, other):
    red = Card.objects.get(number="B01-002")
    original = deck_create(
        owner=owner, game="pad", name="Orig", visibility=PUBLIC, entries=[EntryInput(red.pk, 3)]
    )
    fork = deck_fork(deck=original, owner=other)
    fork = deck_update(deck=fork, author=other, revision=1, visibility=PUBLIC)
    deck_update(deck=original, author=owner, revision=1, visibility=PRIVATE)
    return original, fork


def test_a_fork_names_its_original_only_to_who_may_read_it(
    fork_of_a_now_private_deck, owner, other
):
    original, fork = fork_of_a_now_private_deck
    assert api(owner).get(f"/api/decks/{fork.pk}/").json()["forked_from"] == original.pk
    assert api(other).get(f"/api/decks/{fork.pk}/").json()["forked_from"] is None
    assert api().get(f"/api/decks/{fork.pk}/").json()["forked_from"] is None
    listed = api().get("/api/decks/").json()["results"]
    assert [d["forked_from"] for d in listed if d["id"] == fork.pk] == [None]


def test_the_fork_page_names_its_original_only_to_who_may_read_it(
    client, fork_of_a_now_private_deck, owner
):
    original, fork = fork_of_a_now_private_deck
    assert original.pk not in client.get(f"/decks/{fork.pk}/").content.decode()
    client.force_login(owner)
    assert original.pk in client.get(f"/decks/{fork.pk}/").content.decode()
