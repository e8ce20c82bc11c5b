"""What a deck still needs from a collection (issue 29): every card the deck holds more
copies of than the collection owns, with the copies missing, and that list as deck-list
text the builder pastes (decks.decklist).

A deck counts its team and deck, never the sideboard / maybe zone (as decks.collection
does). Copies are matched card by card: a reprint under another number is another card.
When a card is both in the team and in the deck (a PAD base pet can be), the owned copies
fill the team first, so the exported list puts the missing copies where they are missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import OuterRef, Q, Subquery
from django.db.models.functions import Coalesce

from cards import vocabulary as v
from cards.models import Card
from decks.decklist import export_deck_list
from decks.models import DECK, PUBLIC, TEAM, CollectionCard, Deck

COUNTED_ZONES = (TEAM, DECK)  # in the order owned copies fill them


@dataclass
class Need:
    card: Card
    needed: int  # copies in the deck's team and deck
    owned: int  # copies in the collection (may be more than needed)
    by_zone: dict[str, int] = field(default_factory=dict)  # copies the deck holds per zone

    @property
    def missing(self) -> int:
        return max(0, self.needed - self.owned)

    def missing_by_zone(self) -> dict[str, int]:
        """The missing copies, zone by zone, once the owned copies filled the zones in
        COUNTED_ZONES order."""
        left, missing = self.owned, {}
        for zone in COUNTED_ZONES:
            wanted = self.by_zone.get(zone, 0)
            covered = min(left, wanted)
            left -= covered
            if wanted > covered:
                missing[zone] = wanted - covered
        return missing


@dataclass
class DeckNeeds:
    deck: Deck
    cards: list[Need]  # every card the deck counts, most missing first

    @property
    def needed(self) -> int:
        return sum(need.needed for need in self.cards)

    @property
    def owned(self) -> int:
        """Copies of the deck's cards owned, each card capped at what the deck needs."""
        return sum(min(need.owned, need.needed) for need in self.cards)

    @property
    def missing(self) -> list[Need]:
        return [need for need in self.cards if need.missing]

    @property
    def missing_copies(self) -> int:
        return self.needed - self.owned

    @property
    def complete(self) -> bool:
        return self.owned == self.needed


def deck_needs(deck: Deck, owner) -> DeckNeeds:
    """How `owner`'s collection covers `deck`, in one query: the deck's counted entries,
    their cards and the copies owned of each (0 without a collection)."""
    owned = CollectionCard.objects.filter(
        collection__owner=owner, card_id=OuterRef("card_id")
    ).order_by()
    entries = (
        deck.entries.filter(zone__in=COUNTED_ZONES)
        .select_related("card")
        .annotate(owned=Coalesce(Subquery(owned.values("quantity")[:1]), 0))
    )
    needs: dict[int, Need] = {}
    for entry in entries:
        need = needs.setdefault(entry.card_id, Need(entry.card, 0, entry.owned))
        need.needed += entry.quantity
        need.by_zone[entry.zone] = need.by_zone.get(entry.zone, 0) + entry.quantity
    cards = sorted(
        needs.values(), key=lambda need: (-need.missing, need.card.number_sort, need.card.pk)
    )
    return DeckNeeds(deck, cards)


def needs_text(needs: DeckNeeds, language: str | None = None) -> str:
    """The missing copies in the deck-list format, team and deck apart, cards named in
    `language` (default: the active one): the builder's paste reads it back."""
    rows = [
        (need.card, quantity, zone)
        for need in needs.missing
        for zone, quantity in need.missing_by_zone().items()
    ]
    if not rows:
        return ""
    return export_deck_list(rows, needs.deck.game, language)


@dataclass
class DeckChoices:
    mine: list[Deck]  # the owner's decks the reader may pick, most recently changed first
    reference: list[Deck]  # the site's reference decks, PAD first, by name


def deck_choices(owner, reader) -> DeckChoices:
    """The decks offered to check against `owner`'s collection: all of the owner's own
    decks when the owner reads, else only their public ones (an unlisted deck is reached by
    its link alone), and the site's reference decks. One query."""
    mine = Q(owner=owner) if reader.pk == owner.pk else Q(owner=owner, visibility=PUBLIC)
    decks = Deck.objects.filter(mine | Q(reference=True)).only(
        "id", "name", "game", "owner_id", "reference", "visibility", "updated_at"
    )
    choices = DeckChoices([], [])
    for deck in decks.order_by("-updated_at"):
        (choices.reference if deck.reference else choices.mine).append(deck)
    games = [game for game, _label in v.GAMES]
    choices.reference.sort(key=lambda deck: (games.index(deck.game), deck.display_name))
    return choices


def chosen_deck(deck_id: str, reader) -> Deck | None:
    """The deck `?deck=` names when `reader` may read it; None otherwise (a private deck of
    someone else is answered as one that does not exist)."""
    if not deck_id:
        return None
    deck = Deck.objects.filter(pk=deck_id[:16]).first()
    if deck is None or not deck.is_readable_by(reader):
        return None
    return deck
