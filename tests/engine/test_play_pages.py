"""Issue 28's pages: /play/ starts a game with a deck against the AI or the goldfish, and
the table shows the reader's decisions as buttons that work without JavaScript (each a
form), in the three languages."""

from __future__ import annotations

import pytest

from decks.models import Deck
from engine.models import PlayedGame

pytestmark = pytest.mark.django_db


def started(client, game, deck_name, opponent):
    deck = Deck.objects.get(name=deck_name)
    response = client.post(f"/play/?game={game}", {"deck": deck.pk, "opponent": opponent})
    assert response.status_code == 302
    return response["Location"]


@pytest.mark.parametrize(
    ("game", "deck_name"), [("pad", "Reference: Light"), ("digimon", "Reference: Agumon line")]
)
def test_start_a_game_against_the_ai_and_take_a_decision(client, gauntlet, game, deck_name):
    page = started(client, game, deck_name, "ai:greedy")
    row = PlayedGame.objects.get()
    assert page == f"/play/{row.pk}/" and row.opponent_kind == "ai"
    html = client.get(page).content.decode()
    assert 'name="action"' in html and "data-table" in html
    taken = len(row.history)
    response = client.post(page, {"action": "0"})
    assert response.status_code == 302
    row.refresh_from_db()
    assert len(row.history) > taken
    client.post(page, {"resign": "1"})
    row.refresh_from_db()
    assert row.result == {"winner": 1, "reason": "resigned"}
    assert "data-result" in client.get(page).content.decode()


def test_the_goldfish_game_and_the_page_in_chinese(client, gauntlet):
    page = started(client, "pad", "Reference: Light", "goldfish")
    client.cookies["django_language"] = "zh-hant"
    html = client.get(page, HTTP_ACCEPT_LANGUAGE="zh-hant").content.decode()
    assert "你的決定" in html and "結束主要階段" in html
    client.cookies["django_language"] = "zh-hans"
    html = client.get(page, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "你的决定" in html


def test_someone_elses_game_is_not_found(client, gauntlet, other):
    page = started(client, "pad", "Reference: Light", "ai:random")
    client.force_login(other)
    assert client.get(page).status_code == 404
