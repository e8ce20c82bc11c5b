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


def test_the_section_is_read_in_one_query_with_what_it_shows(
    owner, other, catalogue, django_assert_num_queries
):
    """Each deck's link, name, owner and key card picture come with the one query: a
    column the section shows but the query left out would cost one query per deck."""
    from django.template.loader import render_to_string

    from cards.images import image_urls
    from decks.browse import decks_using_card

    greymon = card("St-2")
    decks = [agumon_line(owner), agumon_line(other)]
    for deck in decks:
        deck.key_card = greymon
        deck.save(update_fields=["key_card"])
    agumon = card("St-1")
    with django_assert_num_queries(1):
        listed = decks_using_card(agumon.pk)
        found = render_to_string(
            "decks/_decks_using_card.html", {"decks": listed, "card_id": agumon.pk}
        )
    assert [deck.pk for deck in listed] == [decks[1].pk, decks[0].pk]  # newest first
    assert found.count(image_urls(greymon)["thumb"].replace("&", "&amp;")) == 2
    assert 'by <span translate="no">owner</span>' in found
    assert 'by <span translate="no">other</span>' in found
    assert found.count("Agumon line") == 2
