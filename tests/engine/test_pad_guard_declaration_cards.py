"""The printed PAD effects issue 26 brought into the engine (PAD-1.3, PAD-4.5.2, PAD-4.5.3;
engine/pad/defence.py, engine/pad/opponent.py), in two-player positions of real cards
(fixtures/pad.json, steps written by the card-text converter from the scans' texts):

- the defence type of a pet: "During your opponent's turn, in your Guard Declaration Step,
  you can pay its cost to evolve into this card" (Hera-Ur B04-038, Amon B04-051, Zeus &
  Hera B04-083 …);
- "You don't take damage from attacks of base monsters" (Hera-Is B04-041);
- skills used at the guard declaration: Keeper of Gold (B04-089, +100 defence to every
  own pet), 虹の番人 (B04-088, -200 attack), 水の宝玉 (B04-091, an ultimate pet active);
- Golden Egg (B01-103): cannot attack or guard;
- triggers of the attacking pet: Underworld Deity Hades (B01-084) on dealing damage,
  Crazed King of Purgatory, Beelzebub (B04-067) on being guarded;
- Freezing Gravity (B04-106): up to 2 opponent pets with a total defence of 900 or less.

Expected values are worked out by hand from each card's printed text and stats (in each
test's docstring).
"""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.pad import effects
from engine.pad.cards import DARK, FIRE, PadCard
from engine.pad.opponent import defence_of
from engine.pad.policies import GreedyPolicy
from engine.pad.random_policy import RandomPolicy
from tests.engine.factories import build_game, face, orb, pet, real, real_id, stack_on, step

GOLDEN_EGG = real("B01-103")  # no attribute, DEF none, attack 0: cannot attack or guard
HERA_UR = real("B04-038")  # fire evo1 of Golden Egg, cost 0, DEF 400
HERA_IS = real("B04-041")  # water evo1 of Golden Egg, cost 0, DEF 600: base attacks 0 dmg
AMON = real("B04-051")  # water/dark evo1 of Golden Egg, cost 0, DEF 600: draws on evolving
# cost 1, DEF 500; it names its pre-evolution by its Japanese name 金のタマゴ (NAME-1)
ZEUS_AND_HERA = real("B04-083", evolves_from=real_id("B01-103"))
LIL_RED = real("B01-001")  # fire base: attack 0/100/200/300/400/600
RED = real("B01-002")  # fire evo1 of Lil' Red: attack 100/100/200/300/400/700
LIL_BLUE = real("B01-005")  # water base, DEF 500
LIL_GREEN = real("B01-009")  # wood base, DEF 400
LIL_WHITE = real("B01-013")  # light base, DEF 300
LIL_BLACK = real("B01-017")  # dark base, DEF 200: attack 0/100/200/200/400/600
KEEPER_OF_GOLD = real("B04-089")  # light/fire skill, cost 0
KEEPER_OF_RAINBOW = real("B04-088")  # dark skill, cost 0
WATER_JEWEL = real("B04-091")  # water skill, cost 0
BLAZING_ICE_OGRE = real("B02-022")  # water ultimate
HADES = real("B01-083")  # dark evo1 of Golden Egg
UNDERWORLD_HADES = real("B01-084")  # dark evo2 of Hades: attack 200/300/400/600/700/800
BEELZEBUB_KING = real("B04-067")  # dark ultimate: attack 100/200/400/600/900/1100
FREEZING_GRAVITY = real("B04-106")  # water skill
FW, HL = orb("fire", "water"), orb("heart", "light")


def names(cards) -> list[str]:
    return [card.name for card in cards]


def duel(attackers, defenders, *, mine=None, theirs=None, defender_policy=None):
    """The attacker (greedy) and the defender (greedy unless given), seated against each
    other; the defender's opposition knows its hand (as a dealt hand would be known)."""
    me = build_game(attackers, policy=GreedyPolicy(), phase="attack", **(mine or {}))
    them = build_game(defenders, policy=defender_policy or GreedyPolicy(), **(theirs or {}))
    face(me, them)
    me.init_opposition(me.state.all_cards())
    them.init_opposition(them.state.all_cards())
    return me, them


def attack(game, colour: int, combos: int) -> None:
    """The attack phase after a puzzle that made `combos` combos of `colour`."""
    game.made_mask, game.combos = 1 << colour, combos
    game.attack_phase()


# --- the defence type of a pet (PAD-1.3) ------------------------------------------------
def test_a_free_guard_declaration_evolution_blocks_the_attack():
    """Lil' Red Dragon attacks 300 (4 combos). The defender's only pet is a Golden Egg
    (it cannot guard); Hera-Ur in hand costs 0, so greedy evolves into it at the guard
    declaration: the evolved pet is active (PAD-4.3) with DEF 400 > 300 and blocks."""
    me, them = duel([LIL_RED], [GOLDEN_EGG], theirs={"hand": [HERA_UR]})
    attack(me, FIRE, 4)
    assert len(them.state.life) == 5
    assert them.state.pets[0].top.name == "Hera-Ur" and them.state.pets[0].tapped
    assert them.state.hand == []


def test_without_the_evolution_the_golden_egg_takes_the_damage():
    """The same attack of 300 without Hera-Ur in hand: the Golden Egg cannot guard (its
    text), so the defender takes 1 damage."""
    me, them = duel([LIL_RED], [GOLDEN_EGG])
    attack(me, FIRE, 4)
    assert len(them.state.life) == 4


def test_an_evolution_that_cannot_block_still_happens_when_it_is_free():
    """Lil' Red Dragon attacks 600 (6 combos): Hera-Ur (DEF 400) cannot block it, but it
    costs nothing, so greedy evolves anyway; the attack deals its 1 damage."""
    me, them = duel([LIL_RED], [GOLDEN_EGG], theirs={"hand": [HERA_UR]})
    attack(me, FIRE, 6)
    assert len(them.state.life) == 4
    assert them.state.pets[0].top.name == "Hera-Ur" and not them.state.pets[0].tapped


def test_a_paid_evolution_only_when_it_makes_the_block():
    """Zeus & Hera costs 1 and has DEF 500. Against 400 (5 combos) greedy pays the top
    card of its two-card column (PAD-4.3.1: a column keeps one) to evolve and blocks;
    against 600 (6 combos) the evolution would not block, so it keeps its card and orbs."""
    me, them = duel(
        [LIL_RED], [GOLDEN_EGG], theirs={"hand": [ZEUS_AND_HERA], "columns": ((HL, FW), (), ())}
    )
    attack(me, FIRE, 5)
    assert len(them.state.life) == 5 and them.state.pets[0].top.name == ZEUS_AND_HERA.name
    assert names(them.state.columns[0]) == [HL.name] and names(them.state.discard) == [FW.name]
    me, them = duel(
        [LIL_RED], [GOLDEN_EGG], theirs={"hand": [ZEUS_AND_HERA], "columns": ((HL, FW), (), ())}
    )
    attack(me, FIRE, 6)
    assert len(them.state.life) == 4 and them.state.pets[0].top.name == "Golden Egg"
    assert ZEUS_AND_HERA.name in names(them.state.hand) and len(them.state.columns[0]) == 2


def test_the_evolve_effect_runs_when_evolving_at_the_guard_declaration():
    """Amon: "When this card evolves, draw a card from the top of your deck": evolving at
    the guard declaration draws the defender's top deck card."""
    me, them = duel([LIL_RED], [GOLDEN_EGG], theirs={"hand": [AMON], "deck": [FW, HL]})
    attack(me, FIRE, 4)
    assert them.state.pets[0].top.name == "Amon"
    assert names(them.state.hand) == [HL.name] and names(them.state.deck) == [FW.name]


def test_a_pet_evolves_once_in_the_opponents_turn_and_again_in_its_own():
    """PAD-4.3, once per pet per turn: after evolving into Hera-Ur in the opponent's turn
    of round 3, the pet cannot evolve again at that turn's next guard declaration, but in
    its owner's own turn of round 3 it may (both players' turns share the round number)."""
    me, them = duel(
        [LIL_RED], [GOLDEN_EGG], theirs={"hand": [HERA_UR], "turn": 3}, mine={"turn": 3}
    )
    them.defence_evolve(0, them.state.hand[0])
    awoken = PadCard(real("B04-039", evolves_from=real_id("B04-038")))  # Awoken Hera-Ur
    them.state.hand.append(awoken)
    assert them.defence_evolutions() == []
    assert them.can_evolve(0, awoken)


def test_only_a_defence_type_pet_evolves_at_the_guard_declaration():
    """Red Dragon prints no defence type: it cannot be evolved in the opponent's turn."""
    me, them = duel([LIL_RED], [LIL_RED], theirs={"hand": [RED]})
    assert them.defence_evolutions() == []
    with pytest.raises(IllegalAction):
        them.defence_evolve(0, them.state.hand[0])


def test_the_random_policy_plays_guard_declaration_evolutions_legally():
    """Random evolves or not, but every choice it makes is legal: over many seeds some
    attacks meet Hera-Ur and some the Golden Egg."""
    tops = set()
    for seed in range(40):
        me, them = duel(
            [LIL_RED], [GOLDEN_EGG], theirs={"hand": [HERA_UR]}, defender_policy=RandomPolicy()
        )
        them.rng.seed(seed)
        attack(me, FIRE, 4)
        tops.add(them.state.pets[0].top.name)
    assert tops == {"Hera-Ur", "Golden Egg"}


# --- Hera-Is: no damage from base pets --------------------------------------------------
def test_no_damage_from_a_base_pets_attack():
    """Hera-Is (tapped, so it cannot guard) takes no damage from Lil' Red Dragon (base),
    but 1 from Red Dragon (evo1) attacking 700 at 6 combos."""
    me, them = duel([LIL_RED], [GOLDEN_EGG])
    stack_on(them, 0, HERA_IS)
    them.state.pets[0].tapped = True
    attack(me, FIRE, 6)
    assert len(them.state.life) == 5
    stack_on(me, 0, RED)
    me.state.attack_area.clear()
    attack(me, FIRE, 6)
    assert len(them.state.life) == 4


def test_evolving_into_hera_is_at_the_guard_declaration_stops_the_base_attack():
    """Lil' Red Dragon attacks 600: Hera-Is (DEF 600) cannot block 600 (not strictly
    greater), but evolving into it (free) makes the defender immune to the base attacker."""
    me, them = duel([LIL_RED], [GOLDEN_EGG], theirs={"hand": [HERA_IS]})
    attack(me, FIRE, 6)
    assert them.state.pets[0].top.name == "Hera-Is"
    assert len(them.state.life) == 5


# --- Golden Egg ---------------------------------------------------------------------------
def test_the_golden_egg_is_never_among_the_pets_that_may_guard():
    """Golden Egg "cannot attack or guard": with a +100 defence it still may not guard,
    and its attack is 0 at every combo count."""
    me, them = duel([LIL_RED], [GOLDEN_EGG, LIL_BLUE])
    them.state.pets[0].defence_change = 100
    them.opposition.defence_changed = True
    them.opposition.attacker = me.state.pets[0]
    assert them.guard_options() == [(1, 500)]
    egg = them.state.pets[0].top
    assert set(egg.attack) == {0}


# --- skills at the guard declaration ----------------------------------------------------
def test_keeper_of_gold_gives_every_pet_100_defence_for_the_block():
    """Lil' Red Dragon attacks 600. Lil' Blue (500) and Lil' Red (100) together have 600,
    not more: greedy uses Keeper of Gold (a fire pet is in play), 600 + 2 × 100 = 800 >
    600, and both block. The bonus ends with the turn."""
    me, them = duel([LIL_RED], [LIL_BLUE, LIL_RED], theirs={"hand": [KEEPER_OF_GOLD]})
    attack(me, FIRE, 6)
    assert len(them.state.life) == 5
    assert names(them.state.discard) == ["Keeper of Gold"]
    assert [defence_of(stack) for stack in them.state.pets] == [600, 200]
    assert all(stack.tapped for stack in them.state.pets)
    them.reset_phase()
    assert [defence_of(stack) for stack in them.state.pets] == [500, 100]


def test_keeper_of_rainbow_lowers_the_attack_so_a_weaker_pet_blocks():
    """Lil' Red Dragon attacks 300 (4 combos); Lil' Black Dragon (DEF 200) cannot block
    it. 虹の番人 (dark; a dark pet is in play) gives the attacker -200: 100 < 200, blocked."""
    me, them = duel([LIL_RED], [LIL_BLACK], theirs={"hand": [KEEPER_OF_RAINBOW]})
    attack(me, FIRE, 4)
    assert len(them.state.life) == 5 and them.state.pets[0].tapped
    assert names(them.state.discard) == [KEEPER_OF_RAINBOW.name]


def test_an_attack_lowered_to_nothing_deals_no_damage():
    """Lil' Red Dragon attacks 200 (3 combos); Lil' Black (DEF 200) cannot block it
    (not strictly greater); -200 makes the attack 0, which deals no damage (PAD-4.5.3),
    and Lil' Black stays active."""
    me, them = duel([LIL_RED], [LIL_BLACK], theirs={"hand": [KEEPER_OF_RAINBOW]})
    attack(me, FIRE, 3)
    assert len(them.state.life) == 5 and not them.state.pets[0].tapped


def test_keeper_of_rainbow_needs_a_dark_pet_in_play():
    """PAD-1.2: with only Lil' Blue (water) in play, 虹の番人 cannot be used: Lil' Red's
    600 deals its damage."""
    me, them = duel([LIL_RED], [LIL_BLUE], theirs={"hand": [KEEPER_OF_RAINBOW]})
    attack(me, FIRE, 6)
    assert len(them.state.life) == 4 and them.state.hand != []


def test_water_jewel_makes_a_tapped_ultimate_pet_active_to_block():
    """Blazing Ice Ogre (water ultimate, DEF as printed) is tapped; Lil' Red attacks 100
    (2 combos). 水の宝玉 makes it active and it blocks."""
    me, them = duel([LIL_RED], [LIL_BLUE], theirs={"hand": [WATER_JEWEL]})
    stack_on(them, 0, BLAZING_ICE_OGRE)
    ogre = them.state.pets[0]
    ogre.tapped = True
    assert ogre.top.defense > 100
    attack(me, FIRE, 2)
    assert len(them.state.life) == 5 and ogre.tapped  # untapped, then tapped by the block
    assert names(them.state.discard) == [WATER_JEWEL.name]


def test_water_jewel_does_not_untap_a_pet_that_is_no_ultimate():
    """Lil' Blue Dragon (base) is tapped: 水の宝玉 cannot make it active, so greedy keeps
    the card and takes the damage (the life card joins it in the hand)."""
    me, them = duel([LIL_RED], [LIL_BLUE], theirs={"hand": [WATER_JEWEL]})
    them.state.pets[0].tapped = True
    attack(me, FIRE, 2)
    assert len(them.state.life) == 4 and WATER_JEWEL.name in names(them.state.hand)
    assert them.state.discard == []


# --- triggers of the attacking pet --------------------------------------------------------
def test_underworld_hades_makes_the_opponent_discard_when_it_deals_damage():
    """Underworld Deity Hades attacks 800 (6 combos) and is not blocked (Lil' Blue has
    500): the life card taken joins the defender's two hand cards, then one of the three
    is discarded at random. Blocked (against 300 at 2 combos), nothing is discarded."""
    me, them = duel([GOLDEN_EGG], [LIL_BLUE], theirs={"hand": [FW, HL]})
    stack_on(me, 0, HADES, UNDERWORLD_HADES)
    attack(me, DARK, 6)
    assert len(them.state.life) == 4
    assert len(them.state.hand) == 2 and len(them.state.discard) == 1
    me, them = duel([GOLDEN_EGG], [LIL_BLUE], theirs={"hand": [FW, HL]})
    stack_on(me, 0, HADES, UNDERWORLD_HADES)
    attack(me, DARK, 2)
    assert len(them.state.life) == 5 and len(them.state.hand) == 2


def test_a_guarded_beelzebub_reveals_its_top_card_at_the_end_of_the_cleanup():
    """Crazed King of Purgatory, Beelzebub attacks 200 (2 combos) and Lil' Blue (500)
    blocks it. At the end of the attacker's cleanup the top deck card is revealed: one
    with a dark orb goes to an orb column; another goes to the hand."""
    dark_orb, plain = orb("dark", "fire"), orb("heart", "water")
    for top, where in ((dark_orb, "orb"), (plain, "hand")):
        me, them = duel([GOLDEN_EGG], [LIL_BLUE], mine={"deck": [FW, top]})
        stack_on(me, 0, real("B04-065"), real("B04-066"), BEELZEBUB_KING)
        attack(me, DARK, 2)
        assert them.state.pets[0].tapped and len(them.state.life) == 5
        assert top.name not in names(me.state.hand)
        me.cleanup_phase()
        in_columns = [card.name for column in me.state.columns for card in column]
        if where == "orb":
            assert top.name in in_columns and top.name not in names(me.state.hand)
        else:
            assert top.name in names(me.state.hand) and top.name not in in_columns


# --- Freezing Gravity ---------------------------------------------------------------------
def test_freezing_gravity_rolls_pets_whose_defences_fit_900_together():
    """Up to 2 opponent pets with a total defence of 900 or less: against Lil' Blue (500),
    Lil' Green (400) and Lil' White (300) greedy rolls the strongest first — 500, then 400
    (500 + 400 = 900) — and Lil' White stays active (900 + 300 > 900)."""
    me, them = duel([LIL_RED], [LIL_BLUE, LIL_GREEN, LIL_WHITE])
    card = PadCard(FREEZING_GRAVITY)
    (step,) = card.play_steps
    effects.ACTIONS[step.action](me, step, card, None)
    assert [stack.tapped for stack in them.state.pets] == [True, True, False]


def test_freezing_gravity_leaves_a_pet_that_no_longer_fits():
    """Against Lil' Blue (500) and a second Lil' Blue: 500 + 500 > 900, so only one is
    rolled."""
    me, them = duel([LIL_RED], [LIL_BLUE, LIL_BLUE])
    card = PadCard(FREEZING_GRAVITY)
    (step,) = card.play_steps
    effects.ACTIONS[step.action](me, step, card, None)
    assert sorted(stack.tapped for stack in them.state.pets) == [False, True]


def test_a_pet_that_cannot_attack_has_no_attack_whatever_its_table():
    """The step on a (synthetic) fire pet printing attacks of 100 … 600: it attacks 0 at
    every combo count, so its fire combos deal no damage (PAD-4.5.3)."""
    stubborn = pet(
        7001,
        "Synthetic stubborn pet",
        "fire",
        ("fire",),
        effects=(step("continuous", "cannot_attack_or_guard"),),
    )
    assert set(PadCard(stubborn).attack) == {0}
    me, them = duel([stubborn], [GOLDEN_EGG])
    attack(me, FIRE, 6)
    assert len(them.state.life) == 5


def test_against_the_goldfish_a_guarded_trigger_can_do_nothing():
    """DGM-5: the goldfish has no pet to guard with, so Crazed King of Purgatory,
    Beelzebub's text cannot act there and the goldfish report says so; Underworld Deity
    Hades acts on the opponent's hand, which the goldfish does not have either."""
    assert effects.goldfish_reason(BEELZEBUB_KING) == "acts on the opponent"
    assert effects.goldfish_reason(UNDERWORLD_HADES) == "acts on the opponent"
    assert effects.goldfish_reason(real("B04-066")) is None  # its reveal works alone
