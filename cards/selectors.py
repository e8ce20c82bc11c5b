"""Reads of the catalogue that several places share."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from cards.models import Card


def cards_with_details() -> QuerySet[Card]:
    """Cards with everything card_to_dict needs, in a fixed number of queries."""
    return Card.objects.select_related("card_set", "evolves_from").prefetch_related(
        "attack_rows", "attacks", "components"
    )


def cards_for_export(game: str | None = None):
    cards = cards_with_details().order_by("game", "card_set__code", "number", "id")
    if game:
        cards = cards.filter(game=game)
    return cards.iterator(chunk_size=1000)


def catalogue_summary() -> list[dict]:
    """Card counts per game and kind, for the home page."""
    return list(
        Card.objects.values("game", "kind").annotate(count=Count("id")).order_by("game", "kind")
    )
