"""The registry's view of one game: how to prepare a deck or a match, summarise games and
name what is not simulated. Games declare their pieces; the verbs are the same for all.

`PreparedDeck` is what both games' goldfish decks share: the turn-cap check, the JSON
log's header and result, and the one-seed game loop (a game's deck class says how to
start a game from a `Random(seed)` and what else its log reports)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from random import Random
from typing import ClassVar

from engine.core.cards import DeckSpec
from engine.core.checks import check_turn_cap
from engine.core.result import WIN, GameResult, log_header
from engine.core.search import start_searches


class RuleSet:
    game: ClassVar[str] = ""
    deck_class: ClassVar[type]  # prepares a DeckSpec once for many games
    match_class: type  # prepares two DeckSpecs once for many matchup games
    summary_class: ClassVar[type]  # tallies a batch
    policy_classes: ClassVar[Mapping[str, type]] = {}
    unsimulated_cards: ClassVar[Callable]  # (cards) -> names the engine cannot run
    default_match_cap: ClassVar[int]  # PAD-7.4 turns each, DGM-6.3 rounds

    @property
    def policies(self) -> dict[str, str]:
        return {name: cls.description for name, cls in self.policy_classes.items()}

    def prepare(self, deck: DeckSpec, *, policy: str, turn_cap: int, options: Mapping | None):
        return self.deck_class(deck, policy=policy, turn_cap=turn_cap, options=options)

    def prepare_match(
        self,
        deck: DeckSpec,
        opponent: DeckSpec,
        *,
        policy: str,
        opponent_policy: str,
        turn_cap: int | None = None,
        options: Mapping | None = None,
        opponent_options: Mapping | None = None,
    ):
        """Deck A against another deck, both played in full; both decks, policies and
        options checked as the goldfish's (InvalidDeck, UnknownPolicy, InvalidOptions);
        the game's own cap unless `turn_cap` is given."""
        return self.match_class(
            deck,
            opponent,
            policy=policy,
            opponent_policy=opponent_policy,
            turn_cap=self.default_match_cap if turn_cap is None else turn_cap,
            options=options,
            opponent_options=opponent_options,
        )

    def not_simulated(self, deck: DeckSpec) -> list[str]:
        return type(self).unsimulated_cards(deck.cards())

    def summary(self, prepared):
        return self.summary_class(prepared)


class PreparedDeck:
    """A deck compiled for one policy: plays goldfish games from seeds (`Prepared`)."""

    game: ClassVar[str] = ""
    replay_class: ClassVar[type | None] = None  # how a search replays its games
    policy_name: str
    turn_cap: int

    def __init__(self, turn_cap: int):
        check_turn_cap(turn_cap)
        self.turn_cap = turn_cap

    def start(self, rng: Random, going_first: bool, record: dict | None):
        """A game ready to `play()` to (outcome, turns or rounds)."""
        raise NotImplementedError

    def log_facts(self) -> dict:
        """What the game's log says of the deck after the shared header."""
        raise NotImplementedError

    def result_facts(self, game, length: int) -> dict:
        """What a game's log reports at its end besides whether the player won."""
        raise NotImplementedError

    def play(self, seed: int, going_first: bool = True, log: bool = False) -> GameResult:
        record = self.log_header(seed, going_first) if log else None
        game = self.start(Random(seed), going_first, record)
        start_searches(self, game, seed, going_first, goldfish=True)
        outcome, length = game.play()
        won = outcome == WIN  # PAD's goldfish never attacks: the player only wins or not
        result = game.result(won, length, seed)
        result.stopped = game.stopped
        if record is not None:
            record["result"] = {"won": won, **self.result_facts(game, length)}
            if game.stopped:
                record["result"]["stopped"] = game.stopped
            result.log = record
        return result

    def log_header(self, seed: int, going_first: bool) -> dict:
        return log_header(
            self.game, seed, going_first, self.turn_cap, self.policy_name, **self.log_facts()
        )
