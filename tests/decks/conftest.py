"""Deck builders over the real starter catalogue, shared by the deck tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from cards.models import Card
from cards.search.text import fold
from decks.models import Deck
from decks.rules import EntryInput


@pytest.fixture
def media(settings, tmp_path) -> Path:
    """A fresh, empty media folder: proxies and uploads drawn by one test only."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def fire_deck() -> Deck:
    """The reference PAD deck the print tests lay out (fixtures/reference_decks.toml)."""
    return Deck.objects.get(reference=True, game="pad", name="Reference: Fire")


def distinct_names(cards) -> list[Card]:
    """One printing per name, in number order: cards that never share a copy limit."""
    seen, result = set(), []
    for card in cards.order_by("number_sort"):
        if fold(card.name) not in seen:
            seen.add(fold(card.name))
            result.append(card)
    return result


def fill(cards: list[Card], size: int, copies: int = 3, zone: str = "deck") -> list[EntryInput]:
    """`size` cards: `copies` of each card in turn, the last one topped up to the size."""
    entries, left = [], size
    for card in cards:
        if left <= 0:
            break
        quantity = min(copies, left)
        entries.append(EntryInput(card.pk, quantity, zone))
        left -= quantity
    assert left == 0, "not enough cards in the catalogue for this deck"
    return entries


def pad_team() -> list[EntryInput]:
    bases = distinct_names(Card.objects.filter(game="pad", kind="pet", stage="base"))
    return fill(bases[:5], 5, copies=1, zone="team")


def pad_deck(size: int = 40, copies: int = 3) -> list[EntryInput]:
    return fill(distinct_names(Card.objects.filter(game="pad")), size, copies)


def digimon_deck(size: int = 30, copies: int = 3) -> list[EntryInput]:
    """A legal deck (DGM-2): Level III Digimon first, no ultimates."""
    cards = Card.objects.filter(game="digimon").exclude(level="ultimate")
    level_three = distinct_names(cards.filter(level="III"))
    others = [card for card in distinct_names(cards) if card.level != "III"]
    return fill(level_three + others, size, copies)


def card(number: str) -> Card:
    return Card.objects.get(number=number)


def codes(result) -> list[str]:
    return [error.code for error in result.errors]
