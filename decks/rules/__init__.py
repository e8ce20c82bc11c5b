"""Deck construction rules of both games behind one interface (RULES.md PAD-2, DGM-2).

    validate_deck("pad", [EntryInput(card_id=12, quantity=3, zone="deck"), ...])

returns a `DeckValidation` with every violation at once; each has a stable `code`, a
message in the active language, the message in all three site languages, and the card and
list line it concerns.
"""

from __future__ import annotations

from decks.rules import digimon, pad  # noqa: F401  (registers the rule sets)
from decks.rules.base import RULE_SETS, DeckRules, rules_for, validate_deck
from decks.rules.digimon import DigimonRules
from decks.rules.pad import PadRules
from decks.rules.types import DECK, SIDE, TEAM, DeckValidation, EntryInput, Violation

__all__ = [
    "DECK",
    "RULE_SETS",
    "SIDE",
    "TEAM",
    "DeckRules",
    "DeckValidation",
    "DigimonRules",
    "EntryInput",
    "PadRules",
    "Violation",
    "rules_for",
    "validate_deck",
]
