"""Issue 29 item 9: an email address at sign-up (optional, and the form says what it is
for) and on an account page where a player adds, changes or removes it — so that
"forgot password" can work for them."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-pass-phrase-42"


def sign_up(client, username: str, email: str = ""):
    return client.post(
        "/accounts/signup/",
        {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD},
    )


def test_the_sign_up_form_asks_for_an_optional_email_and_says_why(client):
    page = client.get("/accounts/signup/").content.decode()
    assert 'name="email"' in page and "password" in page.lower()
    field = re.search(r'<input type="email" name="email"[^>]*>', page).group(0)
    assert "required" not in field
    assert "Only used to send you a link to choose a new password" in page


def test_an_account_made_with_an_email_can_reset_its_password_by_mail(client):
    assert sign_up(client, "ana", "ana@example.org").status_code == 302
    assert User.objects.get(username="ana").email == "ana@example.org"
    client.logout()
    client.post("/accounts/password_reset/", {"email": "ana@example.org"})
    assert [message.to for message in mail.outbox] == [["ana@example.org"]]


def test_an_account_without_an_email_is_made_too(client):
    assert sign_up(client, "bo").status_code == 302
    assert User.objects.get(username="bo").email == ""


def test_an_address_another_account_has_is_refused_and_nothing_is_made(client):
    User.objects.create_user("ana", email="ana@example.org", password=PASSWORD)
    response = sign_up(client, "copycat", "ANA@example.org")
    assert response.status_code == 200
    assert "Another account already uses this address." in response.content.decode()
    assert not User.objects.filter(username="copycat").exists()


def test_the_account_page_adds_changes_and_removes_the_address(client):
    user = User.objects.create_user("cy", password=PASSWORD)
    assert client.get("/accounts/account/")["Location"].startswith("/accounts/login/")
    client.force_login(user)
    page = client.get("/accounts/account/").content.decode()
    assert "Without an email address a forgotten password cannot be reset." in page
    assert 'href="/accounts/account/"' in page  # the header links to it
    client.post("/accounts/account/", {"email": "cy@example.org"})
    user.refresh_from_db()
    assert user.email == "cy@example.org"
    page = client.get("/accounts/account/").content.decode()
    assert 'value="cy@example.org"' in page and "can be reset by email" in page
    client.post("/accounts/account/", {"email": "cy@example.net"})
    user.refresh_from_db()
    assert user.email == "cy@example.net"
    client.post("/accounts/account/", {"email": ""})
    user.refresh_from_db()
    assert user.email == ""


def test_the_account_page_refuses_a_bad_or_taken_address_and_keeps_the_old_one(client):
    User.objects.create_user("ana", email="ana@example.org", password=PASSWORD)
    user = User.objects.create_user("cy", email="cy@example.org", password=PASSWORD)
    client.force_login(user)
    for bad in ("not an address", "Ana@Example.org"):
        response = client.post("/accounts/account/", {"email": bad})
        assert response.status_code == 200 and 'class="errorlist"' in response.content.decode()
        user.refresh_from_db()
        assert user.email == "cy@example.org"


def test_the_password_change_page_is_the_sites(client):
    user = User.objects.create_user("di", password=PASSWORD)
    client.force_login(user)
    page = client.get("/accounts/password_change/").content.decode()
    assert 'class="account-form"' in page and 'name="new_password1"' in page
    response = client.post(
        "/accounts/password_change/",
        {
            "old_password": PASSWORD,
            "new_password1": "another-pass-99",
            "new_password2": "another-pass-99",
        },
    )
    assert response["Location"] == "/accounts/password_change/done/"
    user.refresh_from_db()
    assert user.check_password("another-pass-99")
