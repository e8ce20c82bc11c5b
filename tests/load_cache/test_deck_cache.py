"""Cached deck panels: a deck's change shows at once, a private deck's stays its owner's."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from cards import cache
from cards.display_names import display_name
from cards.models import Card
from decks.models import Deck
from decks.services import deck_update, entries_from_text
from tests.decks.test_page_builder import legal_pad_list, new_deck

pytestmark = pytest.mark.django_db


def make(owner, visibility: str) -> Deck:
    client = Client()
    client.force_login(owner)
    return new_deck(client, text=legal_pad_list(), name="Fire", visibility=visibility)


def as_user(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


class Page:
    def __init__(self, response):
        self.status_code = response.status_code
        self.text = unescape(response.text)  # names as a reader sees them


def page(client: Client, deck: Deck) -> Page:
    return Page(client.get(reverse("decks:detail", args=[deck.pk])))


def test_a_private_deck_is_never_served_to_another_reader(catalogue, owner, other):
    deck = make(owner, "private")
    first_card = deck.entries.select_related("card").first().card
    mine = page(as_user(owner), deck)
    assert mine.status_code == 200 and first_card.name in mine.text

    for reader in (other, None):
        response = page(as_user(reader), deck)
        assert response.status_code == 404
        assert first_card.name not in response.text


def test_the_owner_and_a_reader_each_get_their_own_actions(catalogue, owner, other):
    deck = make(owner, "public")
    assert "Edit" in page(as_user(owner), deck).text

    theirs = page(as_user(other), deck).text

    assert "Fork this deck" in theirs and f"/decks/{deck.pk}/edit/" not in theirs


def test_a_deck_change_shows_at_once(catalogue, owner):
    deck = make(owner, "public")
    assert "Golden Egg" not in page(Client(), deck).text
    egg = Card.objects.filter(name="Golden Egg").first()
    text = legal_pad_list().replace("Deck:", f"Deck:\n1 {egg.number}", 1)

    deck_update(
        deck=deck, author=owner, revision=deck.revision, entries=entries_from_text("pad", text)
    )

    assert "Golden Egg" in page(Client(), deck).text


def test_a_card_renamed_in_the_catalogue_is_renamed_in_the_deck(catalogue, owner):
    deck = make(owner, "public")
    card = deck.entries.select_related("card").first().card
    assert display_name(card, "en") in page(Client(), deck).text
    card.name = card.name_en = "Renamed For The Test"
    card.save()

    assert "Renamed For The Test" in page(Client(), deck).text


def test_each_turn_has_its_own_odds(catalogue, owner):
    deck = make(owner, "public")
    client = Client()
    url = reverse("decks:detail", args=[deck.pk])
    turn_3 = client.get(url).content.decode()
    turn_5 = client.get(url, {"turn": 5}).content.decode()
    assert "By turn 3 (" in turn_3 and "By turn 5 (" in turn_5


def test_the_panels_are_read_from_the_cache(catalogue, owner, django_assert_max_num_queries):
    deck = make(owner, "public")
    page(Client(), deck)
    assert cache.enabled()
    # An anonymous reader: the deck row with its owner and original (the access check and
    # the key), nothing else: the whole page is kept for anonymous readers.
    with django_assert_max_num_queries(1):
        page(Client(), deck)
    # A signed-in reader's head and actions are drawn for them: the deck row, the session,
    # the account, the tags and what the reader owns of the deck; still no cards or stats.
    reader = as_user(owner)
    page(reader, deck)
    with django_assert_max_num_queries(5):
        page(reader, deck)


def test_an_anonymous_reader_gets_the_login_link_of_their_own_address(catalogue, owner):
    deck = make(owner, "public")
    url = reverse("decks:detail", args=[deck.pk])
    Client().get(url)  # cached for the plain address, which shows turn 3 too

    turn_3 = unescape(Client().get(url, {"turn": 3}).content.decode())

    fork_link = f'<a href="/accounts/login/?next={url}%3Fturn%3D3">Log in to fork this deck'
    assert fork_link in turn_3


def test_an_anonymous_reader_sees_tags_notes_and_owner_as_they_are_now(catalogue, owner):
    deck = make(owner, "public")
    assert "#budget" not in page(Client(), deck).text
    deck_update(
        deck=deck, author=owner, revision=deck.revision, tags=["budget"], notes="Mulligan eggs."
    )
    shown = page(Client(), deck).text
    assert "#budget" in shown and "Mulligan eggs." in shown and "by owner" in shown

    owner.username = "renamed-owner"  # the account changes, not the deck
    owner.save()

    assert "by renamed-owner" in page(Client(), deck).text


def test_a_fork_stops_naming_an_original_made_private(catalogue, owner, other):
    """ISSUE-24: an original is named to anonymous readers of a fork only while public."""
    from decks.services import deck_fork

    original = make(owner, "public")
    fork = deck_fork(deck=original, owner=other)
    Deck.objects.filter(pk=fork.pk).update(visibility="public")
    fork.refresh_from_db()
    assert f'href="/decks/{original.pk}/"' in page(Client(), fork).text

    deck_update(deck=original, author=owner, revision=original.revision, visibility="private")

    assert f'href="/decks/{original.pk}/"' not in page(Client(), fork).text


def test_a_cached_validation_follows_the_catalogue(catalogue):
    """POST /api/decks/validate/ keeps verdicts per list and catalogue version: the same
    list is answered from the cache until a card changes, then validated afresh."""
    from tests.clients import api

    body = {"game": "pad", "list": legal_pad_list()}
    assert api().post("/api/decks/validate/", body, format="json").json()["valid"] is True
    named = entries_from_text("pad", legal_pad_list())[0].card_id
    Card.objects.filter(pk=named).update(kind="skill")  # no signal: the verdict stays cached
    assert api().post("/api/decks/validate/", body, format="json").json()["valid"] is True

    cache.bump_catalogue_version()  # what every import, admin edit and correction does

    verdict = api().post("/api/decks/validate/", body, format="json").json()
    assert verdict["valid"] is False
