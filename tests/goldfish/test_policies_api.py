"""GET /api/policies/?game=…: the players every policy / opponent_policy accepts (issue
25's contract: [{name, label, description, budget}])."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _get(query: str, **headers):
    return Client().get(f"/api/policies/{query}", **headers)


@pytest.mark.parametrize(
    ("game", "names"),
    [("pad", {"random", "greedy", "store"}), ("digimon", {"random", "greedy", "rush"})],
)
def test_each_game_lists_its_players(game, names):
    response = _get(f"?game={game}")
    assert response.status_code == 200
    players = response.json()
    assert {p["name"] for p in players} >= names
    for player in players:
        assert set(player) == {"name", "label", "description", "budget"}
        assert player["label"] and player["description"]


def test_every_listed_player_is_accepted_by_a_goldfish_request(catalogue):
    """A name the list gives is a name the endpoints take (and one it does not, is not);
    a searching player's games count for hundreds of greedy ones, so a run of them may go
    to the job workers (202)."""
    from tests.decklists import pad_list

    for player in _get("?game=pad").json():
        response = Client().post(
            "/api/goldfish/",
            {"game": "pad", "list": pad_list(), "games": 2, "policy": player["name"]},
            content_type="application/json",
        )
        expected = {200} if player["budget"] is None else {200, 202}
        assert response.status_code in expected, (player["name"], response.json())
    response = Client().post(
        "/api/goldfish/",
        {"game": "pad", "list": pad_list(), "games": 2, "policy": "nobody"},
        content_type="application/json",
    )
    assert response.status_code == 400


def test_the_descriptions_follow_the_readers_language():
    english = {p["name"]: p for p in _get("?game=pad").json()}
    chinese = {p["name"]: p for p in _get("?game=pad", HTTP_ACCEPT_LANGUAGE="zh-hant").json()}
    assert chinese["random"]["description"] != english["random"]["description"]
    assert chinese["greedy"]["label"] != english["greedy"]["label"]


@pytest.mark.parametrize("query", ["", "?game=chess"])
def test_an_unknown_game_is_a_json_error(query):
    response = _get(query)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid" and "pad" in body["message"]
