"""MATCH-1: win rates carry a 95 % Wilson interval; a comparison of two decks carries
Newcombe's interval for the difference. Expected bounds are the published ones:
R. G. Newcombe, Statistics in Medicine 17 (1998): "Two-sided confidence intervals for the
single proportion" (Table I, method 3) and "Interval estimation for the difference between
independent proportions" (Table II, method 10)."""

from __future__ import annotations

import pytest

from engine.core.intervals import (
    TOO_FEW_GAMES,
    difference,
    newcombe_difference,
    rate,
    rate_or_too_few,
    wilson,
)


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (29, 29, 0.8830, 1.0),
        (0, 1, 0.0, 0.7935),
    ],
)
def test_match_1_wilson_interval_matches_newcombes_published_bounds(successes, trials, low, high):
    found_low, found_high = wilson(successes, trials)
    assert (found_low, found_high) == (pytest.approx(low, abs=5e-5), pytest.approx(high, abs=5e-5))


@pytest.mark.parametrize(
    ("a", "b", "low", "high"),
    [
        ((56, 70), (48, 80), 0.0524, 0.3339),
        ((9, 10), (3, 10), 0.1705, 0.8090),
        ((6, 7), (2, 7), 0.0582, 0.8062),
        ((5, 56), (0, 29), -0.0381, 0.1926),
    ],
)
def test_match_1_difference_interval_matches_newcombes_method_10(a, b, low, high):
    value, found_low, found_high = newcombe_difference(*a, *b)
    assert value == pytest.approx(a[0] / a[1] - b[0] / b[1])
    assert (found_low, found_high) == (pytest.approx(low, abs=5e-5), pytest.approx(high, abs=5e-5))


def test_match_1_a_report_rate_is_value_low_high_rounded():
    assert rate(81, 263) == {"value": 0.308, "low": 0.2553, "high": 0.3662}
    assert rate(0, 0) is None


def test_match_1_a_card_seen_in_fewer_than_30_games_shows_too_few_games():
    assert rate_or_too_few(20, 29) == TOO_FEW_GAMES
    assert rate_or_too_few(15, 30)["value"] == 0.5


def test_match_1_an_interval_holding_zero_is_no_measurable_difference():
    assert difference(5, 56, 0, 29)["measurable"] is False
    assert difference(56, 70, 48, 80) == {
        "value": 0.2,
        "low": 0.0524,
        "high": 0.3339,
        "measurable": True,
    }


def test_match_1_an_interval_needs_trials_and_a_possible_count():
    with pytest.raises(ValueError):
        wilson(0, 0)
    with pytest.raises(ValueError):
        wilson(5, 4)
