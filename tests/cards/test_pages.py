from __future__ import annotations

import pytest
from django.urls import reverse

from cards.models import Card

pytestmark = pytest.mark.django_db


def test_home_page_shows_what_the_catalogue_holds(client, catalogue):
    page = client.get("/").content.decode()
    pets = Card.objects.filter(kind="pet").count()
    assert f'data-kind="pet">{pets}<' in page
    assert 'href="/cards/?game=digimon&amp;kind=combo"' in page


def test_home_page_on_an_empty_catalogue(client):
    assert "No cards yet." in client.get("/").content.decode()


@pytest.mark.parametrize("number", ["B01-021", "B01-104", "St-2", "St-49", "R-001"])
def test_card_page_renders_each_kind(client, catalogue, number):
    card = Card.objects.get(number=number)
    page = client.get(reverse("cards:detail", args=[card.pk])).content.decode()
    assert card.name in page


def test_card_page_shows_unknown_values_as_unknown(client, catalogue):
    card = Card.objects.get(number="St-4")  # printed lost points not transcribed
    page = client.get(reverse("cards:detail", args=[card.pk])).content.decode()
    assert "unknown" in page


def test_card_list_filters_by_game_and_kind(client, catalogue, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):
        page = client.get(reverse("cards:list"), {"game": "digimon", "kind": "combo"})
    assert page.context["page"].paginator.count == 7
