"""API tokens (cardsite/token_auth.py, issue 30): a valid token reads as its user, and a
deleted token or a deactivated account is refused at the very next request."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from decks.services import deck_create

pytestmark = pytest.mark.django_db


def mine(key: str):
    return Client().get("/api/decks/", {"mine": 1}, HTTP_AUTHORIZATION=f"Token {key}")


def test_a_token_reads_as_its_user(owner, other):
    deck = deck_create(owner=owner, game="pad", name="Hidden", visibility="private", entries=[])
    token = Token.objects.create(user=owner)
    theirs = Token.objects.create(user=other)
    assert [d["id"] for d in mine(token.key).json()["results"]] == [deck.pk]
    assert mine(theirs.key).json()["results"] == []


def test_an_unknown_key_is_refused():
    response = mine("0" * 40)
    assert response.status_code == 401
    assert "Invalid token" in response.content.decode()


def test_a_deleted_token_is_refused_at_once(owner):
    token = Token.objects.create(user=owner)
    assert mine(token.key).status_code == 200
    token.delete()
    assert mine(token.key).status_code == 401


def test_a_deactivated_account_is_refused_at_once(owner):
    token = Token.objects.create(user=owner)
    assert mine(token.key).status_code == 200
    owner.is_active = False
    owner.save(update_fields=["is_active"])
    response = mine(token.key)
    assert response.status_code == 401
    assert "inactive" in response.content.decode()
