"""Exact hypergeometric draw odds against hand-computed values."""

from __future__ import annotations

from math import comb

import pytest

from decks.odds import DIGIMON_OPENING_HAND, PAD_OPENING_HAND, draw_odds, prob_at_least


def test_three_copies_in_forty_cards_five_drawn():
    expected = 1 - comb(37, 5) / comb(40, 5)
    assert prob_at_least(1, 3, 40, 5) == pytest.approx(expected, abs=1e-12)
    assert prob_at_least(1, 3, 40, 5) == pytest.approx(0.3376, abs=5e-5)


def test_four_copies_in_sixty_cards_seven_drawn():
    assert prob_at_least(1, 4, 60, 7) == pytest.approx(0.3995, abs=5e-5)


def test_at_least_two_and_three():
    # P(≥2 of 3 in 40, 5 drawn) = [C(3,2)·C(37,3) + C(3,3)·C(37,2)] / C(40,5)
    two = (comb(3, 2) * comb(37, 3) + comb(37, 2)) / comb(40, 5)
    assert prob_at_least(2, 3, 40, 5) == pytest.approx(two, abs=1e-12)
    assert prob_at_least(3, 3, 40, 5) == pytest.approx(comb(37, 2) / comb(40, 5), abs=1e-12)


def test_edges():
    assert prob_at_least(0, 3, 40, 5) == 1.0
    assert prob_at_least(4, 3, 40, 5) == 0.0
    assert prob_at_least(1, 0, 40, 5) == 0.0
    assert prob_at_least(3, 3, 40, 40) == 1.0
    assert prob_at_least(3, 3, 40, 100) == 1.0  # drawing past the end draws the whole deck
    with pytest.raises(ValueError):
        prob_at_least(1, 41, 40, 5)
    with pytest.raises(ValueError):
        prob_at_least(1, 3, 40, -1)


def test_exact_counts_sum_to_one():
    exactly = [prob_at_least(k, 4, 30, 6) - prob_at_least(k + 1, 4, 30, 6) for k in range(5)]
    assert sum(exactly) == pytest.approx(1.0, abs=1e-12)


def test_pad_3_3_opening_hand_and_one_draw_a_turn():
    odds = draw_odds(40, 3, PAD_OPENING_HAND, turns=3)
    assert odds["opening"][0] == pytest.approx(1 - comb(37, 5) / comb(40, 5))
    assert [turn["seen"] for turn in odds["by_turn"]] == [6, 7, 8]
    assert odds["by_turn"][0]["at_least"][0] == pytest.approx(1 - comb(37, 6) / comb(40, 6))
    first = [turn["at_least"][0] for turn in odds["by_turn"]]
    assert odds["opening"][0] < first[0] < first[1] < first[2]


def test_dgm_3_3_opening_hand_of_six():
    odds = draw_odds(30, 3, DIGIMON_OPENING_HAND, turns=2, draws_per_turn=2)
    assert odds["opening"][0] == pytest.approx(1 - comb(27, 6) / comb(30, 6))
    assert odds["opening"][0] == pytest.approx(0.5015, abs=5e-5)
    assert [turn["seen"] for turn in odds["by_turn"]] == [8, 10]
    assert [turn["turn"] for turn in odds["by_turn"]] == [1, 2]
