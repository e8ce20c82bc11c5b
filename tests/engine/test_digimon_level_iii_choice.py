"""DGM-3.1 and DGM-4.4: in a matchup, greedy picks its Level III by the attack it will
use against the letters of the opposing deck list, guards included, not by its mean
attack (issue 25's audit: Agumon, mean 250, was chosen over Gotsumon, mean 233, against a
deck of battle letter B where Agumon's B is 230 and Gotsumon's 260)."""

from __future__ import annotations

from random import Random

from engine.core.cards import DeckSpec
from engine.digimon.match import DigimonMatch
from tests.engine.digimon_factories import real

AGUMON = real("St-1")  # letter A; attacks 360 / 230 / 160 (C guards A)
GOTSUMON = real("St-62")  # letter B; attacks 320 / 260 / 120
GABUMON = real("St-5")  # letter B
PATAMON = real("St-13")  # letter B
KOKUWAMON = real("St-65")  # letter B
OPTIONS = [real(f"St-{number}") for number in range(52, 60)]  # 8 programs, no effect on setup


def _deck(*digimon) -> DeckSpec:
    cards = [card for card in digimon for _ in range(3)]
    cards += [card for card in OPTIONS for _ in range(3)][: 30 - len(cards)]
    assert len(cards) == 30
    return DeckSpec(game="digimon", deck=tuple(cards))


def _level_iii(deck, opponent) -> str:
    match = DigimonMatch(deck, opponent, policy="greedy", opponent_policy="greedy", turn_cap=60)
    game = match.start(Random(0), True, None)
    game.setup()
    return game.sides[0].box[0].name


def test_dgm_3_1_greedy_picks_the_level_iii_that_beats_the_opponents_letters():
    opponent = _deck(GABUMON, PATAMON, KOKUWAMON)  # every Digimon shows letter B
    assert _level_iii(_deck(AGUMON, GOTSUMON), opponent) == GOTSUMON.name


def test_dgm_3_1_against_letter_a_the_same_deck_picks_the_other_level_iii():
    opponent = _deck(AGUMON, real("St-9"), real("St-3"))  # Agumon, Palmon, Piyomon: letter A
    # Against A: Agumon's A is 360 and Gotsumon's 320; neither is guarded (their A
    # attacks guard nothing)
    assert _level_iii(_deck(AGUMON, GOTSUMON), opponent) == AGUMON.name
