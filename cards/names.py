"""Card identity by name, whatever the language (RULES.md Decision NAME-1), in Django land.

Two printings are the same card when any of their catalogued names (ja, zh_hant, zh_hans,
en, and the display name, which is one of them) are equal after `fold` (Traditional →
Simplified, NFKC, case folding). Within a deck the identity is the transitive closure of
"shares a name" (`engine.core.names.group_by_name`, where the reason is written down), so
the validator, the builder's statistics and both engines count and link cards alike.

A name written on a card (an evolves-from name, a PAD ultimate requirement) refers to every
catalogued card bearing that name: `reference_keys` adds their other names, so "needs
神秘の仮面" is met by a printing catalogued only as "Mystic Mask".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

from django.db.models import Q

from cards.models import Card
from cards.search.text import fold
from engine.core.names import group_by_name

T = TypeVar("T")


def card_keys(card: Card) -> frozenset[str]:
    """The card's catalogued names, folded: its NAME-1 keys."""
    return frozenset(key for name in (card.name, *card.names.values()) if (key := fold(name)))


def same_card_groups(items: Sequence[T], card_of=lambda item: item) -> list[list[T]]:
    """`items` (cards, or anything `card_of` maps to a card) grouped by NAME-1 identity, in
    the order of each group's first item."""
    return group_by_name(items, lambda item: card_keys(card_of(item)))


def reference_keys(game: str, names: Iterable[str]) -> dict[str, frozenset[str]]:
    """{name as written: the folded keys of that name and of every catalogued card of the
    game bearing it}, in one query whatever the number of names."""
    folded = {name: fold(name) for name in names if name and fold(name)}
    if not folded:
        return {}
    bearing: dict[str, set[str]] = {key: {key} for key in folded.values()}
    named = Q()
    for key in bearing:
        named |= Q(search_names__has_text=f"\n{key}\n")
    # search_names holds a card's folded names, one per line (Card.refresh_search_fields).
    for search_names in Card.objects.filter(named, game=game).values_list(
        "search_names", flat=True
    ):
        keys = {key for key in search_names.split("\n") if key}
        for key in keys & bearing.keys():
            bearing[key] |= keys
    return {name: frozenset(bearing[key]) for name, key in folded.items()}
