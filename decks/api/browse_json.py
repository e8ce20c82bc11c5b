"""The deck browser's columns of a deck in the API: its key card and gauntlet standing."""

from __future__ import annotations

from cards.display_names import display_name
from cards.images import image_urls
from decks.gauntlet_standing import StandingView


def key_card_json(card) -> dict | None:
    if card is None:
        return None
    return {
        "id": card.pk,
        "name": display_name(card),
        "number": card.number,
        "thumb": image_urls(card)["thumb"],
    }


def standing_json(standing: StandingView) -> dict:
    """`{state, win_rate, low, high, games}`: rates as fractions, None unless measured."""
    return {
        "state": standing.state,
        "win_rate": standing.rate,
        "low": standing.rate_low,
        "high": standing.rate_high,
        "games": standing.games,
    }
