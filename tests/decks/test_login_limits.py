"""Password guessing is slowed down on the web log-in and the API token endpoint."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

# Log-in limits and throttles count in the cache.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]


def test_web_login_refuses_after_repeated_failures(client, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    User.objects.create_user("alice", password="right-password-1")
    for _ in range(3):
        response = client.post("/accounts/login/", {"username": "alice", "password": "wrong"})
        assert response.status_code == 200
    blocked = client.post("/accounts/login/", {"username": "alice", "password": "right-password-1"})
    assert blocked.status_code == 429
    assert "Too many" in blocked.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_successful_login_resets_the_count(client, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    User.objects.create_user("bob", password="right-password-2")
    for _ in range(2):
        client.post("/accounts/login/", {"username": "bob", "password": "wrong"})
    ok = client.post("/accounts/login/", {"username": "bob", "password": "right-password-2"})
    assert ok.status_code == 302
    client.post("/accounts/logout/")
    for _ in range(2):
        assert (
            client.post("/accounts/login/", {"username": "bob", "password": "x"}).status_code == 200
        )


def test_the_token_endpoint_is_throttled(monkeypatch):
    from rest_framework.throttling import ScopedRateThrottle

    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"login": "2/minute"})
    client = APIClient()
    statuses = [
        client.post(
            "/api/auth/token/", {"username": "x", "password": "y"}, format="json"
        ).status_code
        for _ in range(3)
    ]
    assert statuses == [400, 400, 429]


def test_behind_a_proxy_failures_count_per_client_not_per_proxy(client, settings):
    settings.LOGIN_FAILURE_LIMIT = 2
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    User.objects.create_user("carol", password="right-password-3")

    def attempt(client_ip: str, password: str = "wrong"):
        return client.post(
            "/accounts/login/",
            {"username": "carol", "password": password},
            REMOTE_ADDR="10.0.0.1",  # the proxy
            HTTP_X_FORWARDED_FOR=f"203.0.113.9, {client_ip}",
        )

    for _ in range(2):
        assert attempt("198.51.100.1").status_code == 200
    assert attempt("198.51.100.1").status_code == 429
    # Another client behind the same proxy is not locked out by the first one's guesses.
    assert attempt("198.51.100.2", "right-password-3").status_code == 302


def test_the_admin_log_in_refuses_a_superuser_after_repeated_failures(client, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    User.objects.create_superuser("root", password="right-password-4")
    for _ in range(3):
        wrong = client.post("/admin/login/", {"username": "root", "password": "wrong"})
        assert wrong.status_code == 200
    blocked = client.post(
        "/admin/login/?next=/admin/", {"username": "root", "password": "right-password-4"}
    )
    assert blocked.status_code == 429
    assert blocked["Retry-After"] == str(settings.LOGIN_FAILURE_WINDOW)
    assert "_auth_user_id" not in client.session


def test_failures_on_the_admin_the_site_and_the_token_endpoint_share_one_limit(client, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    User.objects.create_superuser("dana", password="right-password-5")
    client.post("/admin/login/", {"username": "dana", "password": "wrong"})
    client.post("/accounts/login/", {"username": "dana", "password": "wrong"})
    api = APIClient()
    guess = api.post("/api/auth/token/", {"username": "dana", "password": "wrong"}, format="json")
    assert guess.status_code == 400
    # Three failures in all: each way in now refuses even the right password.
    token = api.post(
        "/api/auth/token/", {"username": "dana", "password": "right-password-5"}, format="json"
    )
    assert token.status_code == 429
    assert token.json()["code"] == "throttled"
    assert int(token["Retry-After"]) > 0
    site = client.post("/accounts/login/", {"username": "dana", "password": "right-password-5"})
    assert site.status_code == 429
    admin = client.post("/admin/login/", {"username": "dana", "password": "right-password-5"})
    assert admin.status_code == 429


def test_a_token_obtained_with_the_right_password_resets_the_count(settings):
    settings.LOGIN_FAILURE_LIMIT = 2
    User.objects.create_user("erin", password="right-password-6")
    api = APIClient()
    api.post("/api/auth/token/", {"username": "erin", "password": "wrong"}, format="json")
    ok = api.post(
        "/api/auth/token/", {"username": "erin", "password": "right-password-6"}, format="json"
    )
    assert ok.status_code == 200 and ok.json()["token"]
    again = api.post("/api/auth/token/", {"username": "erin", "password": "wrong"}, format="json")
    assert again.status_code == 400  # counting starts afresh: one failure, under the limit


def test_a_token_request_whose_body_is_not_an_object_is_a_400():
    response = APIClient().post("/api/auth/token/", [None, None], format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


# Issue 24, finding 2: the log-in folds the username (NFKC) before looking the account up,
# so `ｖictim` (U+FF56) and `𝐯ictim` (U+1D42F) are `victim` to it; the counter must agree.
FULLWIDTH, BOLD = "\uff56ictim", "\U0001d42fictim"


def test_a_look_alike_spelling_does_not_get_past_the_lock(client, settings):
    """Issue 24, finding 2: after `victim` is locked, `ｖictim` with the right password
    logged in."""
    settings.LOGIN_FAILURE_LIMIT = 3
    User.objects.create_user("victim", password="right-password-7")
    for _ in range(3):
        client.post("/accounts/login/", {"username": "victim", "password": "wrong"})
    for spelling in (FULLWIDTH, BOLD, " victim ", "VICTIM"):
        blocked = client.post(
            "/accounts/login/", {"username": spelling, "password": "right-password-7"}
        )
        assert blocked.status_code == 429, spelling
    assert "_auth_user_id" not in client.session


def test_guesses_alternating_look_alike_spellings_share_one_limit(client, settings):
    """Issue 24, finding 2: guesses alternating `ｖictim` / `𝐯ictim` were never limited."""
    settings.LOGIN_FAILURE_LIMIT = 4
    User.objects.create_user("victim", password="right-password-8")
    spellings = [FULLWIDTH, BOLD] * 3
    answers = [
        client.post("/accounts/login/", {"username": name, "password": "guess"}).status_code
        for name in spellings
    ]
    assert answers == [200] * 4 + [429] * 2
    right = {"username": "victim", "password": "right-password-8"}
    assert client.post("/accounts/login/", right).status_code == 429


def test_look_alike_spellings_share_the_limit_on_the_admin_and_the_token_endpoint(client, settings):
    """Issue 24, finding 2: "Same on /admin/login/" (and the API token endpoint)."""
    settings.LOGIN_FAILURE_LIMIT = 2
    User.objects.create_superuser("victim", password="right-password-9")
    assert client.post("/admin/login/", {"username": FULLWIDTH, "password": "x"}).status_code == 200
    api = APIClient()
    guess = api.post("/api/auth/token/", {"username": BOLD, "password": "x"}, format="json")
    assert guess.status_code == 400
    admin = client.post("/admin/login/", {"username": BOLD, "password": "right-password-9"})
    assert admin.status_code == 429
    token = api.post(
        "/api/auth/token/", {"username": "victim", "password": "right-password-9"}, format="json"
    )
    assert token.status_code == 429
    assert token.json()["code"] == "throttled"


def test_a_look_alike_spelling_that_logs_in_clears_the_count(client, settings):
    settings.LOGIN_FAILURE_LIMIT = 3
    User.objects.create_user("victim", password="right-password-10")
    for _ in range(2):
        client.post("/accounts/login/", {"username": "victim", "password": "wrong"})
    ok = client.post("/accounts/login/", {"username": FULLWIDTH, "password": "right-password-10"})
    assert ok.status_code == 302
    client.post("/accounts/logout/")
    for _ in range(2):
        wrong = client.post("/accounts/login/", {"username": "victim", "password": "wrong"})
        assert wrong.status_code == 200
