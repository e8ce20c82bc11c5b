"""Invariants over thousands of random games on random 30-card decks of the real cards
(fixtures/digimon.json, read through the card schema), against the dummy and against
random catalogued opponents.

Two ways of looking after every phase: the log's zone snapshots (what users see), and a
`DigimonGame` subclass that checks the live state at the end of each phase method.
"""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from engine.core.cards import DeckSpec
from engine.digimon.cards import III
from engine.digimon.engine import DigimonDeck
from engine.digimon.rules import PHASES, DigimonGame
from engine.digimon.state import HAND_SIZE, MAX_POINTS, SLOTS
from tests.engine.digimon_factories import catalogue

DECK_SIZE = 30  # DGM-2.1
COMBO = ("R-055", "St-49", "St-50", "St-51")  # the beginner combo and its three plug-ins


def random_deck(rng: Random) -> DeckSpec:
    """30 cards, ≤ 3 per name, ≤ 5 ultimates, 1–3 Level III names (DGM-2)."""
    cards = catalogue()
    by_number = {card.number: card for card in cards}
    names: Counter = Counter()
    deck: list = []
    ultimates = 0

    def add(card, copies=1):
        nonlocal ultimates
        for _ in range(copies):
            is_ultimate = card.data.get("level") == "ultimate"
            if names[card.name] >= 3 or (is_ultimate and ultimates >= 5) or len(deck) >= 30:
                return
            names[card.name] += 1
            ultimates += is_ultimate
            deck.append(card)

    level_iii = [c for c in cards if c.kind == "digimon" and c.data.get("level") == "III"]
    for card in rng.sample(level_iii, rng.randint(1, 3)):
        add(card, rng.randint(1, 3))
    if rng.random() < 0.4:
        for number in COMBO:
            add(by_number[number], rng.randint(1, 2))
    digimon = [c for c in cards if c.kind == "digimon"]
    while len(deck) < DECK_SIZE:
        add(rng.choice(digimon if rng.random() < 0.7 else cards))
    return DeckSpec("digimon", tuple(deck))


def random_options(rng: Random) -> dict:
    options: dict = {"assumed_circles": rng.choice((0, 1, 2, 2, 3))}
    if rng.random() < 0.4:
        options["opponent"] = rng.choice([c for c in catalogue() if c.kind == "digimon"])
    return options


def check_snapshot(snapshot: dict, owned: Counter, levels: dict) -> None:
    zones = snapshot["zones"]
    names = []
    for key in (
        "point_gauge",
        "digimon_box",
        "evolving_box",
        "requirement_box",
        "support_box",
        "hand",
        "net_ocean",
        "dark_area",
    ):
        names += zones[key]
    names += [name for name in zones["option_slots"] if name is not None]
    assert Counter(names) == owned and len(names) == DECK_SIZE, "a card was created or lost"
    assert len(zones["point_gauge"]) == 1
    box = zones["digimon_box"]
    assert 1 <= len(box) <= 2 and levels[box[0]] == "III"
    assert len(zones["option_slots"]) == SLOTS
    assert len(zones["requirement_marks"]) == len(zones["requirement_box"])
    phase = snapshot["phase"]
    if phase != "preparation":
        assert zones["evolving_box"] == [] and zones["requirement_box"] == []
    else:
        assert len(zones["hand"]) <= HAND_SIZE
    if phase != "battle":
        assert zones["support_box"] == []
    if phase in ("setup", "preparation", "points"):
        assert len(box) == 1
    points = snapshot["points"]
    assert 0 <= points["player"] <= MAX_POINTS and 0 <= points["opponent"] <= MAX_POINTS


@pytest.mark.parametrize("block", range(4))
def test_every_snapshot_adds_up_to_the_30_cards(block):
    rng = Random(block)
    for game in range(250):
        deck = random_deck(rng)
        policy = "greedy" if game % 3 else "rush"
        prepared = DigimonDeck(deck, policy=policy, turn_cap=20, options=random_options(rng))
        result = prepared.play(rng.getrandbits(64), going_first=bool(game % 2), log=True)
        log = result.log
        owned = Counter(log["owned"])
        assert owned == Counter(card.name for card in deck.deck)
        levels = {card.name: card.data.get("level") for card in deck.deck}
        phases = []
        for snapshot in log["snapshots"]:
            check_snapshot(snapshot, owned, levels)
            phases.append(snapshot["phase"])
        assert phases[0] == "setup" and phases[1:] == list(PHASES) * result.turns
        final = log["result"]["points"]
        # the catalogue has no points steps: only battles move points (DGM-4.5)
        assert sum(result.per_turn["dealt"]) == MAX_POINTS - final["opponent"]
        assert sum(result.per_turn["lost"]) == MAX_POINTS - final["player"]
        assert result.won == (final["opponent"] == 0 < final["player"])
        assert len(result.per_turn["lost"]) == result.turns == sum(result.extra["outcomes"])


class CheckedGame(DigimonGame):
    """Checks the live state at the end of every phase."""

    __slots__ = ("owned",)
    checks = 0

    def check(self) -> None:
        state = self.state
        assert Counter(map(id, state.all_cards())) == self.owned
        assert state.box[0].level == III and len(state.box) <= 2
        assert all(card.level > III for card in state.box[1:])
        assert len(state.slots) == SLOTS and len(state.hand) <= HAND_SIZE
        assert 0 <= self.points[0] <= MAX_POINTS and 0 <= self.points[1] <= MAX_POINTS
        assert len(state.evolving) == len(state.requirements) == len(state.shortfalls)
        CheckedGame.checks += 1

    def setup(self):
        self.owned = Counter(map(id, self.state.all_cards()))
        super().setup()
        self.check()

    def preparation_phase(self):
        super().preparation_phase()
        self.check()

    def evolution_phase(self):
        super().evolution_phase()
        assert not self.state.evolving
        self.check()

    def battle_phase(self):
        super().battle_phase()
        self.check()

    def points_phase(self):
        super().points_phase()
        assert len(self.state.box) == 1 and not self.state.support
        self.check()


def test_live_state_invariants_after_every_phase_without_logging():
    rng = Random(99)
    games = reshuffles = evolutions = failures = combos = 0
    outcomes = [0, 0, 0, 0]
    for _ in range(30):
        deck = random_deck(rng)
        options = random_options(rng)
        for policy in ("greedy", "rush"):
            prepared = DigimonDeck(deck, policy=policy, turn_cap=20, options=options)
            prepared.game_class = CheckedGame
            for _ in range(25):
                result = prepared.play(rng.getrandbits(64), going_first=rng.random() < 0.5)
                games += 1
                reshuffles += result.totals["reshuffles"]
                evolutions += sum(result.extra["evolutions"])
                failures += sum(result.extra["failures"])
                combos += sum(result.per_turn["combos"])
                outcomes = [a + b for a, b in zip(outcomes, result.extra["outcomes"], strict=True)]
    assert games == 1500 and CheckedGame.checks > 1500 * 4
    # the random games exercise every path: lifespans, evolutions, failures, all outcomes
    assert reshuffles and evolutions and failures and combos
    assert all(outcomes[:3])
