"""Issue 28, item 5: a friend's move reaches the waiting player through the game's event
stream (server-sent events, engine/play_events.py): one `move` event as soon as the game's
count of decisions differs from what the page shows, the friend joined or the game ended;
a quiet stream closes after PLAY_EVENTS_SECONDS; only the game's players may listen."""

from __future__ import annotations

import json
import time

import pytest
from django.test import Client

from decks.models import Deck
from engine.models import PlayedGame

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(gauntlet):
    return Deck.objects.get(name="Reference: Light")


@pytest.fixture
def quick_streams(settings):
    settings.PLAY_EVENTS_SECONDS = 1


def invite(client, owner, deck) -> str:
    client.force_login(owner)
    body = {"game": "pad", "deck": {"deck": deck.pk}, "opponent": {"invite": True}, "seed": 6}
    body["first"] = True
    return client.post("/api/games/", body, content_type="application/json").json()["id"]


def join(friend: Client, game_id: str, deck) -> dict:
    return friend.post(
        f"/api/games/{game_id}/join/", {"deck": {"deck": deck.pk}}, content_type="application/json"
    ).json()


def events(client, game_id: str, after=None, joined=True) -> tuple[list[dict], object]:
    """The stream's `move` events (read to its end) and the response, for a page showing
    `after` decisions and (`joined`) the table."""
    query = "" if after is None else f"?after={after}&joined={int(joined)}"
    response = client.get(f"/play/{game_id}/events/{query}")
    text = b"".join(response.streaming_content).decode()
    found = [
        json.loads(block.split("data: ", 1)[1])
        for block in text.split("\n\n")
        if block.startswith("event: move")
    ]
    return found, response


def test_the_waiting_creator_hears_the_friend_join_and_then_each_move(
    client, deck, owner, other, quick_streams
):
    game_id = invite(client, owner, deck)
    found, response = events(client, game_id)  # nobody joined within the stream's time
    assert response["Content-Type"] == "text/event-stream" and found == []
    assert response["Cache-Control"] == "no-cache"
    friend = Client()
    friend.force_login(other)
    join(friend, game_id, deck)
    found, _response = events(client, game_id, after=0, joined=False)  # the page waited
    assert found == [{"moves": 0, "joined": True, "finished": False}]
    # the creator decides (PAD: first); the friend's page, showing 0 decisions, hears it
    view = client.get(f"/api/games/{game_id}/").json()
    client.post(
        f"/api/games/{game_id}/actions/",
        {"action": view["legal_actions"][0]["id"]},
        content_type="application/json",
    )
    moves = len(PlayedGame.objects.get(pk=game_id).history)
    found, _response = events(friend, game_id, after=0)
    assert found == [{"moves": moves, "joined": True, "finished": False}]
    # a page already showing every decision hears nothing until the stream closes
    found, _response = events(friend, game_id, after=moves)
    assert found == []


def test_a_move_made_while_the_stream_is_open_arrives_at_once(client, deck, owner, other):
    """With the friend's stream open (15 s), the creator moves: the stream's next check
    (four a second) sends the event and closes, well before its time."""
    game_id = invite(client, owner, deck)
    friend = Client()
    friend.force_login(other)
    join(friend, game_id, deck)
    view = client.get(f"/api/games/{game_id}/").json()
    chunks = iter(friend.get(f"/play/{game_id}/events/?after=0&joined=1").streaming_content)
    assert next(chunks).decode().startswith("retry:")
    client.post(
        f"/api/games/{game_id}/actions/",
        {"action": view["legal_actions"][0]["id"]},
        content_type="application/json",
    )
    moved = time.monotonic()
    rest = b"".join(chunks).decode()
    assert rest.startswith("event: move") and time.monotonic() - moved < 1


def test_only_the_games_players_may_listen(client, deck, owner, other, quick_streams):
    game_id = invite(client, owner, deck)
    stranger = Client()
    stranger.force_login(other)  # not joined: not a player yet
    assert stranger.get(f"/play/{game_id}/events/").status_code == 404
    assert Client().get(f"/play/{game_id}/events/").status_code == 404
    assert client.get("/play/no-such-game/events/").status_code == 404
