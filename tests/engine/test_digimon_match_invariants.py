"""DGM-6 invariants over a thousand matchups of random legal decks of the real cards
(fixtures/digimon.json): random against random and random against greedy, both orders.
Every card of both decks is in exactly one zone in every snapshot, points stay within
0 … 100, and the result agrees with the points. Then fairness (a deck against itself)
and determinism (MATCH-1).
"""

from __future__ import annotations

import json
from collections import Counter
from random import Random

import pytest

from engine.core.intervals import wilson
from engine.core.result import DRAW, LOSS, WIN
from engine.core.seeds import game_seed
from engine.digimon.engine import DigimonEngine
from engine.digimon.rules import PHASES
from tests.engine.determinism import digest
from tests.engine.test_digimon_invariants import check_snapshot, random_deck

ENGINE = DigimonEngine()
PAIRINGS = [("random", "random"), ("random", "greedy"), ("greedy", "random")]


@pytest.mark.parametrize("block", range(4))
def test_every_snapshot_holds_every_card_of_both_decks(block):
    rng = Random(100 + block)
    for number in range(250):  # 4 blocks: 1,000 games
        policy, opponent_policy = PAIRINGS[number % len(PAIRINGS)]
        decks = random_deck(rng), random_deck(rng)
        match = ENGINE.prepare_match(
            *decks, policy=policy, opponent_policy=opponent_policy, turn_cap=25
        )
        result = match.play(rng.getrandbits(64), bool(number % 2), log=True)
        log = result.log
        owned = [Counter(player["owned"]) for player in log["players"]]
        assert owned == [Counter(card.name for card in deck.deck) for deck in decks]
        levels = {card.name: card.data.get("level") for deck in decks for card in deck.deck}
        phases = []
        for snapshot in log["snapshots"]:
            a, b = snapshot["points"]
            for side in (0, 1):
                view = {
                    "phase": snapshot["phase"],
                    "zones": snapshot["zones"][side],
                    "points": {"player": a, "opponent": b},
                }
                check_snapshot(view, owned[side], levels)
            phases.append(snapshot["phase"])
        assert phases[0] == "setup" and phases[1:] == list(PHASES) * result.length
        a, b = log["result"]["points"]
        expected = WIN if b == 0 < a else LOSS if a == 0 < b else DRAW
        assert result.outcome == expected
        assert result.length < 25 or result.outcome == DRAW or 0 in (a, b)


def test_a_deck_against_itself_wins_half_its_decided_games_when_the_order_alternates():
    deck = random_deck(Random(7))
    match = ENGINE.prepare_match(deck, deck, policy="greedy", opponent_policy="greedy")
    outcomes = Counter(match.play(game_seed(3, i), i % 2 == 0).outcome for i in range(2000))
    low, high = wilson(outcomes[WIN], outcomes[WIN] + outcomes[LOSS])
    assert low <= 0.5 <= high


def test_the_same_seed_gives_the_same_match_log_bytes():
    decks = random_deck(Random(1)), random_deck(Random(2))
    logs = []
    for _ in range(2):
        match = ENGINE.prepare_match(*decks, policy="random", opponent_policy="greedy")
        logs.append(json.dumps(match.play(99, False, log=True).log, ensure_ascii=False))
    assert logs[0] == logs[1]
    other = ENGINE.prepare_match(*decks, policy="random", opponent_policy="greedy")
    assert digest(json.loads(logs[0])) != digest(other.play(100, False, log=True).log)


def test_logging_does_not_change_a_match():
    decks = random_deck(Random(3)), random_deck(Random(4))
    match = ENGINE.prepare_match(*decks, policy="random", opponent_policy="random")
    for seed in range(30):
        quiet = match.play(seed, seed % 2 == 0)
        logged = match.play(seed, seed % 2 == 0, log=True)
        logged.log = None
        assert quiet == logged
