"""Issue 24, low item: a public fork showed the id of its unlisted original to everyone.

An unlisted deck is read by its link only, so its id is the secret: a fork names its
original (page and API, one deck or the list) when the original is public, or to the
original's owner, or to the fork's owner, who had the link to fork it; never to others.
"""

from __future__ import annotations

import pytest

from decks.models import PUBLIC, UNLISTED
from decks.services import deck_create, deck_fork, deck_update
from tests.clients import api

from .conftest import pad_deck

pytestmark = pytest.mark.django_db


def fork_of(original, owner):
    fork = deck_fork(deck=original, owner=owner)
    return deck_update(deck=fork, author=owner, revision=fork.revision, visibility=PUBLIC)


@pytest.fixture
def original_and_fork(catalogue, owner, other):
    """`owner`'s unlisted deck, and `other`'s public fork of it."""
    original = deck_create(
        owner=owner, game="pad", name="Link only", visibility=UNLISTED, entries=pad_deck()
    )
    return original, fork_of(original, other)


def shown_in_api(fork, reader) -> tuple[str | None, list]:
    one = api(reader).get(f"/api/decks/{fork.pk}/").json()["forked_from"]
    listed = [d["forked_from"] for d in api(reader).get("/api/decks/").json()["results"]]
    return one, [value for value in listed if value is not None]


def shown_on_page(client, fork, reader) -> bool:
    client.logout()
    if reader is not None:
        client.force_login(reader)
    original_id = fork.forked_from_id
    return original_id in client.get(f"/decks/{fork.pk}/").content.decode()


def test_an_unlisted_original_is_not_named_to_strangers(
    client, original_and_fork, django_user_model
):
    original, fork = original_and_fork
    stranger = django_user_model.objects.create_user("stranger", password="pw-stranger-123")
    for reader in (None, stranger):
        assert shown_in_api(fork, reader) == (None, [])
        assert not shown_on_page(client, fork, reader)


def test_an_unlisted_original_is_named_to_both_owners(client, original_and_fork, owner, other):
    original, fork = original_and_fork
    for reader in (owner, other):
        assert shown_in_api(fork, reader)[0] == original.pk
        assert shown_on_page(client, fork, reader)


def test_a_public_original_is_named_to_everyone(client, catalogue, owner, other):
    original = deck_create(
        owner=owner, game="pad", name="Open", visibility=PUBLIC, entries=pad_deck()
    )
    fork = fork_of(original, other)
    assert shown_in_api(fork, None) == (original.pk, [original.pk])
    assert shown_on_page(client, fork, None)
    # The page's "Compare with the original" link goes with the name.
    assert f"?against={original.pk}" in client.get(f"/decks/{fork.pk}/").content.decode()
