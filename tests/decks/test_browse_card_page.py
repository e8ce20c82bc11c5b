""" "Decks using this card" on every card page (issue 16, item 3): up to six public decks
playing it, newest first, and a link to the browser filtered by the card."""

from __future__ import annotations

import pytest

from decks.browse import DECKS_USING_CARD
from decks.models import SIDE, DeckEntry
from decks.services import deck_update

from .browse_helpers import agumon_line, copies, fire_rush, make
from .conftest import card

pytestmark = pytest.mark.django_db


def section(page: str) -> str:
    return page.split("data-decks-using")[1].split("</section>")[0]


def test_the_card_page_lists_public_decks_playing_it(client, owner, other, catalogue):
    agumon = agumon_line(other)
    fire_rush(owner)
    secret = make(owner, "Secret Agumon", copies((4, "St-1")), game="digimon", visibility="private")
    side = make(owner, "No Agumon", copies((4, "St-3")), game="digimon")
    agumon_card = card("St-1")
    DeckEntry.objects.create(deck=side, card=agumon_card, quantity=1, zone=SIDE)
    found = section(client.get(f"/cards/{agumon_card.pk}/").content.decode())
    assert "Agumon line" in found and 'by <span translate="no">other</span>' in found
    assert secret.name not in found and side.name not in found and "Fire rush" not in found
    assert f'href="/decks/?card={agumon_card.pk}"' in found
    assert f'data-deck="{agumon.pk}"' in found


def test_newest_first_and_at_most_six(client, owner, catalogue):
    decks = [make(owner, f"Agumon {n}", copies((4, "St-1")), game="digimon") for n in range(8)]
    deck_update(deck=decks[0], author=owner, revision=decks[0].revision, name="Agumon updated")
    found = section(client.get(f"/cards/{card('St-1').pk}/").content.decode())
    shown = [deck.pk for deck in decks if f'data-deck="{deck.pk}"' in found]
    assert len(shown) == DECKS_USING_CARD == 6
    order = [found.index(f'data-deck="{pk}"') for pk in (decks[0].pk, decks[7].pk, decks[6].pk)]
    assert order == sorted(order)  # the updated one, then the last created
    assert f'data-deck="{decks[1].pk}"' not in found and f'data-deck="{decks[2].pk}"' not in found


def test_a_card_no_public_deck_plays(client, catalogue):
    found = section(client.get(f"/cards/{card('B01-100').pk}/").content.decode())
    assert "No public deck plays this card yet." in found
