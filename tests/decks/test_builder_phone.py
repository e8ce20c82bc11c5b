"""What the builder's page says for its phone layout (issue 29, item 6): tabs that are plain
links to the sections without JavaScript, the Deck tab's count and legality, the card an add
just wrote marked in the results and the deck list, and the missing cards folded into one
line. How it looks and behaves at 390 px: tests/e2e/test_builder_phone.py."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from decks.collection import import_collection

from .conftest import card, digimon_deck
from .test_page_builder import FETCH, legal_pad_list, list_text, new_deck, post

pytestmark = pytest.mark.django_db

TABS = re.compile(r'<nav class="builder-tabs"[^>]*>(.*?)</nav>', re.S)


def builder_page(client, deck, **params) -> str:
    response = client.get(f"/decks/{deck.pk}/edit/", params)
    assert response.status_code == 200
    return response.content.decode()


def marked(html: str) -> list[tuple[str, str]]:
    """(tag class, data-card and data-zone) of every row marked as just added."""
    return re.findall(r'<li class="(entry|result) just-added" (data-card="\d+"[^>]*)>', html)


def test_the_tabs_link_to_sections_that_exist_without_javascript(logged_in, catalogue):
    deck = new_deck(logged_in, text=legal_pad_list())
    page = builder_page(logged_in, deck)
    tabs = TABS.search(page).group(1)
    assert re.findall(r'href="#(builder-\w+)"', tabs) == [
        "builder-search",
        "builder-deck",
        "builder-stats",
    ]
    assert 'id="builder-search" data-tab="search"' in page  # the search panel
    assert 'id="builder-deck" data-tab="deck" data-panel="validation"' in page  # the verdict
    assert 'id="builder-stats" data-tab="stats"' in page  # the statistics
    assert "data-active-tab" not in page  # chosen by the script: without it, all stacked


def test_the_deck_tab_counts_the_deck_and_says_whether_it_is_legal(logged_in, catalogue):
    deck = new_deck(logged_in, text=legal_pad_list())  # 5 in the team, 40 in the deck
    tabs = TABS.search(builder_page(logged_in, deck)).group(1)
    assert '<span class="tab-count">40</span><span class="tab-legal"' in tabs
    assert "Legal" in tabs and "Not legal yet" not in tabs

    # A fourth copy of a card the deck holds three of: 41 cards, against PAD-2.2.
    first = deck.entries.filter(zone="deck").order_by("card__number_sort").first()
    assert first.quantity == 3
    response = post(logged_in, deck, "add", headers=FETCH, card=first.card_id)
    tab = response.json()["panels"]["deck_tab"]
    assert '<span class="tab-count">41</span><span class="tab-illegal"' in tab
    assert "Not legal yet" in tab


def test_a_digimon_deck_tab_counts_its_30_cards(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon", text=list_text(digimon_deck()))  # DGM-2.1
    tabs = TABS.search(builder_page(logged_in, deck)).group(1)
    assert '<span class="tab-count">30</span><span class="tab-legal"' in tabs


def test_an_add_marks_the_card_in_the_results_and_in_the_deck_list(logged_in, catalogue):
    red, tyrra = card("B01-002"), card("B01-021")
    deck = new_deck(logged_in, text="Deck:\n3 B01-021\n2 B01-002")
    response = post(logged_in, deck, "add", headers=FETCH, card=red.pk, q="dragon")
    panels = response.json()["panels"]
    assert marked(panels["entries"]) == [("entry", f'data-card="{red.pk}" data-zone="deck"')]
    assert "Just added" in panels["entries"]
    assert marked(panels["results"]) == [("result", f'data-card="{red.pk}"')]
    assert f'data-card="{tyrra.pk}"' in panels["entries"]  # there, but not marked


def test_an_add_to_the_sideboard_marks_the_sideboard_row(logged_in, catalogue):
    red = card("B01-002")
    deck = new_deck(logged_in, text="Deck:\n3 B01-002")
    response = post(logged_in, deck, "add", headers=FETCH, card=red.pk, zone="side")
    entries = response.json()["panels"]["entries"]
    assert marked(entries) == [("entry", f'data-card="{red.pk}" data-zone="side"')]


def test_other_writes_and_the_page_itself_mark_nothing(logged_in, catalogue):
    red = card("B01-002")
    deck = new_deck(logged_in, text="Deck:\n3 B01-002")
    response = post(logged_in, deck, "quantity", headers=FETCH, card=red.pk, zone="deck", delta=1)
    assert response.status_code == 200
    assert marked(response.json()["panels"]["entries"]) == []
    page = builder_page(logged_in, deck, q="dragon")
    assert marked(page) == [] and "Just added" not in page


def test_the_missing_cards_fold_into_one_line_in_the_builder(logged_in, owner, catalogue):
    deck = new_deck(logged_in, text="Deck:\n3 B01-002\n1 B01-021")
    import_collection(owner=owner, text="2 B01-002")
    page = builder_page(logged_in, deck)
    fold = re.search(r"<details [^>]*data-ownership>(.*?)</details>", page, re.S).group(1)
    assert re.search(r"<summary[^>]*>You own 2 of 4 cards</summary>", fold)
    assert f'data-missing="{card("B01-002").pk}">1 × Red Dragon</a>' in fold
    assert f'data-missing="{card("B01-021").pk}">1 × Tyrra</a>' in fold
    # The deck page keeps its banner as it was: no fold there.
    deck_page = logged_in.get(f"/decks/{deck.pk}/").content.decode()
    assert not re.search(r"<details [^>]*data-ownership>", deck_page)
    assert '<section class="panel ownership-panel" data-ownership>' in deck_page


def test_a_complete_collection_needs_no_fold(logged_in, owner, catalogue):
    deck = new_deck(logged_in, text="Deck:\n3 B01-002")
    import_collection(owner=owner, text="3 B01-002")
    page = builder_page(logged_in, deck)
    assert "You own all 3 cards of this deck." in page
    assert not re.search(r"<details [^>]*data-ownership>", page)


@pytest.fixture
def chinese(client):
    yield lambda language: client.post(reverse("set_language"), {"language": language, "next": "/"})
    translation.activate(settings.LANGUAGE_CODE)


@pytest.mark.parametrize(
    "language, words",
    [
        ("zh-hant", ["牌組編輯的分頁", "搜尋", "牌組", "統計", "剛加入"]),
        ("zh-hans", ["卡组编辑的分页", "搜索", "卡组", "统计", "刚加入"]),
    ],
)
def test_the_tabs_speak_chinese(logged_in, catalogue, chinese, language, words):
    red = card("B01-002")
    deck = new_deck(logged_in, text="Deck:\n3 B01-002")
    chinese(language)
    tabs = TABS.search(builder_page(logged_in, deck)).group(0)
    entries = post(logged_in, deck, "add", headers=FETCH, card=red.pk).json()["panels"]["entries"]
    label, *names, mark = words
    assert f'aria-label="{label}"' in tabs
    for name in names:
        assert name in tabs, name
    assert mark in entries
    for english in ("Builder sections", ">Search<", "Statistics", "Just added"):
        assert english not in tabs + entries, english
