"""The registry's view of one game: how to prepare a deck, summarise games and name what
is not simulated. Games declare their pieces; the verbs are the same for all."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from engine.core.cards import DeckSpec


class RuleSet:
    game: ClassVar[str] = ""
    deck_class: ClassVar[type]  # prepares a DeckSpec once for many games
    summary_class: ClassVar[type]  # tallies a batch
    policy_classes: ClassVar[Mapping[str, type]] = {}
    unsimulated_cards: ClassVar[Callable]  # (cards) -> names the engine cannot run

    @property
    def policies(self) -> dict[str, str]:
        return {name: cls.description for name, cls in self.policy_classes.items()}

    def prepare(self, deck: DeckSpec, *, policy: str, turn_cap: int, options: Mapping | None):
        return self.deck_class(deck, policy=policy, turn_cap=turn_cap, options=options)

    def not_simulated(self, deck: DeckSpec) -> list[str]:
        return type(self).unsimulated_cards(deck.cards())

    def summary(self, prepared):
        return self.summary_class(prepared)
