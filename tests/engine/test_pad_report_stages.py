"""DGM-5: a PAD goldfish report leads with consistency, among it the own turn on which
each stage (PAD-1.1: evo1, evo2, evo3, ultimate) is first reached. Games that never reach
a stage count only in its share of games."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

from engine.core.batch import play_range
from engine.core.result import GameResult
from engine.pad.engine import PadDeck
from engine.pad.report import PadSummary
from tests.engine.factories import starter_deck

TEAM = ["Lil' Red Dragon"]
EVO1, EVO2, EVO3 = 1, 2, 3  # PAD-1.1 stage ranks, base = 0
STAGE_NAMES = {EVO1: "evo1", EVO2: "evo2", EVO3: "evo3", 4: "ultimate"}

# (going first, [(own turn, stage rank evolved into)] in play order)
GAMES = {
    # evo1 twice on turn 1 and again on turn 3: only turn 1 is the first time
    "A": (True, [(1, EVO1), (1, EVO1), (2, EVO2), (3, EVO1), (4, EVO3)]),
    "B": (False, [(2, EVO1), (3, EVO2), (3, EVO2)]),
    "C": (True, [(3, EVO1)]),
    "D": (False, []),  # never evolves: only lowers the shares
}

NEVER = {"mean": None, "median": None, "p10": None, "p90": None, "histogram": {}}


def result(going_first: bool, evolutions: list[tuple[int, int]]) -> GameResult:
    turns = 4
    return GameResult(
        won=False,
        turns=turns,
        going_first=going_first,
        seed=0,
        per_turn={
            "combos": [0] * turns,
            "colours": [0] * turns,
            "damage": [0] * turns,
            "attacks": [0] * turns,
        },
        totals={"heals": 0, "reshuffles": 0},
        extra={"evolutions": evolutions, "opening": (0, 0)},
    )


def summary_of(names: str) -> PadSummary:
    prepared = SimpleNamespace(team_names=TEAM, policy="greedy", turn_cap=30, not_simulated=[])
    summary = PadSummary(prepared)
    for name in names:
        summary.add(result(*GAMES[name]))
    return summary


def test_pad_each_stage_reports_the_turn_it_is_first_reached_dgm_5():
    reached = summary_of("ABCD").report(seed=1)["stage_first_reached"]
    # by hand: evo1 first on turns 1 (A), 2 (B), 3 (C); D never evolves
    assert reached["evo1"] == {
        "share_of_games": 0.75,
        "mean": 2.0,
        "median": 2.0,
        "p10": 1,
        "p90": 3,
        "histogram": {"1": 1, "2": 1, "3": 1},
    }
    # evo2 first on turns 2 (A) and 3 (B, twice that turn)
    assert reached["evo2"] == {
        "share_of_games": 0.5,
        "mean": 2.5,
        "median": 2.5,
        "p10": 2,
        "p90": 3,
        "histogram": {"2": 1, "3": 1},
    }
    assert reached["evo3"] == {
        "share_of_games": 0.25,
        "mean": 4.0,
        "median": 4.0,
        "p10": 4,
        "p90": 4,
        "histogram": {"4": 1},
    }
    assert reached["ultimate"] == {"share_of_games": 0.0, **NEVER}
    assert list(reached) == ["evo1", "evo2", "evo3", "ultimate"]  # lowest stage first


def test_pad_stage_first_reached_is_split_by_turn_order_dgm_5():
    by_order = summary_of("ABCD").report(seed=1)["by_order"]
    first, second = (
        by_order["first"]["stage_first_reached"],
        by_order["second"]["stage_first_reached"],
    )
    # going first: A and C
    assert first["evo1"]["histogram"] == {"1": 1, "3": 1}
    assert first["evo1"]["share_of_games"] == 1.0
    assert (first["evo2"]["share_of_games"], first["evo2"]["mean"]) == (0.5, 2.0)
    assert (first["evo3"]["share_of_games"], first["evo3"]["mean"]) == (0.5, 4.0)
    # going second: B and D
    assert second["evo1"] == {
        "share_of_games": 0.5,
        "mean": 2.0,
        "median": 2.0,
        "p10": 2,
        "p90": 2,
        "histogram": {"2": 1},
    }
    assert (second["evo2"]["share_of_games"], second["evo2"]["median"]) == (0.5, 3.0)
    assert second["evo3"] == {"share_of_games": 0.0, **NEVER}


def test_pad_stage_first_reached_does_not_depend_on_how_games_are_chunked_dgm_5():
    whole = summary_of("ABCD").report(seed=1)
    for chunks in (["AB", "CD"], ["CD", "AB"], ["A", "B", "C", "D"], ["D", "CBA"]):
        merged = summary_of("")
        for chunk in chunks:
            merged.merge(summary_of(chunk))
        assert merged.report(seed=1) == whole, chunks


def first_turns(evolutions: list[tuple[int, int]]) -> dict[str, int]:
    """The earliest own turn of each stage, by min over the game's whole list."""
    turns: dict[str, int] = {}
    for turn, stage in evolutions:
        name = STAGE_NAMES[stage]
        turns[name] = min(turn, turns.get(name, turn))
    return turns


def test_pad_starter_deck_first_turns_agree_with_its_games_and_evolution_table_dgm_5():
    games, seed = 300, 21
    prepared = PadDeck(starter_deck(), policy="greedy", turn_cap=30, options=None)
    summary = PadSummary(prepared)
    expected = {name: Counter() for name in STAGE_NAMES.values()}
    evolved = {name: Counter() for name in expected}  # every evolution, not only the first
    for game in play_range(prepared, seed, 0, games, None):
        summary.add(game)
        for name, turn in first_turns(game.extra["evolutions"]).items():
            expected[name][turn] += 1
        for turn, stage in game.extra["evolutions"]:
            evolved[STAGE_NAMES[stage]][turn] += 1
    report = summary.report(seed=seed)
    reached, table = report["stage_first_reached"], report["evolutions"]["by_stage_and_turn"]
    assert expected["evo1"] and expected["evo2"]  # the starter deck does evolve
    for name, hist in expected.items():
        block = reached[name]
        assert block["histogram"] == {str(t): hist[t] for t in sorted(hist)}, name
        assert block["share_of_games"] == round(sum(hist.values()) / games, 4), name
        # a game's first evolution into a stage is one of the evolutions the table counts
        counted = table.get(name, {})
        assert counted == {str(t): n for t, n in sorted(evolved[name].items())}, name
        for turn, first in block["histogram"].items():
            assert first <= counted[turn], (name, turn)
        if hist:  # the earliest evolution into a stage is some game's first
            assert min(int(turn) for turn in counted) == min(hist), name
