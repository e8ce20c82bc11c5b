"""The Digimon report's shape: PAD's shared keys first, then the Digimon blocks."""

from __future__ import annotations

import pytest

from engine.core.api import not_simulated, run_batch
from tests.engine.digimon_factories import ANDROMON, starter_deck
from tests.engine.test_api import SHARED_KEYS

BLOCKS = [
    "rounds_played",
    "level_first_reached",
    "evolutions",
    "evolution_failures",
    "battles",
    "points_lost_per_round",
    "lifespan_reshuffles",
    "opening",
]


def test_the_report_starts_with_the_keys_shared_with_pad():
    report = run_batch(starter_deck(), games=60, seed=3)
    assert list(report)[:8] == SHARED_KEYS
    assert (report["game"], report["games"], report["seed"]) == ("digimon", 60, 3)
    assert set(report["turns_to_win"]) == {"mean", "median", "p10", "p90", "histogram", "not_won"}
    assert report["combos_per_turn"]["per_colour"] == {}
    assert list(report["combos_per_turn"]["histogram"])[:4] == ["0", "1", "2", "3"]
    assert report["going_first"] == "both"
    assert report["not_simulated"] == not_simulated(starter_deck())
    for key in ("opponent", "level_iii", "assumed_requirements", "assumed_lost_points", *BLOCKS):
        assert key in report
    assert set(report["level_first_reached"]) == {"IV", "perfect", "ultimate"}
    assert set(report["evolution_failures"]["by_reason"]) == {
        "net_ocean",
        "requirement",
        "no_base",
        "gave_up",
    }
    for order in ("first", "second"):
        assert report["by_order"][order]["games"] == 30
        assert list(report["by_order"][order])[1:] == ["turns_to_win", "combos_per_turn", *BLOCKS]


def test_the_assumptions_name_the_cards_played_with_defaults():
    report = run_batch(starter_deck(), games=10, seed=3)
    # Greymon prints Agumon ○○ and its lost points; the others are unknown (St-78 Andromon
    # too: RULES.md's "loses 30 to a Level III" is the perfect default, not catalogued)
    assert report["assumed_requirements"] == [
        "Andromon",
        "Garurumon",
        "Skull Greymon",
        "War Greymon",
    ]
    assert report["assumed_lost_points"] == [
        "Andromon",
        "Garurumon",
        "Skull Greymon",
        "War Greymon",
    ]


def test_one_order_is_reported_without_by_order():
    report = run_batch(starter_deck(), games=20, seed=3, going_first=False)
    assert report["going_first"] == "second" and "by_order" not in report


@pytest.mark.parametrize("options", [None, {"opponent": ANDROMON}])
def test_tallies_add_up(options):
    report = run_batch(starter_deck(), games=150, seed=9, turn_cap=8, options=options)
    rounds = report["rounds_played"]
    won = sum(report["turns_to_win"]["histogram"].values())
    assert won / 150 == pytest.approx(1 - report["turns_to_win"]["not_won"], abs=1e-4)
    assert sum(report["combos_per_turn"]["histogram"].values()) == rounds
    battles = report["battles"]
    assert battles["won"] + battles["lost"] + battles["tied"] + battles["stopped"] == rounds
    for side in ("player", "opponent"):
        assert sum(report["points_lost_per_round"][side]["histogram"].values()) == rounds
    by_order = report["by_order"]
    assert by_order["first"]["rounds_played"] + by_order["second"]["rounds_played"] == rounds


def test_a_strong_named_opponent_can_beat_the_deck():
    report = run_batch(starter_deck(), games=200, seed=9, options={"opponent": ANDROMON})
    assert report["battles"]["lost"] > 0 and report["turns_to_win"]["not_won"] > 0
    assert report["points_lost_per_round"]["player"]["mean"] > 0
