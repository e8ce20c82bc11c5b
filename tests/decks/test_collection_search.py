"""The collection page's cards (issue 29): each with its picture, searched with the card
query language (a GET form, so the address is shareable), page by page, in a bounded
number of queries.

Real cards of fixtures/: B01-001 Lil' Red Dragon, B01-002 Red Dragon, B01-003 Volcano
Dragon (fire PAD pets), B01-006 Blue Dragon (water), St-1 Agumon, St-2 Greymon (Digimon).
"""

from __future__ import annotations

import html
import re

import pytest
from django.db import connection

from cards.models import Card
from decks.collection import import_collection
from decks.models import Deck, DeckEntry

from .conftest import card

pytestmark = pytest.mark.django_db

OWNED = "# PAD\n3 Red Dragon\n1 Volcano Dragon\n2 Blue Dragon\n# Digimon\n4 Agumon\n"


def shown(response) -> list[str]:
    """The numbers of the cards the page lists, in order."""
    page = response.content.decode()
    return re.findall(r'<small class="owned-card-number">([^<]+)</small>', page)


def text_of(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


@pytest.fixture
def collector(client, owner, catalogue):
    import_collection(owner=owner, text=OWNED)
    client.force_login(owner)
    return client


def test_every_card_is_shown_with_the_picture_the_card_search_shows(collector):
    page = collector.get("/decks/collection/").content.decode()
    # The card search's grid, for the same card: the same picture (an upload, else the proxy).
    search = collector.get("/cards/", {"q": '!"Red Dragon"'}).content.decode()
    dragon = card("B01-002")

    picture = re.search(rf'<a href="/cards/{dragon.pk}/"><img src="([^"]+)"', search)[1]
    assert picture.startswith(f"/cards/{dragon.pk}/image/thumb/")
    tile = re.search(rf'<li class="owned-card" id="card-{dragon.pk}".*?</li>', page, re.S)[0]
    assert f'<img src="{picture}"' in tile
    assert 'name="quantity" value="3"' in tile


def test_the_cards_are_listed_game_by_game_in_set_and_number_order(collector):
    response = collector.get("/decks/collection/")

    assert shown(response) == ["B01-002", "B01-003", "B01-006", "St-1"]
    page = response.content.decode()
    headings = re.findall(r'<h3 class="collection-game-title">([^<]+)</h3>', page)
    assert [html.unescape(h) for h in headings] == ["Puzzle & Dragons TCG", "Digimon card game"]
    assert "10 cards · 4 different cards" in text_of(response)


def test_a_search_narrows_the_cards_to_those_matching(collector):
    response = collector.get("/decks/collection/", {"q": "attr:fire"})

    assert response.status_code == 200
    assert shown(response) == ["B01-002", "B01-003"]
    assert "2 of 4 cards" in text_of(response)
    # The address is the search: the form sends q by GET and shows it back.
    page = response.content.decode()
    assert re.search(r'<form class="collection-search" method="get"', page)
    assert 'name="q" value="attr:fire"' in page


def test_a_search_by_name_in_any_language_finds_the_card(collector):
    assert shown(collector.get("/decks/collection/", {"q": "アグモン"})) == ["St-1"]
    assert shown(collector.get("/decks/collection/", {"q": "game:pad -attr:fire"})) == ["B01-006"]


def test_owned_counts_the_copies_of_this_collection(collector):
    # 3 Red Dragon, 1 Volcano Dragon, 2 Blue Dragon, 4 Agumon.
    assert shown(collector.get("/decks/collection/", {"q": "owned>=3"})) == ["B01-002", "St-1"]
    assert shown(collector.get("/decks/collection/", {"q": "owned:2"})) == ["B01-006"]


def test_a_search_only_finds_cards_of_the_collection(collector):
    # Lil' Red Dragon is a fire pet too, but not owned.
    response = collector.get("/decks/collection/", {"q": "Lil"})

    assert shown(response) == []
    assert "No card of this collection matches this query." in text_of(response)


def test_a_query_that_cannot_be_read_says_where(collector):
    response = collector.get("/decks/collection/", {"q": "attr:"})

    assert response.status_code == 400
    assert "This query cannot be read:" in text_of(response)
    assert "(at character 6)" in text_of(response)


def test_an_unknown_field_warns_and_finds_nothing(collector):
    response = collector.get("/decks/collection/", {"q": "colr:red"})

    assert response.status_code == 200
    assert "Warning at character 1: Unknown field 'colr'" in text_of(response)
    assert shown(response) == []


def test_a_shared_collection_is_searched_the_same_way(client, owner, other, catalogue):
    import_collection(owner=owner, text=OWNED)
    owner.collection.visibility = "public"
    owner.collection.save()
    client.force_login(other)  # owned>= counts the collection's owner's copies, not the reader's

    response = client.get("/decks/collection/of/owner/", {"q": "owned>=2 game:pad"})

    assert shown(response) == ["B01-002", "B01-006"]
    assert "×3" in text_of(response) and 'name="quantity"' not in response.content.decode()


def test_editing_a_count_comes_back_to_the_same_search(collector, owner):
    dragon = card("B01-002")

    response = collector.post(
        "/decks/collection/count/", {"card": dragon.pk, "quantity": 5, "q": "attr:fire"}
    )

    assert response["Location"] == f"/decks/collection/?q=attr%3Afire#card-{dragon.pk}"
    assert owner.collection.cards.get(card=dragon).quantity == 5
    page = collector.get("/decks/collection/", {"q": "attr:fire"}).content.decode()
    assert '<input type="hidden" name="q" value="attr:fire">' in page  # in each count form


def own_many(owner, count: int) -> list[Card]:
    cards = list(Card.objects.filter(game="pad").order_by("number_sort")[:count])
    import_collection(owner=owner, text="\n".join(f"2 {c.number}" for c in cards))
    return cards


def test_a_large_collection_is_shown_sixty_cards_a_page(client, owner, catalogue):
    cards = own_many(owner, 150)  # B01-001 … the first 150 PAD numbers
    client.force_login(owner)

    first = client.get("/decks/collection/")
    last = client.get("/decks/collection/", {"page": 3})

    assert shown(first) == [c.number for c in cards[:60]]
    assert shown(last) == [c.number for c in cards[120:]]
    assert "Page 3 of 3" in text_of(last)


def page_queries(client, django_assert_max_num_queries, path: str, limit: int) -> None:
    with django_assert_max_num_queries(limit):
        assert client.get(path).status_code == 200


@pytest.mark.parametrize("size", [3, 150])
def test_the_page_reads_a_bounded_number_of_queries(
    client, owner, gauntlet, size, django_assert_max_num_queries
):
    """Session, user, collection, totals, the page of cards (count and rows), completion
    (cards per set, owned per set), the decks to choose from, the deck chosen and its needs:
    11, whatever the size of the collection. A reader signed out of a shared one: no session
    and no user, the owner read with the collection: 9. PostgreSQL adds the search's
    statement_timeout inside the test's transaction (a savepoint, the setting, its
    restoration, the release) to both, as on the card search page."""
    timeout = 4 if connection.vendor == "postgresql" else 0
    own_many(owner, size)
    deck = Deck.objects.create(owner=owner, game="pad", name="Fire", visibility="public")
    DeckEntry.objects.create(deck=deck, card=card("B01-003"), quantity=3)
    client.force_login(owner)

    searched = f"/decks/collection/?q=cost:0&deck={deck.pk}"
    page_queries(client, django_assert_max_num_queries, searched, 11 + timeout)
    owner.collection.visibility = "public"
    owner.collection.save()
    client.logout()
    shared = f"/decks/collection/of/owner/?deck={deck.pk}"
    assert "data-needs-summary" in client.get(shared).content.decode()  # the needs are read
    page_queries(client, django_assert_max_num_queries, shared, 9 + timeout)
