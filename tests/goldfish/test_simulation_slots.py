"""Issue 24, finding 7: at most SIMULATIONS_PER_ACCOUNT batches at once per signed-in
account and SIMULATIONS_PER_ADDRESS per address (engine/concurrency.py); past them the run
is refused with 429 `busy` before anything is played or charged."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.test import RequestFactory
from django.urls import reverse
from rest_framework.test import APIClient

from cardsite.limits_cache import limits
from engine import budget
from engine.concurrency import Busy, simulation_slot
from tests.decklists import pad_list

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache", "catalogue")]

HOME, ELSEWHERE = "10.0.0.1", "10.0.0.2"
BODY = {"game": "pad", "list": None, "games": 200}


@pytest.fixture(autouse=True)
def slots(settings):
    settings.SIMULATIONS_PER_ACCOUNT = 1
    settings.SIMULATIONS_PER_ADDRESS = 2
    settings.GOLDFISH_BUDGET_ANON = settings.GOLDFISH_BUDGET_USER = 100_000


@pytest.fixture
def player():
    return User.objects.create_user("slot-player", password="pw-slots-123")


def someone(address: str, user=None):
    """A request from `address`, by `user` (else anonymous), as simulation_slot reads it."""
    request = RequestFactory().get("/", REMOTE_ADDR=address)
    request.user = user or AnonymousUser()
    return request


def goldfish(address: str, user=None, games: int = 200):
    client = APIClient(REMOTE_ADDR=address)
    if user is not None:
        client.force_authenticate(user)
    body = {**BODY, "list": pad_list(), "games": games}
    return client.post("/api/goldfish/", body, format="json")


def spent(address: str) -> int:
    """Games charged to an anonymous address in the current budget window."""
    key = f"goldfish-budget:addr:{address}"
    return sum(limits.get(f"{key}:{n}", 0) for n in budget_windows())


def budget_windows():
    now = int(time.time() // budget.window())
    return (now - 1, now)


def test_a_third_run_from_one_address_is_busy_and_costs_nothing():
    with simulation_slot(someone(HOME)), simulation_slot(someone(HOME)):
        refused = goldfish(HOME)
        assert refused.status_code == 429
        assert refused.json()["code"] == "busy"
        assert refused["Retry-After"] == "5"
        assert spent(HOME) == 0
        assert goldfish(ELSEWHERE).status_code == 200  # another address has its own slots
    assert goldfish(HOME).status_code == 200  # both runs ended: slots free again
    assert spent(HOME) == 200


def test_one_run_at_a_time_per_account_from_any_address(player):
    with simulation_slot(someone(HOME, player)):
        refused = goldfish(ELSEWHERE, player)
        assert (refused.status_code, refused.json()["code"]) == (429, "busy")
        assert goldfish(ELSEWHERE).status_code == 200  # the address itself is not busy
    assert goldfish(ELSEWHERE, player).status_code == 200


def test_signed_in_accounts_share_their_address_slots(player):
    """A handful of free accounts behind one address cannot add up past its slots."""
    other = User.objects.create_user("slot-other", password="pw-slots-456")
    with simulation_slot(someone(HOME, player)), simulation_slot(someone(HOME, other)):
        third = User.objects.create_user("slot-third", password="pw-slots-789")
        assert goldfish(HOME, third).json()["code"] == "busy"


def test_one_logged_game_takes_no_slot():
    with simulation_slot(someone(HOME)), simulation_slot(someone(HOME)):
        sample = APIClient(REMOTE_ADDR=HOME).post(
            "/api/goldfish/sample/", {"game": "pad", "list": pad_list()}, format="json"
        )
        assert sample.status_code == 200


def test_a_refused_or_failed_run_gives_its_slot_back():
    for _ in range(3):  # three bad runs in a row: each one's slot came back
        response = APIClient(REMOTE_ADDR=HOME).post(
            "/api/goldfish/", {"game": "pad", "list": "3 No Such Card", "games": 50}, format="json"
        )
        assert response.status_code == 400
    with simulation_slot(someone(HOME)), simulation_slot(someone(HOME)):
        pass  # both slots were free


def test_slots_off_with_zero(settings):
    settings.SIMULATIONS_PER_ADDRESS = 0
    three = [simulation_slot(someone(HOME)) for _ in range(3)]
    with three[0], three[1], three[2]:
        assert goldfish(HOME).status_code == 200


def test_a_slot_whose_process_died_frees_itself(monkeypatch, settings):
    """A run killed mid-way never gives its slot back: the key expires a little after the
    run's time limit (SLOT_MARGIN), and the address may run again."""
    expired_at_once = -int(settings.GOLDFISH_API_TIME_LIMIT) - 1
    monkeypatch.setattr("engine.concurrency.SLOT_MARGIN", expired_at_once)
    held = [simulation_slot(someone(HOME)), simulation_slot(someone(HOME))]
    for slot in held:
        slot.__enter__()  # never left: as if its process had been killed
    assert goldfish(HOME).status_code == 200


def test_the_goldfish_page_says_busy_with_429(client):
    with simulation_slot(someone("127.0.0.1")), simulation_slot(someone("127.0.0.1")):
        params = {"game": "pad", "list": pad_list(), "run": "1", "games": 100}
        response = client.get(reverse("engine:list"), params)
    assert response.status_code == 429
    assert response["Retry-After"] == "5"
    assert "as many runs playing as one visitor may at once" in response.content.decode()


def test_busy_is_an_exception_with_its_code():
    three = [simulation_slot(someone(HOME)) for _ in range(3)]
    with pytest.raises(Busy) as refused, three[0], three[1], three[2]:
        pass
    assert refused.value.code == "busy"


def test_the_busy_page_is_translated(client):
    client.cookies["django_language"] = "zh-hant"
    with simulation_slot(someone("127.0.0.1")), simulation_slot(someone("127.0.0.1")):
        params = {"game": "pad", "list": pad_list(), "run": "1", "games": 100}
        response = client.get(reverse("engine:list"), params)
    assert "已達每位訪客的上限" in response.content.decode()
