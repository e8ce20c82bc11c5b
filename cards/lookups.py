"""Finding cards by name: exact and fuzzy lookup, autocomplete and batch identifiers."""

from __future__ import annotations

import difflib
from collections import Counter

from django.db.models import Q, QuerySet

from cards import vocabulary as v
from cards.display_names import display_name
from cards.models import Card
from cards.search.text import fold

NAME_FIELDS = ("name", *(f"name_{lang}" for lang in v.NAME_LANGUAGES))
AUTOCOMPLETE_LIMIT = 20
FUZZY_CANDIDATES = 500
FUZZY_CUTOFF = 0.6


class NameNotFound(LookupError):
    pass


class AmbiguousName(LookupError):
    def __init__(self, candidates: list[str]):
        super().__init__(f"{len(candidates)} cards match")
        self.candidates = candidates


def _exact_q(name: str) -> Q:
    return Q(search_names__has_text=f"\n{fold(name)}\n")


def _single_card(cards: QuerySet[Card]) -> Card:
    """One card, or AmbiguousName when the matches are different cards.

    The same name on several numbers (reprints) is one card: the earliest printing wins.
    The candidates are named in the reader's language (cards/display_names.py), with the
    number when two of them would read the same.
    """
    matches = list(cards.order_by("id")[: FUZZY_CANDIDATES + 1])
    if not matches:
        raise NameNotFound
    earliest: dict[str, Card] = {}
    for card in matches:
        earliest.setdefault(card.name, card)
    if len(earliest) > 1:
        raise AmbiguousName(_candidate_names(list(earliest.values()))[:AUTOCOMPLETE_LIMIT])
    return matches[0]


def _candidate_names(cards: list[Card]) -> list[str]:
    shown = {card.pk: display_name(card) for card in cards}
    repeated = {name for name, count in Counter(shown.values()).items() if count > 1}
    return sorted(
        f"{shown[card.pk]} ({card.number})" if shown[card.pk] in repeated else shown[card.pk]
        for card in cards
    )


def card_named_exactly(name: str, cards: QuerySet[Card]) -> Card:
    return _single_card(cards.filter(_exact_q(name)))


def card_named_fuzzily(query: str, cards: QuerySet[Card]) -> Card:
    folded = fold(query).strip()
    if not folded:
        raise NameNotFound
    try:
        return card_named_exactly(query, cards)
    except NameNotFound:
        pass
    containing = cards.filter(search_names__has_text=folded)
    if containing.exists():
        return _single_card(containing)
    return _closest_name(folded, cards)


def _closest_name(folded: str, cards: QuerySet[Card]) -> Card:
    # Only names sharing a two-letter piece with the query are compared, so the catalogue
    # is never scanned in Python.
    pieces = {folded[i : i + 2] for i in range(len(folded) - 1)} or {folded}
    overlap = Q()
    for piece in list(pieces)[:12]:
        overlap |= Q(search_names__has_text=piece)
    rows = cards.filter(overlap).values_list("id", "search_names")[:FUZZY_CANDIDATES]
    scored = []
    for card_id, names in rows:
        best = max(
            (
                difflib.SequenceMatcher(None, folded, name).ratio()
                for name in names.split("\n")
                if name
            ),
            default=0,
        )
        scored.append((best, card_id))
    scored = [item for item in scored if item[0] >= FUZZY_CUTOFF]
    if not scored:
        raise NameNotFound
    best_score = max(score for score, _ in scored)
    best_ids = [card_id for score, card_id in scored if score == best_score]
    return _single_card(cards.filter(id__in=best_ids))


def autocomplete(query: str, cards: QuerySet[Card]) -> list[str]:
    """Up to 20 names containing the query: exact, then prefix, then word start, then any."""
    folded = fold(query).strip()
    if not folded:
        return []
    rows = cards.filter(search_names__has_text=folded).values_list(*NAME_FIELDS)[:FUZZY_CANDIDATES]
    ranked: dict[str, tuple] = {}
    for row in rows:
        for name in row:
            if not name or name in ranked:
                continue
            key = fold(name)
            position = key.find(folded)
            if position < 0:
                continue
            word_start = position == 0 or not key[position - 1].isalnum()
            rank = 0 if key == folded else 1 if position == 0 else 2 if word_start else 3
            ranked[name] = (rank, len(name), key)
    return sorted(ranked, key=ranked.__getitem__)[:AUTOCOMPLETE_LIMIT]


def cards_for_identifiers(
    identifiers: list[dict], cards: QuerySet[Card]
) -> tuple[list[Card], list[dict]]:
    """Each identifier's card, in the order asked, with those not found (a bounded query count)."""
    ids = {item["id"] for item in identifiers if "id" in item}
    numbers = {item["number"].casefold() for item in identifiers if "number" in item}
    names = [item["name"] for item in identifiers if "name" in item]
    condition = Q(id__in=ids)
    for number in numbers:
        condition |= Q(number__iexact=number)
    for name in names:
        condition |= _exact_q(name)
    found = list(cards.filter(condition).order_by("id")) if identifiers else []

    results, not_found = [], []
    for item in identifiers:
        card = next((card for card in found if _matches(card, item)), None)
        if card is None:
            not_found.append(item)
        else:
            results.append(card)
    return results, not_found


def _matches(card: Card, item: dict) -> bool:
    if "id" in item:
        return card.pk == item["id"]
    if "game" in item and card.game != item["game"]:
        return False
    if "number" in item:
        same_set = "set" not in item or card.card_set.code.casefold() == item["set"].casefold()
        return card.number.casefold() == item["number"].casefold() and same_set
    return f"\n{fold(item['name'])}\n" in card.search_names
