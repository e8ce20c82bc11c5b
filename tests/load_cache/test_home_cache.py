"""The home page's body cached in Redis (issue 30): a new card counts at once, and the
tour's last link is a signed-in reader's own."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.conftest import create_card

pytestmark = pytest.mark.django_db


def pets(html: str) -> int:
    return int(re.search(r'data-kind="pet">(\d+)<', html)[1])


def test_a_new_card_counts_at_once():
    create_card("pet", number="B01-970")
    before = pets(Client().get("/").content.decode())
    create_card("pet", number="B01-971")
    assert pets(Client().get("/").content.decode()) == before + 1


def test_signed_in_readers_get_their_own_tour_link(owner):
    anonymous = Client().get("/").content.decode()
    assert "Create an account to build your own" in anonymous
    mine = Client()
    mine.force_login(owner)
    page = mine.get("/").content.decode()
    assert "Start your own deck" in page and "Create an account" not in page
    assert "Create an account to build your own" in Client().get("/").content.decode()
