"""Searching a collection with the site's card query language (issue 29).

The query is read by cards.search, the parser and compiler of the card search and the API,
over the cards of one collection only; each card comes with the copies owned. The
collection's owner is the one who "searches" for the reader-specific terms, so on a shared
collection `owned>=2` means the cards its owner has two copies of, as it does on their own
page.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.paginator import Page, Paginator
from django.db import DatabaseError
from django.db.models import Case, IntegerField, OuterRef, QuerySet, Subquery, Value, When
from django.utils.translation import gettext as _

from cards import vocabulary as v
from cards.models import Card
from cards.search import QuerySyntaxError, SearchTimeout, search_cards, search_time_limit
from cards.search.order import PRINTED_FIRST
from decks.models import Collection, CollectionCard

CARDS_PER_PAGE = 60  # as the card search's pages
# The card search's default order with the game first, in the site's order of the games
# (PAD, then Digimon): the page heads each game's cards.
GAME_FIRST = Case(
    *(When(game=game, then=Value(rank)) for rank, (game, _label) in enumerate(v.GAMES)),
    output_field=IntegerField(),
)
ORDER = (GAME_FIRST, PRINTED_FIRST, "card_set__code", "number_sort", "id")


@dataclass
class CollectionSearch:
    page: Page | None = None  # None when the query could not run
    warnings: list[dict] = field(default_factory=list)  # {code, message, column}
    error: dict | None = None  # {message, column}: a query that cannot be read
    timeout: bool = False


def owned_catalogue(collection: Collection) -> QuerySet[Card]:
    """The collection's cards, each annotated with `owned`, the copies recorded."""
    # order_by(): no join to the cards for the model's default order of its rows.
    rows = CollectionCard.objects.filter(collection=collection).order_by()
    copies = rows.filter(card_id=OuterRef("pk")).values("quantity")[:1]
    return (
        Card.objects.filter(pk__in=rows.values("card_id"))
        .select_related("card_set")
        .annotate(owned=Subquery(copies))
    )


def search_collection(
    collection: Collection | None, q: str, page: str | int | None = None, *, owner=None
) -> CollectionSearch:
    """One page of the collection's cards matching `q` (all of them for an empty query),
    game by game in the card search's default order. A query that cannot be read, a
    regular expression the database refuses and a search past SEARCH_TIME_LIMIT_MS come
    back as what the page says instead of cards. `owner`: the collection's owner, when the
    caller has them at hand (saves reading them again for `owned>=N`)."""
    if collection is None:
        return CollectionSearch(Paginator([], CARDS_PER_PAGE).get_page(1))
    try:
        with search_time_limit():
            result = search_cards(q, owned_catalogue(collection), user=owner or collection.owner)
            cards = result.cards.order_by(*ORDER)
            found = Paginator(cards, CARDS_PER_PAGE).get_page(page)
            found.object_list = list(found.object_list)
    except SearchTimeout:
        return CollectionSearch(timeout=True)
    except QuerySyntaxError as error:
        return CollectionSearch(error={"message": error.message, "column": error.position + 1})
    except DatabaseError:
        return CollectionSearch(error={"message": _("The database could not run this query.")})
    warnings = [{**warning, "column": warning["position"] + 1} for warning in result.warnings]
    return CollectionSearch(found, warnings)
