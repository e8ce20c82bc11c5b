"""DGM-1.2 究极进化!! (R-027): "perfect to ultimate, HP and VP −40 %" — the −40 % is the
price of the evolution, so it applies only when the evolution happens (issue 25's audit:
it applied even when no ultimate could be reached)."""

from __future__ import annotations

from tests.engine.digimon_factories import (
    FILLER,
    GABUMON,
    SKULL_GREYMON,
    WAR_GREYMON,
    build_game,
    real,
)

ULTIMATE_EVOLUTION = real("R-027")


def _use(hand):
    game = build_game(
        box=(SKULL_GREYMON,),
        hand=hand,
        slots=(ULTIMATE_EVOLUTION,),
        net_ocean=[FILLER] * 3,
        phase="evolution",
    )
    game.phase = "evolution"
    game.use_option(0)
    return game


def test_dgm_1_2_ultimate_evolution_without_an_ultimate_in_hand_costs_nothing():
    game = _use(hand=(GABUMON,))
    assert game.state.top.name == "Skull Greymon"
    assert game.pending == []


def test_dgm_1_2_ultimate_evolution_that_evolves_pays_its_40_percent():
    game = _use(hand=(WAR_GREYMON,))
    assert game.state.top.name == "War Greymon"
    assert [(step.action, step.amount) for step, _ in game.pending] == [("power_percent", -40)]
