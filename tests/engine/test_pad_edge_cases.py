"""PAD-6: end of game and edge cases."""

from __future__ import annotations

from collections import Counter

from engine.pad.engine import PadDeck
from tests.engine.factories import (
    ENCHANTRESS,
    LIL_RED,
    SIREN,
    build_game,
    orb,
    pet,
    starter_deck,
)

FW = orb("fire", "water")
WL = orb("wood", "light")
DL = orb("dark", "light")
STRONG = pet(80, "Strong Dragon", "fire", ("fire", "dark"), attack=((100, 2),) * 6)


def test_pad_6_1_the_goldfish_loses_at_0_life_and_the_game_ends_in_that_attack_phase():
    game = build_game([STRONG, STRONG, STRONG], log=True)
    game.made_mask, game.combos = 1, 1  # fire
    game.attack_phase()
    # 3 + 3 = 6 ≥ 5: the second attack wins; the third pet does not attack
    assert game.opponent.life == 0
    assert game.turn_attacks == [2] and game.turn_damage == [5]
    assert [e["action"] for e in game.log["events"]][-1] == "win"
    assert game.state.attack_area == []


def test_pad_6_1_a_won_game_has_no_cleanup_on_its_last_turn():
    prepared = PadDeck(starter_deck(), policy="greedy", turn_cap=30, options=None)
    result = prepared.play(3, going_first=True, log=True)
    assert result.won
    last = result.log["snapshots"][-1]
    assert (last["turn"], last["phase"]) == (result.turns, "attack")
    assert last["opponent_life"] == 0
    assert sum(result.per_turn["damage"]) == 5


def test_pad_6_1_a_player_with_an_empty_life_area_loses():
    game = build_game([LIL_RED], life=[FW, WL])
    game.take_damage(3)  # the third point finds no life card
    assert game.state.life == [] and game.lost


def test_pad_6_1_the_last_life_card_may_still_heal():
    heal = pet(
        81,
        "Healing Egg",
        None,
        ("heart", "wood"),
        effects=[{"trigger": "damage", "action": "heal"}],
    )
    game = build_game([LIL_RED], life=[heal], deck=[FW, WL])
    game.take_damage(1)  # the last card heals: the top deck card becomes the life card
    assert [c.name for c in game.state.life] == [WL.name] and not game.lost


def test_pad_6_2_an_empty_deck_is_refilled_by_shuffling_the_discard_pile():
    game = build_game([LIL_RED], deck=[], discard=[FW, WL, DL])
    game.draw_phase()
    state = game.state
    assert state.reshuffles == 1
    assert len(state.hand) == 1 and len(state.deck) == 2 and state.discard == []
    assert Counter(c.name for c in state.hand + state.deck) == Counter([FW.name, WL.name, DL.name])


def test_pad_6_2_no_card_is_drawn_when_deck_and_discard_are_empty():
    game = build_game([LIL_RED], deck=[], discard=[])
    game.draw_phase()
    assert game.state.hand == [] and game.state.reshuffles == 0


def test_pad_6_2_the_combo_chain_reshuffles_too():
    fire = [orb("fire", "water"), orb("fire", "wood"), orb("fire", "light")]
    game = build_game([LIL_RED], deck=[], discard=[DL], columns=(fire, [], []))
    game.combo_step()
    assert game.state.reshuffles == 1
    assert sum(map(len, game.state.columns)) == 4


def test_pad_6_3_a_heal_effect_follows_the_recovery_step():
    game = build_game([SIREN], deck=[FW, WL], hand=[ENCHANTRESS] * 2, life=[DL] * 4)
    game.evolve(0, game.state.hand[0])  # Enchantress of the Sea, Siren: if life < 5, recover 1
    assert [c.name for c in game.state.life] == [WL.name] + [DL.name] * 4
    game.turn = 2
    game.state.pets[0].cards.pop()  # back to Siren to evolve again
    game.state.pets[0].top = game.state.pets[0].cards[-1]
    game.evolve(0, game.state.hand[0])  # at 5 life: nothing
    assert len(game.state.life) == 5 and game.heals == 1
