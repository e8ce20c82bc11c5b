"""Queries nested deeper than the documented limit are refused, never a 500 (issue 11 item 4).

The parser and the compiler recurse once per "(" or "-": 311 "(" or 468 leading "-" used to
exhaust Python's stack (RecursionError). Past MAX_NESTING levels the answer is 400
`invalid_query` at the first character too deep, on the API and the search page alike.
"""

from __future__ import annotations

import pytest

from cards.search.syntax import MAX_NESTING

pytestmark = pytest.mark.django_db

DEEP = [("(" * 311, MAX_NESTING), ("-" * 468 + "dragon", MAX_NESTING), ("-(" * 20 + "a", 32)]


@pytest.mark.parametrize(("query", "position"), DEEP)
def test_the_api_refuses_nesting_past_the_limit_with_its_position(
    client, catalogue, query, position
):
    response = client.get("/api/cards/", {"q": query})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_query"
    assert body["position"] == position
    assert f"nest more than {MAX_NESTING} deep" in body["message"]


@pytest.mark.parametrize(("query", "position"), DEEP)
def test_the_search_page_refuses_nesting_past_the_limit(client, catalogue, query, position):
    response = client.get("/cards/", {"q": query})
    assert response.status_code == 400
    assert response.context["error"]["column"] == position + 1
    assert f"nest more than {MAX_NESTING} deep" in response.content.decode()


def test_nesting_up_to_the_limit_still_searches(client, catalogue):
    grouped = "(" * MAX_NESTING + "attr:fire" + ")" * MAX_NESTING
    excluded = "game:pad " + "-" * MAX_NESTING + "attr:fire"  # an even count: fire cards
    fire = client.get("/api/cards/", {"q": "attr:fire"}).json()["count"]
    assert fire > 0
    assert client.get("/api/cards/", {"q": grouped}).json()["count"] == fire
    assert client.get("/api/cards/", {"q": excluded}).json()["count"] == fire


def test_the_nesting_limit_is_documented_on_the_syntax_page(client):
    page = client.get("/cards/syntax/").content.decode()
    assert f"Parentheses and minus signs nest at most {MAX_NESTING} deep" in page
