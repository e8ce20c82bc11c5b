"""Decks of the deck browser tests, built from real cards of fixtures/ (issue 16, item 3).

Cards used (fixtures/pad.json, fixtures/digimon.json):
B01-001 Lil' Red Dragon (fire, base, cost 0), B01-002 Red Dragon (fire, evo1, cost 0),
B01-006 Blue Dragon (water, evo1, cost 0), B01-100 Dragon Lord Zaerog (dark, evo2, cost 3),
B01-011 Earth Dragon (wood, evo2), St-1 Agumon (III), St-2 Greymon (IV).
"""

from __future__ import annotations

import re

from decks.models import Deck
from decks.rules import EntryInput
from decks.services import deck_create

from .conftest import card


def copies(*pairs: tuple[int, str], zone: str = "deck") -> list[EntryInput]:
    return [EntryInput(card(number).pk, quantity, zone) for quantity, number in pairs]


def make(owner, name, entries, game="pad", visibility="public") -> Deck:
    return deck_create(
        owner=owner, game=game, name=name, visibility=visibility, entries=list(entries)
    )


def fire_rush(owner) -> Deck:
    """3 Lil' Red Dragon, 2 Red Dragon: fire, base and evo1."""
    return make(owner, "Fire rush", copies((3, "B01-001"), (2, "B01-002")))


def water_wall(owner) -> Deck:
    """2 Blue Dragon, 2 Dragon Lord Zaerog: water and dark, evo1 and evo2."""
    return make(owner, "Water wall", copies((2, "B01-006"), (2, "B01-100")))


def agumon_line(owner) -> Deck:
    """4 Agumon, 4 Greymon: Level III and IV."""
    return make(owner, "Agumon line", copies((4, "St-1"), (4, "St-2")), game="digimon")


def listed(page: str) -> list[str]:
    """The deck ids of a deck list page, in order."""
    return re.findall(r'<tr data-deck="([A-Za-z0-9]+)">', page)
