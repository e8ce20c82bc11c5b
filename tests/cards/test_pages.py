"""The home page and what every page shares (header search box)."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from cards.models import Card
from cards.search import search_cards
from decks.models import Deck

pytestmark = pytest.mark.django_db


def test_home_page_shows_what_the_catalogue_holds(client, catalogue):
    page = client.get("/").content.decode()
    pets = Card.objects.filter(kind="pet").count()
    assert f'data-kind="pet">{pets}<' in page
    assert 'href="/cards/?q=game%3Adigimon+kind%3Acombo"' in page
    combos = client.get("/cards/?q=game%3Adigimon+kind%3Acombo").context["page"].paginator
    assert combos.count == Card.objects.filter(kind="combo").count() == 7


def test_home_page_has_a_search_box_and_example_searches(client, catalogue):
    page = client.get("/").content.decode()
    assert re.search(r'<form class="search" method="get" action="/cards/"', page)
    examples = re.findall(r'<a href="/cards/\?q=([^"]+)"><code>', page)
    assert len(examples) >= 4
    for example in examples:
        query = parse_qs(f"q={example}")["q"][0]
        assert search_cards(query).cards.exists(), query


@pytest.mark.parametrize("name", ["cards:home", "cards:list", "cards:syntax"])
def test_every_page_has_the_header_search_box(client, catalogue, name):
    page = client.get(reverse(name)).content.decode()
    header = re.search(r'<header class="site-header">(.*?)</header>', page, re.S).group(1)
    assert re.search(r'<form class="header-search" action="/cards/" method="get"', header)
    assert '<input type="search" name="q"' in header


def test_header_search_box_is_on_card_pages_and_submits_to_the_search(client, catalogue):
    card = Card.objects.get(number="St-2")
    page = client.get(reverse("cards:detail", args=[card.pk])).content.decode()
    action = re.search(r'<form class="header-search" action="([^"]+)"', page).group(1)
    response = client.get(action, {"q": "グレイモン"})
    assert {c.number for c in response.context["page"]} >= {"St-2", "St-91"}
    assert urlsplit(action).path == reverse("cards:list")


def test_home_page_query_count(client, catalogue, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):  # the catalogue summary and the reference decks
        client.get("/")


def test_page_addresses():
    assert reverse("cards:home") == "/"
    assert reverse("cards:list") == "/cards/"
    assert reverse("cards:syntax") == "/cards/syntax/"
    assert reverse("cards:detail", args=[7]) == "/cards/7/"


def _header_box_value(page: str) -> str:
    header = re.search(r'<header class="site-header">(.*?)</header>', page, re.S).group(1)
    return re.search(r'<input type="search" name="q" value="([^"]*)"', header).group(1)


def test_the_header_box_shows_the_query_on_the_search_page_only(client, catalogue, owner):
    """Issue 29 item 7: the builder's card search (its own `q`) no longer fills the site's
    search box; the search page still shows what was searched."""
    assert _header_box_value(client.get("/cards/", {"q": "dragon"}).content.decode()) == "dragon"
    assert _header_box_value(client.get("/cards/syntax/", {"q": "dragon"}).content.decode()) == ""
    client.force_login(owner)
    deck = Deck.objects.create(owner=owner, game="pad", name="Builder")
    builder = client.get(f"/decks/{deck.pk}/edit/", {"q": "dragon"})
    assert builder.status_code == 200
    assert _header_box_value(builder.content.decode()) == ""
