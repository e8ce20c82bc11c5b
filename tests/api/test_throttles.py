"""Every API endpoint is throttled per client: anonymous by address, users by account."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

from cardsite.limits_cache import limits

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _rates(monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "3/minute"})
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "5/minute"})
    limits.clear()
    yield
    limits.clear()


def statuses(client: APIClient, count: int, **extra) -> list[int]:
    return [client.get("/api/cards/", **extra).status_code for _ in range(count)]


def test_anonymous_clients_are_throttled_by_address():
    client = APIClient()
    assert statuses(client, 4, REMOTE_ADDR="198.51.100.1") == [200, 200, 200, 429]
    refused = client.get("/api/cards/", REMOTE_ADDR="198.51.100.1")
    assert refused.json()["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0
    # Another address has its own allowance.
    assert statuses(client, 1, REMOTE_ADDR="198.51.100.2") == [200]


def test_signed_in_users_get_their_own_larger_allowance():
    client = APIClient()
    client.force_authenticate(User.objects.create_user("dana"))
    assert statuses(client, 6, REMOTE_ADDR="198.51.100.1") == [200] * 5 + [429]
    other = APIClient()
    other.force_authenticate(User.objects.create_user("eve"))
    assert statuses(other, 1, REMOTE_ADDR="198.51.100.1") == [200]


def test_behind_a_proxy_anonymous_clients_are_told_apart(settings, monkeypatch):
    from rest_framework.settings import api_settings

    monkeypatch.setattr(api_settings, "NUM_PROXIES", 1, raising=False)
    client = APIClient()
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    first = statuses(client, 4, HTTP_X_FORWARDED_FOR="198.51.100.1", **proxy)
    assert first == [200, 200, 200, 429]
    assert statuses(client, 1, HTTP_X_FORWARDED_FOR="198.51.100.2", **proxy) == [200]
