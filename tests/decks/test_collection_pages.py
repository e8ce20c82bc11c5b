"""The collection pages, and what the deck page and the builder say about the cards you own
(issue 16, item 4)."""

from __future__ import annotations

import html
import re

import pytest

from decks.collection import import_collection
from decks.models import Deck, DeckEntry

from .conftest import card

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def ownership_text(response) -> str:
    """The ownership summary as read: its links inline."""
    return ownership_text_of(response.content.decode())


def ownership_text_of(page: str) -> str:
    found = re.search(r'<p class="ownership-summary">(.*?)</p>', page, re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", found[1]))).strip()


def test_my_collection_asks_anonymous_readers_to_log_in(client, catalogue):
    response = client.get("/decks/collection/")
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_the_header_links_to_my_collection(client, owner, catalogue):
    client.force_login(owner)
    assert 'href="/decks/collection/"' in client.get("/decks/mine/").content.decode()


def test_import_from_the_page_shows_the_counts(client, owner, catalogue):
    client.force_login(owner)

    response = client.post(
        "/decks/collection/import/",
        {"text": "# PAD\n3 Red Dragon\n# Digimon\n2 Agumon\n", "mode": "add"},
        follow=True,
    )

    page = text_of(response)
    assert "5 cards recorded." in page
    assert "Red Dragon B01-002" in page and "Agumon St-1" in page
    assert 'name="quantity" value="3"' in response.content.decode()


def test_a_bad_list_keeps_the_text_and_says_which_line(client, owner, catalogue):
    client.force_login(owner)
    import_collection(owner=owner, text="1 Agumon")

    response = client.post(
        "/decks/collection/import/", {"text": "3 Red Dragon\n2 Red Dargon", "mode": "replace"}
    )

    assert response.status_code == 400
    page = text_of(response)
    assert "Line 2: Unknown card “Red Dargon”. Did you mean: Red Dragon" in page
    assert "2 Red Dargon</textarea>" in response.content.decode()
    assert [row.card.number for row in owner.collection.cards.all()] == ["St-1"]


def test_a_count_is_edited_and_zero_removes_the_card(client, owner, catalogue):
    client.force_login(owner)
    import_collection(owner=owner, text="3 Red Dragon\n1 Agumon")
    dragon = card("B01-002")

    client.post("/decks/collection/count/", {"card": dragon.pk, "quantity": 7})
    assert owner.collection.cards.get(card=dragon).quantity == 7

    client.post("/decks/collection/count/", {"card": dragon.pk, "quantity": 0})
    assert not owner.collection.cards.filter(card=dragon).exists()
    response = client.post("/decks/collection/count/", {"card": dragon.pk, "quantity": -1})
    assert "A count is from 0 to 9999." in text_of(client.get(response["Location"]))


def test_export_downloads_the_list(client, owner, catalogue):
    client.force_login(owner)
    import_collection(owner=owner, text="3 Red Dragon\n2 Agumon")

    response = client.get("/decks/collection/export.txt?lang=en")

    assert response["Content-Disposition"] == 'attachment; filename="collection.txt"'
    assert response.content.decode() == "# PAD\n3 Red Dragon\n\n# Digimon\n2 Agumon\n"


def test_a_collection_is_readable_by_others_only_once_public(client, owner, other, catalogue):
    import_collection(owner=owner, text="3 Red Dragon")
    assert client.get("/decks/collection/of/owner/").status_code == 404
    client.force_login(other)
    assert client.get("/decks/collection/of/owner/").status_code == 404

    client.force_login(owner)
    client.post("/decks/collection/share/", {"visibility": "public"})
    page = text_of(client.get("/decks/collection/"))
    assert "anyone with the link can read it" in page
    assert (
        "http://testserver/decks/collection/of/owner/"
        in client.get("/decks/collection/").content.decode()
    )

    client.logout()
    response = client.get("/decks/collection/of/owner/")
    assert response.status_code == 200
    assert "Collection of owner" in text_of(response)
    assert "×3" in text_of(response)
    assert 'name="quantity"' not in response.content.decode()  # read only


def _deck(owner, sideboard=True) -> Deck:
    deck = Deck.objects.create(owner=owner, game="pad", name="Fire", visibility="public")
    rows = [("B01-001", 1, "team"), ("B01-002", 3, "deck"), ("B01-003", 2, "deck")]
    if sideboard:  # the maybe zone: never needed
        rows.append(("B01-006", 4, "side"))
    for number, quantity, zone in rows:
        DeckEntry.objects.create(deck=deck, card=card(number), quantity=quantity, zone=zone)
    return deck


def test_the_deck_page_says_what_you_miss(client, owner, other, catalogue):
    deck = _deck(owner)
    import_collection(owner=other, text="2 Red Dragon\n5 Volcano Dragon")
    client.force_login(other)

    page = client.get(f"/decks/{deck.pk}/").content.decode()

    assert ownership_text_of(page) == (
        "You own 4 of 6 cards; missing: 1 × Lil' Red Dragon, 1 × Red Dragon "
        "What this deck still needs"
    )
    # The link opens the collection page on this deck's list of missing cards (issue 29).
    assert f'href="/decks/collection/?deck={deck.pk}#needs"' in page


def test_the_deck_page_says_nothing_to_anonymous_readers(client, owner, catalogue):
    deck = _deck(owner)
    assert "data-ownership" not in client.get(f"/decks/{deck.pk}/").content.decode()


def test_the_deck_page_when_you_own_every_card(client, owner, catalogue):
    deck = _deck(owner)
    import_collection(owner=owner, text="1 Lil' Red Dragon\n3 Red Dragon\n2 Volcano Dragon")
    client.force_login(owner)
    page = client.get(f"/decks/{deck.pk}/")
    assert "You own all 6 cards of this deck." in text_of(page)
    # Nothing to list: the link goes to the collection itself.
    assert '<a class="ownership-link" href="/decks/collection/">' in page.content.decode()


def test_the_builder_shows_the_summary_and_updates_it(client, owner, catalogue):
    deck = _deck(owner, sideboard=False)
    client.force_login(owner)
    assert "You own 0 of 6 cards" in text_of(client.get(f"/decks/{deck.pk}/edit/"))

    response = client.post(
        f"/decks/{deck.pk}/edit/add/",
        {"card": card("B01-003").pk, "zone": "deck", "revision": deck.revision},
        HTTP_X_REQUESTED_WITH="fetch",
    )

    assert "You own 0 of 7 cards" in response.json()["panels"]["ownership"]


def test_the_summary_is_translated(client, owner, other, catalogue):
    deck = _deck(owner)
    client.force_login(other)
    page = text_of(client.get(f"/decks/{deck.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hant"))
    assert "你擁有" in page
    assert "我的收藏" in page
