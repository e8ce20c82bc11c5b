"""The greedy policy remembers battle values per card and rival (issue 12, speed): a
remembered value must still be the one DGM-4.4 and DGM-4.5 give for *that* rival, since
in a matchup the same Digimon meets a different opponent Digimon every few rounds.

Synthetic cards (no real card has these round numbers); expected values by hand.
"""

from __future__ import annotations

from engine.digimon.cards import DigimonCard
from engine.digimon.policies import LOSS_RANK, WIN_RANK, battle_value
from tests.engine.digimon_factories import digimon

# Letter A, attacks A 300 / B 200 / C 100; loses 25 to a Level III (DGM-4.5).
SYNTHETIC_IV = digimon(
    9101, "Synthetic Cache Four", "IV", "A", (300, 200, 100), guard=None, lost=(25, 35, 45, 55)
)
# Letter A, 100 on every attack; loses 15 to a Level IV.
WEAK_III = digimon(
    9102, "Synthetic Weak Three", "III", "A", (100, 100, 100), guard=None, lost=(10, 15, 20, 30)
)
# Letter B, 500 on every attack.
STRONG_III = digimon(
    9103, "Synthetic Strong Three", "III", "B", (500, 500, 500), guard=None, lost=(10, 15, 20, 30)
)


def test_dgm_4_4_a_remembered_battle_value_follows_the_rival_met_now():
    card, weak, strong = DigimonCard(SYNTHETIC_IV), DigimonCard(WEAK_III), DigimonCard(STRONG_III)
    # Against the weak Level III (letter A): A 300 against its A 100, a win; it loses its
    # table's Level IV entry, 15.
    assert battle_value(card, weak) == (WIN_RANK, 15)
    # Then the strong one (letter B): B 200 against its A 500, a loss of the card's own
    # Level III entry, 25 — not the win remembered against the weak one.
    assert battle_value(card, strong) == (LOSS_RANK, -25)
    # Asked again, each rival still gets its own answer.
    assert battle_value(card, weak) == (WIN_RANK, 15)
    assert battle_value(card, strong) == (LOSS_RANK, -25)
