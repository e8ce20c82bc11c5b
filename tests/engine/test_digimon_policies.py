"""The greedy and rush policies' documented choices, on constructed states."""

from __future__ import annotations

from collections import Counter

from engine.core.api import run_batch
from engine.digimon.policies import GreedyPolicy, RushPolicy, best_chain
from engine.digimon.rules import NET_OCEAN
from tests.engine.digimon_factories import (
    AGUMON,
    ANDROMON,
    BEGINNER,
    EMERGENCY_STOP,
    FILLER,
    GABUMON,
    GARURUMON,
    GREYMON,
    KUNEMON,
    PLUG_A,
    PLUG_B,
    SKULL_GREYMON,
    WAR_GREYMON,
    build_game,
    starter_deck,
)


def names(cards):
    return [card.name for card in cards]


def test_greedy_evolves_as_far_as_the_hand_and_the_net_ocean_allow():
    game = build_game(
        hand=[WAR_GREYMON, SKULL_GREYMON, GREYMON], net_ocean=[FILLER] * 10, policy=GreedyPolicy()
    )
    game.policy.plan_evolution(game)
    assert names(game.state.evolving) == ["Greymon", "Skull Greymon", "War Greymon"]
    game = build_game(
        hand=[WAR_GREYMON, SKULL_GREYMON, GREYMON], net_ocean=[FILLER] * 3, policy=GreedyPolicy()
    )
    game.policy.plan_evolution(game)
    assert names(game.state.evolving) == ["Greymon"]  # ○○ leaves 1: Skull Greymon waits


def test_greedy_evolves_with_the_strongest_card_against_the_opponent():
    def first_choice(opponent=None):
        game = build_game(
            box=[AGUMON, GREYMON],
            hand=[SKULL_GREYMON, ANDROMON],
            net_ocean=[FILLER] * 4,
            policy=GreedyPolicy(),
            opponent=opponent,
        )
        game.policy.plan_evolution(game)
        return names(game.state.evolving)

    assert first_choice() == ["Skull Greymon"]  # A: 500 > 490 against the dummy's A
    assert first_choice(GABUMON) == ["Andromon"]  # B: 530 > 430 against Gabumon's B


def test_greedy_keeps_the_line_two_per_level_and_useful_options():
    game = build_game(
        box=[AGUMON],
        hand=[FILLER, GABUMON, GARURUMON, GREYMON, GARURUMON, PLUG_B],
        extra=[BEGINNER],
        policy=GreedyPolicy(),
    )
    cards, slots = game.policy.choose_discards(game)
    assert Counter(names(cards)) == {"That Was a Good Time": 1, "Gabumon": 1, "Garurumon": 1}
    assert slots == []


def test_greedy_discards_slot_options_that_can_never_help():
    game = build_game(slots=[FILLER, EMERGENCY_STOP, PLUG_A], policy=GreedyPolicy())
    assert game.policy.choose_discards(game) == ([], [0])


def test_greedy_swaps_in_a_level_iii_with_a_longer_line():
    game = build_game(box=[GABUMON], hand=[AGUMON, KUNEMON], extra=[GREYMON], policy=GreedyPolicy())
    assert game.policy.choose_swap(game).name == "Agumon"  # Greymon evolves from Agumon only
    game = build_game(box=[AGUMON], hand=[GABUMON], extra=[GREYMON], policy=GreedyPolicy())
    assert game.policy.choose_swap(game) is None


def test_greedy_sets_options_that_help_and_combo_parts():
    game = build_game(hand=[PLUG_A, PLUG_B, FILLER], extra=[BEGINNER], policy=GreedyPolicy())
    assert names(game.policy.choose_options(game)) == [
        "Synthetic +30 option",
        "High Speed Plug-In B",
    ]


def test_rush_commits_the_chain_to_the_highest_level_even_when_it_fails():
    game = build_game(
        hand=[GREYMON, GARURUMON, ANDROMON, WAR_GREYMON],
        net_ocean=[FILLER] * 3,
        policy=RushPolicy(),
    )
    game.policy.plan_evolution(game)
    assert [c.level for c in game.state.evolving] == [1, 2, 3]
    game.evolution_phase()
    assert names(game.state.box) == ["Agumon", "Greymon"] and game.failures[NET_OCEAN] == 2


def test_rush_prefers_reaching_higher_over_a_stronger_first_step():
    game = build_game(hand=[GREYMON, GARURUMON, SKULL_GREYMON])
    agumon = game.state.box[0]
    chain = best_chain(agumon, game.state.hand)
    assert names(chain)[-1] == "Skull Greymon" and len(chain) == 2


def test_rush_discards_options_and_level_iiis():
    game = build_game(
        hand=[PLUG_A, GABUMON, GREYMON, WAR_GREYMON], slots=[PLUG_B], extra=[SKULL_GREYMON],
        policy=RushPolicy(),
    )  # fmt: skip
    cards, slots = game.policy.choose_discards(game)
    assert names(cards) == ["Synthetic +30 option", "Gabumon"] and slots == [0]


def test_both_policies_play_the_starter_deck_to_a_win():
    for policy in ("greedy", "rush"):
        report = run_batch(starter_deck(), games=200, seed=5, policy=policy)
        assert report["turns_to_win"]["not_won"] == 0.0
        assert report["level_first_reached"]["ultimate"]["share_of_games"] > 0.5
    rush = run_batch(starter_deck(), games=200, seed=5, policy="rush")
    assert rush["evolution_failures"]["by_reason"]["net_ocean"] > 0
    greedy = run_batch(starter_deck(), games=200, seed=5, policy="greedy")
    assert greedy["evolution_failures"]["per_game"] == 0.0
