"""Sign-up: one account per person-visible name, and a bounded number of accounts per
client address (issue 24, finding 7 and "one identity per person")."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]

PASSWORD = "a-sound-password-24"


def sign_up(client, username: str, address: str = "198.51.100.7", **headers):
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", data, REMOTE_ADDR=address, **headers)


@pytest.fixture
def signup_rate(settings):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "signup": "3/hour"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


@pytest.mark.parametrize("spelling", ["\uff56ictim", "\U0001d42fictim", "VICTIM", "Victim"])
def test_no_second_account_whose_folded_name_is_taken(client, spelling):
    """Issue 24, "one identity per person": `ｖictim` logs in as `victim`, so it must not
    become an account of its own."""
    User.objects.create_user("victim", password=PASSWORD)
    refused = sign_up(client, spelling)
    assert refused.status_code == 200
    assert "already exists" in refused.content.decode()
    assert list(User.objects.values_list("username", flat=True)) == ["victim"]


def test_sign_ups_past_the_rate_are_refused_per_address(client, signup_rate):
    """Issue 24, finding 7: 15 accounts in 5.6 s from one address."""
    made = [sign_up(client, f"player{n}").status_code for n in range(3)]
    assert made == [302, 302, 302]
    client.logout()
    refused = sign_up(client, "player3")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "Too many requests" in refused.content.decode()
    assert not User.objects.filter(username="player3").exists()
    # Another address still signs up.
    assert sign_up(client, "player4", address="198.51.100.8").status_code == 302


def test_a_script_past_the_sign_up_rate_gets_json(client, signup_rate):
    for n in range(3):
        sign_up(client, f"bot{n}")
    refused = sign_up(client, "bot3", HTTP_ACCEPT="application/json")
    assert refused.status_code == 429
    assert refused.json()["code"] == "throttled" and refused.json()["message"]


def test_signing_in_as_each_new_account_does_not_reset_the_count(client, signup_rate):
    """Each sign-up signs the new account in: counting per account would never refuse."""
    for n in range(3):
        assert sign_up(client, f"chain{n}").status_code == 302  # signed in as chain{n} now
    assert sign_up(client, "chain3").status_code == 429


def test_a_refused_form_does_not_use_up_the_rate(client, signup_rate):
    for _ in range(5):
        mismatch = client.post(
            "/accounts/signup/",
            {"username": "clumsy", "password1": PASSWORD, "password2": PASSWORD + "x"},
            REMOTE_ADDR="198.51.100.7",
        )
        assert mismatch.status_code == 200
    assert sign_up(client, "clumsy").status_code == 302


def test_the_sign_up_rate_defaults_to_five_an_hour():
    from cardsite import settings as site_settings

    assert site_settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["signup"] == "5/hour"
