"""PAD-5: combo counting and chaining, on constructed columns."""

from __future__ import annotations

from engine.pad.cards import COLOUR
from engine.pad.rules import combo_mask
from tests.engine.factories import LIL_RED, Scripted, build_game, orb

FIRE_A = orb("fire", "water")
FIRE_B = orb("fire", "wood")
FIRE_C = orb("fire", "light")
WATER_A = orb("water", "dark")
WATER_B = orb("water", "light")
OTHER = orb("dark", "heart")
SIX = [orb(*c) for c in (("fire", "water", "wood"), ("light", "dark", "heart"))]


def colours(mask: int) -> set[str]:
    return {name for name, bit in COLOUR.items() if mask >> bit & 1}


def test_pad_5_1_three_orbs_of_a_colour_in_a_column_make_a_combo_gaps_do_not_matter():
    game = build_game([LIL_RED], columns=([FIRE_A, OTHER, FIRE_B, WATER_A, FIRE_C], [], []))
    game.combo_step()
    assert colours(game.made_mask) == {"fire"} and game.combos == 1


def test_pad_5_1_orbs_in_different_columns_do_not_add_up():
    game = build_game([LIL_RED], columns=([FIRE_A, FIRE_B], [FIRE_C], [OTHER]))
    assert combo_mask(game.state.counts) == 0
    game.combo_step()
    assert game.combos == 0 and game.state.deck == []


def test_pad_5_2_a_colour_counts_once_however_many_columns_make_it():
    # the chain card (deck top) lands in column 2 and makes nothing new
    game = build_game(
        [LIL_RED],
        deck=[OTHER],
        columns=([FIRE_A, FIRE_B, FIRE_C], [FIRE_C, FIRE_B, FIRE_A], []),
        policy=Scripted([2]),
    )
    game.combo_step()
    assert game.combos == 1
    # PAD-5.2 (decision updated): both fire columns "made a combo" for the cleanup
    assert game.combo_columns == [True, True, False]


def test_pad_5_2_there_are_at_most_six_combos():
    game = build_game(
        [LIL_RED], deck=[OTHER] * 10, columns=(SIX * 3, [], []), policy=Scripted([1] * 10)
    )
    game.combo_step()
    assert game.combos == 6
    assert len(game.state.deck) == 10  # PAD-5.3: six combos made, nothing to chain


def test_pad_5_3_each_combo_puts_one_deck_card_and_new_combos_chain():
    # fire is ready; the chain card (WATER_B) completes water in column 1, whose chain
    # card (OTHER) makes nothing new: the chain stops after two cards.
    game = build_game(
        [LIL_RED],
        deck=[FIRE_A, OTHER, WATER_B],
        columns=([FIRE_A, FIRE_B, FIRE_C], [WATER_A, WATER_A], []),
        policy=Scripted([1, 2]),
    )
    game.combo_step()
    assert colours(game.made_mask) == {"fire", "water"} and game.combos == 2
    assert [c.name for c in game.state.deck] == [FIRE_A.name]
    assert game.combo_columns == [True, True, False]


def test_pad_5_3_the_chain_stops_at_six_combos():
    five = [orb(*c) for c in (("fire", "water", "wood"), ("light", "dark"))]
    # five colours ready; the first chain card completes heart (6): nothing more is put
    game = build_game(
        [LIL_RED],
        deck=[OTHER, OTHER, orb("heart", "fire")],
        columns=(five * 3, [OTHER, OTHER], []),
        policy=Scripted([1]),
    )
    game.combo_step()
    assert game.combos == 6
    assert len(game.state.deck) == 2


def test_pad_5_3_the_chain_stops_when_the_deck_and_discard_are_empty():
    game = build_game([LIL_RED], columns=([FIRE_A, FIRE_B, FIRE_C], [], []))
    game.combo_step()
    assert game.combos == 1 and sum(map(len, game.state.columns)) == 3


def test_pad_5_4_orbs_without_a_combo_carry_over_to_the_next_turn():
    game = build_game([LIL_RED], deck=[OTHER], columns=([FIRE_A, FIRE_B, FIRE_C], [WATER_A], []))
    game.policy = Scripted([2])
    game.combo_step()
    game.cleanup_phase()
    assert [len(column) for column in game.state.columns] == [1, 1, 1]
    assert game.state.columns[1][0].name == WATER_A.name
