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
from operator import attrgetter
from random import Random

from engine.core.cards import DeckSpec
from engine.core.match import PreparedMatch, number_cards
from engine.pad.engine import GAME, CompiledDeck, check_deck, policy_options
from engine.pad.rules import PadGame
from engine.pad.search import PadReplay


class Side(CompiledDeck):
    """One seat of a match: a checked deck compiled for its policy and options."""

    def header(self) -> dict:
        return {"policy": self.policy, **self.log_facts()}


class PadMatch(PreparedMatch):
    """The prepared match of `PadEngine.prepare_match`: both decks checked as the
    goldfish's (InvalidDeck), their policies and options too (UnknownPolicy,
    InvalidOptions), then compiled once; plays games from seeds."""

    game = GAME
    replay_class = PadReplay

    def __init__(
        self,
        deck: DeckSpec,
        opponent: DeckSpec,
        *,
        policy: str,
        opponent_policy: str,
        turn_cap: int,
        options: Mapping | None = None,
        opponent_options: Mapping | None = None,
    ):
        sides = []
        for spec, name, values in (
            (deck, policy, options),
            (opponent, opponent_policy, opponent_options),
        ):
            check_deck(spec)
            sides.append(Side(spec, name, *policy_options(name, values)))
        super().__init__(turn_cap)
        self.player, self.opponent = sides
        # MATCH-1: NAME-1 namesakes share one entry; team pets carry no bit.
        self.card_names = number_cards(
            self.player.deck, self.player.team + self.player.deck, attrgetter("identity")
        )
        self.not_simulated = self.player.not_simulated
        self.opponent_not_simulated = self.opponent.not_simulated

    def start(self, rng: Random, going_first: bool, record: dict | None) -> PadGame:
        # The opponent's seat is built first so the player's game can face it; neither
        # constructor draws from `rng`, so the order does not change the game.
        them = self.opponent.new_game(rng, not going_first, self.turn_cap, record, None, 1)
        me = self.player.new_game(rng, going_first, self.turn_cap, record, them, 0)
        me.sides = them.sides = (me, them)
        return me

    def drawn(self, game: PadGame) -> int:
        return game.state.seen

    def opening(self, game: PadGame) -> int:
        return game.state.opening_hand

    def played(self, game: PadGame) -> int:
        return game.state.played

    def players(self) -> list[dict]:
        return [self.player.header(), self.opponent.header()]
