"""How much of a deck the reader owns, for the deck page and the builder (issue 16)."""

from __future__ import annotations

from django import template

from decks.collection import Ownership, deck_ownership

register = template.Library()


@register.simple_tag(takes_context=True)
def reader_ownership(context, deck) -> Ownership | None:
    """The reader's ownership of `deck`; None for anonymous readers and empty decks. Asked
    here, not in the views, because the deck page's panels are cached for every reader."""
    user = context.get("user")
    if user is None or deck is None:
        return None
    ownership = deck_ownership(deck, user)
    return ownership if ownership is not None and ownership.needed else None
