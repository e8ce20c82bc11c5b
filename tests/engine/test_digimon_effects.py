"""The structured effects of options, combos, programs, scenes and Digimon (DGM-1.2,
DGM-1.3, DGM-4.4), and what is listed as not simulated."""

from __future__ import annotations

import pytest

from engine.core.api import not_simulated
from engine.core.cards import DeckSpec
from engine.core.errors import IllegalAction
from engine.digimon.rules import LOST, WON
from tests.engine.digimon_factories import (
    AGUMON,
    BEGINNER,
    EMERGENCY_STOP,
    FILLER,
    GREYMON,
    KUNEMON,
    PLUG_A,
    PLUG_B,
    PLUG_C,
    STEEL_MINE,
    build_game,
    catalogue,
    digimon,
    option,
    starter_deck,
    step,
)

BIG_III = digimon(200, "Big III", "III", "A", (600, 600, 600), guard=None, lost=(10,) * 4)


def battle_with(slots, opponent=None, box=(AGUMON,), hand=()):
    game = build_game(box=box, slots=slots, hand=hand, opponent=opponent, net_ocean=[FILLER] * 3)
    game.phase = "battle"
    game.battle_phase()
    return game


def test_dgm_4_4_power_add_from_an_option_changes_the_battle():
    game = battle_with([PLUG_A], opponent=AGUMON)
    assert game.battle.final() == (360, 360)
    game.use_option(0)
    assert game.battle.final() == (390, 360)
    game.points_phase()
    assert game.outcome == WON and game.points == [100, 90]


@pytest.mark.parametrize(
    ("effect", "final"),
    [
        (step("play", "power_percent", 50), (540, 600)),
        (step("play", "power_percent", -40), (216, 600)),
        (step("play", "power_multiply", 2), (720, 600)),
        (step("play", "opponent_power_zero"), (360, 0)),
        (step("play", "power_add", -100, scope="opponent"), (360, 500)),
        (step("play", "power_add", 50, scope="all"), (410, 650)),
    ],
)
def test_power_actions(effect, final):
    game = battle_with([option(300, "Trick", effects=[effect])], opponent=BIG_III)
    game.use_option(0)
    assert game.battle.final() == final


def test_an_attack_turned_to_0_stays_0_whatever_is_added():
    game = battle_with([PLUG_A], box=(KUNEMON,), opponent=AGUMON)  # Agumon's guard
    game.use_option(0)
    assert game.battle.final() == (0, 160)


def test_points_add_is_capped_and_can_target_the_opponent():
    drain = option(301, "Drain", effects=[step("play", "points_add", -30, scope="opponent")])
    game = battle_with([drain])
    game.use_option(0)
    assert game.points == [100, 70]
    game.points_phase()  # Agumon beats the dummy: III → 30 more
    assert game.points == [100, 40]


def test_dgm_1_3_a_combo_completes_with_its_parts_from_slots_and_hand():
    game = battle_with([BEGINNER, PLUG_A, PLUG_B], hand=[PLUG_C, GREYMON], opponent=AGUMON)
    parts = game.combo_parts(0)
    assert [where for where, _ in parts] == ["slot", "slot", "hand"]
    game.complete_combo(0)
    assert game.battle.final() == (450, 360)  # +25 %
    assert [c.name for c in game.state.hand] == ["Greymon"]
    assert [c.name for c in game.state.dark_area] == ["Defense Plug-In C"]
    assert game.state.used == [True, True, True]
    game.points_phase()
    assert game.round_combos == [1]
    assert all(slot is None for slot in game.state.slots)
    assert len(game.state.dark_area) == 4


def test_dgm_1_3_an_incomplete_combo_cannot_be_completed():
    game = battle_with([BEGINNER, PLUG_A], opponent=AGUMON)
    assert game.combo_parts(0) is None
    with pytest.raises(IllegalAction, match="DGM-1.3"):
        game.complete_combo(0)


def test_dgm_1_2_a_scene_acts_on_every_digimon_of_its_background():
    earthy = digimon(
        400,
        "Synthetic earth Level III",
        "III",
        "A",
        (410, 300, 200),
        guard=None,
        background="earth",
    )
    game = build_game(box=[earthy], slots=[STEEL_MINE], opponent=AGUMON, phase="evolution")
    assert game.state.slots[0].evolution_timing  # scenes are used in the evolution phase
    game.use_option(0)  # in the evolution phase: after it, it is gone unused (DGM-4.2)
    game.battle_phase()
    assert game.battle.final() == (610, 360)  # the earth-background Digimon only
    with pytest.raises(IllegalAction):
        game.use_option(0)
    game = build_game(box=[AGUMON], slots=[STEEL_MINE], opponent=earthy, phase="evolution")
    game.use_option(0)
    game.battle_phase()
    assert game.battle.final() == (360, 610)  # the whole field: the opponent's too


def test_evolve_battle_and_support_steps():
    loud = digimon(
        401, "Loud IV", "IV", "A", (400, 300, 200), guard=None,
        effects=[step("evolve", "points_add", 10), step("evolve", "power_add", 5),
                 step("battle", "power_add", 100)],
    )  # fmt: skip
    helper = digimon(
        402, "Helper", "III", "A", (300, 200, 100), effects=[step("support", "power_add", 40)]
    )
    game = build_game(hand=[loud, helper], net_ocean=[FILLER] * 5, opponent=AGUMON)
    game.points = [80, 100]
    game.choose_evolution(game.state.hand[0])
    game.evolution_phase()
    assert game.points == [90, 100]
    game.battle_phase()
    assert game.battle.final() == (505, 360)  # evolve +5 and the special +100
    game.play_support(game.state.hand[0])
    assert game.battle.final() == (545, 360)
    game.points_phase()
    assert [c.name for c in game.state.support] == []
    assert "Helper" in [c.name for c in game.state.dark_area]


def test_greedy_uses_a_stop_only_to_avoid_a_loss():
    from engine.digimon.policies import GreedyPolicy

    game = build_game(
        slots=[EMERGENCY_STOP], opponent=BIG_III, policy=GreedyPolicy(), net_ocean=[FILLER] * 3
    )
    game.battle_phase()
    game.points_phase()
    assert game.outcome != LOST and game.points == [100, 100]
    game = build_game(slots=[EMERGENCY_STOP], policy=GreedyPolicy(), net_ocean=[FILLER] * 3)
    game.battle_phase()
    game.points_phase()
    assert game.outcome == WON and game.state.slots[0] is not None  # kept for later


def test_not_simulated_lists_text_only_options_combos_and_digimon():
    talker = digimon(403, "Talker", "IV", "A", (1, 1, 1), has_text=True)
    odd = option(404, "Odd", effects=[step("play", "draw", 1)])
    deck = DeckSpec(
        "digimon", (AGUMON, GREYMON, talker, odd, PLUG_A, PLUG_B, BEGINNER, EMERGENCY_STOP)
    )
    # issue 13: each with its reason; the plug-ins now run their attack selection
    assert unsimulated(deck) == {
        "Odd": "needs: the action 'draw'",
        "Talker": "needs: structured steps for its printed text",
    }
    assert unsimulated(DeckSpec("digimon", (AGUMON, STEEL_MINE))) == {
        STEEL_MINE.name: "needs: a Digimon of the deck with a known background"
    }
    earthy = digimon(405, "Synthetic earth IV", "IV", "C", (1, 1, 1), background="earth")
    assert not_simulated(DeckSpec("digimon", (AGUMON, earthy, STEEL_MINE))) == []


def unsimulated(deck) -> dict[str, str]:
    return {entry["name"]: entry["reason"] for entry in not_simulated(deck)}


def test_the_catalogue_runs_its_structured_options():
    cards = {spec.number: spec for spec in catalogue()}
    listed = unsimulated(DeckSpec("digimon", tuple(catalogue())))
    assert cards["R-026"].name not in listed  # 紧急中止!: stop_attacks
    assert cards["R-032"].name in listed  # 钢铁矿山: no catalogued Digimon has a background
    assert cards["St-49"].name not in listed  # plug-in A: attack A +30 (issue 13)
    assert cards["St-1"].name not in listed  # an attack's guard is structured
    assert listed[cards["R-001"].name] == "no text known"  # a crest: no text known


def test_the_starter_decks_combo_parts_are_kept_and_completed():
    from engine.core.api import run_batch

    report = run_batch(starter_deck(), games=300, seed=2)
    assert report["combos_per_turn"]["mean"] > 0
    assert sum(report["combos_per_turn"]["histogram"].values()) == report["rounds_played"]
