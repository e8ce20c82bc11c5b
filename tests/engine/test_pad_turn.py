"""PAD-4: the six phases of a turn, on constructed states."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.pad.cards import COLOUR
from engine.pad.engine import PadDeck
from engine.pad.policies import GreedyPolicy
from engine.pad.rules import PHASES, PUZZLE_STEPS, PadGame, can_block
from tests.engine.factories import (
    GIGAS,
    LIL_BLUE,
    LIL_GREEN,
    LIL_RED,
    METEOR,
    MYTHLIT,
    RED,
    RED_GIANT,
    VOLCANO,
    build_game,
    orb,
    pet,
    real,
    starter_deck,
)

FW = orb("fire", "water")
WL = orb("wood", "light")
HEART = orb("heart", "dark")
HEARTS = [HEART, orb("heart", "wood"), orb("heart", "light")]  # only heart reaches 3
DL = orb("dark", "light")
TWIN = pet(70, "Twin Knight", "fire", ("light", "dark"), sub_attribute="water")
IRON_WALL = real("B03-090")  # Iron Wall Stance: wood, cost 1, on damage untap 2 pets


def test_pad_4_phases_and_puzzle_steps_run_in_order():
    prepared = PadDeck(starter_deck(), policy="greedy", turn_cap=30, options=None)
    log = prepared.play(11, going_first=True, log=True).log
    phases = [s["phase"] for s in log["snapshots"]]
    assert phases[0] == "setup"
    turns = log["result"]["turns"]
    expected = list(PHASES) * turns
    assert phases[1:] == expected[:-1]  # the winning turn ends in the attack phase
    for turn in range(1, turns + 1):
        steps = [e["step"] for e in log["events"] if e["turn"] == turn and e["phase"] == "puzzle"]
        order = [PUZZLE_STEPS.index(s) for s in steps]
        assert order == sorted(order)


def test_pad_4_1_reset_untaps_one_tapped_pet():
    game = build_game([LIL_RED, LIL_BLUE, TWIN])
    for stack in game.state.pets[:2]:
        stack.tapped = True
    game.reset_phase()
    assert [stack.tapped for stack in game.state.pets] == [False, True, False]


def test_pad_4_2_draw_phase_draws_the_top_card():
    game = build_game([LIL_RED], deck=[FW, WL])
    game.draw_phase()
    assert [c.name for c in game.state.hand] == [WL.name]
    assert len(game.state.deck) == 1


def test_pad_4_3_evolution_goes_on_top_is_active_and_runs_its_effect():
    game = build_game([LIL_RED], deck=[FW], hand=[RED])
    game.state.pets[0].tapped = True
    game.evolve(0, game.state.hand[0])
    stack = game.state.pets[0]
    assert [c.name for c in stack.cards] == [LIL_RED.name, RED.name]
    assert stack.top.name == RED.name and not stack.tapped
    assert [c.name for c in game.state.hand] == [FW.name]  # Red Dragon: draw 1
    assert game.evolutions == [(1, 1)]


def test_pad_4_3_each_pet_evolves_at_most_once_per_turn():
    game = build_game([LIL_RED], deck=[FW], hand=[RED, VOLCANO])
    red, volcano = game.state.hand
    game.evolve(0, red)
    assert not game.can_evolve(0, volcano)
    with pytest.raises(IllegalAction, match="once per turn"):
        game.evolve(0, volcano)
    game.turn = 2
    game.evolve(0, volcano)
    assert game.state.pets[0].top.name == VOLCANO.name


def test_pad_4_3_evolution_needs_its_pre_evolution_on_top():
    game = build_game([LIL_RED], hand=[VOLCANO])
    with pytest.raises(IllegalAction, match="does not evolve from"):
        game.evolve(0, game.state.hand[0])


def test_pad_4_3_skill_needs_a_pet_of_its_attribute_or_sub_attribute():
    game = build_game([LIL_RED], deck=[FW], hand=[MYTHLIT])
    with pytest.raises(IllegalAction, match="PAD-1.2"):
        game.play_skill(game.state.hand[0])
    dark = pet(71, "Dusk Knight", "fire", ("dark", "fire"), sub_attribute="dark")
    game = build_game([dark], deck=[FW], hand=[MYTHLIT])
    game.play_skill(game.state.hand[0])
    assert [c.name for c in game.state.hand] == [FW.name]
    assert [c.name for c in game.state.discard] == [MYTHLIT.name]  # after its effect


def test_pad_4_3_1_each_column_keeps_one_card():
    # columns of 2, 3 and 1 cards can give 1, 2 and 0
    game = build_game([LIL_RED], columns=([FW, WL], [FW, WL, DL], [HEART]))
    assert game.state.payable() == 3
    for payment in ([0, 0], [1, 1, 1], [2]):
        with pytest.raises(IllegalAction, match="PAD-4.3.1"):
            game.state.pay(payment)
    assert game.state.payable() == 3  # a refused payment takes nothing


def test_pad_4_3_1_payment_discards_from_the_top_of_the_columns():
    game = build_game([LIL_RED], columns=([FW, WL], [FW, WL, DL], [HEART]))
    paid = game.state.pay([1, 1, 0])
    assert [c.name for c in paid] == [DL.name, WL.name, WL.name]
    assert [[c.name for c in column] for column in game.state.columns] == [
        [FW.name],
        [FW.name],
        [HEART.name],
    ]
    assert game.state.counts[1][:6] == [1, 1, 0, 0, 0, 0]
    assert len(game.state.discard) == 3


def test_pad_4_3_1_evolution_cost_is_paid_from_the_orb_area():
    game = build_game([GIGAS], hand=[RED_GIANT, RED_GIANT], columns=([FW], [FW], [FW]))
    with pytest.raises(IllegalAction, match="cannot pay"):
        game.evolve(0, game.state.hand[0])
    game.state.place_orb(2, game.state.hand.pop())
    game.evolve(0, game.state.hand[0], [2])
    assert game.state.pets[0].top.name == RED_GIANT.name
    assert [c.name for c in game.state.discard] == [RED_GIANT.name]


@pytest.mark.parametrize(
    ("going_first", "turn", "skipped"), [(True, 1, True), (True, 2, False), (False, 1, False)]
)
def test_pad_4_4_1_the_first_player_skips_the_orb_start_on_turn_1(going_first, turn, skipped):
    game = build_game([LIL_RED], deck=[FW, WL], going_first=going_first, turn=turn)
    game.puzzle_phase()  # the base policy adds nothing from hand
    placed = sum(len(column) for column in game.state.columns)
    assert placed == (0 if skipped else 1)


def test_pad_4_4_2_orb_add_is_optional_and_takes_a_hand_card():
    game = build_game([LIL_RED], hand=[WL], turn=1)
    game.puzzle_phase()
    assert len(game.state.hand) == 1  # the base policy declines
    game = build_game([LIL_RED], hand=[WL], turn=1, policy=GreedyPolicy())
    game.puzzle_phase()
    assert game.state.hand == [] and sum(map(len, game.state.columns)) == 1


@pytest.mark.parametrize(
    ("life", "hearts", "recovered"), [(4, 3, True), (5, 3, False), (4, 2, False)]
)
def test_pad_4_4_4_recovery_needs_life_below_5_and_a_heart_combo(life, hearts, recovered):
    deck = [FW, WL, DL]
    column = HEARTS[:hearts]
    game = build_game([LIL_RED], deck=deck, columns=(column, [], []), life=[FW] * life)
    game.puzzle_phase()  # turn 1, first player: no orb start; the chain takes DL
    assert len(game.state.life) == life + recovered
    assert game.heals == recovered
    if recovered:
        assert game.state.life[0].name == WL.name  # the next deck card, at the bottom


def attack(game, colours: list[str], combos: int) -> None:
    from engine.pad.cards import COLOUR

    game.made_mask = sum(1 << COLOUR[c] for c in colours)
    game.combos = combos
    game.attack_phase()


def test_pad_4_5_1_pets_attack_when_their_attribute_or_sub_attribute_made_a_combo():
    game = build_game([LIL_RED, LIL_BLUE, TWIN])
    attack(game, ["water", "wood"], 2)
    # Lil' Blue (water) and Twin Knight (sub-attribute water) attack; Lil' Red does not
    assert game.turn_attacks == [2] and game.opponent.life == 3
    assert game.state.attack_area == []  # PAD-4.5.4: back to the pet area


def test_pad_4_5_1_attack_is_the_row_of_the_total_combo_count_and_heart_counts():
    game = build_game([LIL_RED])
    attack(game, ["fire"], 1)  # row 1 of Lil' Red Dragon is 0: no attack, no damage
    assert game.turn_attacks == [0] and game.opponent.life == 5
    attack(game, ["fire", "heart"], 2)  # a heart combo raises the row to 2 (100)
    assert game.turn_attacks == [0, 1] and game.opponent.life == 4


def test_pad_5_5_a_heart_combo_alone_makes_no_pet_attack():
    game = build_game([LIL_RED, LIL_BLUE, TWIN])
    attack(game, ["heart"], 6)
    assert game.turn_attacks == [0] and game.opponent.life == 5


def test_pad_4_5_2_blocking_needs_a_total_defence_strictly_greater():
    assert not can_block(500, [300, 200])
    assert can_block(500, [300, 300])
    assert not can_block(100, [])


def test_pad_4_5_2_defend_taps_active_blockers_only():
    class Blocker(GreedyPolicy):
        def __init__(self, blockers):
            super().__init__()
            self.blockers = blockers

        def choose_blockers(self, game, attack):
            return self.blockers

    game = build_game([LIL_RED, LIL_BLUE], policy=Blocker([0, 1]))  # defence 100 + 500
    assert game.defend(599) and all(stack.tapped for stack in game.state.pets)
    with pytest.raises(IllegalAction, match="active"):
        game.defend(100)
    game = build_game([LIL_RED, LIL_BLUE], policy=Blocker([0, 1]))
    with pytest.raises(IllegalAction, match="strictly"):
        game.defend(600)
    greedy = build_game([LIL_RED, LIL_BLUE], policy=GreedyPolicy())
    assert greedy.policy.choose_blockers(greedy, 499) == [1]
    assert greedy.policy.choose_blockers(greedy, 600) == []


def test_pad_4_5_2_the_goldfish_never_blocks():
    game = build_game([LIL_RED])
    assert game.opponent.declare_block(game, 0, 10_000) == []


def test_pad_4_5_3_an_attack_deals_1_plus_the_bonus_of_its_row():
    game = build_game([METEOR, RED])  # Meteor rows 5–6: +1 bonus damage
    attack(game, ["fire"], 4)
    assert game.turn_damage == [2]  # 1 + 1 (Red Dragon row 4: no bonus)
    game = build_game([METEOR, RED])
    attack(game, ["fire"], 5)
    assert game.turn_damage == [3]  # (1 + 1) + 1
    game = build_game([METEOR])
    game.state.pets[0].extra_damage = 2
    attack(game, ["fire"], 6)
    assert game.turn_damage == [4]


def test_pad_4_5_3_the_defender_takes_one_life_card_per_point():
    game = build_game([LIL_RED], life=[FW, WL, DL], columns=([FW, FW], [FW], [FW]))
    game.take_damage(2)
    assert [c.name for c in game.state.hand] == [DL.name, WL.name]
    assert [c.name for c in game.state.life] == [FW.name]
    assert not game.lost


def test_pad_4_5_3_a_damage_effect_card_triggers_instead_of_going_to_hand():
    # Iron Wall Stance is a wood skill: a wood pet must be in play to use it (PAD-1.2)
    game = build_game([LIL_GREEN, LIL_BLUE], life=[FW, IRON_WALL], columns=([FW, FW], [FW], [FW]))
    for stack in game.state.pets:
        stack.tapped = True
    game.take_damage(1)  # Iron Wall Stance: pay 1, untap 2 pets
    assert not any(stack.tapped for stack in game.state.pets)
    assert [c.name for c in game.state.discard] == [FW.name, IRON_WALL.name]
    assert game.state.hand == []


def test_pad_1_2_a_damage_skill_without_a_pet_of_its_attribute_goes_to_hand():
    game = build_game([LIL_RED, LIL_BLUE], life=[FW, IRON_WALL], columns=([FW, FW], [FW], [FW]))
    for stack in game.state.pets:
        stack.tapped = True
    game.take_damage(1)  # no wood pet: Iron Wall Stance cannot be used
    assert all(stack.tapped for stack in game.state.pets)
    assert [c.name for c in game.state.hand] == [IRON_WALL.name]
    assert [[c.name for c in column] for column in game.state.columns][0] == [FW.name] * 2


def test_pad_4_6_cleanup_keeps_only_the_top_card_of_combo_columns():
    game = build_game([LIL_RED], columns=([FW, FW, FW, WL], [FW, FW], [DL]))
    game.combo_step()
    assert game.combo_columns == [True, False, False]
    game.cleanup_phase()
    # PAD-4.6: the real top (last placed) card, WL, stays; the bottom three are discarded
    # (the expected card is named, not read back from the state it checks)
    assert [[c.name for c in column] for column in game.state.columns] == [
        [WL.name],
        [FW.name, FW.name],
        [DL.name],
    ]
    assert [c.name for c in game.state.discard] == [FW.name] * 3
    wood, light = COLOUR["wood"], COLOUR["light"]
    assert game.state.counts[0][:6] == [int(c in (wood, light)) for c in range(6)]


def test_pad_4_6_hand_limit_is_7_and_greedy_keeps_evolutions():
    game = build_game([LIL_RED], hand=[RED] + [WL] * 8, policy=GreedyPolicy())
    game.cleanup_phase()
    assert len(game.state.hand) == 7
    assert RED.name in [c.name for c in game.state.hand]
    assert len(game.state.discard) == 2


def test_rule_variants_are_subclasses_overriding_hooks():
    class SmallHands(PadGame):
        hand_limit = 5
        first_player_skips_orb_start = False

    prepared = PadDeck(starter_deck(), policy="greedy", turn_cap=30, options=None)
    prepared.game_class = SmallHands
    log = prepared.play(4, going_first=True, log=True).log
    assert any(e["action"] == "orb_start" and e["turn"] == 1 for e in log["events"])
    assert all(len(s["zones"]["hand"]) <= 5 for s in log["snapshots"] if s["phase"] == "cleanup")
