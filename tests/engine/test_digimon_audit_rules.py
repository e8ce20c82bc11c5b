"""Digimon rule fixes from the line-by-line audit of issue 12, on constructed states with
real cards of fixtures/digimon.json (read through the card schema, database-free)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from tests.engine.digimon_factories import build_game, catalogue


def real(number: str):
    return next(spec for spec in catalogue() if spec.number == number)


AGUMON = real("St-1")
STEEL_MINE = real("R-032")  # 钢铁矿山: scene (evolution timing), +200 to earth backgrounds
MEADOW = real("R-031")  # 风啸草原: scene, no structured effect
EMERGENCY_STOP = real("R-026")  # 紧急中止!: battle timing
GOOD_TIMES = real("St-57")  # あの頃はよかった: a program without structured effect


# --- DGM-4.2: evolution-phase options are used in that phase or not at all -----------
def test_dgm_4_2_an_unused_evolution_option_goes_to_the_dark_area_after_the_phase():
    game = build_game(
        box=[AGUMON], slots=[STEEL_MINE, EMERGENCY_STOP, MEADOW], phase="evolution", log=True
    )
    assert game.state.slots[0].evolution_timing and not game.state.slots[1].evolution_timing
    game.evolution_phase()  # the base policy uses nothing
    state = game.state
    assert [card and card.name for card in state.slots] == [None, "紧急中止!", None]
    assert [card.name for card in state.dark_area] == ["钢铁矿山", "风啸草原"]
    event = next(e for e in game.log["events"] if e["action"] == "unused_options")
    assert event["cards"] == ["钢铁矿山", "风啸草原"]
    game.phase = "battle"
    with pytest.raises(IllegalAction):
        game.use_option(0)  # not kept for the battle phase …
    assert STEEL_MINE not in [card and card.spec for card in state.slots]  # … nor a later round


def test_dgm_4_2_a_used_evolution_option_stays_until_point_calculation():
    game = build_game(
        box=[AGUMON], slots=[STEEL_MINE], net_ocean=[GOOD_TIMES] * 5, phase="evolution"
    )
    game.use_option(0)
    game.evolution_phase()
    assert game.state.slots[0].name == "钢铁矿山" and game.state.used[0]
    game.battle_phase()
    game.points_phase()
    assert game.state.slots[0] is None
    assert [card.name for card in game.state.dark_area] == ["钢铁矿山"]
