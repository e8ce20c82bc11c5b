"""What a batch plays, in a form a pool worker can rebuild: the decks, policies and
options. Each worker prepares the recipe once and tallies its chunks with the recipe's
summary, so goldfish batches and matchups share one batch runner (engine/core/batch.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from engine.core.cards import DeckSpec
from engine.core.match_summary import MatchSummary
from engine.core.registry import Prepared, Summary, get_engine


class Recipe(Protocol):
    def prepare(self) -> Prepared: ...

    def summary(self, prepared: Prepared) -> Summary: ...


@dataclass(frozen=True)
class GoldfishRecipe:
    """One deck against the passive dummy (DGM-5)."""

    deck: DeckSpec
    policy: str
    turn_cap: int
    options: Mapping | None = None

    def prepare(self) -> Prepared:
        engine = get_engine(self.deck.game)
        return engine.prepare(
            self.deck, policy=self.policy, turn_cap=self.turn_cap, options=self.options
        )

    def summary(self, prepared: Prepared) -> Summary:
        return get_engine(self.deck.game).summary(prepared)


@dataclass(frozen=True)
class MatchRecipe:
    """Deck A against an opponent deck, both played (PAD-7, DGM-6)."""

    deck: DeckSpec
    opponent: DeckSpec
    policy: str
    opponent_policy: str
    turn_cap: int | None = None
    options: Mapping | None = None
    opponent_options: Mapping | None = None

    def prepare(self) -> Prepared:
        return get_engine(self.deck.game).prepare_match(
            self.deck,
            self.opponent,
            policy=self.policy,
            opponent_policy=self.opponent_policy,
            turn_cap=self.turn_cap,
            options=self.options,
            opponent_options=self.opponent_options,
        )

    def summary(self, prepared: Prepared) -> Summary:
        return MatchSummary(prepared)
