"""What the collection pages show (issue 29): the cards with their pictures, searched with
the card query language; completion set by set; what a chosen deck still needs. The same
for "My collection" and for a shared collection, which is read only.

Every part reads its own rows in a fixed number of queries (decks.collection_search,
decks.collection_sets, decks.collection_needs), so the page costs the same for ten cards
or ten thousand.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.db.models import Count, Sum
from django.urls import reverse

from decks.collection_needs import chosen_deck, deck_choices, deck_needs
from decks.collection_search import search_collection
from decks.collection_sets import set_completion
from decks.models import Collection

MAX_QUERY = 500  # characters of a query kept (as the deck pages' parameters)


def query_of(request) -> str:
    """The search as typed (`?q=`): PostgreSQL refuses NUL, and nothing reads past 500."""
    return request.GET.get("q", "").replace("\x00", "").strip()[:MAX_QUERY]


def _totals(collection: Collection | None) -> dict:
    if collection is None:
        return {"copies": 0, "cards": 0}
    found = collection.cards.order_by().aggregate(copies=Sum("quantity"), cards=Count("id"))
    return {"copies": found["copies"] or 0, "cards": found["cards"]}


def _needs(request, owner, export_url: str) -> dict:
    """The deck chooser and, once a deck is chosen, what it still needs."""
    asked = request.GET.get("deck", "").replace("\x00", "").strip()
    deck = chosen_deck(asked, request.user)
    needs = deck_needs(deck, owner) if deck is not None else None
    choices = deck_choices(owner, request.user)
    listed = {choice.pk for choice in [*choices.mine, *choices.reference]}
    return {
        "choices": choices,
        "deck": deck,
        # A deck reached by its link (someone's unlisted deck) is offered as chosen too.
        "deck_unlisted": deck is not None and deck.pk not in listed,
        "deck_not_found": bool(asked) and deck is None,
        "needs": needs,
        "needs_export_url": f"{export_url}?{urlencode({'deck': deck.pk})}" if deck else "",
    }


def collection_context(request, owner, collection: Collection | None, *, editable: bool) -> dict:
    q = query_of(request)
    if editable:
        export_url = reverse("decks:collection_needs")
    else:
        export_url = reverse("decks:user_collection_needs", args=[owner.get_username()])
    return {
        "owner": owner,
        "collection": collection,
        "editable": editable,
        "q": q,
        "search": search_collection(collection, q, request.GET.get("page"), owner=owner),
        "totals": _totals(collection),
        "completion": set_completion(collection),
        **_needs(request, owner, export_url),
    }
