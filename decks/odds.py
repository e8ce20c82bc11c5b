"""Exact draw odds from the hypergeometric distribution (math.comb, no numpy).

What counts as "seen": the opening hand and the normal draws, nothing else.

- PAD (PAD-3.2 – 3.4): 5 life cards and 3 orb cards are dealt from the deck besides the
  5-card hand. The life cards are face down and random, and removing unseen random cards
  does not change the odds of what is seen, so they are simply left out. The orb cards can
  be swapped with the hand during setup, but they are in play as orbs, not held; the odds
  here are of holding the card, so they are left out too (a slight underestimate of
  "seen by turn N"). One card is drawn per turn (PAD-4.2), from turn 1.
- Digimon (DGM-3.3): 6 cards in hand. Later rounds draw back up to 6 (DGM-4.1) after the
  round's plays, which depends on play; `draws_per_turn` (default 1) is the model.
"""

from __future__ import annotations

from math import comb

PAD_OPENING_HAND = 5  # PAD-3.3
DIGIMON_OPENING_HAND = 6  # DGM-3.3
OPENING_HANDS = {"pad": PAD_OPENING_HAND, "digimon": DIGIMON_OPENING_HAND}
AT_LEAST = (1, 2, 3)


def prob_at_least(k: int, copies: int, deck_size: int, drawn: int) -> float:
    """P(at least k of `copies` copies among `drawn` cards from a shuffled `deck_size` deck).

    Drawing more cards than the deck holds means drawing the whole deck.
    """
    if min(copies, deck_size, drawn) < 0 or copies > deck_size:
        raise ValueError("Need 0 ≤ copies ≤ deck_size and drawn ≥ 0.")
    drawn = min(drawn, deck_size)
    if k <= 0:
        return 1.0
    total = comb(deck_size, drawn)
    hits = sum(
        comb(copies, i) * comb(deck_size - copies, drawn - i)
        for i in range(k, min(copies, drawn) + 1)
    )
    return hits / total


def _at_least(copies: int, deck_size: int, drawn: int) -> list[float]:
    return [prob_at_least(k, copies, deck_size, drawn) for k in AT_LEAST]


def draw_odds(
    deck_size: int, copies: int, opening_hand: int, turns: int, draws_per_turn: int = 1
) -> dict:
    """{"opening": [P(≥1), P(≥2), P(≥3)],
    "by_turn": [{"turn": t, "seen": cards seen by then, "at_least": [P(≥1), P(≥2), P(≥3)]}]}

    Turn t has drawn `draws_per_turn` cards t times on top of the opening hand.
    """
    by_turn = []
    for turn in range(1, turns + 1):
        seen = min(opening_hand + turn * draws_per_turn, deck_size)
        by_turn.append({"turn": turn, "seen": seen, "at_least": _at_least(copies, deck_size, seen)})
    return {"opening": _at_least(copies, deck_size, opening_hand), "by_turn": by_turn}
