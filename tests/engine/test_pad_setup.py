"""PAD-3: zones and setup."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from engine.core.errors import IllegalAction
from engine.pad.engine import PadDeck
from engine.pad.policies import GreedyPolicy, Policy
from engine.pad.rules import PadGame
from tests.engine.factories import BLUE, LIL_BLUE, LIL_RED, RED, build_game, orb, starter_deck


def set_up(policy=None, seed=7) -> PadGame:
    prepared = PadDeck(starter_deck(), policy="greedy", turn_cap=30, options=None)
    game = PadGame(prepared.team, prepared.deck, Random(seed), policy or Policy())
    game.setup()
    return game


def test_pad_3_1_team_starts_in_the_pet_area_apart_from_the_shuffled_deck():
    game = set_up()
    deck = starter_deck()
    assert [stack.top.name for stack in game.state.pets] == [card.name for card in deck.team]
    assert all(len(stack.cards) == 1 and not stack.tapped for stack in game.state.pets)
    other = set_up(seed=8)
    assert [c.name for c in game.state.deck] != [c.name for c in other.state.deck]


def test_pad_3_2_five_life_cards_3_3_five_in_hand_3_4_one_per_orb_column():
    game = set_up()
    state = game.state
    assert len(state.life) == 5
    assert len(state.hand) == 5
    assert [len(column) for column in state.columns] == [1, 1, 1]
    assert len(state.deck) == 40 - 13
    owned = Counter(c.name for c in state.all_cards())
    assert owned == Counter(c.name for c in starter_deck().cards())


def test_pad_3_4_orb_counts_follow_the_column_cards():
    game = set_up()
    for column, tally in zip(game.state.columns, game.state.counts, strict=True):
        card = column[0]
        assert [tally[c] for c in range(6)] == [int(c in card.orbs) for c in range(6)]


def test_pad_3_4_greedy_exchange_takes_an_evolution_from_the_orb_area():
    junk = orb("wood", "light")
    game = build_game(
        [LIL_RED, LIL_BLUE],
        hand=[junk] * 5,
        columns=([RED], [junk], [BLUE]),
        policy=GreedyPolicy(),
        phase="setup",
    )
    game.policy.setup_exchange(game)
    assert sorted(c.name for c in game.state.hand if c.is_pet) == ["Blue Dragon", "Red Dragon"]
    assert all(column[0].name == junk.name for column in game.state.columns)


def test_pad_3_4_exchanges_happen_during_setup_only():
    game = build_game([LIL_RED], hand=[RED], columns=([orb("fire", "wood")], [], []))
    with pytest.raises(IllegalAction):
        game.exchange(game.state.hand[0], 0)


def test_pad_3_5_going_second_is_an_option_and_logged():
    prepared = PadDeck(starter_deck(), policy="greedy", turn_cap=3, options=None)
    log = prepared.play(5, going_first=False, log=True).log
    assert log["going_first"] is False
    assert log["events"][[e["phase"] for e in log["events"]].index("opponent")]["turn"] == 1
