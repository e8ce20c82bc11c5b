"""The syntax help page documents the whole query language, with examples that work."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from cards.search import search_cards
from cards.search.fields import ALIASES, FIELDS

pytestmark = pytest.mark.django_db
SYNTAX = "/cards/syntax/"  # reverse("cards:syntax"), checked in test_pages.py


def example_queries(page: str) -> list[str]:
    hrefs = re.findall(r'<a class="example" href="([^"]+)">', page)
    queries = []
    for href in hrefs:
        href = html.unescape(href)
        assert urlsplit(href).path == reverse("cards:list")
        queries.append(parse_qs(urlsplit(href).query)["q"][0])
    return queries


def test_the_syntax_page_is_linked_and_needs_no_query(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(SYNTAX)
    assert response.status_code == 200
    assert f'href="{SYNTAX}"' in client.get(reverse("cards:list")).content.decode()


def test_every_field_and_alias_is_documented(client):
    page = client.get(SYNTAX).content.decode()
    for name in [*FIELDS, *ALIASES]:
        assert f"<code>{name}</code>" in page, name


def test_operators_and_forms_are_documented(client):
    page = html.unescape(client.get(SYNTAX).content.decode())
    for form in [
        "attr:fire",
        "name=Greymon",
        "cost>=2 cost<3 def!=500",
        "-orb:heart",
        "attr:fire OR attr:water",
        "(attr:fire OR attr:water) stage:base",
        '!"Golden Egg"',
        "/dramon$/",
        '"draw a card"',
        "火龍",
        "colour:red",
    ]:
        assert f"<code>{form}</code>" in page, form
    assert "Traditional/Simplified-blind" in page
    assert "warning" in page


def test_every_example_parses_and_most_find_cards(client, catalogue):
    queries = example_queries(client.get(SYNTAX).content.decode())
    assert len(queries) >= 30
    found = 0
    for query in queries:
        result = search_cards(query)  # raises QuerySyntaxError for a broken example
        found += result.cards.exists()
        assert client.get(reverse("cards:list"), {"q": query}).status_code == 200, query
    assert found >= 0.85 * len(queries)


def test_examples_cover_both_games(client, catalogue):
    page = client.get(SYNTAX).content.decode()
    examples = page[page.index('id="examples"') :]
    pad = example_queries(examples[: examples.index("Digimon card game")])
    digimon = example_queries(examples[examples.index("Digimon card game") :])
    assert len(pad) >= 8 and len(digimon) >= 8
    assert all(search_cards(q).cards.filter(game="pad").exists() for q in pad)
    assert all(search_cards(q).cards.filter(game="digimon").exists() for q in digimon)
