"""GET /api/decks/ kept in the shared cache (issue 30): each reader who owns decks has their
own pages, every deck write shows at once, and the render budget is charged every time."""

from __future__ import annotations

import pytest

from decks.models import PUBLIC
from decks.services import deck_create, deck_update
from tests.clients import api
from tests.decks.conftest import pad_deck

pytestmark = pytest.mark.django_db


def listed(reader, **params) -> list[str]:
    response = api(reader).get("/api/decks/", params)
    assert response.status_code == 200
    return sorted(deck["id"] for deck in response.json()["results"])


def test_owners_read_their_own_private_decks_and_nobody_else_does(
    catalogue, owner, other, django_user_model
):
    public = deck_create(
        owner=owner, game="pad", name="Shown", visibility=PUBLIC, entries=pad_deck()
    )
    hidden = deck_create(
        owner=owner, game="pad", name="Mine", visibility="private", entries=pad_deck()
    )
    assert listed(owner) == sorted([public.pk, hidden.pk])
    assert listed(owner, mine=1) == sorted([public.pk, hidden.pk])
    newcomer = django_user_model.objects.create_user("newcomer", password="pw-newcomer-123")
    for reader in (None, other, newcomer):
        assert listed(reader) == [public.pk]
    assert listed(newcomer, mine=1) == []
    assert listed(None, mine=1) == [public.pk]  # `mine` means nothing signed out


def test_a_deck_published_or_withdrawn_shows_at_once(catalogue, owner, other):
    assert listed(other) == []
    deck = deck_create(owner=owner, game="pad", name="New", visibility=PUBLIC, entries=pad_deck())
    assert listed(other) == [deck.pk]
    deck_update(deck=deck, author=owner, revision=deck.revision, visibility="private")
    assert listed(other) == []
    mine = deck_create(
        owner=other, game="pad", name="Theirs", visibility="private", entries=pad_deck()
    )
    assert listed(other) == [mine.pk]  # a first deck: its owner's own pages from now on


def test_the_render_budget_is_charged_for_a_cached_page(catalogue, owner, settings):
    settings.RENDER_BUDGET_ANON, settings.RENDER_BUDGET_WINDOW = 1, 3600
    for number in range(3):
        deck_create(
            owner=owner, game="pad", name=f"Big {number}", visibility=PUBLIC, entries=pad_deck(40)
        )
    client = api(None)
    assert client.get("/api/decks/").status_code == 200  # 120 entries: one unit, cached now
    refused = client.get("/api/decks/")
    assert refused.status_code == 429 and refused.json()["code"] == "render_budget"
