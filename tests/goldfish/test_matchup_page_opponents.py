"""Issue 24, low item: the matchup page refused an unlisted opponent that the matchup API
accepted. Both now take the same decks: the gauntlet, or any deck of the game the player
may read (an unlisted deck is readable by anyone with its link), the deck itself included;
both refuse someone else's private deck and a deck of the other game."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.clients import api
from tests.goldfish.saved_decks import make_deck
from tests.goldfish.test_matchup_pages import run

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]

GAMES = 20


@pytest.fixture
def stranger(db):
    return User.objects.create_user("stranger", password="pw-stranger-123")


def api_status(deck, opponent, user=None) -> int:
    body = {"game": deck.game, "deck": {"deck": deck.pk}, "opponent": {"deck": opponent.pk}}
    response = api(user).post("/api/matchups/", {**body, "games": GAMES}, format="json")
    return response.status_code


def page(client, deck, opponent):
    return run(client, deck, opponent=opponent.pk, games=GAMES)


def selected_opponent(content: str) -> list[str]:
    select = re.search(r'<select name="opponent"[^>]*>(.*?)</select>', content, re.S)[1]
    return re.findall(r'<option value="([^"]+)"[^>]*\bselected>', select)


def test_an_unlisted_deck_opened_by_its_link_is_an_opponent_on_the_page_as_in_the_api(
    client, owner, stranger, gauntlet
):
    deck = make_deck(owner)
    unlisted = make_deck(stranger, name="Shared by link", visibility="unlisted")
    for reader in (None, owner):
        if reader is not None:
            client.force_login(reader)
        assert api_status(deck, unlisted, reader) == 200
        response = page(client, deck, unlisted)
        assert response.status_code == 200
        content = response.content.decode()
        assert "data-report" in content and "Shared by link" in content
        # The form shows the opponent it played, so the shared address reads true.
        assert selected_opponent(content) == [unlisted.pk]


def test_the_deck_itself_and_an_own_private_deck_are_opponents_on_both(client, owner, gauntlet):
    deck = make_deck(owner, visibility="private")
    other = make_deck(owner, name="Other private", visibility="private")
    client.force_login(owner)
    for opponent in (deck, other):
        assert api_status(deck, opponent, owner) == 200
        assert page(client, deck, opponent).status_code == 200


def test_what_the_api_refuses_the_page_refuses(client, owner, stranger, gauntlet):
    deck = make_deck(owner)
    private = make_deck(stranger, name="Secret", visibility="private")
    digimon = make_deck(stranger, game="digimon", name="Other game", visibility="unlisted")
    assert api_status(deck, private) == 404
    assert api_status(deck, digimon) == 400
    for opponent in (private, digimon):
        response = page(client, deck, opponent)
        assert response.status_code == 400
        assert opponent.name not in response.content.decode()


def test_compare_takes_an_unlisted_deck_as_b_and_as_opponent(client, owner, stranger, gauntlet):
    deck = make_deck(owner)
    unlisted = make_deck(stranger, name="Shared by link", visibility="unlisted")
    url = reverse("engine:compare", args=[deck.pk])
    for choice in (
        {"other": unlisted.pk, "opponent": "gauntlet"},
        {"other": deck.pk, "opponent": unlisted.pk},
    ):
        response = client.get(url, {"run": "1", "games": GAMES, **choice})
        assert response.status_code == 200, choice
        assert "Shared by link" in response.content.decode()


@pytest.mark.parametrize(
    "language, label", [("en", "Other decks"), ("zh-hant", "其他牌組"), ("zh-hans", "其他卡组")]
)
def test_the_linked_decks_group_is_translated(client, owner, stranger, gauntlet, language, label):
    deck = make_deck(owner)
    unlisted = make_deck(stranger, name="Shared by link", visibility="unlisted")
    url = reverse("engine:matchup", args=[deck.pk])
    params = {"run": "1", "games": GAMES, "opponent": unlisted.pk}
    content = client.get(url, params, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<optgroup label="{label}">' in content
