"""Same deck, seed and options → the same games and report, byte for byte, anywhere."""

from __future__ import annotations

import hashlib
import json

from engine.core.api import play_game, run_batch
from engine.core.batch import play_range
from engine.core.seeds import game_seed
from engine.pad.engine import PadDeck
from tests.engine.determinism import digest, digests_in_another_process
from tests.engine.factories import starter_deck


def test_game_seeds_are_sha256_of_seed_and_index():
    expected = hashlib.sha256(b"1234:0").digest()[:8]
    assert game_seed(1234, 0) == int.from_bytes(expected, "big")
    assert game_seed(1234, 0) == 8822641840677058200
    assert game_seed(1234, 1) != game_seed(1234, 0)


def test_the_same_seed_gives_the_same_log():
    first = play_game(starter_deck(), seed=42, log=True).log
    second = play_game(starter_deck(), seed=42, log=True).log
    assert json.dumps(first, ensure_ascii=False) == json.dumps(second, ensure_ascii=False)
    other = play_game(starter_deck(), seed=43, log=True).log
    assert digest(first) != digest(other)


def test_logging_does_not_change_the_game():
    quiet = play_game(starter_deck(), seed=42)
    logged = play_game(starter_deck(), seed=42, log=True)
    logged.log = None
    assert quiet == logged


def test_different_batch_sizes_play_the_same_first_games():
    prepared = PadDeck(starter_deck(), policy="greedy", turn_cap=30, options=None)
    short = list(play_range(prepared, 77, 0, 10, None))
    long = list(play_range(prepared, 77, 0, 25, None))
    assert short == long[:10]
    assert [r.going_first for r in short[:4]] == [True, False, True, False]
    alone = play_game(starter_deck(), seed=game_seed(77, 3), going_first=False)
    assert alone == long[3]


def test_another_process_with_another_hash_seed_gets_the_same_bytes():
    log = play_game(starter_deck(), seed=42, policy="store", log=True).log
    report = run_batch(starter_deck(), games=300, seed=42)
    assert digests_in_another_process("tests.engine.factories", "store") == [
        digest(log),
        digest(report),
    ]
