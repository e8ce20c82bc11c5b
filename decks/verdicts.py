"""A deck's verdict (decks.rules.validate_deck) kept in the shared cache (issue 30).

The verdict depends only on the game, the deck's lines and the catalogue (and the language
of its messages, which cards/cache.py puts in every key): the API's deck reads, goldfish
runs and queued jobs ask it again and again for the same decks. A catalogue write bumps
the catalogue version, so an edited card is judged afresh at once.
"""

from __future__ import annotations

from collections.abc import Iterable

from cards import cache as catalogue_cache
from decks.rules import EntryInput, validate_deck
from decks.rules.types import DeckValidation


def deck_verdict(game: str, entries: Iterable[EntryInput]) -> DeckValidation:
    entries = list(entries)
    asked = (game, repr(entries))  # every field of every line: labels are quoted in errors
    return catalogue_cache.cached("deck-verdict", asked, lambda: validate_deck(game, entries))
