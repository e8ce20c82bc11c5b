"""GET /api/decks/<id>/ and its export kept in the shared cache (issue 30): a deck's change
or new standing shows at once, a private deck stays its owner's, and a fork names its
unlisted original to its owners only, whoever asked first."""

from __future__ import annotations

import pytest
from django.utils import timezone

from decks.models import PUBLIC, UNLISTED, GauntletStanding
from decks.services import deck_create, deck_fork, deck_update
from tests.clients import api
from tests.decks.conftest import pad_deck

pytestmark = pytest.mark.django_db


def read(deck, reader):
    return api(reader).get(f"/api/decks/{deck.pk}/")


def export(deck, reader, **params):
    return api(reader).get(f"/api/decks/{deck.pk}/export/", params)


def test_a_change_shows_at_once_in_the_deck_and_its_export(catalogue, owner, other):
    deck = deck_create(
        owner=owner, game="pad", name="Before", visibility=PUBLIC, entries=pad_deck()
    )
    assert read(deck, other).json()["name"] == "Before"
    first_export = export(deck, other).content.decode()
    deck = deck_update(
        deck=deck, author=owner, revision=deck.revision, name="After", entries=pad_deck(20)
    )
    assert read(deck, other).json()["name"] == "After"
    assert export(deck, other).content.decode() != first_export
    assert export(deck, other, format="json").json()["name"] == "After"


def test_a_new_standing_shows_at_once(catalogue, owner):
    deck = deck_create(owner=owner, game="pad", name="Rated", visibility=PUBLIC, entries=pad_deck())
    deck.is_valid = True
    deck.save(update_fields=["is_valid"])
    assert read(deck, None).json()["gauntlet"]["state"] != "measured"
    GauntletStanding.objects.create(
        deck=deck,
        revision=deck.revision,
        games=100,
        win_rate=0.5,
        interval_low=0.4,
        interval_high=0.6,
        measured_at=timezone.now(),
    )
    assert read(deck, None).json()["gauntlet"]["state"] == "measured"


def test_a_private_deck_stays_its_owners_once_cached(catalogue, owner, other):
    deck = deck_create(
        owner=owner, game="pad", name="Secret", visibility="private", entries=pad_deck()
    )
    assert read(deck, owner).status_code == 200 and export(deck, owner).status_code == 200
    for reader in (other, None):
        assert read(deck, reader).status_code == 404
        assert export(deck, reader).status_code == 404


def test_a_fork_names_its_unlisted_original_to_its_owners_only(
    catalogue, owner, other, django_user_model
):
    original = deck_create(
        owner=owner, game="pad", name="Link only", visibility=UNLISTED, entries=pad_deck()
    )
    fork = deck_fork(deck=original, owner=other)
    fork = deck_update(deck=fork, author=other, revision=fork.revision, visibility=PUBLIC)
    stranger = django_user_model.objects.create_user("stranger", password="pw-stranger-123")
    assert read(fork, other).json()["forked_from"] == original.pk  # cached now
    assert read(fork, stranger).json()["forked_from"] is None
    assert read(fork, None).json()["forked_from"] is None
    assert read(fork, owner).json()["forked_from"] == original.pk
