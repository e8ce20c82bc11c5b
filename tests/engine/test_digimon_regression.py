"""Pinned seeded regressions (python-chess's perft, for goldfish games).

The 30-card starter deck of tests/engine/digimon_factories.py, seed 1234, 300 games per
policy against the DGM-5 dummy, and greedy against a named Andromon (losses, ties and
stopped battles): any change to the rules, the policies, the defaults for unknown card
data, the seeding or the shuffle moves these numbers. Update them only for an intended
change, and say which in the commit.
"""

from __future__ import annotations

import pytest

from engine.core.api import run_batch
from tests.engine.digimon_factories import ANDROMON, starter_deck

NOT_SIMULATED = ["Defense Plug-In C", "High Speed Plug-In B", "That Was a Good Time"]
OPENING = {"second_level_iii": 0.8767, "usable_evolution": 0.7767}
PINNED = {
    "greedy": {
        "turns_to_win": {
            "mean": 6.1667,
            "median": 6.0,
            "p10": 5,
            "p90": 7,
            "histogram": {"4": 7, "5": 53, "6": 143, "7": 80, "8": 14, "9": 3},
            "not_won": 0.0,
        },
        "rounds_played": 1850,
        "battles": (1850, 0, 0, 0),
        "failures": {"net_ocean": 0, "requirement": 0, "no_base": 0, "gave_up": 0},
        "reshuffles": {"per_game": 1.0567, "share_of_games": 0.91},
        "combos": {"mean": 0.0384, "histogram": {"0": 1779, "1": 71, "2": 0, "3": 0}},
        "evolutions": {"IV": 4.42, "perfect": 3.5, "ultimate": 1.4967},
        "reached": {"IV": 0.9967, "perfect": 0.9733, "ultimate": 0.87},
        "points": {"player": 0.0, "opponent": 16.2162},
    },
    "rush": {
        "turns_to_win": {
            "mean": 6.4367,
            "median": 6.0,
            "p10": 5,
            "p90": 7,
            "histogram": {"4": 5, "5": 25, "6": 134, "7": 108, "8": 26, "9": 2},
            "not_won": 0.0,
        },
        "rounds_played": 1931,
        "battles": (1931, 0, 0, 0),
        "failures": {"net_ocean": 735, "requirement": 0, "no_base": 0, "gave_up": 0},
        "reshuffles": {"per_game": 1.3167, "share_of_games": 0.98},
        "combos": {"mean": 0.0, "histogram": {"0": 1931, "1": 0, "2": 0, "3": 0}},
        "evolutions": {"IV": 4.9867, "perfect": 3.85, "ultimate": 1.5367},
        "reached": {"IV": 0.9967, "perfect": 0.9933, "ultimate": 0.9067},
        "points": {"player": 0.0, "opponent": 15.536},
    },
    "andromon": {
        "turns_to_win": {
            "mean": 16.6652,
            "median": 17.0,
            "p10": 14,
            "p90": 19,
            "histogram": {
                "11": 1,
                "12": 4,
                "13": 5,
                "14": 16,
                "15": 44,
                "16": 39,
                "17": 42,
                "18": 32,
                "19": 32,
                "20": 12,
                "21": 3,
            },  # fmt: skip
            "not_won": 0.2333,
        },
        "rounds_played": 5049,
        "battles": (2625, 2030, 179, 215),
        "failures": {"net_ocean": 0, "requirement": 0, "no_base": 0, "gave_up": 0},
        "reshuffles": {"per_game": 4.35, "share_of_games": 1.0},
        "combos": {"mean": 0.0321, "histogram": {"0": 4887, "1": 162, "2": 0, "3": 0}},
        "evolutions": {"IV": 11.7233, "perfect": 9.42, "ultimate": 4.32},
        "reached": {"IV": 1.0, "perfect": 1.0, "ultimate": 0.9933},
        "points": {"player": 4.3751, "opponent": 5.5872},
    },
}


@pytest.mark.parametrize("case", sorted(PINNED))
def test_seed_1234_report_is_pinned(case):
    policy, options = (case, None) if case != "andromon" else ("greedy", {"opponent": ANDROMON})
    report = run_batch(starter_deck(), games=300, seed=1234, policy=policy, options=options)
    pinned = PINNED[case]
    assert report["turns_to_win"] == pinned["turns_to_win"]
    assert report["rounds_played"] == pinned["rounds_played"]
    battles = report["battles"]
    outcomes = (battles["won"], battles["lost"], battles["tied"], battles["stopped"])
    assert outcomes == pinned["battles"]
    assert report["evolution_failures"]["by_reason"] == pinned["failures"]
    assert report["lifespan_reshuffles"] == pinned["reshuffles"]
    combos = report["combos_per_turn"]
    assert {"mean": combos["mean"], "histogram": combos["histogram"]} == pinned["combos"]
    assert report["evolutions"]["by_level"] == pinned["evolutions"]
    reached = {k: v["share_of_games"] for k, v in report["level_first_reached"].items()}
    assert reached == pinned["reached"]
    points = {k: v["mean"] for k, v in report["points_lost_per_round"].items()}
    assert points == pinned["points"]
    assert report["opening"] == OPENING
    assert report["not_simulated"] == NOT_SIMULATED
