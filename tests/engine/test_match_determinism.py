"""Matchups are the same games on any number of processes and in any process (MATCH-1,
PAD-7, DGM-6): a player who reruns a seed, or whose server has more cores, sees the same
report and the same replay, byte for byte."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from engine.core.batch import CHUNK
from engine.core.matchup import Opponent, play_match, run_matchup
from tests.engine import digimon_factories
from tests.engine.determinism import ROOT, digest
from tests.engine.factories import rival_deck, starter_deck

GAMES = 1200  # more than two chunks of 500: the second process really plays some
SUBPROCESS = """
import hashlib, json, sys
from engine.core.matchup import play_match
from {factories} import {deck}, {opponent}
result = play_match({deck}(), {opponent}(), seed={seed}, policy="{policy}",
                    opponent_policy="{opponent_policy}", going_first={first}, log=True)
text = json.dumps(result.log, sort_keys=True, ensure_ascii=False)
print(hashlib.sha256(text.encode()).hexdigest(), result.outcome, result.length)
"""
GAMES_AND_DECKS = {
    # game: (factories module, deck, opponent, opponent policy)
    "pad": ("tests.engine.factories", "starter_deck", "rival_deck", "random"),
    "digimon": ("tests.engine.digimon_factories", "starter_deck", "starter_deck", "random"),
}


def decks(game: str):
    if game == "pad":
        return starter_deck(), rival_deck()
    return digimon_factories.starter_deck(), digimon_factories.starter_deck()


def test_the_pad_matchup_needs_more_than_one_chunk():
    assert GAMES > 2 * CHUNK  # otherwise processes=2 would run on one process


@pytest.mark.parametrize("game", sorted(GAMES_AND_DECKS))
def test_one_process_and_two_give_the_same_matchup_report(game):
    deck, opponent = decks(game)
    run = {"games": GAMES, "seed": 31, "opponent_policy": "random"}
    one = run_matchup(deck, [Opponent(opponent, {"name": "rival"})], processes=1, **run)
    two = run_matchup(deck, [Opponent(opponent, {"name": "rival"})], processes=2, **run)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    # the games were played, both ways round: wins, losses and draws add up
    assert one["wins"] + one["losses"] + one["draws"] == GAMES
    assert one["going_first"]["games"] == one["going_second"]["games"] == GAMES // 2


@pytest.mark.parametrize("game", sorted(GAMES_AND_DECKS))
@pytest.mark.parametrize("seed, first", [(5, True), (6, False)])
def test_a_fresh_process_replays_the_same_match_log(game, seed, first):
    factories, deck_name, opponent_name, opponent_policy = GAMES_AND_DECKS[game]
    deck, opponent = decks(game)
    here = play_match(
        deck,
        opponent,
        seed=seed,
        opponent_policy=opponent_policy,
        going_first=first,
        log=True,
    )
    script = SUBPROCESS.format(
        factories=factories,
        deck=deck_name,
        opponent=opponent_name,
        seed=seed,
        policy="greedy",
        opponent_policy=opponent_policy,
        first=first,
    )
    # another hash seed: set and dict orders of strings must not leak into the game
    env = dict(os.environ, PYTHONHASHSEED="4242", PYTHONPATH=str(ROOT))
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [digest(here.log), str(here.outcome), str(here.length)]
    assert here.log["snapshots"]  # a real replay, not an empty log
