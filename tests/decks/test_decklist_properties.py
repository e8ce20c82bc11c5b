"""Property-based: any text pasted as a deck list gives entries or line errors (issue 7)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decks.decklist import parse_deck_list

LINES = st.lists(
    st.one_of(
        st.text(max_size=30),
        st.sampled_from(
            [
                "Team:",
                "Deck:",
                "隊伍:",
                "卡组:",
                "# note",
                "3 Red Dragon",
                "2x B01-002",
                "0 Tyrra",
                "-1 Tyrra",
                "999 Tyrra",
                "3x",
                "x3 y",
                "3 ",
                "１ ティラ",
            ]
        ),
    ),
    max_size=30,
)


@pytest.mark.django_db
@given(LINES, st.sampled_from(["pad", "digimon"]))
@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_any_list_parses_into_entries_or_errors_with_lines(lines, game):
    text = "\n".join(lines)
    parsed = parse_deck_list(text, game)
    line_count = max(1, len(text.splitlines()))  # the parser breaks lines as str.splitlines
    for error in parsed.errors:
        assert error.code and error.message
        assert error.line is None or 1 <= error.line <= line_count
    for entry in parsed.entries:
        assert entry.quantity >= 1
        assert entry.zone in ("deck", "team")
