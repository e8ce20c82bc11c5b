"""The query language parser: every operator and every error (no database needed)."""

from __future__ import annotations

import pytest

from cards.search.syntax import (
    MAX_QUERY_LENGTH,
    And,
    ExactName,
    Free,
    Not,
    Or,
    QuerySyntaxError,
    Regex,
    Term,
    parse,
)


def test_free_words_are_anded():
    assert parse("red dragon") == And((Free("red", 0), Free("dragon", 4)))


@pytest.mark.parametrize("op", [":", "=", "!=", "<", "<=", ">", ">="])
def test_every_comparison_operator(op):
    assert parse(f"cost{op}2") == Term("cost", op, "2", 0)


def test_field_names_are_case_insensitive():
    assert parse("ATTR:Fire") == Term("attr", ":", "Fire", 0)


def test_minus_negates_a_term_and_a_group():
    assert parse("-attr:fire") == Not(Term("attr", ":", "fire", 1), 0)
    assert parse("-(a OR b)") == Not(Or((Free("a", 2), Free("b", 7))), 0)


def test_or_binds_looser_than_and():
    assert parse("a b OR c") == Or((And((Free("a", 0), Free("b", 2))), Free("c", 7)))


def test_lowercase_or_is_also_or():
    assert parse("a or b") == Or((Free("a", 0), Free("b", 5)))


def test_parentheses_group():
    assert parse("(a OR b) c") == And((Or((Free("a", 1), Free("b", 6))), Free("c", 9)))


def test_quoted_phrase_and_escaped_quote():
    assert parse('"draw a card"') == Free("draw a card", 0, quoted=True)
    assert parse(r'"say \"hi\""') == Free('say "hi"', 0, quoted=True)


def test_field_with_a_quoted_value():
    assert parse('o:"draw a card"') == Term("o", ":", "draw a card", 0)


def test_exact_name():
    assert parse('!"Red Dragon"') == ExactName("Red Dragon", 0)
    assert parse("!ティラ") == ExactName("ティラ", 0)


def test_regex_alone_and_on_a_field():
    assert parse("/^red/") == Regex("^red", 0)
    assert parse("name:/ra$/") == Term("name", ":", "ra$", 0, regex=True)
    assert parse(r"/a\/b/") == Regex("a/b", 0)


def test_slash_inside_a_word_is_not_a_regex():
    assert parse("a/b") == Free("a/b", 0)


def test_empty_query_matches_everything():
    assert parse("") == And(())
    assert parse("   ") == And(())


def test_unicode_words():
    assert parse("火龍 ティラ") == And((Free("火龍", 0), Free("ティラ", 3)))


@pytest.mark.parametrize(
    ("query", "message", "position"),
    [
        ('"abc', "Unterminated quoted phrase", 0),
        ("x /abc", "Unterminated regular expression", 2),
        ("(a", "Missing ')'", 0),
        ("a)", "Unmatched ')'", 1),
        ("()", "Empty parentheses", 0),
        ("a OR", "OR needs a term on each side", 2),
        ("OR a", "OR needs a term on each side", 0),
        ("a OR OR b", "OR needs a term on each side", 2),
        ("a - b", "'-' must be followed by a term", 2),
        ("-", "'-' must be followed by a term", 0),
        ("!", "'!' must be followed by a card name", 0),
        ("cost>=", "'cost>=' needs a value", 6),
        ("a (b OR)", "OR needs a term on each side", 5),
    ],
)
def test_every_syntax_error_has_a_message_and_position(query, message, position):
    with pytest.raises(QuerySyntaxError) as raised:
        parse(query)
    assert message in raised.value.message
    assert raised.value.position == position


def test_overlong_queries_are_refused():
    with pytest.raises(QuerySyntaxError, match="longer than"):
        parse("a" * (MAX_QUERY_LENGTH + 1))
