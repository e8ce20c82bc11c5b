"""Property-based: whatever a user types, the query language answers or explains (issue 7)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.search import QuerySyntaxError, search_cards
from cards.search.syntax import MAX_QUERY_LENGTH, parse

QUERY_PIECES = st.sampled_from(
    [
        '"',
        "(",
        ")",
        "-",
        "!",
        "/",
        "OR",
        " ",
        ":",
        "=",
        "<",
        ">=",
        "!=",
        "cost",
        "attr",
        "name",
        "o",
        "fire",
        "火龍",
        "ティラ",
        "%",
        "_",
        "\\",
        "*",
        "+",
        "?",
        "[",
        "]",
        "{2}",
        "\x00",
        "é",
        "𝔘",
    ]
)
QUERIES = st.one_of(st.text(max_size=60), st.lists(QUERY_PIECES, max_size=25).map("".join))


@given(QUERIES)
@settings(max_examples=400, deadline=None, derandomize=True)
def test_the_parser_only_ever_raises_query_syntax_errors(query):
    try:
        parse(query)
    except QuerySyntaxError as error:
        assert 0 <= error.position <= max(len(query), MAX_QUERY_LENGTH)
        assert error.message


@pytest.mark.django_db
@given(QUERIES)
@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_any_query_runs_against_the_database_or_is_a_syntax_error(query):
    try:
        result = search_cards(query)
    except QuerySyntaxError:
        return
    list(result.cards[:5])
    assert all({"code", "message", "position"} <= set(w) for w in result.warnings)
