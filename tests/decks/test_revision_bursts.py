"""A burst of edits by one player within a few minutes is one revision (issue 16).

Before: six cards added in a minute made six revisions. Now the burst's revision is
updated in place (snapshot, number, edits, updated_at); `Deck.revision`, the concurrency
token, still moves at every write.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from cards.models import Card
from decks.models import PUBLIC, Deck
from decks.rules import EntryInput
from decks.services import deck_create, deck_fork, deck_restore, deck_update
from tests.clients import api

from .test_page_builder import new_deck, post

pytestmark = pytest.mark.django_db

NUMBERS = ("B01-002", "B01-003", "B01-006", "B01-010", "B01-014", "B01-018")


class Clock:
    """timezone.now, moved by hand: no test waits for real minutes to pass."""

    def __init__(self):
        self.now = timezone.now()

    def __call__(self):
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr(timezone, "now", fake)
    return fake


def ids(*numbers) -> list[int]:
    return [Card.objects.get(number=number).pk for number in numbers]


def add_six_cards(client, deck: Deck, clock: Clock) -> None:
    """Six builder adds, ten seconds apart: one minute of clicking."""
    for card in ids(*NUMBERS):
        assert post(client, deck, "add", card=card, quantity=1).status_code == 302
        clock.advance(10)


def history(deck: Deck) -> list[tuple[int, int]]:
    return list(Deck.objects.get(pk=deck.pk).revisions.values_list("number", "edits"))


def test_six_adds_within_a_minute_make_one_revision_of_six_edits(client, owner, catalogue, clock):
    client.force_login(owner)
    deck = new_deck(client)
    add_six_cards(client, deck, clock)
    assert Deck.objects.get(pk=deck.pk).revision == 7  # the token moved at every write
    assert history(deck) == [(7, 6), (1, 1)]  # the creation stays apart
    burst = Deck.objects.get(pk=deck.pk).revisions.get(number=7)
    assert sorted(e["card"] for e in burst.entries) == sorted(ids(*NUMBERS))
    assert burst.updated_at == clock.now - timedelta(seconds=10)
    page = client.get(f"/decks/{deck.pk}/revisions/").content.decode()
    assert re.findall(r'data-number="(\d+)"', page) == ["7", "1"]
    assert 'data-edits="6">6 edits' in page


def test_a_stale_write_inside_a_burst_is_still_refused(client, owner, catalogue, clock):
    client.force_login(owner)
    deck = new_deck(client)
    post(client, deck, "add", card=ids("B01-002")[0])
    response = post(client, deck, "add", card=ids("B01-003")[0], revision=1)
    assert (
        response.status_code == 302
        and "changed elsewhere" in client.get(f"/decks/{deck.pk}/edit/").content.decode()
    )
    assert history(deck) == [(2, 1), (1, 1)]


def test_a_write_after_the_window_starts_a_new_revision(client, owner, catalogue, clock, settings):
    settings.DECK_REVISION_BURST_SECONDS = 300
    client.force_login(owner)
    deck = new_deck(client)
    red, blue, green = ids("B01-002", "B01-006", "B01-010")
    post(client, deck, "add", card=red)
    clock.advance(200)
    post(client, deck, "add", card=blue)  # 200 s after the last edit: same burst
    clock.advance(299)
    post(client, deck, "add", card=green)  # the window counts from the last edit
    assert history(deck) == [(4, 3), (1, 1)]
    clock.advance(301)
    post(client, deck, "quantity", card=red, zone="deck", quantity=3)
    assert history(deck) == [(5, 1), (4, 3), (1, 1)]


def test_another_author_starts_a_new_revision(catalogue, owner, other, clock):
    deck = deck_create(owner=owner, game="pad", name="Shared", entries=[], visibility=PUBLIC)
    deck = deck_update(deck=deck, author=owner, revision=1, name="a")
    deck = deck_update(deck=deck, author=owner, revision=2, name="b")
    # Only an owner writes through the pages and the API; the services keep authors apart
    # for whoever may write (an admin, a script).
    deck = deck_update(deck=deck, author=other, revision=3, name="c")
    deck = deck_update(deck=deck, author=owner, revision=4, name="d", entries=[])
    assert history(deck) == [(5, 1), (4, 1), (3, 2), (1, 1)]


def test_a_visibility_change_ends_the_burst(catalogue, owner, other, clock):
    deck = deck_create(owner=owner, game="pad", name="Secret", entries=[])
    deck = deck_update(deck=deck, author=owner, revision=1, name="secret plan")
    deck = deck_update(deck=deck, author=owner, revision=2, name="still secret")
    deck = deck_update(deck=deck, author=owner, revision=3, name="Shared", visibility=PUBLIC)
    deck = deck_update(deck=deck, author=owner, revision=4, description="now public")
    assert history(deck) == [(5, 2), (3, 2), (1, 1)]
    # What the deck was while private stays the owner's: the merge never mixed the two.
    readable = api(other).get(f"/api/decks/{deck.pk}/revisions/").json()
    assert [(r["number"], r["name"], r["edits"]) for r in readable] == [(5, "Shared", 2)]


def test_a_restore_is_a_revision_of_its_own_and_ends_the_burst(catalogue, owner, clock):
    red, blue = ids("B01-002", "B01-006")
    deck = deck_create(owner=owner, game="pad", name="R", entries=[])
    for revision, card in ((1, red), (2, blue)):
        current = Deck.objects.get(pk=deck.pk)
        entries = [*current.entries.all()]
        deck = deck_update(
            deck=current,
            author=owner,
            revision=revision,
            entries=[EntryInput(e.card_id, e.quantity, e.zone) for e in entries]
            + [EntryInput(card, 2, "deck")],
        )
    assert history(deck) == [(3, 2), (1, 1)]
    deck = deck_restore(deck=deck, author=owner, revision=3, number=1)
    deck = deck_update(deck=deck, author=owner, revision=4, name="after")
    assert history(deck) == [(5, 1), (4, 1), (3, 2), (1, 1)]
    # Restoring the merged revision gives its final state: both cards, two copies each.
    deck = deck_restore(deck=deck, author=owner, revision=5, number=3)
    assert sorted(deck.entries.values_list("card_id", "quantity")) == sorted([(red, 2), (blue, 2)])


def test_a_fork_starts_its_own_history(catalogue, owner, other, clock):
    deck = deck_create(owner=owner, game="pad", name="Orig", entries=[], visibility=PUBLIC)
    fork = deck_fork(deck=deck, owner=other)
    fork = deck_update(deck=fork, author=other, revision=1, name="mine")
    assert history(fork) == [(2, 1), (1, 1)]
    assert fork.revisions.get(number=1).note == f"Forked from {deck.pk}"


def test_the_api_merges_bursts_and_reports_edits(catalogue, owner, clock):
    created = api(owner).post("/api/decks/", {"game": "pad", "name": "A"}, format="json").json()
    url = f"/api/decks/{created['id']}/"
    for revision in range(1, 4):
        response = api(owner).patch(
            url, {"revision": revision, "name": f"n{revision}"}, format="json"
        )
        assert response.status_code == 200
        clock.advance(30)
    stale = api(owner).patch(url, {"revision": 2, "name": "late"}, format="json")
    assert stale.status_code == 409 and stale.json()["code"] == "stale_revision"
    revisions = api(owner).get(url + "revisions/").json()
    assert [(r["number"], r["name"], r["edits"]) for r in revisions] == [(4, "n3", 3), (1, "A", 1)]
    assert revisions[0]["updated_at"] is not None and revisions[1]["updated_at"] is None


def test_bursts_can_be_turned_off(catalogue, owner, clock, settings):
    settings.DECK_REVISION_BURST_SECONDS = 0
    deck = deck_create(owner=owner, game="pad", name="A", entries=[])
    deck = deck_update(deck=deck, author=owner, revision=1, name="b")
    deck = deck_update(deck=deck, author=owner, revision=2, name="c")
    assert history(deck) == [(3, 1), (2, 1), (1, 1)]
