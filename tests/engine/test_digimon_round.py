"""DGM-4: the round's phases on constructed states (one test per rule id)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.errors import IllegalAction
from engine.digimon.engine import DigimonDeck
from engine.digimon.policies import Policy
from engine.digimon.rules import (
    FAILURES,
    LOST,
    NET_OCEAN,
    NO_BASE,
    PHASES,
    PREPARATION_STEPS,
    REQUIREMENT,
    STOPPED,
    TIED,
    WON,
    attack_powers,
)
from tests.engine.digimon_factories import (
    AGUMON,
    ANDROMON,
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
    battle,
    build_game,
    digimon,
    option,
    real,
    starter_deck,
)

BIG_III = digimon(200, "Big III", "III", "B", (600, 600, 600), guard=None, lost=(10, 10, 10, 10))
BIG_IV = digimon(201, "Big IV", "IV", "B", (600, 600, 600), guard=None, lost=(20, 10, 10, 10))
CROSS = digimon(
    202, "Cross IV", "IV", "A", (400, 300, 200), guard=None, circles=1, crosses=1,
    evolves_from_name="Agumon",
)  # fmt: skip
CREST = real("R-001")  # Crest of Courage
NAMED = digimon(
    204, "Named IV", "IV", "A", (450, 300, 200), guard=None, circles=0, crosses=0,
    other="Crest of Courage + discard 1",
)  # fmt: skip


class Scripted(Policy):
    """Discards, swaps and plans exactly as told."""

    def __init__(self, discards=(), slots=(), swap=None, plan=()):
        super().__init__()
        self.discards, self.slots, self.swap, self.plan = discards, slots, swap, plan

    def choose_discards(self, game):
        names = list(self.discards)
        cards = []
        for card in game.state.hand:
            if card.name in names:
                names.remove(card.name)
                cards.append(card)
        return cards, list(self.slots)

    def choose_swap(self, game):
        return next((c for c in game.state.hand if c.name == self.swap), None)

    def plan_evolution(self, game):
        for name in self.plan:
            game.choose_evolution(next(c for c in game.state.hand if c.name == name))


def names(cards):
    return [card.name for card in cards]


# --- DGM-4.1 preparation ----------------------------------------------------------------
def test_dgm_4_1_steps_run_in_order_every_round():
    log = DigimonDeck(starter_deck(), policy="greedy", turn_cap=30, options=None)
    log = log.play(11, log=True).log
    rounds = log["result"]["rounds"]
    assert [s["phase"] for s in log["snapshots"]] == ["setup"] + list(PHASES) * rounds
    for number in range(1, rounds + 1):
        steps = [
            e["step"] for e in log["events"] if e["round"] == number and e["phase"] == "preparation"
        ]
        order = [PREPARATION_STEPS.index(s) for s in steps]
        assert order == sorted(order)


def test_dgm_4_1_step_1_discards_then_redraws_to_6():
    game = build_game(
        hand=[FILLER, FILLER, GREYMON],
        net_ocean=[GABUMON] * 3 + [GARURUMON] * 2 + [SKULL_GREYMON] * 3,
        slots=[PLUG_A],
        policy=Scripted(discards=["That Was a Good Time"] * 2, slots=[0]),
    )
    game.preparation_phase()
    state = game.state
    assert len(state.hand) == 6  # DGM-4.1 step 1
    assert names(state.hand) == ["Greymon"] + ["Skull Greymon"] * 3 + ["Garurumon"] * 2
    assert Counter(names(state.dark_area)) == {"That Was a Good Time": 2, "Synthetic +30 option": 1}
    assert state.slots == [None, None, None] and len(state.net_ocean) == 3


def test_dgm_4_1_step_1_a_short_net_ocean_leaves_the_hand_short():
    game = build_game(hand=[FILLER], net_ocean=[GREYMON, GARURUMON])
    game.preparation_phase()
    assert len(game.state.hand) == 3 and game.state.net_ocean == []
    assert game.state.reshuffles == 0  # DGM-4.8 waits for point calculation


def test_dgm_4_1_step_2_a_level_iii_in_hand_replaces_the_box_level_iii():
    game = build_game(
        hand=[GABUMON, GREYMON], net_ocean=[FILLER] * 8, policy=Scripted(swap="Gabumon")
    )
    game.preparation_phase()
    assert names(game.state.box) == ["Gabumon"]
    assert names(game.state.dark_area) == ["Agumon"]
    with pytest.raises(IllegalAction, match="DGM-4.1"):
        game.swap_level_iii(next(c for c in game.state.hand if c.name == "Greymon"))


def test_dgm_4_1_step_3_consecutive_evolution_goes_face_down_with_its_requirements():
    game = build_game(
        hand=[GREYMON, SKULL_GREYMON],
        net_ocean=[FILLER] * 10,
        policy=Scripted(plan=["Greymon", "Skull Greymon"]),
        log=True,
    )
    game.preparation_phase()
    zones = game.log["snapshots"][-1]["zones"]
    assert zones["evolving_box"] == ["Greymon", "Skull Greymon"]
    assert len(zones["requirement_box"]) == 4  # ○○ + ○○ (the assumed default)
    assert zones["requirement_marks"] == ["○"] * 4
    assert len(zones["net_ocean"]) == 10 - 4 - 4  # 4 drawn to 6, 4 requirement cards


# --- DGM-4.2 evolution ----------------------------------------------------------------
def test_dgm_4_2_evolution_keeps_the_level_iii_and_discards_the_evolved_from():
    game = build_game(
        hand=[GREYMON, SKULL_GREYMON, WAR_GREYMON], net_ocean=[FILLER] * 10, phase="evolution"
    )
    for card in list(game.state.hand):
        game.choose_evolution(card)
    game.evolution_phase()
    state = game.state
    assert names(state.box) == ["Agumon", "War Greymon"]  # a Level III never leaves
    assert Counter(names(state.dark_area)) == {
        "Greymon": 1,
        "Skull Greymon": 1,
        "That Was a Good Time": 6,  # the requirement cards (DGM-4.3 decision)
    }
    assert state.evolving == [] and state.requirements == []
    assert game.evolutions == [0, 1, 1, 1]
    assert game.first_reached == [0, 1, 1, 1]  # III: set at setup


def test_dgm_4_2_a_failed_evolution_sends_the_card_and_its_requirement_to_the_dark_area():
    game = build_game(box=[GABUMON], evolving=[(GREYMON, [FILLER, FILLER])], phase="evolution")
    game.evolution_phase()
    state = game.state
    assert names(state.box) == ["Gabumon"]  # Greymon needs Agumon
    assert Counter(names(state.dark_area)) == {"Greymon": 1, "That Was a Good Time": 2}
    assert game.failures[NO_BASE] == 1 and FAILURES[NO_BASE] == "no_base"


def test_dgm_4_2_a_failed_link_breaks_the_rest_of_the_chain():
    game = build_game(
        box=[GABUMON],
        evolving=[(GREYMON, [FILLER] * 2), (SKULL_GREYMON, [FILLER] * 2)],
        phase="evolution",
    )
    game.evolution_phase()
    assert names(game.state.box) == ["Gabumon"] and game.failures[NO_BASE] == 2
    assert len(game.state.dark_area) == 6


def test_dgm_4_2_a_player_may_give_up_an_evolution():
    class GiveUp(Policy):
        def confirm_evolution(self, game, card):
            return False

    game = build_game(evolving=[(GREYMON, [FILLER] * 2)], policy=GiveUp(), phase="evolution")
    game.evolution_phase()
    assert names(game.state.box) == ["Agumon"] and game.failures[FAILURES.index("gave_up")] == 1
    assert names(game.state.dark_area) == ["Greymon"] + ["That Was a Good Time"] * 2


def test_dgm_4_2_evolution_options_are_used_in_the_evolution_phase_only():
    game = build_game(slots=[EMERGENCY_STOP], phase="evolution")
    with pytest.raises(IllegalAction, match="DGM-4.2"):
        game.use_option(0)


# --- DGM-4.3 requirements --------------------------------------------------------------
def test_dgm_4_3_requirement_cards_come_face_down_from_the_net_ocean():
    game = build_game(hand=[CROSS], net_ocean=[GABUMON, FILLER, KUNEMON], log=True)
    game.choose_evolution(game.state.hand[0])
    assert names(game.state.requirements[0]) == ["Kunemon", "That Was a Good Time"]
    assert game.state.snapshot()["requirement_marks"] == ["○", "×"]
    assert names(game.state.net_ocean) == ["Gabumon"]


def test_dgm_4_3_an_exhausted_net_ocean_fails_the_evolution():
    game = build_game(hand=[GREYMON], net_ocean=[FILLER])
    game.choose_evolution(game.state.hand[0])  # needs ○○, the Net Ocean has 1
    assert game.state.net_ocean == [] and game.state.shortfalls == [NET_OCEAN]
    game.evolution_phase()
    assert names(game.state.box) == ["Agumon"] and game.failures[NET_OCEAN] == 1
    assert names(game.state.dark_area) == ["Greymon", "That Was a Good Time"]


def test_dgm_4_3_other_requirements_take_named_cards_and_discards_from_hand():
    game = build_game(hand=[NAMED, CREST, FILLER, GREYMON], extra=[CREST], net_ocean=[GABUMON])
    card = game.state.hand[0]
    assert card.other == (("card", "Crest of Courage"), ("discard", 1))
    game.choose_evolution(card)
    assert names(game.state.requirements[0]) == ["Crest of Courage", "That Was a Good Time"]
    assert names(game.state.hand) == ["Greymon"] and game.state.net_ocean != []
    game.evolution_phase()
    assert names(game.state.box) == ["Agumon", "Named IV"]


def test_dgm_4_3_unmet_other_requirements_fail():
    game = build_game(hand=[NAMED, FILLER], extra=[CREST])
    game.choose_evolution(game.state.hand[0])
    assert game.state.shortfalls == [REQUIREMENT]
    game.evolution_phase()
    assert names(game.state.box) == ["Agumon"] and game.failures[REQUIREMENT] == 1


def test_dgm_4_3_unknown_requirements_take_any_previous_level_and_the_default_count():
    game = build_game(box=[KUNEMON], hand=[GARURUMON, GREYMON, SKULL_GREYMON])
    garurumon, greymon, skull = game.state.hand
    kunemon = game.state.box[0]
    assert garurumon.evolves_from(kunemon) and garurumon.need == 2
    assert garurumon.assumed_requirement and not greymon.assumed_requirement
    assert not greymon.evolves_from(kunemon)  # printed: Agumon ○○
    assert skull.evolves_from(garurumon) and not skull.evolves_from(kunemon)


# --- DGM-4.4 battle -------------------------------------------------------------------
def test_dgm_4_4_each_side_attacks_with_its_attack_of_the_opponents_letter():
    game = build_game(box=[AGUMON, GARURUMON], opponent=AGUMON)
    me, them = game.state.top, game.opponent
    # Garurumon (B) uses its A attack against Agumon (A); Agumon uses its B attack
    assert attack_powers(me, them) == (410, 230, False, False)
    game = build_game(box=[AGUMON, SKULL_GREYMON], opponent=GABUMON)
    # Skull Greymon (C) uses B against Gabumon (B); Gabumon uses C, its guard of A
    assert attack_powers(game.state.top, game.opponent) == (430, 150, False, False)


def test_dgm_4_4_a_c_guard_turns_the_opponents_a_attack_to_0():
    game = battle(build_game(box=[AGUMON], opponent=KUNEMON, phase="battle"))
    # Agumon uses C (Guard 160) against Kunemon (C); Kunemon attacks with A (340) → 0
    assert game.battle is None and game.outcome == WON
    assert game.points == [100, 90]  # Kunemon loses its III table's 10
    game = build_game(box=[KUNEMON], opponent=AGUMON)
    assert attack_powers(game.state.top, game.opponent) == (340, 160, True, False)
    battle(game)
    assert game.outcome == LOST and game.points == [90, 100]


def test_dgm_4_4_a_guard_only_cancels_the_letter_it_names():
    game = build_game(box=[GABUMON], opponent=GARURUMON)
    # Gabumon (B) uses B against Garurumon (B); Garurumon uses B: no C attack involved
    assert attack_powers(game.state.top, game.opponent) == (240, 330, False, False)


# --- DGM-4.5 points -----------------------------------------------------------------
@pytest.mark.parametrize(("opponent", "lost"), [(BIG_III, 30), (BIG_IV, 20)])
def test_dgm_4_5_the_loser_loses_its_own_table_at_the_winners_level(opponent, lost):
    game = battle(build_game(box=[AGUMON, ANDROMON], opponent=opponent))
    assert game.outcome == LOST and game.points == [100 - lost, 100]


@pytest.mark.parametrize(
    ("box", "dealt"),
    [
        ([AGUMON], 30),
        ([AGUMON, GREYMON], 20),
        ([AGUMON, SKULL_GREYMON], 10),
        ([AGUMON, WAR_GREYMON], 10),
    ],
)
def test_dgm_5_the_dummy_loses_30_20_10_10_by_the_winners_level(box, dealt):
    game = battle(build_game(box=box))
    assert game.outcome == WON and game.points == [100, 100 - dealt]


def test_dgm_4_5_a_tie_costs_both_sides_10():
    game = battle(build_game(box=[AGUMON], opponent=AGUMON))
    assert game.outcome == TIED and game.points == [90, 90]


def test_dgm_4_5_the_box_empties_to_the_level_iii_and_spent_options_go():
    game = build_game(
        box=[AGUMON, GREYMON], slots=[PLUG_A, PLUG_B], net_ocean=[FILLER], phase="battle"
    )
    game.battle_phase()
    game.use_option(0)
    game.points_phase()
    state = game.state
    assert names(state.box) == ["Agumon"]
    assert Counter(names(state.dark_area)) == {"Greymon": 1, "Synthetic +30 option": 1}
    assert names(c for c in state.slots if c) == ["High Speed Plug-In B"]  # unused: stays


# --- DGM-4.6 order ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("opponent", "going_first", "first_next"),
    [(None, False, True), (BIG_III, True, False), (AGUMON, False, False), (AGUMON, True, True)],
)
def test_dgm_4_6_the_winner_attacks_first_next_round_a_tie_keeps_the_order(
    opponent, going_first, first_next
):
    game = battle(build_game(opponent=opponent, going_first=going_first))
    assert game.first is first_next


def test_dgm_4_6_a_stopped_battle_keeps_the_order_and_costs_nothing():
    game = build_game(opponent=BIG_III, slots=[EMERGENCY_STOP], going_first=True)
    game.battle_phase()
    game.use_option(0)
    game.points_phase()
    assert game.outcome == STOPPED and game.points == [100, 100] and game.first is True


# --- DGM-4.7 end and caps -----------------------------------------------------------
def test_dgm_4_7_points_never_go_below_0_and_the_game_ends():
    game = build_game(net_ocean=[FILLER] * 20)
    game.points = [100, 20]
    battle(game)
    assert game.points == [100, 0]
    game = build_game(box=[KUNEMON], opponent=AGUMON)
    game.points = [5, 100]
    battle(game)
    assert game.points == [0, 100]


def test_dgm_4_7_points_never_go_above_100():
    plus = option(300, "Heal", effects=[{"trigger": "play", "action": "points_add", "amount": 50}])
    game = build_game(slots=[plus], phase="battle")
    game.points = [90, 100]
    game.battle_phase()
    game.use_option(0)
    assert game.points == [100, 100]


def test_dgm_4_7_a_game_ends_when_the_opponent_reaches_0():
    deck = DigimonDeck(starter_deck(), policy="greedy", turn_cap=30, options=None)
    result = deck.play(4, log=True)
    assert result.won and result.log["result"]["points"]["opponent"] == 0
    assert result.turns == len(result.per_turn["dealt"]) and sum(result.per_turn["dealt"]) == 100


# --- DGM-4.8 lifespan ---------------------------------------------------------------
def test_dgm_4_8_an_empty_net_ocean_ends_the_lifespan_and_keeps_the_level_iii():
    lasting = option(301, "Long Boost", duration="until lifespan end", effects=[
        {"trigger": "play", "action": "power_add", "amount": 10}])  # fmt: skip
    game = build_game(
        box=[AGUMON, GREYMON],
        hand=[GABUMON],
        dark_area=[FILLER, GARURUMON],
        slots=[lasting, PLUG_B],
        phase="battle",
    )
    game.battle_phase()
    game.use_option(0)
    game.points_phase()
    state = game.state
    assert state.reshuffles == 1 and state.dark_area == []
    assert names(state.box) == ["Agumon"] and names(state.hand) == ["Gabumon"]
    assert Counter(names(state.net_ocean)) == {
        "That Was a Good Time": 1,
        "Garurumon": 1,
        "Greymon": 1,
        "Long Boost": 1,  # lasted until lifespan end, then discarded
    }
    assert names(c for c in state.slots if c) == ["High Speed Plug-In B"]


def test_dgm_4_8_an_option_lasting_until_lifespan_end_applies_in_later_battles():
    lasting = option(301, "Long Boost", duration="until lifespan end", effects=[
        {"trigger": "play", "action": "power_add", "amount": 10}])  # fmt: skip
    game = build_game(slots=[lasting], net_ocean=[FILLER] * 5, phase="battle", log=True)
    game.battle_phase()
    game.use_option(0)
    game.points_phase()
    assert game.state.lasting == [True, False, False]
    game.battle_phase()
    assert game.battle.power[0] == 370  # Agumon's A 360 + 10, without using it again
