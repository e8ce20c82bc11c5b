"""Monte Carlo opening hands against the exact hypergeometric odds (DGM-3.1 … DGM-3.3)."""

from __future__ import annotations

from math import comb, sqrt

from engine.core.api import run_batch
from tests.engine.digimon_factories import starter_deck

GAMES = 4000
REST = 29  # DGM-3.2: the 29 cards shuffled after the box's Level III; the hand is 6 of them
HAND = 6


def at_least_one(copies: int, seen: int = HAND, deck: int = REST) -> float:
    return 1 - comb(deck - copies, seen) / comb(deck, seen)


def tolerance(p: float) -> float:
    return 4 * sqrt(p * (1 - p) / GAMES)  # four standard errors


def test_opening_hands_match_the_hypergeometric_odds():
    report = run_batch(starter_deck(), games=GAMES, seed=2024, going_first=True, turn_cap=1)
    assert report["level_iii"] == "Agumon"
    # the other Level IIIs: Agumon ×2, Gabumon ×3, Kunemon ×2 (the gauge card is unseen)
    second = at_least_one(7)
    # what evolves from Agumon: Greymon ×3 (printed) and Garurumon ×3 (unknown: any III)
    usable = at_least_one(6)
    opening = report["opening"]
    assert abs(opening["second_level_iii"] - second) < tolerance(second)
    assert abs(opening["usable_evolution"] - usable) < tolerance(usable)
