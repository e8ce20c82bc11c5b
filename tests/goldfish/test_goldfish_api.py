"""POST /api/goldfish/ and /api/goldfish/sample/ (issue 5): reports, logs, refusals."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from decks.services import deck_create, entries_from_text
from tests.decklists import pad_list

pytestmark = pytest.mark.django_db


def post(url: str, body: dict, user=None):
    client = APIClient()
    if user:
        client.force_authenticate(user)
    return client.post(url, body, format="json")


def test_a_report_for_a_legal_pad_list(catalogue):
    body = {"game": "pad", "list": pad_list(), "games": 200, "seed": 7}
    response = post("/api/goldfish/", body)
    assert response.status_code == 200, response.json()
    report = response.json()
    assert (report["game"], report["games"], report["seed"], report["policy"]) == (
        "pad",
        200,
        7,
        "greedy",
    )
    turns = report["turns_to_win"]
    assert set(turns) >= {"mean", "median", "p10", "p90", "histogram", "not_won"}
    assert set(report["combos_per_turn"]) >= {"mean", "histogram", "per_colour"}
    assert isinstance(report["not_simulated"], list)


def test_the_same_request_gives_the_same_report(catalogue):
    body = {"game": "pad", "list": pad_list(), "games": 100, "seed": 3}
    assert post("/api/goldfish/", body).json() == post("/api/goldfish/", body).json()


def test_an_illegal_deck_is_refused_with_the_validator_errors(catalogue):
    body = {"game": "pad", "list": "3 Red Dragon", "games": 10}
    response = post("/api/goldfish/", body)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_deck"
    assert "deck_size" in {e["code"] for e in response.json()["errors"]}


def test_allow_invalid_plays_it_anyway(catalogue):
    body = {"game": "pad", "list": pad_list(), "games": 20, "allow_invalid": True}
    body["list"] += "\n3 Red Dragon\n3 Blue Dragon\n3 Green Dragon\n3 White Dragon\n3 Black Dragon"
    body["list"] += "\n3 B01-003\n3 B01-007"
    assert post("/api/goldfish/", body).status_code == 200


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"games": 0}, "invalid"),
        ({"games": 100_001}, "invalid"),
        ({"policy": "random-nonsense"}, "unknown_policy"),
        ({"game": "mtg"}, "invalid"),
    ],
)
def test_bad_options_are_refused(catalogue, change, code):
    body = {"game": "pad", "list": pad_list(), "games": 10, **change}
    response = post("/api/goldfish/", body)
    assert response.status_code == 400
    assert response.json()["code"] == code


def test_a_saved_deck_can_be_played_by_id(catalogue):
    owner = User.objects.create_user("owner")
    deck = deck_create(
        owner=owner,
        game="pad",
        name="Fire",
        visibility="unlisted",
        entries=entries_from_text("pad", pad_list()),
    )
    response = post("/api/goldfish/", {"game": "pad", "deck": deck.pk, "games": 20})
    assert response.status_code == 200
    assert response.json()["games"] == 20


def test_a_private_deck_of_someone_else_is_not_found(catalogue):
    owner = User.objects.create_user("owner")
    deck = deck_create(
        owner=owner,
        game="pad",
        name="Fire",
        visibility="private",
        entries=entries_from_text("pad", pad_list()),
    )
    response = post("/api/goldfish/", {"game": "pad", "deck": deck.pk, "games": 20})
    assert response.status_code == 404


def test_a_sample_game_log_has_events_and_snapshots(catalogue):
    response = post("/api/goldfish/sample/", {"game": "pad", "list": pad_list(), "seed": 5})
    assert response.status_code == 200
    log = response.json()
    assert log["events"] and log["snapshots"]
    snapshot = log["snapshots"][0]
    assert {"turn", "phase"} <= set(snapshot)


def test_requests_are_throttled(catalogue, monkeypatch):
    from django.core.cache import cache
    from rest_framework.throttling import ScopedRateThrottle

    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"goldfish": "2/minute"})
    cache.clear()
    try:
        body = {"game": "pad", "list": "3 Red Dragon", "games": 1}
        statuses = [post("/api/goldfish/", body).status_code for _ in range(3)]
        assert statuses == [400, 400, 429]
        assert post("/api/goldfish/", body).json()["code"] == "throttled"
    finally:
        cache.clear()


def test_a_digimon_deck_plays_the_dummy_or_a_named_opponent_dgm_5(catalogue):
    from tests.decklists import digimon_list

    body = {"game": "digimon", "list": digimon_list(), "games": 100, "seed": 4}
    dummy = post("/api/goldfish/", body)
    assert dummy.status_code == 200, dummy.json()
    assert dummy.json()["game"] == "digimon"
    named = post("/api/goldfish/", {**body, "opponent": "St-78"})  # a perfect Andromon
    assert named.status_code == 200, named.json()
    assert named.json()["turns_to_win"] != dummy.json()["turns_to_win"]


def test_an_unknown_opponent_or_one_for_pad_is_refused(catalogue):
    from tests.decklists import digimon_list

    body = {"game": "digimon", "list": digimon_list(), "games": 10, "opponent": "Nobody"}
    assert post("/api/goldfish/", body).json()["code"] == "unknown_opponent"
    pad = {"game": "pad", "list": pad_list(), "games": 10, "opponent": "St-78"}
    assert post("/api/goldfish/", pad).status_code == 400


@pytest.mark.parametrize("url", ["/api/goldfish/", "/api/goldfish/sample/"])
def test_a_card_id_too_large_for_the_database_is_invalid(catalogue, url):
    # Found by fuzzing: a 500 (SQLite OverflowError) before card ids had a maximum.
    body = {"game": "pad", "entries": [{"card": 2**64, "quantity": 1}], "allow_invalid": True}
    response = post(url, body)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_goldfish_errors_are_documented():
    client = APIClient()
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    report = schema["paths"]["/api/goldfish/"]["post"]["responses"]
    assert {"200", "400", "404", "413", "429", "503"} <= set(report)
    assert report["503"]["content"]["application/json"]["schema"]["$ref"].endswith("/Error")
    assert {"400", "404"} <= set(schema["paths"]["/api/goldfish/sample/"]["post"]["responses"])
