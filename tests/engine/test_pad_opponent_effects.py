"""Effects on the opponent (PAD-7.2, engine/pad/opponent.py) in two-player positions of
real cards (fixtures/pad.json, steps written by the card-text converter), and the same
steps against the goldfish (DGM-5), where they find no target. Expected values are
worked out by hand from each card's printed text and stats (the docstring of each test).
"""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.pad.cards import FIRE, PadCard
from engine.pad.opponent import defence_of
from engine.pad.policies import GreedyPolicy, Policy
from tests.engine.factories import build_game, face, orb, real, stack_on

LIL_RED, LIL_BLUE, LIL_GREEN, LIL_BLACK = (
    real(n) for n in ("B01-001", "B01-005", "B01-009", "B01-017")
)
BLUE = real("B01-006")  # evo1 of Lil' Blue Dragon, DEF 600
AURORA = real("B01-007")  # evo2, DEF 800
MINERVA = real("B01-075")  # evo1 fire, DEF 400
WAR_MINERVA = real("B01-076")  # evolve: devolve an opponent monster with 600 or less DEF
THOR = real("B02-082")  # evolve: devolve 2 of your opponent's monsters
ZEUS = real("B01-085")  # evolve: deal 1 damage to your opponent
SAKUYA = real("B03-055")  # evolve: damage = half the opponent's remaining HP, rounded down
LOKI = real("B02-085")  # evolve: your opponent discards all cards from their hand
HERA = real("B01-087")  # evolve: an opponent drop area of 2+ cards keeps one card
LILITH = real("B01-053")  # evolve: you can swap 2 cards in your opponent's drop yard
GUARD_BREAK = real("B02-114")  # wood skill: an opponent monster loses 200 DEF this turn
POISON_MIST = real("B02-116")  # dark skill: your opponent discards a card
FW, WD, HL = orb("fire", "water"), orb("wood", "dark"), orb("heart", "light")


def names(cards) -> list[str]:
    return [card.name for card in cards]


def duel(my_team, their_team, *, mine=None, theirs=None):
    """The player (greedy) and its opponent (greedy) seated against each other."""
    me = build_game(my_team, policy=GreedyPolicy(), **(mine or {}))
    them = build_game(their_team, policy=GreedyPolicy(), **(theirs or {}))
    face(me, them)
    return me, them


evolved = stack_on


def run_evolve_steps(game, spec) -> None:
    """Run a card's evolve steps as if it had just evolved pet 0 (PAD-1.3)."""
    from engine.pad import effects

    card = PadCard(spec)
    for step in card.evolve_steps:
        effects.run(game, step, card, 0)


def test_pad_7_2_devolve_sends_the_opponents_top_card_to_their_discard_pile():
    """War Deity Minerva evolves: Blue Dragon (DEF 600 ≤ 600) on Lil' Blue Dragon loses
    its top card to its owner's discard pile; the base pet stays."""
    me, them = duel([MINERVA], [LIL_BLUE, LIL_BLACK], mine={"hand": [WAR_MINERVA]})
    evolved(them, 0, BLUE)
    me.evolve(0, me.state.hand[0])
    assert names(them.state.pets[0].cards) == [LIL_BLUE.name]
    assert names(them.state.discard) == [BLUE.name]
    assert names(me.state.pets[0].cards) == [MINERVA.name, WAR_MINERVA.name]


def test_pad_7_2_devolve_spares_stronger_pets_and_lone_base_pets():
    """Aurora Dragon (DEF 800 > 600) is not a target; Lil' Black Dragon alone is a base
    pet, which cannot be devolved."""
    me, them = duel([MINERVA], [LIL_BLUE, LIL_BLACK], mine={"hand": [WAR_MINERVA]})
    evolved(them, 0, BLUE, AURORA)
    me.evolve(0, me.state.hand[0])
    assert names(them.state.pets[0].cards) == [LIL_BLUE.name, BLUE.name, AURORA.name]
    assert names(them.state.pets[1].cards) == [LIL_BLACK.name]
    assert them.state.discard == []


def test_pad_7_2_devolve_two_takes_two_different_pets():
    """Thor: "devolve 2 of your opponent's monsters": two stacks lose one card each, not
    one stack two."""
    me, them = duel([MINERVA], [LIL_BLUE, LIL_RED, LIL_BLACK])
    evolved(them, 0, BLUE, AURORA)
    evolved(them, 1, real("B01-002"))  # Red Dragon on Lil' Red Dragon
    run_evolve_steps(me, THOR)
    assert [len(stack.cards) for stack in them.state.pets] == [2, 1, 1]
    assert sorted(names(them.state.discard)) == sorted([AURORA.name, "Red Dragon"])


def test_pad_7_2_defence_loss_lasts_until_the_end_of_the_turn_and_opens_a_block():
    """Guard Break (wood): Lil' Blue Dragon (DEF 500) loses 200. Lil' Red Dragon's 4-combo
    attack of 300 is no longer blocked (300 is not strictly greater, PAD-4.5.2) and deals
    1 damage. The next turn Lil' Blue is back to 500."""
    me, them = duel([LIL_RED, LIL_GREEN], [LIL_BLUE], mine={"hand": [GUARD_BREAK]})
    me.play_skill(me.state.hand[0])
    assert defence_of(them.state.pets[0]) == 300
    me.made_mask, me.combos = 1 << FIRE, 4
    me.attack_phase()
    assert len(them.state.life) == 4 and not them.state.pets[0].tapped
    them.reset_phase()  # the opponent's turn starts: my turn has ended
    assert defence_of(them.state.pets[0]) == 500


def test_pad_4_5_2_without_the_defence_loss_the_same_attack_is_blocked():
    me, them = duel([LIL_RED, LIL_GREEN], [LIL_BLUE])
    me.made_mask, me.combos = 1 << FIRE, 4
    me.attack_phase()
    assert len(them.state.life) == 5 and them.state.pets[0].tapped


def test_pad_6_3_damage_from_an_effect_draws_a_life_card_and_counts_for_the_turn():
    """Zeus evolves: 1 damage; the top life card goes to the opponent's hand
    (PAD-4.5.3), and the turn's damage tally counts it."""
    me, them = duel([LIL_RED], [LIL_BLACK], theirs={"life": [FW, WD, HL, FW, WD]})
    run_evolve_steps(me, ZEUS)
    assert len(them.state.life) == 4 and names(them.state.hand) == [WD.name]
    me.attack_phase()  # no combo: no attack, the tally still holds the effect's damage
    assert me.turn_damage == [1]


def test_pad_6_3_half_the_remaining_life_rounded_down():
    """Sakuya: 5 life → 2 damage (3 left); 3 life → 1 damage (2 left)."""
    me, them = duel([LIL_RED], [LIL_BLACK])
    run_evolve_steps(me, SAKUYA)
    assert len(them.state.life) == 3
    run_evolve_steps(me, SAKUYA)
    assert len(them.state.life) == 2


def test_pad_6_1_damage_from_an_effect_can_win():
    me, them = duel([LIL_RED], [LIL_BLACK], theirs={"life": [FW]})
    run_evolve_steps(me, ZEUS)
    assert them.lost


def test_pad_7_2_the_opponent_discards_their_whole_hand():
    """Loki, the Finisher: every card of the opponent's hand goes to their discard."""
    me, them = duel([LIL_RED], [LIL_BLACK], theirs={"hand": [FW, WD, HL]})
    run_evolve_steps(me, LOKI)
    assert them.state.hand == [] and names(them.state.discard) == names([FW, WD, HL])


def test_pad_7_2_trim_keeps_only_the_top_card_of_an_opponent_column():
    """Hera: the only opponent column with 2+ cards keeps its top (last placed) card."""
    me, them = duel([LIL_RED], [LIL_BLACK], theirs={"columns": ([FW, WD, HL], [FW], [WD])})
    run_evolve_steps(me, HERA)
    assert names(them.state.columns[0]) == [HL.name]
    assert names(them.state.discard) == [FW.name, WD.name]
    assert them.state.counts[0][:6] == [0, 0, 0, 1, 0, 1]  # light and heart of HL


def test_pad_7_2_swap_breaks_the_opponents_pair():
    """Lilith: the opponent holds two fire orbs in column 0 (one away from a combo) and a
    wood/dark card in column 1; the greedy swap moves one fire card out of column 0."""
    me, them = duel([LIL_RED], [LIL_BLACK], theirs={"columns": ([FW, FW], [WD], [HL])})
    run_evolve_steps(me, LILITH)
    fire_in_column_0 = them.state.counts[0][FIRE]
    assert fire_in_column_0 == 1
    for column, cards in enumerate(them.state.columns):  # counts follow the cards
        expected = [0] * 7
        for card in cards:
            for colour in card.orbs:
                expected[colour] += 1
        assert them.state.counts[column] == expected
    assert sum(len(column) for column in them.state.columns) == 4


def test_pad_7_2_the_swap_is_optional():
    me, them = duel([LIL_RED], [LIL_BLACK], theirs={"columns": ([FW, FW], [WD], [HL])})
    me.policy = Policy()  # no optional plays
    run_evolve_steps(me, LILITH)
    assert names(them.state.columns[0]) == [FW.name, FW.name]


def test_dgm_5_opponent_steps_find_no_target_against_the_goldfish():
    """Devolve, defence loss, hand discards, trim and swap: the goldfish has no pets,
    hand or orb area; nothing moves and its life stays 5."""
    game = build_game([LIL_RED, LIL_GREEN, LIL_BLACK], policy=GreedyPolicy(), hand=[GUARD_BREAK])
    for spec in (WAR_MINERVA, THOR, LOKI, HERA, LILITH):
        run_evolve_steps(game, spec)
    game.play_skill(game.state.hand[0])
    assert game.opponent.life == 5
    assert names(game.state.discard) == [GUARD_BREAK.name]
    assert [len(stack.cards) for stack in game.state.pets] == [1, 1, 1]


def test_dgm_5_damage_reaches_the_goldfishs_life():
    """Decision (engine/pad/opponent.py): the goldfish has 5 life, so Zeus's damage
    counts, in its life and in the turn's tally."""
    game = build_game([LIL_RED], policy=GreedyPolicy())
    run_evolve_steps(game, ZEUS)
    game.attack_phase()
    assert game.opponent.life == 4 and game.turn_damage == [1]


def test_pad_7_2_greedy_plays_a_hand_discard_only_with_a_hand_to_hit():
    me, them = duel([LIL_BLACK], [LIL_RED], mine={"hand": [POISON_MIST]})
    me.main_phase()
    assert names(me.state.hand) == [POISON_MIST.name]  # the opponent's hand is empty
    them.state.hand = [PadCard(FW)]
    me.main_phase()
    assert them.state.hand == [] and me.state.hand == []


def test_pad_4_5_2_a_blocker_cannot_exceed_its_current_defence():
    """A policy naming a blocker whose reduced defence is too low is refused."""

    class Stubborn(Policy):
        def choose_blockers(self, game, attack):
            return [0]

    me, them = duel([LIL_RED, LIL_GREEN], [LIL_BLUE], mine={"hand": [GUARD_BREAK]})
    them.policy = Stubborn()
    me.play_skill(me.state.hand[0])
    me.made_mask, me.combos = 1 << FIRE, 4
    with pytest.raises(IllegalAction, match="strictly greater"):
        me.attack_phase()


def test_steps_the_engine_cannot_run_as_given_are_named():
    """A step of this vocabulary on a trigger or with an amount it cannot take is not
    run: the card is listed as not simulated, with the reason."""
    from engine.pad.effects import unsupported

    assert unsupported({"trigger": "play", "action": "negate_damage"}) == "play/negate_damage"
    assert unsupported({"trigger": "evolve", "action": "draw", "amount": "half"})
    assert unsupported({"trigger": "evolve", "action": "draw", "amount": -1})
    assert unsupported({"trigger": "play", "action": "opponent_tap", "target": "attacker"})
    assert unsupported({"trigger": "opponent_damaged", "action": "opponent_damage"})
    assert unsupported({"trigger": "evolve", "action": "opponent_defense", "amount": -200}) is None
    assert unsupported({"trigger": "guard", "action": "opponent_tap", "target": "attacker"}) is None


def test_greedy_weakens_the_opponents_best_active_guard():
    """Guard Break on Lil' Blue Dragon (DEF 500, active) rather than on a rolled Aurora
    Dragon (DEF 800), which cannot guard this turn anyway (PAD-4.1)."""
    me, them = duel([LIL_RED, LIL_GREEN], [LIL_BLUE, LIL_BLUE], mine={"hand": [GUARD_BREAK]})
    evolved(them, 1, BLUE, AURORA)
    them.state.pets[1].tapped = True
    me.play_skill(me.state.hand[0])
    assert [defence_of(stack) for stack in them.state.pets] == [300, 800]


# --- B04-101 … B04-105: "if you make 5 or more combos in your next Puzzle Phase" ----------
THUNDER_STRIKE = real("B04-104")  # light skill, cost 1: an opponent's evolved dark pet, DEF ≤ 900
LIL_WHITE, BLACK_DRAGON = real("B01-013"), real("B01-018")  # BLACK_DRAGON: evo1 dark, DEF 300
FIRE_ONLY = orb("fire")


def _strike_position(second_column):
    """Lil' White Dragon (light) holds Thunder Strike; column 0 makes fire, water and wood
    combos, column 1 what the test gives; column 2 pays the cost (PAD-4.3.1). The deck's
    fire cards, dealt by the combo chain (PAD-5.3), light no colour not yet counted."""
    me, them = duel(
        [LIL_WHITE],
        [LIL_BLACK],
        mine={
            "hand": [THUNDER_STRIKE],
            "deck": [FIRE_ONLY] * 8,
            "columns": ([orb("fire", "water", "wood")] * 3, second_column, [FW, FW]),
        },
    )
    evolved(them, 0, BLACK_DRAGON)
    me.play_skill(me.state.hand[0], payment=[2])
    assert names(them.state.pets[0].cards) == [LIL_BLACK.name, BLACK_DRAGON.name]  # not yet
    return me, them


def test_pad_4_4_3_a_strike_waits_for_the_puzzle_phase_and_needs_5_combos():
    """Light and dark make 5 combos with column 0's three: the opponent's Black Dragon (a
    dark evolved pet, DEF 300 ≤ 900) loses its top card once the combo step is over."""
    me, them = _strike_position([orb("light", "dark")] * 3)
    me.puzzle_phase()
    assert me.combos == 5
    assert names(them.state.pets[0].cards) == [LIL_BLACK.name]
    assert names(them.state.discard) == [BLACK_DRAGON.name]
    assert me.after_combos == []


def test_pad_4_4_3_a_strike_lapses_below_5_combos():
    """Light alone makes 4 combos: the strike does nothing, and it does not wait for the
    turn after."""
    me, them = _strike_position([orb("light")] * 3)
    me.puzzle_phase()
    assert me.combos == 4
    assert names(them.state.pets[0].cards) == [LIL_BLACK.name, BLACK_DRAGON.name]
    assert me.after_combos == []


GOLDEN_EGG = real("B01-103")  # base, no attack, DEF unknown (0)
RED = real("B01-002")  # evo1 of Lil' Red Dragon, DEF 200
DIAGOLDOS = real("B01-101")  # evo1 of Golden Egg, DEF 400
ARMORED_DIAGOLDOS = real("B01-102")  # evo2 of Diagoldos, DEF 500, cost 2


def test_b01_102_every_evolved_pet_at_500_def_or_less_but_itself_loses_its_top_card():
    """Armored Blade Dragon, Diagoldos evolves Diagoldos: "discard the top card of every
    evolved monster with 500 or less defense, except this monster" — both players' pets.
    Mine: Red Dragon (DEF 200) leaves Lil' Red Dragon and Minerva (400) leaves Golden Egg
    (every such pet, not one), Blue Dragon (600) stays, the Armored Blade Dragon itself
    (500) stays. Theirs: Minerva (400) leaves Golden Egg, Blue
    Dragon (600) stays, Lil' Black Dragon alone cannot lose a card."""
    me, them = duel(
        [GOLDEN_EGG, LIL_RED, GOLDEN_EGG, LIL_BLUE],
        [GOLDEN_EGG, LIL_BLUE, LIL_BLACK],
        mine={"hand": [ARMORED_DIAGOLDOS], "columns": ([FW, FW, FW], [], [])},
    )
    evolved(me, 0, DIAGOLDOS)
    evolved(me, 1, RED)
    evolved(me, 2, MINERVA)
    evolved(me, 3, BLUE)
    evolved(them, 0, MINERVA)
    evolved(them, 1, BLUE)
    me.evolve(0, me.state.hand[0])
    assert [names(pet.cards) for pet in me.state.pets] == [
        [GOLDEN_EGG.name, DIAGOLDOS.name, ARMORED_DIAGOLDOS.name],
        [LIL_RED.name],
        [GOLDEN_EGG.name],
        [LIL_BLUE.name, BLUE.name],
    ]
    assert {RED.name, MINERVA.name} <= set(names(me.state.discard))
    assert [names(pet.cards) for pet in them.state.pets] == [
        [GOLDEN_EGG.name],
        [LIL_BLUE.name, BLUE.name],
        [LIL_BLACK.name],
    ]
    assert names(them.state.discard) == [MINERVA.name]
