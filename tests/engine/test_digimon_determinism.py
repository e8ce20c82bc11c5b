"""Same deck, seed and options → the same Digimon games and report, byte for byte."""

from __future__ import annotations

import json

from engine.core.api import play_game, run_batch
from engine.core.batch import play_range
from engine.core.seeds import game_seed
from engine.digimon.engine import DigimonDeck
from tests.engine.determinism import digest, digests_in_another_process
from tests.engine.digimon_factories import GABUMON, starter_deck


def test_the_same_seed_gives_the_same_log_bytes():
    first = play_game(starter_deck(), seed=42, log=True).log
    second = play_game(starter_deck(), seed=42, log=True).log
    assert json.dumps(first, ensure_ascii=False) == json.dumps(second, ensure_ascii=False)
    assert digest(first) != digest(play_game(starter_deck(), seed=43, log=True).log)


def test_logging_does_not_change_the_game():
    for options in (None, {"opponent": GABUMON}):
        quiet = play_game(starter_deck(), seed=42, options=options)
        logged = play_game(starter_deck(), seed=42, log=True, options=options)
        logged.log = None
        assert quiet == logged


def test_different_batch_sizes_play_the_same_first_games():
    prepared = DigimonDeck(starter_deck(), policy="greedy", turn_cap=30, options=None)
    short = list(play_range(prepared, 77, 0, 10, None))
    long = list(play_range(prepared, 77, 0, 25, None))
    assert short == long[:10]
    assert [r.going_first for r in short[:4]] == [True, False, True, False]
    alone = play_game(starter_deck(), seed=game_seed(77, 3), going_first=False)
    assert alone == long[3]


def test_one_process_and_two_give_the_same_report():
    one = run_batch(starter_deck(), games=1200, seed=8, processes=1)
    two = run_batch(starter_deck(), games=1200, seed=8, processes=2)
    assert one == two and one["games"] == 1200


def test_another_process_with_another_hash_seed_gets_the_same_bytes():
    log = play_game(starter_deck(), seed=42, policy="rush", log=True).log
    report = run_batch(starter_deck(), games=300, seed=42)
    assert digests_in_another_process("tests.engine.digimon_factories", "rush") == [
        digest(log),
        digest(report),
    ]
