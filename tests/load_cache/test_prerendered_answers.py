"""API answers kept in the shared cache as their JSON (cardsite/renderers.py, issue 30): the
second client gets the same bytes; an indented answer and the browsable API still work."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from cards.models import Card
from tests.clients import api

pytestmark = pytest.mark.django_db


def addresses() -> list[str]:
    card = Card.objects.get(number="B01-001")  # Lil' Red Dragon
    return [
        f"/api/cards/{card.pk}/",
        "/api/cards/?q=dragon",
        "/api/cards/named/?exact=Lil'%20Red%20Dragon",
        "/api/cards/autocomplete/?q=lil",
    ]


def test_a_second_client_gets_the_same_answer_without_a_query(
    catalogue, django_assert_max_num_queries
):
    for address in addresses():
        first = Client().get(address)
        assert first.status_code == 200 and first["Content-Type"] == "application/json"

        with django_assert_max_num_queries(0):
            second = Client().get(address)

        assert second.status_code == 200 and second["Content-Type"] == "application/json"
        assert second.content == first.content


def test_an_indented_answer_is_indented_and_the_same(catalogue):
    for address in addresses():
        compact = Client().get(address).content  # now kept as compact JSON
        indented = Client().get(address, HTTP_ACCEPT="application/json; indent=4").content

        assert b'\n    "' in indented and b"\n" not in compact
        assert json.loads(indented) == json.loads(compact)


def test_the_browsable_api_shows_a_kept_answer(catalogue):
    address = addresses()[0]
    Client().get(address)

    page = Client().get(address, HTTP_ACCEPT="text/html")

    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    assert (
        "Lil&#x27; Red Dragon" in page.content.decode()
        or "Lil' Red Dragon" in page.content.decode()
    )


def test_a_validation_verdict_is_the_same_from_the_cache(catalogue):
    from tests.decks.test_page_builder import legal_pad_list

    body = {"game": "pad", "list": legal_pad_list()}
    first = api().post("/api/decks/validate/", body, format="json")
    second = api().post("/api/decks/validate/", body, format="json")

    assert first.status_code == second.status_code == 200
    assert second.content == first.content and second.json()["valid"] is True


def test_the_browsable_api_offers_the_filters_of_a_kept_search(catalogue):
    Client().get("/api/cards/?q=dragon")

    page = Client().get("/api/cards/?q=dragon", HTTP_ACCEPT="text/html").content.decode()

    assert 'data-target="#filtersModal"' in page or 'id="filtersModal"' in page
