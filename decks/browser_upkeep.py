"""What the deck browser needs after every deck write (issue 16, item 3): the key card
chosen again, and the gauntlet standing of a public legal deck measured again. Called by
decks.services at the end of each write, inside its transaction."""

from __future__ import annotations

from decks.gauntlet_standing import schedule_standing
from decks.keycard import refresh_key_card
from decks.models import Deck


def after_deck_write(deck: Deck, *, cards_changed: bool = True) -> None:
    # A write that left the cards alone (name, notes, visibility) keeps its key card.
    if cards_changed:
        refresh_key_card(deck)
    schedule_standing(deck)
