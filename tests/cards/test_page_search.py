"""The card search page (/cards/): query box, filter form, grid and list, pages, errors."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.db import connection
from django.db.models import Q
from django.urls import reverse

from cards.models import Card
from tests.conftest import create_card

pytestmark = pytest.mark.django_db
SEARCH = "/cards/"  # reverse("cards:list"), checked in test_pages.py


def numbers(response) -> list[str]:
    return [card.number for card in response.context["page"].object_list]


INLINE_TAG = re.compile(r"</?(a|span|small|strong|mark|code|abbr)\b[^>]*>")


def text_of(response) -> str:
    """The page as a reader sees it: inline tags dropped, block tags as spaces."""
    page = re.sub(r"<[^>]+>", " ", INLINE_TAG.sub("", response.content.decode()))
    return " ".join(html.unescape(page).split())


def query_of(url: str) -> dict[str, list[str]]:
    return parse_qs(urlsplit(url).query)


# --- Queries of both games ------------------------------------------------------------------


def test_a_japanese_name_finds_its_card(client, catalogue):
    response = client.get(SEARCH, {"q": "!ティラ"})
    assert response.status_code == 200
    assert numbers(response) == ["B01-021"]
    # Without "!", ティラン and ティラノス hold the word too (their scans' names, issue 26).
    assert numbers(client.get(SEARCH, {"q": "ティラ"})) == ["B01-021", "B01-022", "B01-023"]
    card = Card.objects.get(number="B01-021")
    assert f'href="{reverse("cards:detail", args=[card.pk])}"' in response.content.decode()


@pytest.mark.parametrize("query", ["火龍", "火龙"])
def test_chinese_names_match_in_either_script(client, query):
    create_card("pet", number="B01-901", names={"zh_hant": "火龍寶寶"})
    create_card("skill", number="B01-902", names={"zh_hans": "火龙之息"})
    create_card("pet", number="B01-903", names={"zh_hant": "水龍寶寶"})
    response = client.get(SEARCH, {"q": query})
    assert sorted(numbers(response)) == ["B01-901", "B01-902"]


def test_attribute_and_stage_terms(client, catalogue):
    response = client.get(SEARCH, {"q": "attr:fire stage:base"})
    expected = Card.objects.filter(Q(attribute="fire") | Q(sub_attribute="fire"), stage="base")
    assert sorted(numbers(response)) == sorted(expected.values_list("number", flat=True))
    assert "B01-021" in numbers(response)
    # Twelve base pets of the fan list are fire or have a fire sub-attribute (PAD-1.1), and
    # the scans add B04-073 Red Riding Hood (issue 26).
    assert "13 cards" in text_of(response)


def test_a_digimon_level_term(client, catalogue):
    response = client.get(SEARCH, {"q": "level:perfect", "view": "list"})
    found = numbers(response)
    assert len(found) == Card.objects.filter(level="perfect").count() > 0
    assert "St-21" in found and "St-2" not in found
    assert "Perfect" in text_of(response)


def test_an_empty_query_browses_every_card(client, catalogue):
    response = client.get(SEARCH)
    assert response.context["page"].paginator.count == Card.objects.count()


# --- The filter form builds the query --------------------------------------------------------


def test_filters_are_combined_into_the_query_and_redirected(client, catalogue):
    response = client.get(
        SEARCH,
        {
            "q": "dragon",
            "game": "pad",
            "attr": "fire",
            "orb": ["water", "fire"],
            "cost_max": "2",
            "text": "draw a card",
            "view": "list",
            "order": "name",
        },
    )
    assert response.status_code == 302
    params = query_of(response["Location"])
    assert params == {
        "q": ['dragon game:pad attr:fire orb:water orb:fire cost<=2 o:"draw a card"'],
        "view": ["list"],
        "order": ["name"],
    }
    results = client.get(response["Location"])
    assert results.status_code == 200
    # By name: Ancient Fire Dragon, Ardbeg; Red Dragon; Red Dragon Caller, Sonia.
    assert numbers(results) == ["B01-094", "B01-002", "B02-086"]
    for card in results.context["page"].object_list:
        assert card.game == "pad" and "fire" in (card.attribute, card.sub_attribute)
        assert {"water", "fire"} <= set(card.orbs) and card.cost <= 2
        assert "draw a card" in card.text


@pytest.mark.parametrize(
    ("filters", "query"),
    [
        ({"cost_min": "1", "cost_max": "1"}, "cost:1"),
        ({"cost_min": "1", "cost_max": "3"}, "cost>=1 cost<=3"),
        (
            {"game": "digimon", "level": "perfect", "battle": "C"},
            "game:digimon level:perfect battle:C",
        ),
        (
            {"kind": "option", "option": "crest", "set": "RULES"},
            "kind:option set:RULES option:crest",
        ),
        ({"stage": "evo2", "text": 'say "hi"'}, r'stage:evo2 o:"say \"hi\""'),
    ],
)
def test_each_filter_writes_its_term(client, catalogue, filters, query):
    response = client.get(SEARCH, filters)
    assert response.status_code == 302
    assert query_of(response["Location"]) == {"q": [query]}


def test_old_game_and_kind_links_become_a_query(client, catalogue):
    response = client.get(SEARCH, {"game": "digimon", "kind": "combo"}, follow=True)
    assert response.redirect_chain[0][0].endswith("?q=game%3Adigimon+kind%3Acombo")
    assert response.context["page"].paginator.count == 7


def test_bad_filters_are_explained_not_redirected(client, catalogue):
    response = client.get(SEARCH, {"q": "dragon", "cost_min": "3", "cost_max": "1"})
    assert response.status_code == 400
    assert "The highest cost is below the lowest." in text_of(response)
    response = client.get(SEARCH, {"game": "chess"})
    assert response.status_code == 400
    assert "Select a valid choice" in text_of(response)


def test_the_filter_form_offers_the_vocabularies(client, catalogue):
    page = client.get(SEARCH).content.decode()
    for value in ("heart", "dark", "light", "wood", "water", "fire"):
        assert f'name="orb" value="{value}" data-term="orb:"' in page
    assert '<option value="B01">B01</option>' in page and '<option value="St">St</option>' in page
    assert 'data-term="cost&gt;="' in page  # the live preview (search.js) reads these
    assert "js/search.js" in page


# --- Grid, list, ordering and pages ----------------------------------------------------------


def test_grid_view_shows_lazy_thumbnails_named_after_the_card(client, catalogue):
    card = Card.objects.get(number="B01-021")
    page = client.get(SEARCH, {"q": "ティラ"}).content.decode()
    image = re.search(r'<img src="([^"]+)" alt="Tyrra" loading="lazy"', page)
    assert image, "the grid shows the card's thumbnail"
    assert image.group(1).startswith(f"/cards/{card.pk}/image/thumb/")
    picture = client.get(image.group(1))
    assert picture.status_code == 200 and picture["Content-Type"].startswith("image/")


def test_list_view_is_a_table_of_the_cards(client, catalogue):
    response = client.get(SEARCH, {"q": "!ティラ", "view": "list"})
    page = response.content.decode()
    assert "<img" not in page.split("<main>")[1]
    row = text_of(response)
    for header in ("Number", "Name", "Kind", "Attribute / level", "Cost", "Set"):
        assert header in row
    assert "B01-021 Tyrra Pet Fire 0 B01" in row


def test_view_toggle_keeps_the_query(client, catalogue):
    page = client.get(SEARCH, {"q": "level:perfect"}).content.decode()
    assert 'href="?q=level%3Aperfect&amp;view=list"' in page
    page = client.get(SEARCH, {"q": "level:perfect", "view": "list"}).content.decode()
    assert 'href="?q=level%3Aperfect" aria-current' not in page
    assert 'href="?q=level%3Aperfect"' in page


def test_pages_of_sixty_keep_query_view_and_order(client, catalogue):
    params = {"q": "game:pad", "view": "list", "order": "name"}
    first = client.get(SEARCH, params)
    assert len(first.context["page"].object_list) == 60
    assert "Page 1 of 8" in text_of(first)  # 431 PAD cards, 60 a page
    page = first.content.decode()
    next_link = re.search(r'<a href="\?([^"]+)" rel="next"', page).group(1).replace("&amp;", "&")
    assert parse_qs(next_link) == {
        "q": ["game:pad"],
        "view": ["list"],
        "order": ["name"],
        "page": ["2"],
    }
    second = client.get(f"{SEARCH}?{next_link}")
    assert second.status_code == 200
    assert not set(numbers(first)) & set(numbers(second))
    assert 'rel="prev"' in second.content.decode()


def test_ordering_by_cost(client, catalogue):
    costs = [
        card.cost
        for card in client.get(SEARCH, {"q": "game:pad", "order": "-cost"}).context["page"]
    ]
    assert costs == sorted(costs, reverse=True) and costs[0] == 3
    costs = [
        card.cost for card in client.get(SEARCH, {"q": "game:pad", "order": "cost"}).context["page"]
    ]
    assert costs == sorted(costs) and costs[0] == 0


def test_an_unknown_order_or_view_falls_back(client, catalogue):
    response = client.get(SEARCH, {"q": "ティラ", "order": "price", "view": "cube"})
    assert response.status_code == 200
    assert response.context["order"] == "number" and response.context["view"] == "grid"


# --- Warnings and errors ---------------------------------------------------------------------


def test_warnings_are_shown_above_the_results(client, catalogue):
    response = client.get(SEARCH, {"q": "!ティラ -colr:red -attr:plaid"})
    assert response.status_code == 200
    text = text_of(response)
    assert (
        "Warning at character 7: Unknown field 'colr': no card matches this term. "
        "Did you mean color:?"
    ) in text
    assert "Warning at character 17: attr: unknown value 'plaid'" in text
    assert text.index("Warning") < text.index("1 card")
    assert numbers(response) == ["B01-021"]


@pytest.mark.parametrize(
    ("query", "position", "message"),
    [
        ("attr:fire )", 10, "Unmatched ')'"),
        ('name:"Golden', 5, "Unterminated quoted phrase"),
        ("火龍 (attr:fire OR", 14, "OR needs a term on each side"),
        ("/(a+)+/", 0, "may not repeat a repeated group"),
        ("cost>=two", 0, "needs a whole number"),
    ],
)
def test_a_syntax_error_points_at_its_character(client, catalogue, query, position, message):
    response = client.get(SEARCH, {"q": query})
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert message in page
    assert f"(at character {position + 1})" in page
    code = re.search(r'<pre class="caret"><code>(.*?)</code></pre>', page, re.S).group(1)
    shown, caret = code.split("\n")
    before, marked, after = re.fullmatch(r"(.*)<mark>(.)</mark>(.*)", shown).groups()
    assert before == query[:position]
    assert marked + after == (query[position:] or " ")
    wide = sum(1 for char in query[:position] if char in "火龍")  # two columns each
    assert caret == " " * (position + wide) + "^"
    assert response.context["page"] is None


def test_search_box_and_syntax_help_link(client, catalogue):
    page = client.get(SEARCH, {"q": "attr:fire"}).content.decode()
    assert re.search(r'<input id="q" type="search" name="q" value="attr:fire"', page)
    assert f'href="{reverse("cards:syntax")}">Syntax help</a>' in page


# --- Bounded queries -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "params",
    [
        {"q": "game:pad"},
        {"q": "game:pad", "view": "list", "page": "2"},
        # each view reads only the columns it shows: a column left out would be read again
        # card by card (Digimon levels, combo texts and effects in the list)
        {"q": "game:digimon", "view": "list"},
        {"q": "kind:combo", "view": "list"},
        {"q": "level>=IV orb:heart OR kind:combo", "order": "-level"},
        {"q": "name:/mon$/ a>=300", "order": "cost"},
    ],
)
def test_search_pages_use_a_bounded_number_of_queries(
    client, catalogue, django_assert_max_num_queries, params
):
    # PostgreSQL checks a /regex/ first: a savepoint, one SELECT and its release. It also
    # sets the search's statement_timeout: inside the test's transaction, a savepoint, the
    # setting, its restoration and the release (a single SET when not nested).
    budget = 6 if "/" in params["q"] else 3
    with django_assert_max_num_queries(budget + (4 if connection.vendor == "postgresql" else 0)):
        response = client.get(SEARCH, params)
    assert response.status_code == 200
