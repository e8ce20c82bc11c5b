"""Issue 27's contracts: `POST /api/doctor/` queues a doctor job (kind `doctor`) whose
stages the workers play in chunks, and its report is the command line's for the same seed;
bad requests are refused with a code and change nothing."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from cards.models import Card
from decks.models import Deck
from engine.models import Job
from tests.clients import api

pytestmark = pytest.mark.django_db

SWAP_KEYS = {"cuts", "adds", "gain", "win_rate", "games"}


@pytest.fixture
def small_doctor(settings, eager):
    """A doctor small enough for a test: 1 game per opponent in the first round, 12 to
    confirm (the same for the job and the command, which read these settings)."""
    settings.DOCTOR_FIRST_GAMES = 1
    settings.DOCTOR_CONFIRM_GAMES = 12
    settings.JOB_CHUNK_GAMES = 40


def _body(**extra):
    light = Deck.objects.get(name="Reference: Light")
    water = Deck.objects.get(name="Reference: Water")
    holy = Card.objects.get(game="pad", name="Holy Dragon")  # 2 copies in the deck
    laphroaig = Card.objects.get(game="pad", name="Ancient Light Dragon, Laphroaig")
    return {
        "game": "pad",
        "deck": {"deck": light.pk},
        "opponent": {"deck": water.pk},
        "candidates": [holy.pk, laphroaig.pk],
        "max_swaps": 2,
        "seed": 3,
        **extra,
    }


def test_doctor_1_a_doctor_job_plays_its_stages_and_reports_the_contract(
    gauntlet, owner, small_doctor, django_capture_on_commit_callbacks
):
    client = api(owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/api/doctor/", _body(), format="json")
    assert response.status_code == 202, response.json()
    job = client.get(response["Location"]).json()
    assert job["kind"] == "doctor" and job["state"] == "done", job
    assert job["progress"]["done"] == job["progress"]["total"]
    report = job["report"]
    assert set(report) >= {
        "baseline", "swaps", "card_values", "screened", "pruned", "confirmed", "text"
    }  # fmt: skip
    assert report["baseline"]["games"] == 12  # DOCTOR_CONFIRM_GAMES against one opponent
    assert set(report["baseline"]["win_rate"]) == {"value", "low", "high"}
    light = Deck.objects.get(name="Reference: Light")
    distinct_cuts = light.entries.filter(zone="deck").count()
    # each deck card cut for either candidate, but Holy Dragon is not cut for itself
    assert report["screened"] == 2 * distinct_cuts - 1
    assert report["pruned"] == {}
    gains = [swap["gain"]["value"] for swap in report["swaps"]]
    assert gains == sorted(gains, reverse=True)  # best first
    for swap in report["swaps"]:
        assert set(swap) == SWAP_KEYS
        assert set(swap["gain"]) == {"value", "low", "high", "measurable"}
        assert swap["games"] == 12
        added = {card["name"] for card in swap["adds"]}
        assert added <= {"Holy Dragon", "Ancient Light Dragon, Laphroaig"}
    # a value per card cut, from the best confirmed swap cutting it
    assert len(report["card_values"]) == distinct_cuts
    for row in report["card_values"]:
        assert set(row) == {"card", "name", "zone", "value", "best_swap"}
    # the three rounds of the screening (stages 0, 1, 2), then the confirmation (3)
    assert Job.objects.get(pk=job["id"]).stage == 3


def test_doctor_1_the_job_and_the_command_give_the_same_report_for_the_same_seed(
    gauntlet, owner, small_doctor, django_capture_on_commit_callbacks
):
    body = _body()
    with django_capture_on_commit_callbacks(execute=True):
        response = api(owner).post("/api/doctor/", body, format="json")
    job = api(owner).get(response["Location"]).json()
    out = StringIO()
    call_command(
        "doctor", "--deck", body["deck"]["deck"], "--game", "pad",
        "--opponent-deck", body["opponent"]["deck"],
        "--candidates", ",".join(str(card) for card in body["candidates"]),
        "--max-swaps", "2", "--seed", "3", "--processes", "1", "--json", stdout=out,
    )  # fmt: skip
    assert json.loads(out.getvalue()) == job["report"]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"candidates": "everything"}, "invalid"),
        ({"max_swaps": 4}, "invalid"),
        ({"policy": "nobody"}, "unknown_policy"),
        ({"candidates": "owned"}, "no_swaps"),  # the owner's collection is empty
        ({"deck": {"list": "Deck:\n3 Fairlion"}}, "invalid_deck"),
    ],
)
def test_a_bad_doctor_request_is_refused_with_a_code_and_queues_nothing(
    gauntlet, owner, small_doctor, change, code
):
    response = api(owner).post("/api/doctor/", _body(**change), format="json")
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == code
    assert response.json()["message"]
    assert not Job.objects.exists()


def test_the_doctor_is_charged_to_the_goldfish_budget(gauntlet, small_doctor, settings):
    settings.GOLDFISH_BUDGET_ANON = 50  # fewer games than the smallest doctor plays
    response = api().post("/api/doctor/", _body(), format="json")
    assert response.status_code == 429
    assert response.json()["code"] == "throttled"
    assert not Job.objects.exists()
