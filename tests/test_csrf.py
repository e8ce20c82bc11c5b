"""CSRF protection on every form: each POST form carries the token, and a POST without it
is refused before it changes anything."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from decks.models import Deck
from decks.services import deck_create

FORM = re.compile(r"<form\b[^>]*>.*?</form>", re.DOTALL | re.IGNORECASE)
POST = re.compile(r"""method=["']post["']""", re.IGNORECASE)
TOKEN = re.compile(r"{%\s*csrf_token\s*%}|{%\s*include\s+\"decks/_keep.html\"")


def post_forms():
    for path in sorted((Path(settings.BASE_DIR) / "templates").rglob("*.html")):
        for form in FORM.findall(path.read_text()):
            if POST.search(form.split(">", 1)[0]):
                yield path.name, form


def test_every_post_form_in_the_templates_carries_the_csrf_token():
    forms = list(post_forms())
    assert len(forms) >= 10
    missing = [name for name, form in forms if not TOKEN.search(form)]
    assert missing == []


@pytest.mark.django_db
def test_a_post_without_the_token_is_refused_and_changes_nothing():
    owner = User.objects.create_user("frank", password="right-password-4")
    deck = deck_create(owner=owner, game="pad", name="Keep me", entries=[])
    client = Client(enforce_csrf_checks=True)
    client.force_login(owner)
    for url, data in [
        (f"/decks/{deck.pk}/delete/", {}),
        (f"/decks/{deck.pk}/edit/settings/", {"name": "Hijacked", "revision": 1}),
        ("/decks/new/", {"game": "pad", "name": "Forged"}),
        (
            "/accounts/signup/",
            {"username": "x", "password1": "a-B-c-1234", "password2": "a-B-c-1234"},
        ),
    ]:
        assert client.post(url, data).status_code == 403, url
    assert list(Deck.objects.values_list("name", flat=True)) == ["Keep me"]
    assert User.objects.count() == 1
