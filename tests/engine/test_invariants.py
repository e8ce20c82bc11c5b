"""Invariants over thousands of random games on random decks of the real PAD cards.

Two ways of looking after every phase: the log's zone snapshots (what users see), and a
`PadGame` subclass that checks the live state at the end of each phase method.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from random import Random

import pytest

from engine.core.cards import DeckSpec, specs_from_schema
from engine.pad.engine import PadDeck
from engine.pad.rules import PHASES, PadGame
from engine.pad.state import MAX_LIFE

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "pad.json"


@cache
def catalogue():
    return list(specs_from_schema(json.loads(FIXTURES.read_text(encoding="utf-8"))).values())


def random_deck(rng: Random) -> DeckSpec:
    """Five base pets, their lines, then random cards; 13 to 60 cards, ≤ 3 copies."""
    cards = catalogue()
    bases = [c for c in cards if c.kind == "pet" and c.stage == "base"]
    team = tuple(rng.sample(bases, 5))
    size = rng.choice((13, 15, 20, 40, 40, 50, 60))
    deck: list = []
    line = {c.id for c in team}
    for card in cards:  # two passes reach evo2 lines
        if card.evolves_from in line:
            line.add(card.id)
    for card in cards:
        if card.evolves_from in line:
            line.add(card.id)
    wanted = [c for c in cards if c.id in line and c.kind == "pet" and c.stage != "base"]
    rng.shuffle(wanted)
    for card in wanted:
        deck += [card] * rng.randint(1, 3)
    while len(deck) < size:
        card = rng.choice(cards)
        if deck.count(card) < 3:
            deck.append(card)
    return DeckSpec("pad", tuple(deck[:size]), team)


def check_snapshot(snapshot: dict, owned: Counter) -> None:
    zones = snapshot["zones"]
    names = zones["deck"] + zones["hand"] + zones["life"] + zones["discard"]
    for column in zones["orb_columns"]:
        names += column
    for stack in zones["pets"] + zones["attack_area"]:
        names += stack
    assert Counter(names) == owned, "a card was created or lost"
    assert len(zones["life"]) <= MAX_LIFE
    assert all(zones["orb_columns"]), "every column keeps a card"
    assert zones["attack_area"] == []
    assert 0 <= snapshot["opponent_life"] <= MAX_LIFE


@pytest.mark.parametrize("block", range(4))
def test_every_snapshot_adds_up_to_the_cards_owned(block):
    rng = Random(block)
    for game in range(250):
        deck = random_deck(rng)
        policy = "greedy" if game % 3 else "store"
        prepared = PadDeck(deck, policy=policy, turn_cap=12, options=None)
        result = prepared.play(rng.getrandbits(64), going_first=bool(game % 2), log=True)
        log = result.log
        owned = Counter(log["owned"])
        assert owned == Counter(card.name for card in deck.cards())
        phases = []
        for snapshot in log["snapshots"]:
            check_snapshot(snapshot, owned)
            phases.append(snapshot["phase"])
        assert phases[0] == "setup" and set(phases[1:]) <= set(PHASES)
        assert all(0 <= combos <= 6 for combos in result.per_turn["combos"])
        assert sum(result.per_turn["damage"]) == MAX_LIFE - log["result"]["opponent_life"]
        assert result.won == (log["result"]["opponent_life"] == 0)
        if result.won:
            assert result.per_turn["damage"][-1] > 0


class CheckedGame(PadGame):
    """Checks the live state at the end of every phase."""

    checks = 0

    def check(self) -> None:
        state = self.state
        assert Counter(map(id, state.all_cards())) == self.owned
        assert len(state.life) <= MAX_LIFE
        if self.phase != "setup" or self.turn:
            assert all(state.columns)
        for column, tally in zip(state.columns, state.counts, strict=True):
            expected = [0] * 7
            for card in column:
                for colour in card.orbs:
                    expected[colour] += 1
            assert tally == expected
        for stack in state.pets:
            for below, above in zip(stack.cards, stack.cards[1:], strict=False):
                assert above.evolves_from == below.id
            assert stack.top is stack.cards[-1]
        assert self.combos <= self.max_combos and len(state.hand) <= 60
        CheckedGame.checks += 1

    def setup(self):
        self.owned = Counter(map(id, self.state.all_cards()))
        super().setup()
        self.check()

    def reset_phase(self):
        super().reset_phase()
        self.check()

    def draw_phase(self):
        super().draw_phase()
        self.check()

    def main_phase(self):
        super().main_phase()
        self.check()

    def puzzle_phase(self):
        super().puzzle_phase()
        self.check()

    def attack_phase(self):
        super().attack_phase()
        self.check()

    def cleanup_phase(self):
        super().cleanup_phase()
        assert len(self.state.hand) <= self.hand_limit
        self.check()


def test_live_state_invariants_after_every_phase_without_logging():
    rng = Random(99)
    games = reshuffles = 0
    for _ in range(30):
        deck = random_deck(rng)
        for policy in ("greedy", "store"):
            prepared = PadDeck(deck, policy=policy, turn_cap=15, options=None)
            prepared.game_class = CheckedGame
            for _ in range(25):
                result = prepared.play(rng.getrandbits(64), going_first=rng.random() < 0.5)
                games += 1
                reshuffles += result.totals["reshuffles"]
    assert games == 1500 and CheckedGame.checks > 1500 * 6
    assert reshuffles > 0  # small decks exercise PAD-6.2
