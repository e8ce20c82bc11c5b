""" "Choose a <Colour> card in your hand and use it for 1 less cost" (B02-102 … B02-106,
`cost_reduction` with `cards: "any"`) may use a hand SKILL of that colour for its cost
less 1, at once (PAD-4.3, PAD-1.2, PAD-4.3.1), as well as evolve a pet; "choose a fire
monster from your hand and evolve it for 1 less cost" (B01-104 … B01-108) only evolves.

Real cards (fixtures/pad.json). Expected values worked out by hand from the printed texts:
- B02-102 Ruby Dragon: fire skill, cost 0, "use a Fire card for 1 less".
- B02-112 Flame Breath: fire skill, cost 2, "Devolve one of your opponent's monsters with
  700 or less defense" — used for 1 less it pays exactly 1 orb card.
- B02-105 Gold Dragon: light, cost 0; B01-120 Light Of Mighty Healing: light, cost 1,
  "choose 1 card from your discard pile and put it in your hand" — used for 0.
"""

from __future__ import annotations

from engine.pad.cards import PadCard
from engine.pad.own_effects import cost_reduction_options
from engine.pad.policies import GreedyPolicy, Policy
from engine.pad.random_policy import RandomPolicy
from tests.engine.factories import (
    HEALING,
    LIL_BLUE,
    LIL_RED,
    RED,
    RUBYLIT,
    build_game,
    face,
    orb,
    real,
)

RUBY_DRAGON = real("B02-102")  # fire, cost 0: a Fire card for 1 less
GOLD_DRAGON = real("B02-105")  # light, cost 0: a Light card for 1 less
FLAME_BREATH = real("B02-112")  # fire, cost 2: devolve an opponent monster, DEF ≤ 700
BLUE = real("B01-006")  # evo1 of Lil' Blue Dragon, DEF 600
LIL_WHITE = real("B01-013")  # light base pet
FW, WD = orb("fire", "water"), orb("wood", "dark")


def names(cards) -> list[str]:
    return [card.name for card in cards]


def orb_cards(game) -> int:
    return sum(len(column) for column in game.state.columns)


def breath_duel(discount, *, policy=None, columns=([FW, FW], [FW], [FW]), hand_extra=()):
    """The player (Lil' Red Dragon in play; `discount` and Flame Breath in hand) against an
    opponent whose Lil' Blue Dragon evolved to Blue Dragon (DEF 600 ≤ 700)."""
    me = build_game(
        [LIL_RED],
        hand=[discount, *hand_extra, FLAME_BREATH],
        columns=columns,
        policy=policy if policy is not None else Policy(),
    )
    them = build_game([LIL_BLUE], policy=GreedyPolicy())
    face(me, them)
    stack, card = them.state.pets[0], PadCard(BLUE)
    stack.cards.append(card)
    stack.top = card
    them.init_opposition(them.state.all_cards())  # as if dealt from the deck
    return me, them


def test_ruby_dragon_uses_a_fire_skill_for_1_less_paying_exactly_cost_minus_1():
    # Flame Breath costs 2; the orb area pays at most 1 (columns of 2, 1, 1: PAD-4.3.1),
    # so it cannot be played alone; with Ruby Dragon it is used for 2 − 1 = 1.
    me, them = breath_duel(RUBY_DRAGON)
    breath = me.state.hand[1]
    assert not me.can_play(breath)
    assert orb_cards(me) == 4
    me.play_skill(me.state.hand[0])
    assert orb_cards(me) == 3  # exactly 1 card paid
    assert [len(column) for column in me.state.columns] == [1, 1, 1]
    # Flame Breath's step ran: Blue Dragon (DEF 600) went to its owner's discard pile
    assert names(them.state.pets[0].cards) == [LIL_BLUE.name]
    assert names(them.state.discard) == [BLUE.name]
    # the paid orb card (PAD-4.3.1), the used skill, then the discount skill were discarded
    assert me.state.hand == []
    assert names(me.state.discard) == [FW.name, FLAME_BREATH.name, RUBY_DRAGON.name]


def test_a_skill_whose_reduced_cost_is_not_payable_is_no_option():
    # Columns of 1 card each pay nothing: Flame Breath would still cost 1.
    me, them = breath_duel(RUBY_DRAGON, columns=([FW], [FW], [FW]))
    me.play_skill(me.state.hand[0])
    assert names(me.state.hand) == [FLAME_BREATH.name]
    assert orb_cards(me) == 3
    assert names(them.state.pets[0].cards) == [LIL_BLUE.name, BLUE.name]


def test_rubylit_evolve_a_monster_for_less_never_uses_a_skill():
    # B01-104 "choose a fire monster from your hand and evolve it": monsters only.
    me, them = breath_duel(RUBYLIT)
    me.play_skill(me.state.hand[0])
    assert names(me.state.hand) == [FLAME_BREATH.name]
    assert names(me.state.discard) == [RUBYLIT.name]
    assert orb_cards(me) == 4
    assert names(them.state.pets[0].cards) == [LIL_BLUE.name, BLUE.name]


def test_gold_dragon_uses_a_light_skill_for_0_and_its_steps_run():
    # Light Of Mighty Healing costs 1, used for 1 − 1 = 0: the orb area keeps every card,
    # and the card in the discard pile comes back to the hand.
    game = build_game(
        [LIL_WHITE],
        hand=[GOLD_DRAGON, HEALING],
        discard=[WD],
        columns=([FW], [FW], [FW]),
    )
    assert not game.can_play(game.state.hand[1])  # the orb area pays nothing
    game.play_skill(game.state.hand[0])
    assert names(game.state.hand) == [WD.name]
    assert orb_cards(game) == 3
    assert names(game.state.discard) == [HEALING.name, GOLD_DRAGON.name]


def test_the_options_are_the_cheaper_evolutions_and_the_usable_skills_of_the_colour():
    me, _them = breath_duel(RUBY_DRAGON, hand_extra=[RED])
    ruby, red, breath = me.state.hand
    step = ruby.play_steps[0]
    assert cost_reduction_options(me, step, ruby) == [(0, red), (None, breath)]
    rubylit = build_game([LIL_RED], hand=[RUBYLIT, RED, FLAME_BREATH], columns=([FW, FW], [], []))
    source = rubylit.state.hand[0]
    assert cost_reduction_options(rubylit, source.play_steps[0], source) == [
        (0, rubylit.state.hand[1])
    ]


def test_random_policy_picks_the_evolution_or_the_skill():
    picked = set()
    for seed in range(12):
        me, _them = breath_duel(RUBY_DRAGON, policy=RandomPolicy(), hand_extra=[RED])
        me.rng.seed(seed)
        me.play_skill(me.state.hand[0])
        picked.add(RED.name if me.state.pets[0].top.name == RED.name else "skill")
        if me.state.pets[0].top.name != RED.name:
            assert names(me.state.discard) == [FW.name, FLAME_BREATH.name, RUBY_DRAGON.name]
    assert picked == {RED.name, "skill"}


def test_greedy_plays_ruby_dragon_to_use_flame_breath_it_cannot_afford_alone():
    me, them = breath_duel(RUBY_DRAGON, policy=GreedyPolicy())
    me.policy.main_phase(me)
    assert names(them.state.pets[0].cards) == [LIL_BLUE.name]
    assert orb_cards(me) == 3
    assert names(me.state.discard) == [FW.name, FLAME_BREATH.name, RUBY_DRAGON.name]


def test_greedy_prefers_the_evolution_and_skips_a_skill_it_does_not_want():
    me, them = breath_duel(RUBY_DRAGON, policy=GreedyPolicy(), hand_extra=[RED])
    ruby, red, breath = me.state.hand
    options = cost_reduction_options(me, ruby.play_steps[0], ruby)
    assert me.policy.choose_cheaper_play(me, options, 1) == (0, red)
    # Without a target for Flame Breath (the opponent's pet back to a lone base pet) the
    # greedy does not want it: no option is taken, and Ruby Dragon is not played.
    stack = them.state.pets[0]
    stack.cards.pop()
    stack.top = stack.cards[-1]
    assert me.policy.choose_cheaper_play(me, [(None, breath)], 1) is None
    alone, _ = breath_duel(RUBY_DRAGON, policy=GreedyPolicy())
    alone.opponent.state.pets[0].cards.pop()
    alone.opponent.state.pets[0].top = alone.opponent.state.pets[0].cards[-1]
    alone.policy.main_phase(alone)
    assert names(alone.state.hand) == [RUBY_DRAGON.name, FLAME_BREATH.name]
