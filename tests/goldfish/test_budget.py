"""Issue 11 item 3: goldfish work is budgeted per client in games per minute, shared by the
goldfish page and the API; past the budget the answer is 429 with Retry-After."""

from __future__ import annotations

import itertools

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.urls import reverse
from rest_framework.test import APIClient

from decks.services import deck_create, entries_from_text
from engine import budget
from tests.decklists import pad_list

pytestmark = pytest.mark.django_db

ANON, USER = 300, 1000


@pytest.fixture(autouse=True)
def small_budgets(settings):
    settings.GOLDFISH_BUDGET_ANON = ANON
    settings.GOLDFISH_BUDGET_USER = USER
    settings.GOLDFISH_BUDGET_WINDOW = 60
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def player():
    return User.objects.create_user("budget-player", password="pw-budget-123")


@pytest.fixture
def deck(catalogue, player):
    return deck_create(
        owner=player,
        game="pad",
        name="Fire",
        visibility="public",
        entries=entries_from_text("pad", pad_list()),
    )


def api(games: int, user=None, client=None):
    client = client or APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client.post("/api/goldfish/", {"game": "pad", "list": pad_list(), "games": games})


SEEDS = itertools.count(1)


def goldfish_page(client, deck, games: int):
    """A run with a new seed: a report already cached would cost only the sample game."""
    url = reverse("engine:deck", args=[deck.pk])
    return client.get(url, {"run": "1", "games": games, "seed": next(SEEDS)})


def test_an_anonymous_api_client_past_its_budget_gets_429_with_retry_after(catalogue):
    assert api(200).status_code == 200
    refused = api(200)
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"
    assert "budget" in refused.json()["message"]
    assert 1 <= int(refused["Retry-After"]) <= 2 * 60  # the sliding window: at most two


def test_an_anonymous_goldfish_page_past_its_budget_gets_a_429_page(client, deck):
    assert goldfish_page(client, deck, 200).status_code == 200
    refused = goldfish_page(client, deck, 200)
    assert refused.status_code == 429
    assert refused["Content-Type"].startswith("text/html")
    assert 1 <= int(refused["Retry-After"]) <= 2 * 60  # the sliding window: at most two
    assert "goldfish budget" in refused.content.decode()


def test_a_signed_in_player_has_a_larger_budget(catalogue, player):
    assert api(250).status_code == 200
    assert api(250).status_code == 429  # anonymous: 300
    assert [api(250, player).status_code for _ in range(4)] == [200] * 4  # signed in: 1000
    assert api(250, player).status_code == 429


def test_a_cached_page_report_costs_only_its_sample_game(client, deck):
    url = reverse("engine:deck", args=[deck.pk])
    params = {"run": "1", "games": 250, "seed": 5}
    assert [client.get(url, params).status_code for _ in range(10)] == [200] * 10


def test_the_page_and_the_api_share_one_budget(client, deck):
    assert goldfish_page(client, deck, 200).status_code == 200
    assert api(200).status_code == 429


def test_a_batch_bigger_than_the_remaining_budget_is_refused_without_running(
    catalogue, monkeypatch
):
    assert api(200).status_code == 200
    played = []
    monkeypatch.setattr("engine.api_views.goldfish_report", lambda *a, **k: played.append(a))
    assert api(150).status_code == 429
    assert played == []
    monkeypatch.undo()
    assert api(100).status_code == 200  # the refusal spent nothing


def test_a_batch_bigger_than_the_whole_budget_is_refused_and_says_so(catalogue):
    refused = api(ANON + 1)
    assert refused.status_code == 429
    assert "ask for fewer games" in refused.json()["message"]


def test_a_refused_deck_costs_nothing(catalogue):
    bad = APIClient().post("/api/goldfish/", {"game": "pad", "list": "3 Red Dragon", "games": 250})
    assert bad.json()["code"] == "invalid_deck"
    assert api(250).status_code == 200


def test_sample_games_are_charged_to_the_same_budget(catalogue):
    assert api(ANON).status_code == 200
    body = {"game": "pad", "list": pad_list(), "seed": 1}
    refused = APIClient().post("/api/goldfish/sample/", body)
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled"


def test_the_budget_comes_back_as_the_window_slides(catalogue, monkeypatch):
    now = [1_000_020.0]  # 20 s into a window
    monkeypatch.setattr(budget.time, "time", lambda: now[0])
    assert api(ANON).status_code == 200
    refused = api(100)
    assert refused.status_code == 429
    now[0] += int(refused["Retry-After"])
    assert api(100).status_code == 200
    now[0] += 120
    assert api(ANON).status_code == 200


def test_a_budget_of_none_turns_it_off(catalogue, settings):
    settings.GOLDFISH_BUDGET_ANON = None
    assert [api(ANON).status_code for _ in range(3)] == [200] * 3


def test_a_run_past_the_time_limit_answers_503_time_limit_on_the_api_and_the_page(
    client, deck, settings
):
    settings.GOLDFISH_API_TIME_LIMIT = 0
    refused = api(100)
    assert (refused.status_code, refused.json()["code"]) == (503, "time_limit")
    page = goldfish_page(client, deck, 100)
    assert page.status_code == 503
    assert "took longer than" in page.content.decode()
