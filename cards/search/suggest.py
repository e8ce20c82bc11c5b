"""Help while searching: "did you mean …" for a query that found nothing, and autocomplete.

A query finds nothing most often because a name is misspelt (`gremon`, `Grymon`). Each free
word and `name:` value that on its own finds no card is looked up with the fuzzy name
match of GET /api/cards/named/?fuzzy= (`cards.lookups.card_named_fuzzily`) and replaced by
the closest of that card's names — in the script the reader typed, so `gremon` becomes
Greymon on every page. The corrected query is offered only when it finds cards.

The cost is bounded whatever the query: at most MAX_WORDS words are checked and each costs
a handful of indexed queries (the fuzzy match compares at most 500 names in Python).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.urls import reverse

from cards import vocabulary as v
from cards.display_names import NAME_FIELDS, display_name
from cards.lookups import (
    FUZZY_CANDIDATES,
    AmbiguousName,
    NameNotFound,
    autocomplete,
    card_named_fuzzily,
)
from cards.models import Card
from cards.search.compiler import search_cards
from cards.search.fields import handler_for
from cards.search.syntax import And, Free, Or, QuerySyntaxError, Term, parse, quote_value
from cards.search.text import fold

MAX_WORDS = 3
AUTOCOMPLETE_CARDS = 10


@dataclass(frozen=True)
class Suggestion:
    query: str  # the whole corrected query
    replacements: tuple[tuple[str, str], ...]  # (as typed, the name put instead)

    def as_json(self) -> dict:
        return {
            "query": self.query,
            "replacements": [{"from": old, "to": new} for old, new in self.replacements],
        }


def _name_words(node, found: list) -> None:
    """The unquoted free words and name: values that must all match (not under `-`)."""
    if isinstance(node, (And, Or)):
        for child in node.children:
            _name_words(child, found)
    elif isinstance(node, Free) and not node.quoted:
        found.append((node.position, node.text))
    elif (
        isinstance(node, Term)
        and not node.regex
        and node.op in (":", "=")
        and handler_for(node.field) is handler_for("name")
    ):
        found.append((node.position + len(node.field) + len(node.op), node.value))


def _as_word(name: str) -> str:
    """A name as one word of a query: quoted when it has spaces or could read as a term."""
    if any(char in name for char in ":=<>!"):
        return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return quote_value(name)


def _closest_name(card: Card, typed: str) -> str:
    """Of the card's names, the one nearest to what the reader typed."""
    folded = fold(typed)
    names = {name for name in (card.name, *card.names.values()) if name}
    return max(
        sorted(names), key=lambda name: difflib.SequenceMatcher(None, folded, fold(name)).ratio()
    )


WORD = re.compile(r"[^\s,・·、]+")
WORD_CUTOFF = 0.7


def closest_name_word(typed: str, cards: QuerySet[Card]) -> str | None:
    """The word of the catalogue's card names nearest to `typed` (`dargon` → Dragon), as
    printed: a word, not a whole card's name, so each word of a longer query is corrected
    on its own (issue 29). Only the names sharing a two-letter piece with it are read."""
    folded = fold(typed)
    pieces = {folded[i : i + 2] for i in range(len(folded) - 1)} or {folded}
    overlap = Q()
    for piece in sorted(pieces)[:12]:
        overlap |= Q(search_names__has_text=piece)
    words: dict[str, str] = {}
    for names in cards.filter(overlap).values_list(*NAME_FIELDS)[:FUZZY_CANDIDATES]:
        for name in names:
            for word in WORD.findall(name or ""):
                words.setdefault(fold(word), word)
    found = difflib.get_close_matches(folded, list(words), n=1, cutoff=WORD_CUTOFF)
    return words[found[0]] if found and found[0] != folded else None


def _replacement(word: str, cards: QuerySet[Card], several: bool) -> str | None:
    """What to put instead of a word that finds nothing: in a query of several words the
    closest word of the names (`red dargon` → red Dragon), else — or when no word is
    close — the closest card's name (`gremon` → Greymon)."""
    if several and (closest := closest_name_word(word, cards)) is not None:
        return closest
    try:
        card = card_named_fuzzily(word, cards)
    except (NameNotFound, AmbiguousName):
        return None
    return _closest_name(card, word)


def suggest_query(query: str, cards: QuerySet[Card] | None = None) -> Suggestion | None:
    """A corrected query that finds cards, for a `query` that found none; None if none is."""
    cards = Card.objects.all() if cards is None else cards
    try:
        tree = parse(query)
    except QuerySyntaxError:
        return None
    words: list[tuple[int, str]] = []
    _name_words(tree, words)
    corrected, replacements = query, []
    several = len(words) > 1
    # From the end, so the positions of the words before stay right.
    for position, word in sorted(words[: MAX_WORDS * 2], reverse=True):
        if len(replacements) == MAX_WORDS:
            break
        if search_cards(quote_value(word), cards).cards.exists():
            continue  # this word is not the one that went wrong
        name = _replacement(word, cards, several)
        if name is None:
            continue
        if query[position : position + len(word)] != word:
            continue  # written with escapes: leave it as typed
        corrected = corrected[:position] + _as_word(name) + corrected[position + len(word) :]
        replacements.append((word, name))
    if not replacements or not search_cards(corrected, cards).cards.exists():
        return None
    return Suggestion(corrected, tuple(reversed(replacements)))


def autocomplete_cards(
    query: str, cards: QuerySet[Card], language: str | None = None, names: list | None = None
) -> list:
    """Up to AUTOCOMPLETE_CARDS cards whose names contain `query`, best first, each named in
    `language` (with the name that matched when it is another one): two queries, one when
    `names` (`cards.lookups.autocomplete` of the query) is given."""
    names = autocomplete(query, cards) if names is None else names
    if not names:
        return []
    bearing = Q()
    for name in names:
        bearing |= Q(search_names__has_text=f"\n{fold(name)}\n")
    # A printed card before a rules-text placeholder, then the first printing.
    # Only the columns read below: a whole card row has some seventy.
    shown_columns = ("id", "provenance", "search_names", "number", "game", *NAME_FIELDS)
    candidates = list(cards.filter(bearing).only(*shown_columns).order_by("id")[:200])
    candidates.sort(key=lambda card: (card.provenance != v.PRINTED, card.pk))
    chosen, seen = [], set()
    for name in names:
        key = f"\n{fold(name)}\n"
        card = next((card for card in candidates if key in card.search_names), None)
        if card is None or card.pk in seen:
            continue
        seen.add(card.pk)
        shown = display_name(card, language)
        chosen.append(
            {
                "id": card.pk,
                "name": shown,
                "matched": name if fold(name) != fold(shown) else "",
                "number": card.number,
                "game": card.game,
                "url": reverse("cards:detail", args=[card.pk]),
            }
        )
        if len(chosen) == AUTOCOMPLETE_CARDS:
            break
    return chosen
