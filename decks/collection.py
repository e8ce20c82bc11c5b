"""Collections: the cards a player owns, and how much of a deck they cover (issue 16).

Writes are atomic: an import with any bad line (decks.collection_list) changes nothing.
Ownership of a deck counts its deck and team, never the sideboard / maybe zone, card by
card: two copies owned of a card the deck needs three times leave one missing.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from cards.models import Card
from decks.collection_list import MAX_OWNED, export_collection_text, parse_collection
from decks.collection_needs import deck_needs
from decks.models import PRIVATE, PUBLIC, Collection, CollectionCard, Deck
from decks.services import DeckError, list_error

REPLACE, ADD = "replace", "add"
MODES = (REPLACE, ADD)
VISIBILITIES = (PUBLIC, PRIVATE)


class CollectionError(DeckError):
    """A refused collection write, with a stable code."""


def collection_of(user) -> Collection | None:
    """The user's collection, if they have one (anonymous readers have none)."""
    if not user.is_authenticated:
        return None
    return Collection.objects.filter(owner=user).first()


def readable_collection(username: str, reader) -> Collection | None:
    """Someone's collection when `reader` may read it: its owner, or anyone once public."""
    found = Collection.objects.select_related("owner").filter(owner__username=username).first()
    if found is None:
        return None
    if found.visibility == PUBLIC or (reader.is_authenticated and reader.pk == found.owner_id):
        return found
    return None


def owned_cards(collection: Collection | None) -> list[CollectionCard]:
    """Every card of the collection with its count, in catalogue order: one query."""
    if collection is None:
        return []
    return list(
        collection.cards.select_related("card").order_by(
            "card__game", "card__number_sort", "card_id"
        )
    )


def _locked_collection(owner) -> Collection:
    collection, _created = Collection.objects.get_or_create(owner=owner)
    # Two imports at once would each read the old counts: one waits for the other.
    return Collection.objects.select_for_update().get(pk=collection.pk)


@dataclass
class ImportResult:
    cards: int  # different cards the list named
    copies: int  # copies it named in all


@transaction.atomic
def import_collection(*, owner, text: str, mode: str = REPLACE) -> ImportResult:
    """Record the cards `text` lists: `replace` makes them the whole collection, `add` adds
    their counts to the ones recorded. A bad line (or a count past MAX_OWNED) refuses the
    whole list with CollectionError `invalid_list`, errors by line."""
    if mode not in MODES:
        raise CollectionError("invalid", _("mode is replace or add."))
    parsed = parse_collection(text)
    if parsed.errors:
        raise list_error(parsed.errors)
    collection = _locked_collection(owner)
    counts = dict(parsed.quantities)
    if mode == ADD:
        for row in collection.cards.filter(card_id__in=counts):
            counts[row.card_id] += row.quantity
        over = [card_id for card_id, quantity in counts.items() if quantity > MAX_OWNED]
        if over:
            raise CollectionError(
                "quantity_too_large",
                _("You would own more than %(max)s copies of %(card)s.")
                % {"max": MAX_OWNED, "card": parsed.cards[over[0]].number},
            )
        collection.cards.filter(card_id__in=counts).delete()
    else:
        collection.cards.all().delete()
    CollectionCard.objects.bulk_create(
        CollectionCard(collection=collection, card_id=card_id, quantity=quantity)
        for card_id, quantity in counts.items()
    )
    collection.save(update_fields=["updated_at"])
    return ImportResult(len(parsed.quantities), sum(parsed.quantities.values()))


@transaction.atomic
def set_card_count(*, owner, card_id: int, quantity: int) -> Collection:
    """Own exactly `quantity` copies of a card (0 removes it)."""
    if not 0 <= quantity <= MAX_OWNED:
        raise CollectionError(
            "invalid_quantity", _("A count is from 0 to %(max)s.") % {"max": MAX_OWNED}
        )
    if not Card.objects.filter(pk=card_id).exists():
        raise CollectionError("unknown_card", _("No card has this id."))
    collection = _locked_collection(owner)
    if quantity == 0:
        collection.cards.filter(card_id=card_id).delete()
    else:
        collection.cards.update_or_create(card_id=card_id, defaults={"quantity": quantity})
    collection.save(update_fields=["updated_at"])
    return collection


@transaction.atomic
def replace_cards(*, owner, counts: dict[int, int], visibility: str | None = None) -> Collection:
    """The API's PUT: these counts become the whole collection (a 0 count is left out)."""
    if visibility is not None and visibility not in VISIBILITIES:
        raise CollectionError("invalid", _("visibility is public or private."))
    if any(not 0 <= quantity <= MAX_OWNED for quantity in counts.values()):
        raise CollectionError(
            "invalid_quantity", _("A count is from 0 to %(max)s.") % {"max": MAX_OWNED}
        )
    known = set(Card.objects.filter(pk__in=counts).values_list("pk", flat=True))
    if unknown := sorted(set(counts) - known):
        raise CollectionError(
            "unknown_card", _("No card has the id %(id)s.") % {"id": unknown[0]}, card=unknown[0]
        )
    collection = _locked_collection(owner)
    collection.cards.all().delete()
    CollectionCard.objects.bulk_create(
        CollectionCard(collection=collection, card_id=card_id, quantity=quantity)
        for card_id, quantity in counts.items()
        if quantity
    )
    if visibility is not None:
        collection.visibility = visibility
    collection.save()
    return collection


def set_visibility(*, owner, visibility: str) -> Collection:
    if visibility not in VISIBILITIES:
        raise CollectionError("invalid", _("visibility is public or private."))
    collection, _created = Collection.objects.get_or_create(owner=owner)
    collection.visibility = visibility
    collection.save(update_fields=["visibility", "updated_at"])
    return collection


def export_collection(collection: Collection | None, language: str | None = None) -> str:
    rows = [(row.card, row.quantity) for row in owned_cards(collection)]
    return export_collection_text(rows, language)


# Ownership of a deck.


@dataclass
class Missing:
    card: Card
    quantity: int


@dataclass
class Ownership:
    owned: int  # copies of the deck's cards the player owns, each capped at what it needs
    needed: int  # cards in the deck and team
    missing: list[Missing]

    @property
    def complete(self) -> bool:
        return self.owned == self.needed


def deck_ownership(deck: Deck, user) -> Ownership | None:
    """How much of `deck` the user's collection covers; None for anonymous readers.
    One query (decks.collection_needs, which the collection page's list shares)."""
    if not user.is_authenticated:
        return None
    needs = deck_needs(deck, user)
    missing = [Missing(need.card, need.missing) for need in needs.missing]
    return Ownership(needs.owned, needs.needed, missing)
