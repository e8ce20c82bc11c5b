"""PAD-4.5.2: the defender picks which attacker to answer next, then its blockers (issue
25's audit: greedy blocked each attack as it came, so two pets went on a small attack
and the big one walked in). Real cards (fixtures/pad.json); values from their rows."""

from __future__ import annotations

from engine.pad.cards import FIRE
from engine.pad.policies import GreedyPolicy, Policy
from engine.pad.random_policy import RandomPolicy
from tests.engine.factories import build_game, face, real

LIL_RED = real("B01-001")  # fire; 5 combos: 400, 1 damage
METEOR = real("B01-004")  # fire; 5 combos: 800 +1, 2 damage
LIL_BLUE = real("B01-005")  # DEF 500
LIL_GREEN = real("B01-009")  # DEF 400


def _attack_with_five_fire_combos(defender_policy):
    me = build_game([LIL_RED, METEOR], policy=GreedyPolicy(), phase="attack")
    them = build_game([LIL_BLUE, LIL_GREEN], policy=defender_policy)
    face(me, them)
    me.made_mask, me.combos = 1 << FIRE, 5
    me.attack_phase()
    return them


def test_pad_4_5_2_greedy_answers_the_attacker_worth_blocking_first():
    """Answered in declaration order, Lil' Red's 400 takes Lil' Blue (500, the weakest pet
    that blocks alone) and Meteor's 800 +1 walks in: 2 damage. Answering Meteor first,
    Lil' Blue and Lil' Green (500 + 400 = 900 > 800) block it and Lil' Red deals 1."""
    them = _attack_with_five_fire_combos(GreedyPolicy())
    assert len(them.state.life) == 4
    assert all(stack.tapped for stack in them.state.pets)


def test_pad_4_5_2_a_defender_that_answers_in_order_takes_the_bonus_damage():
    """The base policy answers attackers as declared and never blocks: 1 + 2 damage."""
    them = _attack_with_five_fire_combos(Policy())
    assert len(them.state.life) == 2


def test_pad_4_5_2_the_random_defender_answers_any_attacker():
    """Over seeds, the random policy answers either attacker first (both orders seen)."""
    firsts = set()
    for seed in range(40):
        me = build_game([LIL_RED, METEOR], policy=GreedyPolicy(), phase="attack", log=True)
        them = build_game([LIL_BLUE, LIL_GREEN], policy=RandomPolicy())
        face(me, them)
        me.rng.seed(seed)
        them.rng = me.rng
        me.made_mask, me.combos = 1 << FIRE, 5
        me.attack_phase()
        attacks = [e for e in me.log["events"] if e["action"] == "attack"]
        firsts.add(attacks[0]["cards"][0])
    assert firsts == {LIL_RED.name, METEOR.name}
