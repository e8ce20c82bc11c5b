"""Every /regex/ of a query goes through one check, and SQLite runs RE2 (issue 11 item 1).

A pattern that cannot run the same way on both databases, or that RE2 cannot run in linear
time (back-references, look-arounds, \\Z …), is 400 `invalid_query` pointing at the regex,
whichever field it is given to; no pattern can make Python's backtracking `re` stall a worker.
"""

from __future__ import annotations

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db

API = "/api/cards/"


def api_error(client, q: str) -> dict:
    response = client.get(API, {"q": q})
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["code"] == "invalid_query"
    return body


@pytest.mark.parametrize("query", ["number:/(/", "species:/[/", "no:/a)/", "species=/[z-a]/"])
def test_number_and_species_regexes_that_cannot_be_read_are_400_pointing_at_the_regex(
    client, catalogue, query
):
    body = api_error(client, query)
    assert body["message"].startswith("Invalid regular expression")
    assert body["position"] == query.index("/")


@pytest.mark.parametrize("field", ["", "name:", "n:", "text:", "o:", "number:", "species:"])
@pytest.mark.parametrize(
    ("pattern", "reason"),
    [
        (r"(a)\1", "back-references"),  # RE2 cannot run back-references
        ("(?<=a)b", "(?…) groups"),  # nor look-arounds
        (r"dramon\Z", "invalid escape sequence"),  # Python's re reads \Z; RE2 does not
    ],
)
def test_a_pattern_re2_cannot_run_is_400_on_every_regex_field(
    client, catalogue, field, pattern, reason
):
    query = f"game:digimon {field}/{pattern}/"
    body = api_error(client, query)
    assert reason in body["message"]
    assert body["position"] == query.index("/")


def test_a_regex_on_a_field_that_takes_none_is_a_clear_400(client, catalogue):
    body = api_error(client, "game:pad attr:/fire/")
    assert body["message"] == "attr does not take a /regular expression/"
    assert body["position"] == len("game:pad attr:")


def test_the_search_page_points_at_a_bad_number_regex(client, catalogue):
    response = client.get("/cards/", {"q": "number:/(/"})
    assert response.status_code == 400
    assert response.context["error"]["column"] == len("number:") + 1
    assert "Invalid regular expression: missing )" in response.content.decode()


def test_sqlite_regexp_is_re2_so_alternation_inside_a_repeat_cannot_backtrack(client, catalogue):
    if connection.vendor == "sqlite":
        # \p{Greek} is RE2 syntax that Python's re refuses: REGEXP must be RE2's.
        with connection.cursor() as cursor:
            cursor.execute("SELECT %s REGEXP %s, %s REGEXP %s", ["αβγ", r"^\p{Greek}+$", "a", "b"])
            assert cursor.fetchone() == (1, 0)
    # The attack of the issue: exponential for a backtracking engine on any longer text.
    for q in [r"/(.|.)*\x01/", "/" + ".*" * 8 + r"\x01/"]:
        response = client.get(API, {"q": q})
        assert response.status_code == 200
        assert response.json()["count"] == 0


def test_regexes_still_find_cards_with_re2(client, catalogue):
    response = client.get(API, {"q": "species:/^dino/ number:/^st-\\d+$/"})
    assert response.status_code == 200
    assert response.json()["count"] > 0
    assert all(card["species"].lower().startswith("dino") for card in response.json()["results"])
    # Case-blind, and name!=/…/ excludes what name:/…/ finds.
    matching = client.get(API, {"q": "game:pad name:/^RED DRAGON$/"}).json()["count"]
    excluded = client.get(API, {"q": "game:pad name!=/^red dragon$/"}).json()["count"]
    everything = client.get(API, {"q": "game:pad"}).json()["count"]
    assert matching == 1 and matching + excluded == everything
