"""What every deck endpoint answers alike: the deck you may read (else 404, never 403,
which would confirm the id) and a refused write as the API's JSON error."""

from __future__ import annotations

from typing import NoReturn

from django.db.models import QuerySet

from cardsite.api import ApiError
from decks.models import Deck
from decks.services import DeckError


def readable_deck(decks: QuerySet[Deck], pk: str, user) -> Deck:
    deck = decks.filter(pk=pk).first()
    if deck is None or not deck.is_readable_by(user):
        raise ApiError("not_found", "No deck has this id.", status_code=404)
    return deck


def raise_deck_error(error: DeckError) -> NoReturn:
    raise ApiError(error.code, error.message, status_code=error.status, **error.extra) from None
