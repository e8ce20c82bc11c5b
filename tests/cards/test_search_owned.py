"""`is:owned` and `owned>=N` in the query language: the cards the searching player owns
(issue 16, item 4). Cards are the real starter catalogue's."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth.models import AnonymousUser
from rest_framework.test import APIClient

from cards.models import Card
from cards.search import search_cards
from cards.search.sharing import depends_on_reader
from decks.collection import import_collection
from tests.clients import api

pytestmark = pytest.mark.django_db


@pytest.fixture
def shared_catalogue_cache(settings):
    """Cache the search pages and API answers as production does (one copy for everyone)."""
    settings.CACHES = {
        **settings.CACHES,
        "catalogue": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"owned-{uuid.uuid4().hex}",
        },
    }


@pytest.fixture
def collections(catalogue, owner, other):
    # owner: 3 Red Dragon, 1 Agumon, 2 Greymon; other: 1 Blue Dragon.
    import_collection(owner=owner, text="3 Red Dragon\n1 Agumon\n2 Greymon\n")
    import_collection(owner=other, text="1 Blue Dragon\n")


def numbers(query: str, user, game: str | None = None) -> list[str]:
    cards = Card.objects.filter(game=game) if game else Card.objects.all()
    result = search_cards(query, cards, user=user)
    return sorted(result.cards.values_list("number", flat=True))


def test_is_owned_finds_the_searching_players_cards(collections, owner, other):
    assert numbers("is:owned", owner) == ["B01-002", "St-1", "St-2"]
    assert numbers("is:owned", other) == ["B01-006"]
    assert numbers("is:owned game:digimon", owner) == ["St-1", "St-2"]
    assert numbers("is:owned", owner, game="pad") == ["B01-002"]


def test_not_owned_excludes_them(collections, owner):
    not_owned = numbers("-is:owned", owner, game="digimon")
    assert "St-1" not in not_owned and "St-2" not in not_owned
    assert len(not_owned) == Card.objects.filter(game="digimon").count() - 2


def test_owned_counts_compare_copies(collections, owner):
    assert numbers("owned>=2", owner) == ["B01-002", "St-2"]
    assert numbers("owned=1", owner) == ["St-1"]
    assert numbers("owned>3", owner) == []
    # A card not owned has 0 copies: owned<2 finds it too, but not the 2 and 3 owned.
    fewer = numbers("owned<2", owner, game="digimon")
    assert "St-1" in fewer and "St-3" in fewer and "St-2" not in fewer


def test_anonymous_searchers_are_warned_and_find_nothing(collections):
    result = search_cards("is:owned", user=AnonymousUser())
    assert not result.cards.exists()
    assert result.warnings == [
        {
            "code": "login_required",
            "message": "is:owned: log in to search the cards you own; no card matches it.",
            "position": 0,
        }
    ]
    assert not search_cards("is:owned").cards.exists()  # no user given: the same


def test_only_queries_naming_owned_cards_depend_on_the_reader():
    assert depends_on_reader("is:owned")
    assert depends_on_reader("c:red (owned>=2 OR -is:owned)")
    assert not depends_on_reader("owned")  # a free word: a card name
    assert not depends_on_reader("is:conflict")
    assert not depends_on_reader('"is:owned')  # unparsable: the same error for everyone


def test_the_api_answers_each_player_with_their_own_cards(
    collections, owner, other, shared_catalogue_cache
):
    first = api(owner).get("/api/cards/?q=is:owned").json()
    second = api(other).get("/api/cards/?q=is:owned").json()
    anonymous = APIClient().get("/api/cards/?q=is:owned").json()

    assert sorted(card["number"] for card in first["results"]) == ["B01-002", "St-1", "St-2"]
    assert [card["number"] for card in second["results"]] == ["B01-006"]
    assert anonymous["results"] == []
    assert anonymous["warnings"][0]["code"] == "login_required"


def test_the_search_page_answers_each_player_with_their_own_cards(
    client, collections, owner, other, shared_catalogue_cache
):
    client.force_login(owner)
    page = client.get("/cards/?q=is%3Aowned&view=list").content.decode()
    assert "B01-002" in page and "St-2" in page

    client.force_login(other)
    page = client.get("/cards/?q=is%3Aowned&view=list").content.decode()
    assert "B01-006" in page and "B01-002" not in page


def test_the_builder_search_finds_owned_cards(client, collections, owner):
    client.force_login(owner)
    deck = api(owner).post("/api/decks/", {"game": "pad", "name": "Mine"}, format="json").json()

    page = client.get(f"/decks/{deck['id']}/edit/?q=is%3Aowned").content.decode()

    # Red Dragon only: Agumon and Greymon are owned too, but are no PAD cards.
    red = Card.objects.get(number="B01-002")
    assert page.count('<li class="result"') == 1
    assert f'<li class="result" data-card="{red.pk}"' in page


def test_the_syntax_page_explains_is_owned(client, catalogue):
    page = client.get("/cards/syntax/").content.decode()
    assert "is:owned" in page and "owned&gt;=2" in page
