"""Rule fixes of the line-by-line audit (issue 12), PAD: each test failed on the old code."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path

from engine.core.cards import CardSpec, spec_from_schema
from tests.engine.factories import LIL_RED, Scripted, build_game, orb

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "pad.json"

FIRE_A = orb("fire", "water")
FIRE_B = orb("fire", "wood")
FIRE_C = orb("fire", "light")
OTHER = orb("dark", "heart")


def names(cards) -> list[str]:
    return [card.name for card in cards]


@cache
def _catalogue() -> dict[str, dict]:
    return {c["number"]: c for c in json.loads(FIXTURES.read_text(encoding="utf-8"))}


def real(number: str, id: int, evolves_from: int | None = None) -> CardSpec:
    """A catalogue card of fixtures/pad.json, read through the card schema."""
    return spec_from_schema(_catalogue()[number], id=id, evolves_from=evolves_from)


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


# --- PAD-4.3: "evolve it for 1 less cost" evolves now ------------------------------------
# B01-061 Gigas → B01-062 Red Giant Gigas (fire, cost 1); B01-099 Heavy Metal Dragon →
# B01-100 Dragon Lord Zaerog (dark, cost 3); B01-104 Rubylit (fire) and B01-108 Amelit
# (dark): "Choose a <colour> monster from your hand and evolve it for 1 less cost."
GIGAS = real("B01-061", 61)
RED_GIANT = real("B01-062", 62, evolves_from=61)
HEAVY_METAL = real("B01-099", 99)
ZAEROG = real("B01-100", 100, evolves_from=99)
RUBYLIT = real("B01-104", 104)
AMELIT = real("B01-108", 108)
PAY_2 = ([OTHER, OTHER], [OTHER, OTHER], [OTHER])  # the orb area can pay 2 (PAD-4.3.1)


def test_pad_4_3_rubylit_evolves_the_fire_pet_at_once_for_1_less():
    game = build_game([GIGAS], hand=[RUBYLIT, RED_GIANT], columns=([OTHER], [OTHER], [OTHER]))
    game.play_skill(game.state.hand[0])
    assert game.state.pets[0].top.name == RED_GIANT.name  # cost 1 - 1: nothing paid
    assert game.state.hand == [] and names(game.state.discard) == [RUBYLIT.name]


def test_pad_4_3_the_reduction_is_not_a_discount_kept_for_the_rest_of_the_turn():
    # Zaerog costs 3: the first Amelit evolves it now for 2; the second has nothing left
    # to evolve and does not make a later evolution cheaper.
    game = build_game(
        [HEAVY_METAL], hand=[AMELIT, AMELIT, ZAEROG], columns=PAY_2, policy=Scripted()
    )
    game.play_skill(game.state.hand[0])
    assert game.state.pets[0].top.name == ZAEROG.name
    assert [len(column) for column in game.state.columns] == [1, 1, 1]  # paid 2
    game.play_skill(game.state.hand[0])
    assert game.state.pets[0].top.name == ZAEROG.name and game.state.hand == []
    assert names(game.state.discard) == [OTHER.name] * 2 + [AMELIT.name] * 2


def test_pad_4_3_two_reductions_do_not_stack_on_a_dual_attribute_pet():
    # Constructed: Zaerog with a fire sub-attribute (no catalogued pet with a cost has
    # one). Amelit then Rubylit used to make it cost 3 - 2 = 1; now Amelit evolves it at
    # once for 2, and Rubylit finds nothing to evolve.
    dual = replace(ZAEROG, sub_attribute="fire")
    game = build_game(
        [HEAVY_METAL, GIGAS], hand=[AMELIT, RUBYLIT, dual], columns=PAY_2, policy=Scripted()
    )
    game.play_skill(game.state.hand[0])
    assert game.state.pets[0].top.name == ZAEROG.name
    assert [len(column) for column in game.state.columns] == [1, 1, 1]  # paid 2, not 1
    game.play_skill(game.state.hand[0])  # Rubylit: no fire pet left in hand
    assert [stack.top.name for stack in game.state.pets] == [ZAEROG.name, GIGAS.name]


def test_pad_4_3_greedy_plays_the_reduction_skill_to_evolve_its_costliest_pet():
    game = build_game([HEAVY_METAL], hand=[AMELIT, ZAEROG], columns=PAY_2, policy=Scripted())
    game.main_phase()
    assert game.state.pets[0].top.name == ZAEROG.name
    assert names(game.state.discard) == [OTHER.name] * 2 + [AMELIT.name]
