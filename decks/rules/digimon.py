"""Digimon card game deck rules (RULES.md DGM-2)."""

from __future__ import annotations

from cards import vocabulary as v
from cards.models import Card
from decks.rules.base import DeckRules, Placed, register, violation
from decks.rules.messages import card_name
from decks.rules.types import EntryInput, Violation

ULTIMATE_LIMIT = 5  # DGM-2.3


@register
class DigimonRules(DeckRules):
    game = v.DIGIMON
    deck_min = deck_max = 30  # DGM-2.1
    copy_limit = 3  # DGM-2.2

    def limit_for_name(self, cards: list[Card]) -> int:
        # DGM-2.2: a card whose special ability allows more copies raises the limit for its
        # whole name; printings without the override never lower it.
        overrides = [card.copy_limit for card in cards if card.copy_limit]
        return max([self.copy_limit, *overrides])

    def zone_violation(self, entry: EntryInput, card: Card) -> Violation:
        # The Digimon game has no team; its cards all go in the one 30-card deck.
        return violation("team_not_allowed", card=card.pk, line=entry.line, name=card_name(card))

    def check_deck(self, deck: list[Placed]) -> list[Violation]:
        digimon = [item for item in deck if item.card.kind == v.DIGIMON_CARD]
        ultimates = sum(item.quantity for item in digimon if item.card.level == "ultimate")
        errors = []
        if ultimates > ULTIMATE_LIMIT:  # DGM-2.3
            errors.append(violation("ultimate_limit", limit=ULTIMATE_LIMIT, count=ultimates))
        if not any(item.card.level == "III" for item in digimon):  # DGM-2.4
            errors.append(violation("no_level_three"))
        return errors
