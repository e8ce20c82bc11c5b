"""One card by id with its statement compiled once (cards/by_pk.py, issue 30): the card is
the ORM's, field for field, for every card of the starter catalogue; what the ORM would not
find is not found; and the card page, picture and API still answer as before."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db.models.sql.compiler import SQLCompiler

from cards.by_pk import card_by_pk
from cards.models import Card

pytestmark = pytest.mark.django_db


def fields(card: Card) -> dict:
    return {field.attname: getattr(card, field.attname) for field in Card._meta.concrete_fields}


def test_every_starter_card_reads_as_the_orm_reads_it(catalogue):
    cards = list(Card.objects.select_related("card_set").order_by("pk"))
    assert len(cards) > 500
    for expected in cards:
        found = card_by_pk(expected.pk, with_set=True)
        assert fields(found) == fields(expected), expected.number
        # types too: a date read back as text, or a list as its JSON, would compare unequal
        # only sometimes
        assert {k: type(v) for k, v in fields(found).items()} == {
            k: type(v) for k, v in fields(expected).items()
        }
        assert found.card_set.code == expected.card_set.code
        assert found._state.adding is False


def test_the_set_comes_with_the_card_in_one_query(catalogue, django_assert_num_queries):
    pk = Card.objects.get(number="B01-005").pk
    with django_assert_num_queries(1):
        card = card_by_pk(pk, with_set=True)
        assert card.card_set.code == "B01"
    card = card_by_pk(pk)
    with django_assert_num_queries(1):  # without it, the set is read when asked for
        assert card.card_set.code == "B01"


def test_an_id_no_card_has_or_no_column_can_hold_finds_nothing(catalogue):
    highest = Card.objects.order_by("-pk").values_list("pk", flat=True).first()
    assert card_by_pk(highest + 1) is None
    assert card_by_pk(-1) is None
    assert card_by_pk(10**30, with_set=True) is None


def test_the_statement_is_compiled_once(catalogue):
    pks = list(Card.objects.order_by("pk").values_list("pk", flat=True)[:3])
    card_by_pk(pks[0])  # compiled here at the latest
    with mock.patch.object(SQLCompiler, "as_sql", side_effect=AssertionError("compiled")):
        assert [card_by_pk(pk).pk for pk in pks] == pks


def test_pages_picture_and_api_of_a_missing_card_are_404(client, catalogue):
    for address in (
        "/cards/99999999999999999999/",
        "/cards/99999999999999999999/image/thumb/",
        "/api/cards/99999999999999999999/",
        "/api/cards/abc/",
    ):
        assert client.get(address).status_code == 404, address


def test_api_card_by_id_still_applies_its_filters(client, catalogue):
    pet = Card.objects.get(number="B01-005")
    assert client.get(f"/api/cards/{pet.pk}/").json()["number"] == "B01-005"
    assert client.get(f"/api/cards/{pet.pk}/?lang=ja").json()["number"] == "B01-005"
    # a filter that excludes the card still hides it, as a filtered list would
    assert client.get(f"/api/cards/{pet.pk}/?game=digimon").status_code == 404
    assert client.get(f"/api/cards/{pet.pk}/?game=pad").status_code == 200


def test_named_answers_the_card_as_the_card_api_does(client, catalogue):
    """named finds candidates by their names only, then reads the one found by id: its answer
    is the whole card, children included, for each kind."""
    from collections import Counter

    counts = Counter(Card.objects.values_list("name", flat=True))
    for kind in ("pet", "skill", "digimon", "option", "combo"):
        card = next(c for c in Card.objects.filter(kind=kind).order_by("pk") if counts[c.name] == 1)
        named = client.get("/api/cards/named/", {"exact": card.name})
        assert named.status_code == 200, (kind, named.content)
        assert named.json() == client.get(f"/api/cards/{card.pk}/").json(), kind


def test_named_reads_a_bounded_number_of_queries(client, catalogue, django_assert_max_num_queries):
    pet = Card.objects.get(number="B01-021")
    with django_assert_max_num_queries(8):
        assert client.get("/api/cards/named/", {"exact": pet.name}).json()["id"] == pet.pk
