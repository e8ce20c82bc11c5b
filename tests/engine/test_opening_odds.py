"""Monte Carlo opening hands against the exact hypergeometric odds (PAD-3.3)."""

from __future__ import annotations

from math import comb, sqrt

from engine.core.api import run_batch
from tests.engine.factories import starter_deck

GAMES = 4000
# next evolutions in the 40-card starter deck of real cards: Red Dragon ×3 on Lil' Red,
# Blue Dragon ×3 on Lil' Blue, Green Dragon ×3 on Lil' Green, Gigas ×2 on Titan (B01-061
# evolves from B01-060), Plesiel ×2 on Plessie (B01-026 on B01-025)
COPIES = {
    "Lil' Red Dragon": 3,
    "Lil' Blue Dragon": 3,
    "Lil' Green Dragon": 3,
    "Titan": 2,
    "Plessie": 2,
}


def at_least_one(copies: int, seen: int, deck: int = 40) -> float:
    return 1 - comb(deck - copies, seen) / comb(deck, seen)


def tolerance(p: float) -> float:
    return 4 * sqrt(p * (1 - p) / GAMES)  # four standard errors


def test_opening_hands_hold_each_next_evolution_as_often_as_the_hypergeometric_says():
    report = run_batch(starter_deck(), games=GAMES, seed=2024, going_first=True, turn_cap=1)
    openings = report["opening_next_evolution"]
    for name, copies in COPIES.items():
        dealt = at_least_one(copies, 5)  # the 5-card hand (life cards are unseen)
        assert abs(openings[name]["dealt"] - dealt) < tolerance(dealt), name
        # the setup exchange can add the 3 orb cards: never worse, at most 8 cards seen
        seen = at_least_one(copies, 8)
        assert openings[name]["dealt"] <= openings[name]["kept"] < seen + tolerance(seen)
