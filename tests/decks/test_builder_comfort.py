"""Builder comfort (issue 16, item 5): search results in pages, the card preview's hooks,
and the sideboard / maybe zone in the builder and on the deck page."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from cards.models import Card

from .conftest import card
from .test_page_builder import FETCH, entries_of, legal_pad_list, new_deck, post

pytestmark = pytest.mark.django_db

# Set B01 of the PAD fan list holds 121 cards, B01-001 … B01-121 (fixtures/pad.json):
# six pages of 24, the last holding B01-121 alone.
B01 = "set:B01"


def numbers_shown(html: str) -> list[str]:
    """The card numbers of the search results, in order."""
    results = html.split('class="result-list"', 1)[1].split("</ul>", 1)[0]
    return re.findall(r"<small>(B01-\d+)</small>", results)


def results_panel(client, deck, **params) -> str:
    response = client.get(f"/decks/{deck.pk}/edit/", params)
    assert response.status_code == 200
    html = response.content.decode()
    return html.split('data-panel="results"', 1)[1].split("</section>", 1)[0]


# --- Search results in pages ------------------------------------------------------------------


def test_the_first_page_shows_1_to_24_of_121_and_links_to_the_next(logged_in, catalogue):
    deck = new_deck(logged_in)
    panel = results_panel(logged_in, deck, q=B01)
    assert "1–24 of 121 cards" in panel
    assert numbers_shown(panel) == [f"B01-{n:03d}" for n in range(1, 25)]
    assert "Page 1 of 6" in panel
    assert f'href="/decks/{deck.pk}/edit/?q=set%3AB01&amp;page=2"' in panel
    assert 'rel="prev"' not in panel


def test_the_second_page_shows_25_to_48(logged_in, catalogue):
    deck = new_deck(logged_in)
    panel = results_panel(logged_in, deck, q=B01, page="2")
    assert "25–48 of 121 cards" in panel and "Page 2 of 6" in panel
    assert numbers_shown(panel) == [f"B01-{n:03d}" for n in range(25, 49)]
    assert f'href="/decks/{deck.pk}/edit/?q=set%3AB01&amp;page=1"' in panel
    assert f'href="/decks/{deck.pk}/edit/?q=set%3AB01&amp;page=3"' in panel


def test_the_last_page_holds_the_rest_and_has_no_next(logged_in, catalogue):
    deck = new_deck(logged_in)
    panel = results_panel(logged_in, deck, q=B01, page="6")
    assert "121–121 of 121 cards" in panel
    assert numbers_shown(panel) == ["B01-121"]
    assert 'rel="next"' not in panel and 'rel="prev"' in panel


@pytest.mark.parametrize(("asked", "shown"), [("99", "121–121"), ("abc", "1–24"), ("-3", "1–24")])
def test_a_page_out_of_range_shows_the_nearest_one(logged_in, catalogue, asked, shown):
    deck = new_deck(logged_in)
    assert f"{shown} of 121 cards" in results_panel(logged_in, deck, q=B01, page=asked)


def test_a_short_search_has_one_page_and_no_page_links(logged_in, catalogue):
    deck = new_deck(logged_in)
    panel = results_panel(logged_in, deck, q="Red Dragon")
    assert "result-pages" not in panel and " of " not in panel.split("result-list")[0]


def test_the_page_is_fetched_into_the_panel(logged_in, catalogue):
    deck = new_deck(logged_in)
    response = logged_in.get(f"/decks/{deck.pk}/edit/", {"q": B01, "page": "3"}, **FETCH)
    html = response.json()["panels"]["results"]
    assert "49–72 of 121 cards" in html
    assert numbers_shown(html)[0] == "B01-049"


def test_adding_from_page_3_comes_back_to_page_3(logged_in, catalogue):
    deck = new_deck(logged_in)
    angel = card("B01-049")
    response = post(logged_in, deck, "add", card=angel.pk, q=B01, page="3")
    assert response["Location"] == f"/decks/{deck.pk}/edit/?q=set%3AB01&page=3"
    page = logged_in.get(response["Location"]).content.decode()
    assert "49–72 of 121 cards" in page and "1 in deck" in page
    # The forms of page 3 carry the page, so the next add comes back here too.
    assert '<input type="hidden" name="page" value="3">' in page


def test_adding_with_fetch_re_renders_the_same_page(logged_in, catalogue):
    deck = new_deck(logged_in)
    angel = card("B01-049")
    response = post(logged_in, deck, "add", card=angel.pk, q=B01, page="3", headers=FETCH)
    assert "49–72 of 121 cards" in response.json()["panels"]["results"]


def test_a_later_page_costs_no_more_queries_than_the_first(logged_in, catalogue):
    deck = new_deck(logged_in, text=legal_pad_list())
    url = f"/decks/{deck.pk}/edit/"
    counts = {}
    for page in ("1", "3"):
        with CaptureQueriesContext(connection) as queries:
            assert logged_in.get(url, {"q": B01, "page": page}, **FETCH).status_code == 200
        counts[page] = len(queries)
    assert counts["1"] == counts["3"] <= 12, counts


def test_the_builder_page_with_search_pages_is_bounded(
    logged_in, catalogue, django_assert_max_num_queries
):
    deck = new_deck(logged_in, text=legal_pad_list())
    with django_assert_max_num_queries(30):
        logged_in.get(f"/decks/{deck.pk}/edit/", {"q": B01, "page": "5"})


# --- The card preview's hooks -----------------------------------------------------------------


def test_results_and_entries_offer_a_larger_picture(logged_in, catalogue):
    deck = new_deck(logged_in, text="3 Red Dragon")
    red = card("B01-002")
    page = logged_in.get(f"/decks/{deck.pk}/edit/", {"q": "Red Dragon"}).content.decode()
    normal = reverse("card-image", args=[red.pk, "normal"])  # the picture or its proxy
    # The name and the thumbnail, in the results and in the deck list: four triggers.
    assert page.count(f'data-card-preview="{normal}?') == 4
    assert 'aria-label="Preview Red Dragon"' in page
    assert "js/card_preview.js" in page
    # The name is a link of its own, never inside an add form.
    for form in re.findall(r"<form.*?</form>", page, re.S):
        assert "data-card-preview" not in form


# --- The sideboard in the builder -------------------------------------------------------------


def test_adding_to_the_sideboard_leaves_a_legal_deck_legal(logged_in, catalogue):
    deck = new_deck(logged_in, text=legal_pad_list())
    first = deck.entries.filter(zone="deck").order_by("card__number_sort").first()
    assert first.quantity == 3  # PAD-2.2: the limit, reached in the deck
    response = post(logged_in, deck, "add", card=first.card_id, zone="side", quantity="3")
    assert response.status_code == 302
    deck.refresh_from_db()
    assert deck.is_valid and (deck.deck_count, deck.team_count) == (40, 5)
    assert (first.card_id, 3, "side") in entries_of(deck)
    page = logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert first.card.number == "B01-001"
    assert "Added 3 × Lil&#x27; Red Dragon to the sideboard." in page
    assert 'data-verdict="legal"' in page
    side = page.split('data-zone="side"', 1)[1].split("</section>", 1)[0]
    assert "Sideboard / maybe" in side and f'data-card="{first.card_id}"' in side


def test_moving_a_copy_to_the_sideboard_and_back(logged_in, catalogue):
    deck = new_deck(logged_in, text="Deck:\n3 Red Dragon")
    red = card("B01-002").pk
    response = post(logged_in, deck, "move", card=red, zone="deck", to="side", headers=FETCH)
    body = response.json()
    assert body["ok"] and body["messages"] == [
        {"level": "success", "text": "Moved to the sideboard."}
    ]
    assert entries_of(deck) == {(red, 2, "deck"), (red, 1, "side")}
    side = body["panels"]["entries"].split('data-zone="side"', 1)[1]
    assert "To deck" in side
    post(logged_in, deck, "move", card=red, zone="side", to="deck")
    assert entries_of(deck) == {(red, 3, "deck")}


def test_counts_change_on_the_sideboard(logged_in, catalogue):
    deck = new_deck(logged_in, text="Deck:\n3 Red Dragon\nSideboard:\n1 Red Dragon")
    red = card("B01-002").pk
    post(logged_in, deck, "quantity", card=red, zone="side", quantity="4")
    assert entries_of(deck) == {(red, 3, "deck"), (red, 4, "side")}
    post(logged_in, deck, "quantity", card=red, zone="side", remove="1")
    assert entries_of(deck) == {(red, 3, "deck")}


def test_a_digimon_deck_has_a_sideboard_but_no_team(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon")
    agumon = card("St-1").pk
    assert post(logged_in, deck, "add", card=agumon, zone="side").status_code == 302
    assert entries_of(deck) == {(agumon, 1, "side")}
    response = post(logged_in, deck, "move", card=agumon, zone="side", to="team", headers=FETCH)
    assert response.status_code == 400
    page = logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert "To team" not in page and "Deck: <strong>0</strong> of 30 cards" in page


def test_search_results_say_how_many_copies_wait_on_the_sideboard(logged_in, catalogue):
    deck = new_deck(logged_in, text="Sideboard:\n2 Red Dragon")
    panel = results_panel(logged_in, deck, q="number:B01-002")
    assert "2 in sideboard" in panel and "in deck" not in panel
    assert 'aria-label="Add Red Dragon to the sideboard"' in panel


def test_an_empty_sideboard_is_offered_in_the_builder_but_not_on_the_deck_page(
    logged_in, catalogue
):
    deck = new_deck(logged_in, text="3 Red Dragon")
    assert "Nothing on the sideboard" in logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert "Sideboard / maybe" not in logged_in.get(f"/decks/{deck.pk}/").content.decode()


def test_the_deck_page_shows_the_sideboard_as_its_own_section(logged_in, catalogue):
    deck = new_deck(logged_in, text="Deck:\n3 Red Dragon\nSideboard:\n2 B01-021")
    page = logged_in.get(f"/decks/{deck.pk}/").content.decode()
    side = page.split('class="zone zone-side"', 1)[1].split("</section>", 1)[0]
    assert "Sideboard / maybe" in side and "×2" in side and "Tyrra" in side
    assert "the rules, the statistics and the goldfish ignore these cards" in side
    export = logged_in.get(f"/decks/{deck.pk}/export.txt").content.decode()
    assert export.endswith("Sideboard:\n2 Tyrra\n")


def test_a_revision_keeps_the_sideboard_and_restores_it(logged_in, catalogue):
    deck = new_deck(logged_in, text="Deck:\n3 Red Dragon\nSideboard:\n2 B01-021")
    tyrra = card("B01-021").pk
    assert {"card": tyrra, "quantity": 2, "zone": "side"} in deck.revisions.get().entries


@pytest.fixture
def chinese(client):
    yield lambda language: client.post(reverse("set_language"), {"language": language, "next": "/"})
    translation.activate(settings.LANGUAGE_CODE)


def test_the_new_builder_words_are_translated(logged_in, catalogue, chinese):
    deck = new_deck(logged_in, text="Deck:\n3 Red Dragon\nSideboard:\n1 B01-021")
    chinese("zh-hant")
    page = logged_in.get(f"/decks/{deck.pk}/edit/", {"q": B01, "page": "2"}).content.decode()
    for words in (
        "備牌 / 候補",
        "第 25–48 張，共 121 張卡",
        "第 2 頁，共 6 頁",
        "移到備牌",
        "上一頁",
        "之後的行會放進備牌",
    ):
        assert words in page, words
    for english in ("Sideboard / maybe", "25–48 of 121", "To sideboard", "Page 2 of 6"):
        assert english not in page, english
    assert Card.objects.filter(number="B01-021").exists()
