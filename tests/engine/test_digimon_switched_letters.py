"""DGM-4.4.1: once a plug-in changes the attack a Digimon uses, every guard acts on the
attack actually used, on both sides (issue 25's audit: the printed letters were used, and
the wrong side won 4.1 % of such battles)."""

from __future__ import annotations

from engine.digimon.battle import attack_powers
from engine.digimon.effects import Battle, apply
from tests.engine.digimon_factories import AGUMON, GABUMON, PLUG_C, compile_cards, real

PLUG_A = real("St-49")  # Offense Plug-In A: attack with A, +30
PLUG_B = real("St-51")  # High Speed Plug-In B: attack with B, +30


def _battle(me, them):
    return Battle(*attack_powers(me, them))


def _play(battle, side, plug, tops):
    for step in plug.steps:
        apply(step, side, battle, [100, 100], tops)


def _cards():
    cards, _ = compile_cards([AGUMON, GABUMON, PLUG_A, PLUG_B, PLUG_C])
    return [cards[spec] for spec in (AGUMON, GABUMON, PLUG_A, PLUG_B, PLUG_C)]


def test_dgm_4_4_1_a_switch_meets_the_guard_the_opponent_switched_to():
    agumon, gabumon, plug_a, _, plug_c = _cards()
    tops = (agumon, gabumon)
    battle = _battle(agumon, gabumon)
    # Printed: Agumon (battle letter A) attacks Gabumon (B) with its B, 230; Gabumon
    # attacks with its A, 350; neither guards.
    assert battle.final() == (230, 350)
    _play(battle, 1, plug_c, tops)  # Gabumon now attacks with C (150 + 50), which cancels A
    assert battle.final() == (230, 200)  # Agumon still uses B: not guarded
    _play(battle, 0, plug_a, tops)  # Agumon switches to A (360 + 30) into Gabumon's C
    assert battle.final() == (0, 200)
    assert battle.winner() == 1


def test_dgm_4_4_1_a_guard_cancels_only_the_attack_the_opponent_switched_to():
    agumon, gabumon, _, plug_b, plug_c = _cards()
    tops = (agumon, gabumon)
    battle = _battle(agumon, gabumon)
    _play(battle, 1, plug_b, tops)  # Gabumon leaves its printed A for B (240 + 30)
    _play(battle, 0, plug_c, tops)  # Agumon's C (160 + 50) cancels A, not B
    assert battle.final() == (210, 270)
    assert battle.winner() == 1
