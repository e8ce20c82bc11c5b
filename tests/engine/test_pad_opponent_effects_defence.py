"""Defence-side triggers and continuous effects (PAD-4.5.2, PAD-4.5.3, PAD-6.1, PAD-7.2;
engine/pad/opponent.py and engine/pad/defence.py) in two-player positions of real cards
(fixtures/pad.json, steps written by the card-text converter). Expected values are
worked out by hand from each card's printed text and stats (in each test's docstring).
"""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.pad import effects
from engine.pad.cards import DARK, FIRE, LIGHT, WATER, PadCard
from engine.pad.opponent import defence_of
from engine.pad.policies import GreedyPolicy, Policy
from tests.engine.factories import as_listed, build_game, face, orb, real, stack_on

LIL_RED, LIL_BLUE, LIL_GREEN, LIL_WHITE, LIL_BLACK = (
    real(n) for n in ("B01-001", "B01-005", "B01-009", "B01-013", "B01-017")
)
AURORA = real("B01-007")  # water evo2, DEF 800
RED_GIANT = real("B01-062")  # fire, DEF 700: can guard against multiple monsters
PHOENIX = real("B04-024")  # fire: Wood monsters cannot guard it; attack 0/0/100/300/…
SUSANO = real("B02-051")  # wood, DEF 600: no damage from attacks of 200 or less
KARIN = real("B03-046")  # water, DEF 600: no damage from ROLLED attackers of 500 or less
VERMILIONYT = real("B03-036")  # fire/light, DEF 500: +500 DEF guarding a Light monster
BYAKKO = real("B03-057")  # dark: its damage sends life cards to the discard pile
HERA_IS = real("B04-043")  # water: opponent monsters cannot be activated by effects
AWOKEN_HERA_IS = real("B04-042")  # … during their puzzle phase only
SATAN = real("B04-070")  # dark/fire: a heal combo deals 1 damage instead of healing
OROCHI = real("B02-048")  # water evo2: when your HP reaches 0, this card goes to HP
VIPER = real("B02-047")  # its pre-evolution
SERPENT = real("B02-049")  # water: negate 1 damage each time you discard 2 cards
SOWILO = real("B04-047")  # light/dark, DEF 500: discard 1 at guard declaration: +100 DEF
BAAL = real("B04-060")  # light/dark, DEF 500: guards → rolls an attacker of DEF ≤ 600
# The fan list's Hades (its scan triggers on dealing damage, which the engine cannot run
# yet, issue 26): the `damaged` trigger it was written for.
HADES = as_listed("B01-084")  # dark: when you take damage, a random opponent hand card goes
GENBU = real("B03-052")  # wood, DEF 800: discard 2 at guard declaration to become Active
EVIL_WIND = real("B03-091")  # dark skill: this turn, each damage → opponent discards 1
GUNGNIR = real("B03-088")  # water/dark skill: this turn, each damage → draw a card
CURE = real("B01-118")  # damage: discard 2 cards and heal 1
DEFENSIVE_STANCE = real("B01-115")  # water defence skill: activate one of your monsters
FW, WD, HL = orb("fire", "water"), orb("wood", "dark"), orb("heart", "light")


def names(cards) -> list[str]:
    return [card.name for card in cards]


def duel(attackers, defenders, *, mine=None, theirs=None):
    """The attacker (greedy) and the defender (greedy), seated against each other."""
    me = build_game(attackers, policy=GreedyPolicy(), phase="attack", **(mine or {}))
    them = build_game(defenders, policy=GreedyPolicy(), **(theirs or {}))
    face(me, them)
    return me, them


on_top = stack_on


def attack(game, colour: int, combos: int) -> None:
    """The attack phase after a puzzle that made `combos` combos of `colour`."""
    game.made_mask, game.combos = 1 << colour, combos
    game.attack_phase()


# --- guarding (PAD-4.5.2) ---------------------------------------------------------------
def test_guard_multiple_blocks_every_attack_and_stays_active():
    """Two Lil' Red Dragons attack 200 each (3 combos); Red Giant Gigas (DEF 700) blocks
    both and stays active. Lil' Blue Dragon (DEF 500) blocks the first only (tapped)."""
    me, them = duel([LIL_RED, LIL_RED], [LIL_BLUE])
    on_top(them, 0, RED_GIANT)
    attack(me, FIRE, 3)
    assert len(them.state.life) == 5 and not them.state.pets[0].tapped
    me, them = duel([LIL_RED, LIL_RED], [LIL_BLUE])
    attack(me, FIRE, 3)
    assert len(them.state.life) == 4 and them.state.pets[0].tapped


def test_unblockable_by_wood_monsters():
    """Phoenix Resurrected attacks 300 (4 combos): Lil' Green Dragon (wood, DEF 400)
    cannot guard it; Lil' Blue Dragon (water, DEF 500) can."""
    me, them = duel([LIL_RED], [LIL_GREEN])
    on_top(me, 0, PHOENIX)
    attack(me, FIRE, 4)
    assert len(them.state.life) == 4 and not them.state.pets[0].tapped
    me, them = duel([LIL_RED], [LIL_BLUE])
    on_top(me, 0, PHOENIX)
    attack(me, FIRE, 4)
    assert len(them.state.life) == 5 and them.state.pets[0].tapped


def test_guard_bonus_against_a_light_attacker_makes_the_block():
    """Lil' White Dragon (light) attacks 500 at 6 combos: Vermilionyt (DEF 500) guards with
    500 + 500 = 1000 > 500. Lil' Red Dragon (fire) attacks 600: 500 is not enough."""
    me, them = duel([LIL_WHITE], [LIL_RED])
    on_top(them, 0, VERMILIONYT)
    attack(me, LIGHT, 6)
    assert len(them.state.life) == 5 and them.state.pets[0].tapped
    me, them = duel([LIL_RED], [LIL_RED])
    on_top(them, 0, VERMILIONYT)
    attack(me, FIRE, 6)
    assert len(them.state.life) == 4 and not them.state.pets[0].tapped


def test_defence_bonus_at_the_guard_declaration_for_a_discarded_card():
    """Lil' White Dragon attacks 500; Awoken Hera-Sowilo (DEF 500) cannot block, so the
    greedy defender discards its one hand card for +100: 600 > 500 blocks. The bonus
    ends with the turn."""
    me, them = duel([LIL_WHITE], [LIL_BLACK], theirs={"hand": [FW]})
    on_top(them, 0, SOWILO)
    attack(me, LIGHT, 6)
    assert len(them.state.life) == 5 and them.state.pets[0].tapped
    assert them.state.hand == [] and names(them.state.discard) == [FW.name]
    assert defence_of(them.state.pets[0]) == 600
    them.reset_phase()
    assert defence_of(them.state.pets[0]) == 500


def test_guard_declaration_activates_a_rolled_guardian():
    """Genbu, Meimei (DEF 800) is rolled; for 2 discarded cards it becomes Active at the
    guard declaration and blocks Lil' Red Dragon's 600 (6 combos)."""
    me, them = duel([LIL_RED], [LIL_GREEN], theirs={"hand": [FW, WD]})
    on_top(them, 0, GENBU)
    them.state.pets[0].tapped = True
    attack(me, FIRE, 6)
    assert len(them.state.life) == 5 and them.state.hand == []


def test_a_guard_rolls_a_weak_attacker():
    """Baal (DEF 500) blocks Lil' Red Dragon's 200 (3 combos); Lil' Red (DEF 100 ≤ 600)
    is rolled. Aurora Dragon (DEF 800) attacking is not."""
    me, them = duel([LIL_RED], [LIL_BLACK])
    on_top(them, 0, BAAL)
    attack(me, FIRE, 3)
    assert them.state.pets[0].tapped and me.state.pets[0].tapped
    me, them = duel([LIL_BLUE], [LIL_BLACK])
    on_top(me, 0, real("B01-006"), AURORA)
    on_top(them, 0, BAAL)
    attack(me, WATER, 2)
    assert them.state.pets[0].tapped and not me.state.pets[0].tapped


# --- damage (PAD-4.5.3) -----------------------------------------------------------------
def test_damage_immunity_from_weak_attacks():
    """Susano no Mikoto: Lil' Red Dragon's 200 (3 combos) deals nothing and needs no
    block; its 300 (4 combos) against a rolled Susano deals 1."""
    me, them = duel([LIL_RED], [LIL_GREEN])
    on_top(them, 0, SUSANO)
    attack(me, FIRE, 3)
    assert len(them.state.life) == 5 and not them.state.pets[0].tapped
    them.state.pets[0].tapped = True
    attack(me, FIRE, 4)
    assert len(them.state.life) == 4


def test_damage_immunity_from_rolled_attackers_only():
    """Karin (rolled, cannot block): an active Lil' Red Dragon's 200 (3 combos) deals 1;
    once Lil' Red is rolled, the same attack deals nothing."""
    me, them = duel([LIL_RED], [LIL_BLUE])
    on_top(them, 0, KARIN)
    them.state.pets[0].tapped = True
    attack(me, FIRE, 3)
    assert len(them.state.life) == 4
    me.state.pets[0].tapped = True
    attack(me, FIRE, 3)
    assert len(them.state.life) == 4


def test_life_to_discard_skips_the_hand_and_the_damage_trigger():
    """Byakko, Haku (attack 100 at 1 combo) deals 1: the top life card, Cure, goes to
    the discard pile untriggered, not to the hand."""
    me, them = duel([LIL_BLACK], [LIL_RED], theirs={"life": [FW, CURE], "hand": [WD, WD]})
    on_top(me, 0, BYAKKO)
    them.state.pets[0].tapped = True
    attack(me, DARK, 1)
    assert names(them.state.life) == [FW.name]
    assert names(them.state.discard) == [CURE.name]
    assert names(them.state.hand) == [WD.name, WD.name]


def test_negate_damage_for_two_discarded_cards():
    """Serpent God Demon, Viper Orochi (rolled) is to take Lil' Red Dragon's 1 damage: the
    greedy defender pays two spare cards and keeps its 5 life."""
    me, them = duel([LIL_RED], [LIL_BLUE], theirs={"hand": [FW, WD]})
    on_top(them, 0, SERPENT)
    them.state.pets[0].tapped = True
    attack(me, FIRE, 3)
    assert len(them.state.life) == 5 and them.state.hand == []
    assert names(them.state.discard) == [FW.name, WD.name]


def test_damaged_trigger_discards_a_random_attacker_hand_card():
    """Hades takes 1 damage: one of the attacker's two hand cards goes to its discard."""
    me, them = duel([LIL_RED], [LIL_BLACK], mine={"hand": [FW, WD]})
    on_top(them, 0, HADES)
    them.state.pets[0].tapped = True
    attack(me, FIRE, 3)
    assert len(them.state.life) == 4
    assert len(me.state.hand) == 1 and len(me.state.discard) == 1
    assert set(names(me.state.hand + me.state.discard)) == {FW.name, WD.name}


def test_last_stand_refills_the_emptied_life_area():
    """Demon Viper Orochi's owner takes its last life card: Orochi's card goes to the
    life area face down and the owner has not lost; the pet is Viper Orochi again."""
    me, them = duel([LIL_RED], [LIL_BLUE], theirs={"life": [FW]})
    on_top(them, 0, VIPER, OROCHI)
    them.state.pets[0].tapped = True
    attack(me, FIRE, 3)
    assert names(them.state.life) == [OROCHI.name] and not them.lost
    assert them.state.pets[0].top.name == VIPER.name
    attack(me, FIRE, 3)
    assert them.lost


# --- the attacker's own turn ------------------------------------------------------------
def test_heal_combo_deals_damage_instead_of_healing():
    """King of Hell, Satan: a heart combo at 4 life heals nothing; the opponent takes 1."""
    hearts = [HL, HL, HL]
    me, them = duel(
        [LIL_BLACK], [LIL_BLUE], mine={"columns": (hearts, [FW], [WD]), "deck": [HL] * 3}
    )
    me.state.life.pop()
    on_top(me, 0, SATAN)
    me.phase = "puzzle"
    me.puzzle_phase()
    assert len(me.state.life) == 4 and len(them.state.life) == 4


def test_without_satan_the_heal_combo_heals():
    me, them = duel(
        [LIL_BLACK], [LIL_BLUE], mine={"columns": ([HL, HL, HL], [FW], [WD]), "deck": [HL] * 3}
    )
    me.state.life.pop()
    me.puzzle_phase()
    assert len(me.state.life) == 5 and len(them.state.life) == 5


def test_no_activation_effects_for_the_opponents_monsters():
    """Permafrost Queen, Hera-Is: Defensive Stance untaps nothing for its opponent; the
    reset phase's untap (PAD-4.1, a rule, not an effect) still happens."""
    me, them = duel([LIL_RED], [LIL_BLUE], theirs={"hand": [DEFENSIVE_STANCE]})
    on_top(me, 0, HERA_IS)
    them.state.pets[0].tapped = True
    them.play_defence_skill(them.state.hand[0])
    assert them.state.pets[0].tapped
    them.reset_phase()
    assert not them.state.pets[0].tapped


def test_no_activation_effects_during_the_puzzle_phase_only():
    """Awoken Hera-Is: the opponent's untap effect fails in their puzzle phase and works
    in their main phase."""
    me, them = duel([LIL_RED], [LIL_BLUE])
    on_top(me, 0, AWOKEN_HERA_IS)
    untap = PadCard(DEFENSIVE_STANCE).defence_steps[0]
    them.state.pets[0].tapped = True
    them.phase = "puzzle"
    effects.run(them, untap, PadCard(DEFENSIVE_STANCE))
    assert them.state.pets[0].tapped
    them.phase = "main"
    effects.run(them, untap, PadCard(DEFENSIVE_STANCE))
    assert not them.state.pets[0].tapped


def test_each_damage_this_turn_makes_the_opponent_discard():
    """Evil Wind, then two attacks of 1 damage each: the opponent discards two cards; at
    the next turn the effect has ended."""
    me, them = duel(
        [LIL_BLACK, LIL_BLACK],
        [LIL_RED],
        mine={"hand": [EVIL_WIND]},
        theirs={"hand": [FW, WD, HL]},
    )
    them.state.pets[0].tapped = True
    me.phase = "main"
    me.play_skill(me.state.hand[0])
    attack(me, DARK, 3)  # Lil' Black Dragon: 200 each, two attacks
    assert len(them.state.life) == 3 and len(them.state.hand) == 3 - 2 + 2
    assert len(them.state.discard) == 2
    them.reset_phase()
    me.reset_phase()
    attack(me, DARK, 3)
    assert len(them.state.discard) == 2


def test_each_damage_this_turn_draws_a_card_even_against_the_goldfish():
    """Diabolic Lance, Gungnir: each attack that deals damage draws a card."""
    game = build_game([LIL_BLACK], policy=GreedyPolicy(), hand=[GUNGNIR], deck=[FW, WD])
    game.play_skill(game.state.hand[0])
    attack(game, DARK, 3)
    assert game.opponent.life == 4 and names(game.state.hand) == [WD.name]


def test_goldfish_never_triggers_defence_steps():
    """Against the goldfish, which never attacks (DGM-5), guard and damage steps stay
    idle: a player with Hades, Serpent and Baal plays its attacks unchanged."""
    game = build_game([LIL_RED, LIL_BLUE, LIL_BLACK], policy=GreedyPolicy())
    on_top(game, 0, HADES)
    on_top(game, 1, SERPENT)
    on_top(game, 2, BAAL)
    attack(game, DARK, 3)  # Hades 400 (dark) and Baal (light/dark) 400: two damage
    assert game.opponent.life == 3


def test_a_policy_cannot_guard_with_a_barred_pet():
    """Lil' Green Dragon (wood) named as the blocker of Phoenix Resurrected: refused."""

    class Stubborn(Policy):
        def choose_blockers(self, game, attack):
            return [0]

    me, them = duel([LIL_RED], [LIL_GREEN])
    them.policy = Stubborn()
    on_top(me, 0, PHOENIX)
    with pytest.raises(IllegalAction, match="cannot be guarded"):
        attack(me, FIRE, 4)
