"""The search pages and the builder's search are throttled like the API (issue 11 item 1).

Per client through the shared cache (cardsite.throttles): anonymous clients by address,
signed-in players by account with the larger "user" rate; past the rate, 429 with
Retry-After — an HTML page for people, JSON for the builder's search as you type.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache

from decks.models import Deck

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _rates(settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": "3/minute", "user": "5/minute"},
    }
    cache.clear()
    yield
    cache.clear()


def statuses(client, url: str, count: int, **extra) -> list[int]:
    return [client.get(url, {"q": "dragon"}, **extra).status_code for _ in range(count)]


def test_anonymous_searches_past_the_rate_get_a_429_page_with_retry_after(client, catalogue):
    assert statuses(client, "/cards/", 4, REMOTE_ADDR="198.51.100.7") == [200, 200, 200, 429]
    refused = client.get("/cards/", {"q": "dragon"}, REMOTE_ADDR="198.51.100.7")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert refused["Content-Type"].startswith("text/html")
    assert "Too many requests" in refused.content.decode()
    # Another address has its own allowance.
    assert statuses(client, "/cards/", 1, REMOTE_ADDR="198.51.100.8") == [200]


def test_signed_in_players_get_the_larger_user_rate(client, catalogue):
    client.force_login(User.objects.create_user("dana"))
    assert statuses(client, "/cards/", 6, REMOTE_ADDR="198.51.100.7") == [200] * 5 + [429]


def test_a_search_page_scope_in_the_settings_sets_its_own_rate(client, settings, catalogue):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            "anon": "3/minute",
            "user": "5/minute",
            "search_page": "1/minute",
        },
    }
    assert statuses(client, "/cards/", 2) == [200, 429]


def test_the_builder_search_as_you_type_is_throttled_with_a_json_answer(client, catalogue):
    owner = User.objects.create_user("builder")
    deck = Deck.objects.create(owner=owner, game="pad", name="Fast")
    client.force_login(owner)
    fetch = {"headers": {"X-Requested-With": "fetch"}}
    assert statuses(client, f"/decks/{deck.pk}/edit/", 6, **fetch) == [200] * 5 + [429]
    refused = client.get(f"/decks/{deck.pk}/edit/", {"q": "dragon"}, **fetch)
    assert refused.json()["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0
