"""Reads of the catalogue that several places share."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from cards import vocabulary as v
from cards.models import AttackRow, Card, ComboComponent, DigimonAttack


def cards_with_details() -> QuerySet[Card]:
    """Cards with everything card_to_dict needs, in a fixed number of queries."""
    return Card.objects.select_related("card_set", "evolves_from").prefetch_related(
        "attack_rows", "attacks", "components"
    )


CHILD_RELATIONS = {
    "attack_rows": (AttackRow, "card_id", v.PET),
    "attacks": (DigimonAttack, "card_id", v.DIGIMON_CARD),
    "components": (ComboComponent, "combo_id", v.COMBO),
}


def load_children(cards: list[Card]) -> list[Card]:
    """Attach attack tables, attacks and combo parts in at most three queries.

    Used where a page of cards is serialised: prefetch_related builds a queryset per card
    and relation, which costs more than the whole page's SQL.
    """
    for card in cards:
        card.__dict__["_children"] = {relation: [] for relation in CHILD_RELATIONS}
    by_id = {card.pk: card for card in cards}
    for relation, (model, key, kind) in CHILD_RELATIONS.items():
        ids = [card.pk for card in cards if card.kind == kind]
        if not ids:
            continue
        for row in model.objects.filter(**{f"{key}__in": ids}):
            by_id[getattr(row, key)].__dict__["_children"][relation].append(row)
    return cards


def cards_for_export(game: str | None = None):
    cards = cards_with_details().order_by("game", "card_set__code", "number_sort", "id")
    if game:
        cards = cards.filter(game=game)
    return cards.iterator(chunk_size=1000)


def catalogue_summary() -> list[dict]:
    """Card counts per game and kind, for the home page."""
    return list(
        Card.objects.values("game", "kind").annotate(count=Count("id")).order_by("game", "kind")
    )
