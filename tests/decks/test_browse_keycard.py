"""The key card a deck shows in the browser (decks/keycard.py): most copies, then the
strongest (Digimon level, PAD cost), then the lowest number; chosen again at every write."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from decks.models import SIDE, Deck, DeckEntry
from decks.services import deck_update

from .browse_helpers import agumon_line, copies, fire_rush, make, water_wall
from .conftest import card

pytestmark = pytest.mark.django_db


def test_the_card_with_the_most_copies(owner, catalogue):
    # 3 Lil' Red Dragon against 2 Red Dragon.
    assert fire_rush(owner).key_card.number == "B01-001"


def test_a_tie_goes_to_the_highest_pad_cost(owner, catalogue):
    # 2 Blue Dragon (cost 0), 2 Dragon Lord Zaerog (cost 3).
    assert water_wall(owner).key_card.number == "B01-100"


def test_a_tie_goes_to_the_highest_digimon_level(owner, catalogue):
    # 4 Agumon (III), 4 Greymon (IV).
    assert agumon_line(owner).key_card.number == "St-2"


def test_then_the_lowest_number(owner, catalogue):
    # Lil' Red Dragon and Red Dragon: 2 copies each, both cost 0.
    deck = make(owner, "Pair", copies((2, "B01-002"), (2, "B01-001")))
    assert deck.key_card.number == "B01-001"


def test_the_team_counts_and_the_sideboard_does_not(owner, catalogue):
    deck = make(owner, "Team", copies((1, "B01-006"), zone="team"))
    assert deck.key_card.number == "B01-006"
    DeckEntry.objects.create(deck=deck, card=card("B01-011"), quantity=4, zone=SIDE)
    call_command("refresh_deck_browser", stdout=io.StringIO())
    assert Deck.objects.get(pk=deck.pk).key_card.number == "B01-006"


def test_every_write_chooses_again_and_an_empty_deck_has_none(owner, catalogue):
    deck = fire_rush(owner)
    deck = deck_update(
        deck=deck, author=owner, revision=deck.revision, entries=copies((4, "B01-006"))
    )
    assert Deck.objects.get(pk=deck.pk).key_card.number == "B01-006"
    deck = deck_update(deck=deck, author=owner, revision=deck.revision, entries=[])
    assert Deck.objects.get(pk=deck.pk).key_card is None


def test_the_refresh_command_fills_in_decks_written_before(owner, catalogue):
    deck = fire_rush(owner)
    Deck.objects.filter(pk=deck.pk).update(key_card=None)
    call_command("refresh_deck_browser", stdout=io.StringIO())
    assert Deck.objects.get(pk=deck.pk).key_card.number == "B01-001"


def test_the_browser_shows_the_key_cards_thumbnail(client, owner, catalogue):
    deck = water_wall(owner)
    page = client.get("/decks/").content.decode()
    row = page.split(f'data-deck="{deck.pk}"')[1].split("</tr>")[0]
    zaerog = card("B01-100")
    assert f'src="/cards/{zaerog.pk}/image/thumb/?v=' in row
    assert f'data-key-card="{zaerog.pk}"' in row and 'alt="Dragon Lord Zaerog"' in row
