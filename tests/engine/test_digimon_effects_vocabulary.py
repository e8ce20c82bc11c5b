"""The issue-13 Digimon effect vocabulary on the catalogue's real cards (fixtures/digimon.json):
each family in a game, with expected powers worked out by hand from the printed attacks
(DGM-4.4) and the decisions of engine/digimon/effects.py."""

from __future__ import annotations

from engine.digimon.effects import no_effect_against_goldfish
from engine.digimon.rules import LOST, TIED, WON
from tests.engine.digimon_factories import (
    AGUMON,
    FILLER,
    GABUMON,
    GREYMON,
    KUNEMON,
    build_game,
    real,
)

PLUG_A, PLUG_C, PLUG_B = real("St-49"), real("St-50"), real("St-51")
PIYOMON, PALMON = real("St-3"), real("St-9")
GARURUMON, SKULL_GREYMON, WAR_GREYMON = real("St-6"), real("St-32"), real("St-61")
ICE_DEVIMON = real("St-80")
FUSION, STRENGTHEN, NETWORK, ICE_MEMORY, WRONG = (real(f"R-02{n}") for n in (1, 2, 3, 4, 5))
EMERGENCY_STOP, ULTIMATE, NETWORK_CODE, OBEY = (real(f"R-02{n}") for n in (6, 7, 8, 9))
WHITE_FEATHER, SPEED_H, FROZEN_ICE = real("R-041"), real("R-042"), real("R-046")
BOOST_CHIP, DEVIL_CHIP = real("R-047"), real("R-048")
BEGINNER, AIR_RAID, RAPID, ICE_COMBO, SMALL_HEAL = (
    real(n) for n in ("R-055", "R-056", "R-057", "R-059", "R-060")
)


def in_battle(**setup):
    """The game after DGM-4.4's attacks, before any play (the passive policy plays none)."""
    game = build_game(net_ocean=[FILLER] * 5, **setup)
    game.battle_phase()
    return game


def test_plug_in_a_attacks_with_a_plus_its_printed_30():
    # Agumon (A) against Gabumon (B): Agumon draws its B 230, Gabumon its A 350. Plug-In A:
    # Agumon's A 360 + 30 = 390; neither A attack guards anything.
    game = in_battle(slots=[PLUG_A], opponent=GABUMON)
    assert game.battle.final() == (230, 350)
    game.use_option(0)
    assert game.battle.final() == (390, 350)
    game.points_phase()
    assert game.outcome == WON


def test_plug_in_c_guards_with_the_c_attack_plus_50():
    # Agumon's C (160 + 50) cancels A, the letter Gabumon attacks Agumon with: 210 vs 0.
    game = in_battle(slots=[PLUG_C], opponent=GABUMON)
    game.use_option(0)
    assert game.battle.final() == (210, 0)


def test_plug_in_b_keeps_a_guarded_letter_guarded():
    # Kunemon (C) against Agumon (A): Kunemon draws A 340, turned to 0 by Agumon's C guard
    # (A → 0). Plug-In B: Kunemon's B 240 + 30 is not the guarded letter.
    game = in_battle(box=(KUNEMON,), slots=[PLUG_B], opponent=AGUMON)
    assert game.battle.final() == (0, 160)
    game.use_option(0)
    assert game.battle.final() == (270, 160)


def test_beginner_combo_adds_25_percent_attack_defence_and_speed_dgm_1_3():
    # 230 + 25 % = 287 (int); Gabumon's 350 − 25 % = 263 (int(−87.5) = −87); speed 125.
    game = in_battle(slots=[BEGINNER, PLUG_A, PLUG_B], hand=[PLUG_C], opponent=GABUMON)
    game.complete_combo(0)
    assert game.battle.final() == (287, 263)
    assert game.battle.speed == [125, 100]


def test_rapid_combo_doubles_speed_and_wins_a_tie_dgm_1_3():
    # Agumon against Agumon: 360 vs 360, a tie (DGM-4.5) that the faster side now wins.
    game = in_battle(slots=[RAPID, SPEED_H, SPEED_H], opponent=AGUMON)
    game.complete_combo(0)
    assert game.battle.speed == [200, 100]
    game.points_phase()
    assert game.outcome == WON and game.points == [100, 90]


def test_small_heal_adds_120_power_dgm_1_3():
    # 230 + 120 = 350 = Gabumon's 350: a tie, 10 points each (DGM-4.5).
    game = in_battle(slots=[SMALL_HEAL, BOOST_CHIP, DEVIL_CHIP], opponent=GABUMON)
    game.complete_combo(0)
    game.points_phase()
    assert game.outcome == TIED and game.points == [90, 90]


def test_air_raid_attack_passes_a_guard_but_not_a_flying_digimon():
    # Kunemon's A 340 is guarded by Agumon's C; in the air it is not (340 vs 160). Piyomon
    # (sky) meets it in the air: still 0 vs Piyomon's C 130.
    game = in_battle(box=(KUNEMON,), slots=[AIR_RAID, PLUG_B, WHITE_FEATHER], opponent=AGUMON)
    game.complete_combo(0)
    assert game.battle.final() == (340, 160)
    game = in_battle(box=(KUNEMON,), slots=[AIR_RAID, PLUG_B, WHITE_FEATHER], opponent=PIYOMON)
    game.complete_combo(0)
    assert game.battle.final() == (0, 130)


def test_ice_combo_needs_ice_devimon_and_adds_20_percent():
    # Ice Devimon (IV, C) against Gabumon (B): its B 360 + 20 % = 432; Gabumon's C 150.
    game = in_battle(box=(AGUMON, ICE_DEVIMON), slots=[ICE_COMBO, FROZEN_ICE], opponent=GABUMON)
    assert game.combo_parts(0) == [("slot", 1), ("box", game.state.top)]
    game.complete_combo(0)
    assert game.battle.final() == (432, 150)
    game = in_battle(slots=[ICE_COMBO, FROZEN_ICE], opponent=GABUMON)
    assert game.combo_parts(0) is None  # Agumon is not of the ice line


def test_network_code_stops_all_but_data_for_three_rounds():
    # Palmon (data) A 350 loses to Agumon's A 360; Agumon (vaccine) cannot act: 350 vs 0.
    game = in_battle(box=(PALMON,), slots=[NETWORK_CODE], opponent=AGUMON)
    game.use_option(0)
    assert game.battle.final() == (350, 0)
    assert [entry[0] for entry in game.timed] == [game.round + 2]


def test_absolute_obedience_zeroes_only_a_lower_level_opponent():
    # Greymon (IV) draws B 340 against Gabumon's A 350; Gabumon (III) obeys: 340 vs 0.
    game = in_battle(box=(AGUMON, GREYMON), slots=[OBEY], opponent=GABUMON)
    game.use_option(0)
    assert game.battle.final() == (340, 0)
    game = in_battle(box=(AGUMON,), slots=[OBEY], opponent=GABUMON)
    game.use_option(0)
    assert game.battle.final() == (230, 350)  # the same level: no effect


def evolution_phase(**setup):
    game = build_game(net_ocean=[FILLER] * 5, **setup)
    game.phase = "evolution"
    return game


def test_strengthen_evolution_needs_no_requirement_then_rests_a_round():
    game = evolution_phase(slots=[STRENGTHEN], hand=[GREYMON])
    game.use_option(0)
    assert game.state.top.name == "Greymon" and len(game.state.net_ocean) == 5
    assert game.state.rest_round == game.round + 1
    game.round += 1
    game.state.hand = [game.state.box[0].__class__(GREYMON, 2)]  # a Greymon in hand again
    game.prepare_side()
    assert game.state.evolving == []  # resting: no evolution chosen


def test_network_evolution_takes_a_iv_to_perfect_only():
    game = evolution_phase(box=(AGUMON, GREYMON), slots=[NETWORK], hand=[SKULL_GREYMON])
    game.use_option(0)
    assert game.state.top.name == "Skull Greymon"
    game = evolution_phase(slots=[NETWORK], hand=[GREYMON])
    game.use_option(0)
    assert game.state.top.name == "Agumon"  # a Level III: nothing to evolve


def test_wrong_evolution_ignores_the_line_and_loses_control():
    # Greymon evolves from Agumon only (Agumon ○○); on Gabumon only a wrong evolution works.
    game = evolution_phase(box=(GABUMON,), slots=[WRONG, PLUG_A], hand=[GREYMON])
    game.use_option(0)
    assert game.state.top.name == "Greymon" and game.state.out_of_control
    game.phase = "battle"
    game.battle_phase()
    assert not game.state.used[1]  # the out-of-control side plays nothing


def test_fusion_spends_a_partner_of_the_box_level():
    game = evolution_phase(box=(AGUMON, GREYMON), slots=[FUSION], hand=[SKULL_GREYMON, GARURUMON])
    game.use_option(0)
    assert game.state.top.name == "Skull Greymon"
    assert [card.name for card in game.state.dark_area] == ["Garurumon", "Greymon"]
    game = evolution_phase(box=(AGUMON, GREYMON), slots=[FUSION], hand=[SKULL_GREYMON])
    assert game.evolution_targets(game.state.slots[0].play_steps[0]) == []  # no partner


def test_ultimate_evolution_then_minus_40_percent():
    # War Greymon's A 570 − 40 % = 342 against Agumon's A 360.
    game = evolution_phase(
        box=(AGUMON, SKULL_GREYMON), slots=[ULTIMATE], hand=[WAR_GREYMON], opponent=AGUMON
    )
    game.use_option(0)
    assert game.state.top.name == "War Greymon"
    game.battle_phase()
    assert game.battle.final() == (342, 360)
    game.points_phase()
    assert game.outcome == LOST


def test_ice_memory_evolves_only_into_the_ice_line():
    game = evolution_phase(box=(AGUMON,), slots=[ICE_MEMORY], hand=[GREYMON, ICE_DEVIMON])
    assert [c.name for c in game.evolution_targets(game.state.slots[0].play_steps[0])] == [
        "Ice Devimon"
    ]


def test_cards_that_do_nothing_against_the_passive_dummy_say_why_dgm_5():
    found = {e["name"]: e["reason"] for e in no_effect_against_goldfish([EMERGENCY_STOP, OBEY])}
    assert set(found) == {EMERGENCY_STOP.name, OBEY.name}
    assert "already 0" in found[OBEY.name]
    assert no_effect_against_goldfish([PLUG_A, BEGINNER]) == []
