"""The card a deck shows as its thumbnail in the deck browser (issue 16, item 3).

Chosen at every write (decks.browser_upkeep), from the cards the deck plays — the deck and
the PAD team, never the sideboard / maybe zone:

1. the card with the most copies (over both zones): what an opponent sees most;
2. on a tie, the strongest: the highest Digimon level (III < IV < perfect < ultimate), the
   highest PAD cost (an evolved pet costs more than its base);
3. then the lowest card number, so the choice never depends on the order of the list.
"""

from __future__ import annotations

from collections import Counter

from cards import vocabulary as v
from cards.models import Card
from decks.browse import public_decks_changed
from decks.models import SIDE, Deck

_LEVEL_RANK = {level: rank for rank, level in enumerate(v.LEVEL_VALUES, start=1)}


def strength(card: Card) -> int:
    """How far a card stands in its game's ladder: the Digimon level, else the PAD cost."""
    if card.game == v.DIGIMON:
        return _LEVEL_RANK.get(card.level, 0)
    return card.cost or 0


def choose_key_card(copies: Counter, cards: dict[int, Card]) -> Card | None:
    """The key card among `copies` (card id → copies played), `cards` by id."""
    if not copies:
        return None

    def rank(card_id: int):
        card = cards[card_id]
        return (-copies[card_id], -strength(card), card.number_sort, card.pk)

    return cards[min(copies, key=rank)]


def key_card_of(deck: Deck) -> Card | None:
    """The deck's key card, read from its stored entries (one query)."""
    entries = deck.entries.exclude(zone=SIDE).select_related("card")
    copies: Counter = Counter()
    cards: dict[int, Card] = {}
    for entry in entries:
        copies[entry.card_id] += entry.quantity
        cards[entry.card_id] = entry.card
    return choose_key_card(copies, cards)


def refresh_key_card(deck: Deck) -> bool:
    """Store the deck's key card; True when it changed."""
    card = key_card_of(deck)
    card_id = card.pk if card is not None else None
    if card_id == deck.key_card_id:
        return False
    deck.key_card = card
    Deck.objects.filter(pk=deck.pk).update(key_card=card)
    # No signal comes from update(): the cached deck browser and card pages show key cards.
    public_decks_changed(sender=Deck)
    return True
