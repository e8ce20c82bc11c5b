"""Password reset: throttled per client, and mails go through the configured backend
(issue 11 item 11)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail

# Log-in limits and throttles count in the cache.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]


@pytest.fixture
def reset_rate(settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "password_reset": "2/hour"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


def test_a_reset_request_mails_the_link(client):
    User.objects.create_user("fay", email="fay@example.org", password="right-password-7")
    response = client.post("/accounts/password_reset/", {"email": "fay@example.org"})
    assert response.status_code == 302
    assert [m.to for m in mail.outbox] == [["fay@example.org"]]
    assert "/accounts/reset/" in mail.outbox[0].body


def test_reset_requests_past_the_rate_are_refused_and_send_nothing(client, reset_rate):
    User.objects.create_user("gus", email="gus@example.org", password="right-password-8")
    for _ in range(2):
        assert (
            client.post("/accounts/password_reset/", {"email": "gus@example.org"}).status_code
            == 302
        )
    refused = client.post("/accounts/password_reset/", {"email": "gus@example.org"})
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert len(mail.outbox) == 2


def test_opening_the_reset_form_does_not_use_up_the_rate(client, reset_rate):
    for _ in range(5):
        assert client.get("/accounts/password_reset/").status_code == 200
    assert client.post("/accounts/password_reset/", {"email": "x@example.org"}).status_code == 302
