"""Rule fixes of the line-by-line audit (issue 12), PAD: each test failed on the old code."""

from __future__ import annotations

from tests.engine.factories import LIL_RED, Scripted, build_game, orb

FIRE_A = orb("fire", "water")
FIRE_B = orb("fire", "wood")
FIRE_C = orb("fire", "light")
OTHER = orb("dark", "heart")


def names(cards) -> list[str]:
    return [card.name for card in cards]


# --- PAD-5.2 (decision updated): every column of a counted colour is cleaned -----------


def test_pad_5_2_a_second_column_of_the_same_colour_is_cleaned_and_not_combo_again():
    game = build_game(
        [LIL_RED],
        deck=[OTHER, OTHER],
        columns=([FIRE_A, FIRE_B, FIRE_C], [FIRE_C, FIRE_B, FIRE_A], [OTHER]),
        policy=Scripted([2, 2]),
    )
    game.combo_step()
    assert game.combos == 1
    game.cleanup_phase()
    # PAD-4.6: both fire columns keep only their top (last placed) card
    assert [names(column) for column in game.state.columns] == [
        [FIRE_C.name],
        [FIRE_A.name],
        [OTHER.name, OTHER.name],
    ]
    # next turn, the second column has no free fire combo left
    game.turn += 1
    game.made_mask = game.combos = 0
    game.combo_step()
    assert game.combos == 0


def test_pad_5_2_a_chain_card_completing_a_colour_already_counted_cleans_its_column():
    # fire is counted in column 0; the chain card completes fire in column 1 too
    game = build_game(
        [LIL_RED],
        deck=[FIRE_B],
        columns=([FIRE_A, FIRE_B, FIRE_C], [FIRE_A, FIRE_C], [OTHER]),
        policy=Scripted([1]),
    )
    game.combo_step()
    assert game.combos == 1 and game.combo_columns == [True, True, False]
    game.cleanup_phase()
    assert [names(column) for column in game.state.columns] == [
        [FIRE_C.name],
        [FIRE_B.name],
        [OTHER.name],
    ]
