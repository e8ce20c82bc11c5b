"""The builder's search panel (issue 5; pages: issue 16): the query language restricted to
the deck's game, 24 cards a page ("25–48 of 121"), each result saying how many copies the
deck, the team and the sideboard already hold. Used as the page loads, after every builder
write, and by the search as you type (fetch), always in a bounded number of queries.
"""

from __future__ import annotations

from django.db import DatabaseError
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from cards import vocabulary as v
from cards.models import Card
from cards.search import QuerySyntaxError, SearchTimeout, search_cards, search_time_limit
from cards.search.order import PRINTED_FIRST
from decks.models import DECK, SIDE, TEAM, Deck
from decks.views.common import DEFAULT_TURN, _param, _turn

SEARCH_RESULTS = 24  # one page of the search panel


def _page_number(request) -> int:
    try:
        return max(1, int(_param(request, "page") or 1))
    except ValueError:
        return 1


def _paged(found, page: int) -> dict:
    """One page of the results (the last one when `page` is past it), and where it sits:
    "25–48 of 130". Two queries whatever the page: the count and the page's cards."""
    total = found.count()
    pages = max(1, -(-total // SEARCH_RESULTS))
    page = min(page, pages)
    start = (page - 1) * SEARCH_RESULTS
    ordered = found.order_by(PRINTED_FIRST, "number_sort", "id")
    cards = list(ordered[start : start + SEARCH_RESULTS]) if total else []
    return {
        "results": cards,
        "total": total,
        "page": page,
        "pages": pages,
        "first": start + 1,
        "last": start + len(cards),
        "previous_page": page - 1 if page > 1 else None,
        "next_page": page + 1 if page < pages else None,
    }


def _search(deck: Deck, q: str, page: int = 1, user=None) -> dict:
    """The builder's card search: the query language, restricted to the deck's game."""
    result = {"q": q, "results": [], "page": 1, "search_error": None}
    if not q:
        return result
    try:
        with search_time_limit():
            # The reader's own cards answer `is:owned` (decks.collection).
            found = search_cards(q, Card.objects.filter(game=deck.game), user=user)
            result.update(_paged(found.cards, page))
    except SearchTimeout:
        result["search_error"] = _("This search took too long and was stopped: narrow it.")
    except QuerySyntaxError as error:
        result["search_error"] = error.message
    except DatabaseError:
        result["search_error"] = _("The database could not run this query.")
    return result


def _mark_copies(results: list[Card], quantities: dict) -> None:
    """Each result says how many copies the deck, the team and the sideboard hold."""
    for card in results:
        card.in_deck = quantities.get((card.pk, DECK), 0)
        card.in_team = quantities.get((card.pk, TEAM), 0)
        card.in_side = quantities.get((card.pk, SIDE), 0)


def _search_page_urls(context: dict, deck: Deck) -> None:
    """The previous and next pages of the search, as plain links (they work without JS)."""
    url = reverse("decks:edit", args=[deck.pk])
    for key in ("previous", "next"):
        page = context.get(f"{key}_page")
        params = {"q": context["q"], "page": page}
        if context["turn"] != DEFAULT_TURN:
            params["turn"] = context["turn"]
        context[f"{key}_url"] = f"{url}?{urlencode(params)}" if page else ""


def search_panel(request, deck: Deck, quantities: dict | None = None) -> dict:
    """The search panel's context. `quantities`: {(card id, zone): copies} of the deck,
    when the caller has them; else they are read after the search, in one query."""
    context = {"turn": _turn(request)}
    q = _param(request, "q").strip()
    context.update(_search(deck, q, _page_number(request), request.user))
    if quantities is None:
        rows = deck.entries.order_by().values_list("card_id", "zone", "quantity")
        quantities = {(card, zone): quantity for card, zone, quantity in rows}
    _mark_copies(context["results"], quantities)
    _search_page_urls(context, deck)
    return context


def search_context(request, deck: Deck) -> dict:
    """Only what the search results need: for the search as you type."""
    return {"deck": deck, "is_pad": deck.game == v.PAD, **search_panel(request, deck)}
