"""Issue 28's API for games played in the browser (/api/games/), on the real catalogue
and reference decks: against the AI and the goldfish in both games, played to the end by
choosing legal actions; the contract's keys and error codes; fair information (the
opponent's hand never in the answer); undo, resign, replay; the same seed and actions
give the same game."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from cards.models import AttackRow, Card
from decks.models import Deck
from engine import play
from engine.models import PlayedGame

pytestmark = pytest.mark.django_db

REFERENCE = {"pad": "Reference: Light", "digimon": "Reference: Agumon line"}
VIEW_KEYS = {
    "moves",
    "id",
    "url",
    "page",
    "game",
    "you",
    "turn",
    "players",
    "state",
    "legal_actions",
    "log",
    "result",
}


@pytest.fixture
def decks(gauntlet):
    return {game: Deck.objects.get(name=name) for game, name in REFERENCE.items()}


def start(client, game, deck, opponent, **extra):
    body = {"game": game, "deck": {"deck": deck.pk}, "opponent": opponent, **extra}
    return client.post("/api/games/", body, content_type="application/json")


def act(client, view, action):
    return client.post(
        f"/api/games/{view['id']}/actions/", {"action": action}, content_type="application/json"
    )


def play_out(client, view, choose=lambda actions: actions[-1]["id"], limit=400):
    """Take a legal action until the game ends; returns the last view and the actions."""
    taken = []
    while view["result"] is None and len(taken) < limit:
        assert view["legal_actions"], "the player's decision is pending"
        action = choose(view["legal_actions"])
        response = act(client, view, action)
        assert response.status_code == 200, response.content
        view = response.json()
        taken.append(action)
    return view, taken


@pytest.mark.parametrize("game", ["pad", "digimon"])
def test_a_whole_game_against_the_ai_through_the_api(client, decks, game):
    response = start(client, game, decks[game], {"ai": "greedy"}, seed=4, first=True)
    assert response.status_code == 201
    view = response.json()
    assert set(view) == VIEW_KEYS
    assert view["you"] == 0 and view["turn"] == 0 and view["result"] is None
    assert [p["kind"] for p in view["players"]] == ["player", "ai"]
    assert all(set(a) == {"id", "label"} and a["label"] for a in view["legal_actions"])
    view, taken = play_out(client, view)
    assert view["result"]["winner"] in (0, 1, None) and view["result"]["reason"] in ("won", "draw")
    assert view["legal_actions"] == [] and view["turn"] is None
    assert len(taken) > 5
    # the AI answered: its decisions are in the game's history and log
    row = PlayedGame.objects.get(pk=view["id"])
    assert any(seat == 1 for seat, _action in row.history)
    assert len(row.log) == len(row.history)


@pytest.mark.parametrize("game", ["pad", "digimon"])
def test_the_goldfish_game_has_one_player_who_makes_every_decision(client, decks, game):
    view = start(client, game, decks[game], {"goldfish": True}, seed=2).json()
    assert [p["kind"] for p in view["players"]] == ["player", "goldfish"]
    view, _taken = play_out(client, view, choose=lambda actions: actions[0]["id"])
    assert view["result"] is not None
    row = PlayedGame.objects.get(pk=view["id"])
    assert {seat for seat, _action in row.history} == {0}


def test_the_same_seed_and_actions_give_the_same_game(client, decks):
    first = start(client, "pad", decks["pad"], {"ai": "greedy"}, seed=11, first=False).json()
    first, taken = play_out(client, first)
    again = start(client, "pad", decks["pad"], {"ai": "greedy"}, seed=11, first=False).json()
    for action in taken:
        again = act(client, again, action).json()
    assert again["state"] == first["state"] and again["result"] == first["result"]
    assert [line["text"] for line in again["log"]] == [line["text"] for line in first["log"]]


def test_the_opponents_hand_never_leaves_the_server(client, decks):
    """PLAY-1.3: at every step the answer holds the opponent's hand as a count only, and
    no card name of it appears anywhere in the JSON."""
    view = start(client, "pad", decks["pad"], {"ai": "greedy"}, seed=5, first=True).json()
    from engine import play

    for _step in range(30):
        if view["result"] is not None:
            break
        assert isinstance(view["state"]["opponent"]["hand"], int)
        row = PlayedGame.objects.get(pk=view["id"])
        state = play.state_of(row)
        hidden = {card.name for card in state.world.sides[1].state.hand}
        hidden -= _public_names(state.world)
        # a card the AI played before (its log line: a public action) is no secret
        hidden = {n for n in hidden if not any(n in line["text"] for line in view["log"])}
        text = json.dumps(view, ensure_ascii=False)
        assert not [name for name in hidden if f'"{name}"' in text]
        view = act(client, view, view["legal_actions"][-1]["id"]).json()


def _public_names(world) -> set[str]:
    """Names that are also face up somewhere (a copy in play or in a discard pile)."""
    names = set()
    for side in world.sides:
        state = side.state
        names |= {card.name for card in state.discard}
        names |= {card.name for column in state.columns for card in column}
        names |= {card.name for stack in state.pets for card in stack.cards}
        names |= {card.name for card in state.hand} if side is world.sides[0] else set()
    return names


def test_errors_are_coded_and_change_nothing(client, decks, other):
    view = start(client, "pad", decks["pad"], {"ai": "greedy"}, seed=4, first=True).json()
    row = PlayedGame.objects.get(pk=view["id"])
    history = list(row.history)
    response = act(client, view, 999)
    assert response.status_code == 400 and response.json()["code"] == "illegal_action"
    assert PlayedGame.objects.get(pk=view["id"]).history == history
    # another reader (their own browser): the game does not exist for them
    stranger = Client()
    stranger.force_login(other)
    assert stranger.get(f"/api/games/{view['id']}/").status_code == 404
    response = start(client, "pad", decks["pad"], {"ai": "no-such-player"})
    assert response.status_code == 400 and response.json()["code"] == "unknown_policy"
    response = start(client, "pad", decks["pad"], {"invite": True})
    assert response.status_code == 401


def test_replay_opens_when_the_game_is_over_and_resign_ends_it(client, decks):
    view = start(client, "digimon", decks["digimon"], {"ai": "greedy"}, seed=3).json()
    replay = client.get(f"/api/games/{view['id']}/replay/")
    assert replay.status_code == 409 and replay.json()["code"] == "not_finished"
    assert Client().get(f"/api/games/{view['id']}/replay/").status_code == 404
    for _move in range(6):
        view = act(client, view, view["legal_actions"][0]["id"]).json()
    resigned = client.post(f"/api/games/{view['id']}/resign/").json()
    assert resigned["result"] == {"winner": 1, "reason": "resigned"}
    response = act(client, resigned, 0)
    assert response.status_code == 409 and response.json()["code"] == "game_over"
    replay = client.get(f"/api/games/{view['id']}/replay/")
    assert replay.status_code == 200
    assert set(replay.json()) >= {"history", "log", "decisions", "decks", "seed", "result"}
    log = replay.json()["log"]
    assert log["events"] and log["snapshots"] and log["result"] == {"unfinished": True}
    client.logout()  # shared: anyone with the id reads a finished game's replay
    assert client.get(f"/api/games/{view['id']}/replay/").status_code == 200


def test_undo_takes_back_the_last_decision_and_the_ais_answer(client, decks):
    view = start(client, "pad", decks["pad"], {"ai": "greedy"}, seed=4, first=True).json()
    before = PlayedGame.objects.get(pk=view["id"]).history
    act(client, view, view["legal_actions"][-1]["id"])
    assert PlayedGame.objects.get(pk=view["id"]).history != before
    undone = client.post(f"/api/games/{view['id']}/undo/").json()
    assert PlayedGame.objects.get(pk=view["id"]).history == before
    assert undone["legal_actions"] == view["legal_actions"] and undone["state"] == view["state"]


def test_an_invited_friend_joins_and_plays_the_second_seat(client, decks, owner, other):
    client.force_login(owner)
    view = start(client, "pad", decks["pad"], {"invite": True}, seed=6, first=True).json()
    assert view["state"] is None and view["players"][1]["kind"] == "friend"
    client.force_login(other)
    joined = client.post(
        f"/api/games/{view['id']}/join/",
        {"deck": {"deck": decks["pad"].pk}},
        content_type="application/json",
    ).json()
    assert joined["you"] == 1 and joined["legal_actions"] == []  # the creator decides first
    refused = act(client, joined, 0)
    assert refused.status_code == 409 and refused.json()["code"] == "not_your_turn"
    client.force_login(owner)
    mine = client.get(f"/api/games/{view['id']}/").json()
    assert mine["legal_actions"]
    undo = client.post(f"/api/games/{view['id']}/undo/")
    assert undo.status_code == 409 and undo.json()["code"] == "undo_off"
    again = client.post(
        f"/api/games/{view['id']}/join/",
        {"deck": {"deck": decks["pad"].pk}},
        content_type="application/json",
    )
    assert again.status_code == 409 and again.json()["code"] == "not_invited"


def test_a_catalogue_correction_does_not_change_a_game_already_started(client, decks):
    """A game is its decks as they were, its seed and its decisions: after the catalogue
    changes (here every attack of the Light deck's pets set to 0) and the server restarts
    (the compiled decks forgotten), the game replays exactly as before; a new game with the
    same seed plays the corrected cards (so the correction does change play)."""
    body = {"seed": 4, "first": True}
    view = start(client, "pad", decks["pad"], {"ai": "greedy"}, **body).json()
    for _ in range(30):
        if view["result"] is not None:
            break
        view = act(client, view, view["legal_actions"][0]["id"]).json()
    row = PlayedGame.objects.get(pk=view["id"])
    before = play.full_log(row)
    assert any(event["action"] == "attack" for event in before["events"])
    pets = Card.objects.filter(game="pad", kind="pet", deck_entries__deck=decks["pad"])
    assert AttackRow.objects.filter(card__in=pets).exclude(attack=0).update(attack=0) > 0
    play._prepared.cache_clear()
    play._deck_specs.cache_clear()
    row = PlayedGame.objects.get(pk=view["id"])
    assert play.full_log(row) == before
    assert client.get(f"/api/games/{row.pk}/").json()["state"] == view["state"]
    fresh = start(client, "pad", decks["pad"], {"ai": "greedy"}, **body).json()
    for action in [a for seat, a in row.history if seat == 0]:
        if fresh["result"] is not None or action >= len(fresh["legal_actions"]):
            break
        fresh = act(client, fresh, fresh["legal_actions"][action]["id"]).json()
    new = play.full_log(PlayedGame.objects.get(pk=fresh["id"]))
    assert new["events"] != before["events"]


def test_a_whole_digimon_game_between_two_friends_to_its_end(decks, owner, other, gauntlet):
    """Two people, each from their own browser session: the friend joins, then each takes
    a legal action whenever the game says it is their turn, until the game ends; the other
    one is refused with `not_your_turn` at every step; the replay opens to both."""
    host, friend = Client(), Client()
    host.force_login(owner)
    friend.force_login(other)
    view = start(host, "digimon", decks["digimon"], {"invite": True}, seed=8).json()
    friend.post(
        f"/api/games/{view['id']}/join/",
        {"deck": {"deck": Deck.objects.get(name="Reference: Gabumon line").pk}},
        content_type="application/json",
    )
    seats = {0: host, 1: friend}
    for _step in range(600):
        view = host.get(f"/api/games/{view['id']}/").json()
        if view["result"] is not None:
            break
        mover, waiter = seats[view["turn"]], seats[1 - view["turn"]]
        mine = mover.get(f"/api/games/{view['id']}/").json()
        assert act(waiter, mine, mine["legal_actions"][0]["id"]).json()["code"] == "not_your_turn"
        act(mover, mine, mine["legal_actions"][-1]["id"])
    assert view["result"]["reason"] in ("won", "draw")
    row = PlayedGame.objects.get(pk=view["id"])
    assert {seat for seat, _action in row.history} == {0, 1}
    for person in (host, friend):
        assert person.get(f"/api/games/{view['id']}/replay/").status_code == 200
