"""B04-107 ワールドエンド (dark skill, cost 1), issue 26: "Discard all of your life cards
except the bottom-most one. Then choose 1 of your opponent's evolved monsters and discard
cards from the top of it, up to the number of life cards you discarded. (The base monster
is not discarded.)" — `life_for_devolve` with `keep_life: 1` (engine/pad/opponent.py), in
two-player positions of real cards (fixtures/pad.json). Expected values are worked out by
hand from the printed text (each test's docstring); PAD-4.4.4 puts a recovered card at the
bottom of the life area, so the bottom-most life card is the first of the list.
"""

from __future__ import annotations

from cards.conversion.pad_effects import steps_for
from engine.pad import effects
from engine.pad.cards import PadCard
from engine.pad.policies import GreedyPolicy
from engine.pad.random_policy import RandomPolicy
from tests.engine.factories import (
    LIL_BLUE,
    LIL_RED,
    METEOR,
    RED,
    VOLCANO,
    build_game,
    catalogue_entry,
    face,
    orb,
    real,
    stack_on,
)

WORLD_END = real("B04-107")
LIL_BLACK = real("B01-017")  # dark base: puts the skill's attribute in play
# five life cards told apart by their orbs; BOTTOM is the bottom-most
BOTTOM, SECOND, THIRD, FOURTH, TOP = (
    orb("heart"),
    orb("fire"),
    orb("water"),
    orb("wood"),
    orb("light"),
)
LIFE = [BOTTOM, SECOND, THIRD, FOURTH, TOP]
# an orb column of two: its top card pays the cost 1 (PAD-4.3.1: a column keeps one)
KEPT, PAYMENT = orb("dark", "water"), orb("dark", "light")


def names(cards) -> list[str]:
    return [card.name for card in cards]


def seated(life, their_stacks, *, policy=None):
    """The player (Lil' Black, `life` bottom → top, World End in hand, one orb card to pay
    with) against pets built from `their_stacks` (each a base card and its evolutions)."""
    me = build_game(
        [LIL_BLACK],
        life=life,
        hand=[WORLD_END],
        columns=((KEPT, PAYMENT), (), ()),
        policy=policy or GreedyPolicy(),
    )
    them = build_game([stack[0] for stack in their_stacks], policy=GreedyPolicy())
    for index, stack in enumerate(their_stacks):
        if len(stack) > 1:
            stack_on(them, index, *stack[1:])
    face(me, them)
    me.init_opposition(me.state.all_cards())
    them.init_opposition(them.state.all_cards())
    return me, them


def play(me) -> list:
    card = me.state.hand[0]
    (step,) = card.play_steps
    return effects.ACTIONS[step.action](me, step, card, None)


def test_the_printed_text_reads_as_the_price_and_the_devolution():
    data = catalogue_entry("B04-107")
    assert steps_for(data["text"], data) == (
        [{"trigger": "play", "action": "life_for_devolve", "amount": 1, "keep_life": 1}],
        None,
    )
    assert PadCard(WORLD_END).simulated


def test_four_life_cards_paid_take_an_evo3_back_to_its_base():
    """Life 5: the four above the bottom-most go to the discard pile (4 paid). The
    opponent's Meteor Volcano Dragon stack (Lil' Red → Red → Volcano → Meteor) loses its
    top cards up to 4, but its base card stays: Meteor, Volcano and Red are discarded (3),
    Lil' Red is left alone on top."""
    me, them = seated(LIFE, [[LIL_RED, RED, VOLCANO, METEOR]])
    moved = play(me)
    assert names(me.state.life) == names([PadCard(BOTTOM)])
    assert sorted(names(me.state.discard)) == sorted(names(map(PadCard, LIFE[1:])))
    assert names(moved) == [METEOR.name, VOLCANO.name, RED.name]
    assert names(them.state.pets[0].cards) == [LIL_RED.name]
    assert names(them.state.discard) == [METEOR.name, VOLCANO.name, RED.name]


def test_two_life_cards_take_two_cards_off():
    """Life 3: 2 paid (the bottom-most kept), so the evo3 stack loses Meteor and Volcano
    and Red Dragon is on top."""
    me, them = seated(LIFE[:3], [[LIL_RED, RED, VOLCANO, METEOR]])
    play(me)
    assert names(me.state.life) == [PadCard(BOTTOM).name]
    assert names(them.state.pets[0].cards) == [LIL_RED.name, RED.name]


def test_one_life_card_left_pays_nothing_and_devolves_nothing():
    """With the bottom-most card alone in the life area nothing is discarded, so "up to
    the number of life cards you discarded" is 0."""
    me, them = seated([BOTTOM], [[LIL_RED, RED, VOLCANO]])
    assert play(me) == []
    assert len(me.state.life) == 1 and me.state.discard == []
    assert names(them.state.pets[0].cards) == [LIL_RED.name, RED.name, VOLCANO.name]


def test_the_price_is_paid_even_without_an_evolved_target():
    """The life cards are the price; "then choose" finds no evolved pet (a lone base pet
    is not discarded), so only the payment happens (as the random player may do)."""
    me, them = seated(LIFE, [[LIL_RED], [LIL_BLUE]], policy=RandomPolicy())
    assert play(me) == []
    assert len(me.state.life) == 1 and len(me.state.discard) == 4
    assert [len(pet.cards) for pet in them.state.pets] == [1, 1]


def test_greedy_devolves_the_pet_that_loses_most():
    """Against Blazing Ice Ogre (Blue Ogre → Ice Ogre → the ultimate: 2 cards above its
    base; the most valuable top card, which a one-card devolution would pick) and
    Firedragon Tyrannos (ティラ → Tyran → Tyrannos → the evo3: 3 above its base), 3 paid:
    the greedy player takes Tyrannos's stack down to its base (3 cards off), not the
    Ogre's (only 2 could come off)."""
    ogre = [real("B02-020"), real("B02-021"), real("B02-022")]
    tyrannos = [real("B01-021"), real("B01-022"), real("B01-023"), real("B01-024")]
    me, them = seated(LIFE[:4], [ogre, tyrannos])
    play(me)
    assert [len(pet.cards) for pet in them.state.pets] == [3, 1]


def test_greedy_pays_only_when_no_life_card_is_wasted_and_two_come_off():
    """The greedy rule (engine/pad/policies.py): the skill is worth its price when every
    life card paid takes a card off and at least two come off.
    - life 3 (2 paid) against an evo2 stack (2 cards above the base): worth it;
    - life 5 (4 paid) against the same stack: 2 of the 4 life cards would be wasted;
    - life 2 (1 paid) against it: a single card off is not worth a life card;
    - life 5 against an evo3 stack (3 above the base): 4 paid for 3, not worth it;
    - life 4 (3 paid) against the evo3 stack: worth it."""
    evo2, evo3 = [[LIL_RED, RED, VOLCANO]], [[LIL_RED, RED, VOLCANO, METEOR]]
    for life, stacks, wanted in (
        (LIFE[:3], evo2, True),
        (LIFE, evo2, False),
        (LIFE[:2], evo2, False),
        (LIFE, evo3, False),
        (LIFE[:4], evo3, True),
    ):
        me, _them = seated(life, stacks)
        played = me.policy.skill_to_play(me)
        assert (played is not None and played.name == WORLD_END.name) is wanted, (
            len(life),
            len(stacks[0]),
        )


def test_against_the_goldfish_the_skill_has_nothing_to_devolve():
    """DGM-5: the goldfish has no pets, so the goldfish report lists the card among the
    effects that cannot act there."""
    assert "life_for_devolve" in effects.NO_GOLDFISH_TARGET


def test_the_greedy_player_plays_it_paying_its_cost():
    """Life 3 against Volcano Dragon's stack (Lil' Red → Red → Volcano): greedy chooses
    the skill and plays it, paying its cost 1 with the orb card; the stack loses 2 cards
    and the skill and the orb card end in the discard pile with the 2 life cards."""
    me, them = seated(LIFE[:3], [[LIL_RED, RED, VOLCANO]])
    card = me.policy.skill_to_play(me)
    assert card is not None
    me.play_skill(card)
    assert names(them.state.pets[0].cards) == [LIL_RED.name]
    assert len(me.state.life) == 1 and names(me.state.columns[0]) == [PadCard(KEPT).name]
    assert sorted(names(me.state.discard)) == sorted(
        names(map(PadCard, [SECOND, THIRD, PAYMENT, WORLD_END]))
    )
