"""Two PAD decks played against each other (RULES.md PAD-7): the prepared match.

`PadMatch` compiles both decks once (each side its own cards, so the player's deck cards
carry their `bit` for MATCH-1's drawn-card figures) and plays seeded games with the same
turn loop as the goldfish (`PadGame.play`): seat 0 is the deck, seat 1 the opponent,
whatever the order of play. One `Random(seed)` stream drives the whole game (both
shuffles, then every random choice in order), so a game depends on the decks, policies,
options, seed and order only.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from engine.core.cards import CardSpec, DeckSpec
from engine.core.errors import InvalidOptions
from engine.core.result import MatchResult
from engine.pad import effects
from engine.pad.cards import PadCard, link_lines
from engine.pad.rules import PadGame

GAME = "pad"
OUTCOMES = {1: "win", 0: "draw", -1: "loss"}


class Side:
    """One deck (already checked) compiled for one policy and its checked options;
    `game_class` plays its seat (a rule variant or a checked subclass in tests)."""

    game_class = PadGame

    def __init__(self, deck: DeckSpec, policy: str, policy_class: type, options: Mapping):
        self.policy_class, self.policy_options = policy_class, dict(options)
        self.policy = policy
        compiled: dict[CardSpec, PadCard] = {}
        self.team = [compiled.setdefault(spec, PadCard(spec)) for spec in deck.team]
        self.deck = [compiled.setdefault(spec, PadCard(spec)) for spec in deck.deck]
        link_lines(compiled.values())
        self.team_names = [card.name for card in self.team]
        self.owned = [card.name for card in self.team + self.deck]
        self.not_simulated = effects.not_simulated(deck.cards())
        self.has_continuous = any(card.continuous_steps for card in compiled.values())
        self.has_combo_steps = any(card.combo_steps for card in compiled.values())

    def game(self, rng: Random, going_first: bool, cap: int, log, opponent, seat: int):
        return self.game_class(
            self.team,
            self.deck,
            rng,
            self.policy_class(**self.policy_options),
            going_first=going_first,
            turn_cap=cap,
            log=log,
            has_continuous=self.has_continuous,
            has_combo_steps=self.has_combo_steps,
            opponent=opponent,
            seat=seat,
        )

    def header(self) -> dict:
        return {
            "policy": self.policy,
            "team": self.team_names,
            "owned": self.owned,
            "not_simulated": self.not_simulated,
        }


class PadMatch:
    """The prepared match of `PadEngine.prepare_match`: plays games from seeds."""

    def __init__(self, player: Side, opponent: Side, *, turn_cap: int):
        if turn_cap < 1:
            raise InvalidOptions("turn_cap must be at least 1.")
        self.turn_cap = turn_cap
        self.player, self.opponent = player, opponent
        # MATCH-1: one entry per distinct name (NAME-1 identity) of the player's deck, in
        # first-appearance order; each of its cards carries the entry's bit.
        names: list[str] = []
        bits: dict[int, int] = {}
        for card in self.player.deck:
            if card.identity not in bits:
                bits[card.identity] = 1 << len(names)
                names.append(card.name)
        for card in self.player.team + self.player.deck:
            card.bit = bits.get(card.identity, 0)
        self.card_names = tuple(names)
        self.not_simulated = self.player.not_simulated
        self.opponent_not_simulated = self.opponent.not_simulated

    def report_header(self) -> dict:
        return {}

    def play(self, seed: int, going_first: bool = True, log: bool = False) -> MatchResult:
        record = self.log_header(seed, going_first) if log else None
        rng = Random(seed)
        # The opponent's seat is built first so the player's game can face it; neither
        # constructor draws from `rng`, so the order does not change the game.
        them = self.opponent.game(rng, not going_first, self.turn_cap, record, None, 1)
        me = self.player.game(rng, going_first, self.turn_cap, record, them, 0)
        me.sides = them.sides = (me, them)
        outcome, length = me.play()
        result = MatchResult(
            outcome=outcome,
            length=length,
            going_first=going_first,
            seed=seed,
            drawn=me.state.seen,
        )
        if record is not None:
            record["result"] = {"outcome": OUTCOMES[outcome], "length": length}
            result.log = record
        return result

    def log_header(self, seed: int, going_first: bool) -> dict:
        return {
            "game": GAME,
            "seed": seed,
            "going_first": going_first,
            "turn_cap": self.turn_cap,
            "players": [self.player.header(), self.opponent.header()],
            "events": [],
            "snapshots": [],
        }
