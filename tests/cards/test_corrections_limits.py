"""Corrections refuse oversized input clearly (issue 24, low items).

- Form-encoded JSON nested 3,000 deep (`changes=[[[…`) in the corrections API and in a field
  of the correction page was a 500 RecursionError: now a 400 `parse_error` (the API's
  API_MAX_JSON_DEPTH limit for JSON bodies) and a form error on the page.
- 20,000 unknown keys in `changes` made a 4.5 MB error: now the first few are named, then
  how many more.
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client

from cards import corrections as c
from cards.models import Card
from tests.clients import api
from tests.conftest import create_card

pytestmark = pytest.mark.django_db

SCAN_LINK = "https://example.org/scans/B01-021.jpg"
DEEP = "[" * 3000


@pytest.fixture(autouse=True)
def _clean_throttles():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def tyrra():
    return create_card("pet")


@pytest.fixture
def player():
    return User.objects.create_user("player", password="pw-player-123")


@pytest.mark.parametrize("format_", ["multipart", None])
def test_api_form_changes_nested_3000_deep_are_a_parse_error(tyrra, player, format_):
    body = {"changes": DEEP, "source_url": SCAN_LINK}
    if format_:
        response = api(player).post(f"/api/cards/{tyrra.pk}/corrections/", body, format=format_)
    else:
        response = api(player).post(
            f"/api/cards/{tyrra.pk}/corrections/",
            f"changes={DEEP}&source_url={SCAN_LINK}",
            content_type="application/x-www-form-urlencoded",
        )

    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"
    assert "32 levels" in response.json()["message"]
    assert not c.CardCorrection.objects.exists()


def test_api_changes_as_a_json_string_nested_3000_deep_are_a_parse_error(tyrra, player):
    response = api(player).post(
        f"/api/cards/{tyrra.pk}/corrections/",
        {"changes": DEEP, "source_url": SCAN_LINK},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"


def test_api_form_changes_within_the_limit_still_work(tyrra, player):
    response = api(player).post(
        f"/api/cards/{tyrra.pk}/corrections/",
        {"changes": '{"defense": 300}', "source_url": SCAN_LINK},
        format="multipart",
    )

    assert response.status_code == 201
    assert response.json()["changes"] == {"defense": 300}


def test_page_field_nested_3000_deep_is_a_form_error(tyrra, player):
    client = Client()
    client.force_login(player)

    response = client.post(
        f"/cards/{tyrra.pk}/corrections/new/", {"field-types": DEEP, "source_url": SCAN_LINK}
    )

    assert response.status_code == 400
    assert "nested deeper than 32 levels" in response.content.decode()
    assert not c.CardCorrection.objects.exists()
    assert Card.objects.get(pk=tyrra.pk).pet_type == "dragon"


def test_twenty_thousand_unknown_keys_give_a_short_error(tyrra, player):
    changes = {f"u{n}": n for n in range(20_000)}

    response = api(player).post(
        f"/api/cards/{tyrra.pk}/corrections/",
        {"changes": changes, "source_url": SCAN_LINK},
        format="json",
    )

    assert response.status_code == 400
    assert len(response.content) < 10_000
    body = response.json()
    assert body["code"] == "invalid"
    assert "u0" in body["errors"]
    assert "u19999" not in body["errors"]
    assert body["errors"]["changes"] == [
        "… and 19990 more fields that are not fields of this card."
    ]
    assert not c.CardCorrection.objects.exists()


def test_a_few_unknown_keys_are_each_named(tyrra, player):
    response = api(player).post(
        f"/api/cards/{tyrra.pk}/corrections/",
        {"changes": {"colour": "red", "defense": 300}, "source_url": SCAN_LINK},
        format="json",
    )

    body = response.json()
    assert list(body["errors"]) == ["colour"]
    assert "defense" in body["errors"]["colour"][0]


def test_a_huge_unknown_key_is_not_echoed_whole(tyrra, player):
    response = api(player).post(
        f"/api/cards/{tyrra.pk}/corrections/",
        {"changes": {"x" * 200_000: 1}, "source_url": SCAN_LINK},
        format="json",
    )

    assert response.status_code == 400
    assert len(json.dumps(response.json())) < 10_000
