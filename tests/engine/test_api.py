"""The game-neutral entry points: dispatch, errors, the report's shape, batches."""

from __future__ import annotations

import dataclasses

import pytest

from engine.core import api
from engine.core.api import (
    EngineError,
    InvalidDeck,
    InvalidOptions,
    UnknownGame,
    UnknownPolicy,
    play_game,
    run_batch,
)
from engine.core.cards import CardSpec, DeckSpec
from tests.engine.factories import LIL_RED, RED, starter_deck

SHARED_KEYS = [
    "game",
    "games",
    "games_stopped",
    "seed",
    "policy",
    "turns_to_win",
    "combos_per_turn",
    "not_simulated",
]


def test_the_report_starts_with_the_keys_shared_between_games():
    report = run_batch(starter_deck(), games=50, seed=3)
    assert list(report)[:8] == SHARED_KEYS
    assert (report["game"], report["games"], report["seed"]) == ("pad", 50, 3)
    assert set(report["turns_to_win"]) == {"mean", "median", "p10", "p90", "histogram", "not_won"}
    assert set(report["combos_per_turn"]) == {"mean", "histogram", "per_colour"}
    assert list(report["combos_per_turn"]["histogram"]) == [str(n) for n in range(7)]
    assert report["going_first"] == "both"
    assert report["by_order"]["first"]["games"] == report["by_order"]["second"]["games"] == 25
    for key in ("damage_per_turn", "attacks_per_turn", "evolutions", "heals", "reshuffles"):
        assert key in report
    assert set(report["opening_next_evolution"]) == {
        "Lil' Red Dragon",
        "Lil' Blue Dragon",
        "Lil' Green Dragon",
        "Titan",
        "Plessie",
    }


def test_one_order_is_reported_without_by_order():
    report = run_batch(starter_deck(), games=20, seed=3, going_first=False)
    assert report["going_first"] == "second" and "by_order" not in report


def test_histograms_add_up():
    report = run_batch(starter_deck(), games=120, seed=9, turn_cap=2)
    won = sum(report["turns_to_win"]["histogram"].values())
    assert won / 120 == pytest.approx(1 - report["turns_to_win"]["not_won"], abs=1e-4)
    assert sum(report["combos_per_turn"]["histogram"].values()) == report["turns_played"]
    assert max(map(int, report["turns_to_win"]["histogram"])) <= 2


def test_play_game_returns_a_result_and_a_log_on_request():
    result = play_game(starter_deck(), seed=1)
    assert result.log is None and result.won and 1 <= result.turns <= 30
    assert len(result.per_turn["combos"]) == result.turns
    assert play_game(starter_deck(), seed=1, log=True).log["result"]["won"] is True


def test_processes_and_progress_do_not_change_the_report():
    calls = []
    one = run_batch(starter_deck(), games=1200, seed=8, processes=1)
    two = run_batch(
        starter_deck(), games=1200, seed=8, processes=2, progress=lambda d, t: calls.append(d)
    )
    assert one == two
    assert calls == [500, 1000, 1200]


@pytest.mark.parametrize(
    ("deck", "error"),
    [
        (DeckSpec("digimon", (), ()), InvalidDeck),  # DGM-2.4: no Level III
        (dataclasses.replace(starter_deck(), game="chess"), UnknownGame),
        (DeckSpec("pad", starter_deck().deck, ()), InvalidDeck),
        (DeckSpec("pad", starter_deck().deck, (RED,) * 0 + (LIL_RED,) * 6), InvalidDeck),
        (DeckSpec("pad", starter_deck().deck[:12], (LIL_RED,)), InvalidDeck),
        (
            DeckSpec(
                "pad",
                starter_deck().deck[:-1] + (CardSpec(999, "Agumon", "digimon", "digimon"),),
                (LIL_RED,),
            ),
            InvalidDeck,
        ),
    ],
)
def test_decks_the_engine_cannot_play_are_refused(deck, error):
    with pytest.raises(error) as caught:
        play_game(deck, seed=1)
    assert isinstance(caught.value, EngineError) and caught.value.code


def test_a_skill_in_the_team_is_refused():
    deck = starter_deck()
    skill = next(card for card in deck.deck if card.kind == "skill")
    with pytest.raises(InvalidDeck):
        play_game(DeckSpec("pad", deck.deck, (skill,)), seed=1)


def test_unknown_policies_and_options_are_refused():
    with pytest.raises(UnknownPolicy):
        run_batch(starter_deck(), games=1, seed=1, policy="no-such-policy")
    with pytest.raises(InvalidOptions):
        run_batch(starter_deck(), games=1, seed=1, options={"store_target": 4})
    with pytest.raises(InvalidOptions):
        run_batch(starter_deck(), games=1, seed=1, policy="store", options={"store_turns": 0})
    with pytest.raises(InvalidOptions):
        run_batch(starter_deck(), games=0, seed=1)
    report = run_batch(starter_deck(), games=5, seed=1, policy="store", options={"store_target": 6})
    assert report["policy"] == "store"


def test_the_api_module_exports_what_the_glue_uses():
    for name in ("play_game", "run_batch", "POLICIES", "EngineError", "InvalidDeck"):
        assert hasattr(api, name)
