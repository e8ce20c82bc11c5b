"""Deeply nested JSON bodies are refused with 400 parse_error, never a 500 (issue 11 item 4)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from cardsite.parsers import json_depth_exceeds

pytestmark = pytest.mark.django_db


def post_raw(body: str):
    return APIClient().post("/api/decks/validate/", body, content_type="application/json")


def test_fifty_thousand_open_brackets_are_a_parse_error_not_a_crash():
    response = post_raw("[" * 50_000)
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"
    assert "32 levels" in response.json()["message"]


def test_nesting_just_past_the_limit_is_refused_and_at_the_limit_is_parsed(settings):
    settings.API_MAX_JSON_DEPTH = 4
    too_deep = post_raw('{"game": "pad", "list": [[[["x"]]]]}')
    assert too_deep.status_code == 400
    assert too_deep.json()["code"] == "parse_error"
    at_limit = post_raw('{"game": "pad", "list": [[["x"]]]}')
    # Parsed: the validator then says what is wrong with the list itself.
    assert at_limit.json()["code"] != "parse_error"


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert not json_depth_exceeds(b'{"list": "' + b"[" * 100 + b'"}', 3)
    assert not json_depth_exceeds(rb'["a\"[[[[[", ["b"]]', 2)
    assert json_depth_exceeds(rb'["a\"]]]]]", [["b"]]]', 2)


def test_a_legal_deck_list_still_validates():
    response = APIClient().post(
        "/api/decks/validate/", {"game": "pad", "list": "1 Tyrra\n"}, format="json"
    )
    assert response.status_code == 200
