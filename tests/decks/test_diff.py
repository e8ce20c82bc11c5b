"""Two decks, or two revisions of one, side by side: decks.diff, the page, the API (issue 16).

Expected rows are worked out by hand from real catalogue cards: B01-001 Lil' Red Dragon,
B01-002 Red Dragon, B01-003 Volcano Dragon, B01-006 Blue Dragon (PAD), St-1 (Digimon).
"""

from __future__ import annotations

import re

import pytest

from cards.models import Card
from decks.diff import diff_entries, summarise
from decks.models import PRIVATE, PUBLIC, Deck
from decks.rules import EntryInput
from decks.services import deck_create, deck_fork, deck_update
from tests.api.test_decks_api import api_schema
from tests.clients import api

from .conftest import pad_deck

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _one_revision_per_write(settings):
    settings.DECK_REVISION_BURST_SECONDS = 0


def pk(number: str) -> int:
    return Card.objects.get(number=number).pk


def entries(*items: tuple[str, int, str]) -> list[EntryInput]:
    return [EntryInput(pk(number), quantity, zone) for number, quantity, zone in items]


A_LIST = (("B01-001", 1, "team"), ("B01-002", 3, "deck"), ("B01-003", 2, "deck"))
B_LIST = (("B01-001", 1, "team"), ("B01-002", 1, "deck"), ("B01-006", 3, "deck"))


def row(number: str, name: str, zone: str, a: int, b: int) -> dict:
    return {"card": pk(number), "name": name, "zone": zone, "a": a, "b": b, "change": b - a}


def expected_rows() -> list[dict]:
    """A → B: the team unchanged; Blue Dragon +3, Red Dragon 3 → 1, Volcano Dragon gone."""
    return [
        row("B01-001", "Lil' Red Dragon", "team", 1, 1),
        row("B01-006", "Blue Dragon", "deck", 0, 3),
        row("B01-002", "Red Dragon", "deck", 3, 1),
        row("B01-003", "Volcano Dragon", "deck", 2, 0),
    ]


EXPECTED_SUMMARY = {
    "added": 3,
    "removed": 4,
    "changed": 3,
    "unchanged": 1,
    "a_total": 6,
    "b_total": 5,
}


@pytest.fixture
def two_decks(catalogue, owner, other):
    a = deck_create(
        owner=owner, game="pad", name="Fire", entries=entries(*A_LIST), visibility=PUBLIC
    )
    b = deck_create(
        owner=other, game="pad", name="Mixed", entries=entries(*B_LIST), visibility=PUBLIC
    )
    return a, b


# --- The plain function ---------------------------------------------------------------------


def test_diff_entries_lists_every_card_by_zone_with_both_counts():
    a = [{"card": 5, "quantity": 2, "zone": "deck"}, {"card": 9, "quantity": 1, "zone": "side"}]
    b = [
        {"card": 5, "quantity": 1, "zone": "deck"},
        {"card": 5, "quantity": 1, "zone": "deck"},  # the same card twice counts together
        {"card": 7, "quantity": 1, "zone": "team"},
    ]
    rows = diff_entries(a, b, {5: "Five", 7: "Seven", 9: "Nine"})
    assert [row.as_dict() for row in rows] == [
        {"card": 7, "name": "Seven", "zone": "team", "a": 0, "b": 1, "change": 1},
        {"card": 5, "name": "Five", "zone": "deck", "a": 2, "b": 2, "change": 0},
        {"card": 9, "name": "Nine", "zone": "side", "a": 1, "b": 0, "change": -1},
    ]
    assert summarise(rows) == {
        "added": 1, "removed": 1, "changed": 2, "unchanged": 1, "a_total": 3, "b_total": 3,
    }  # fmt: skip


# --- API ------------------------------------------------------------------------------------


def test_api_diff_against_another_deck(two_decks, other):
    a, b = two_decks
    body = api(other).get(f"/api/decks/{b.pk}/diff/?against={a.pk}").json()
    assert body["a"] == {"deck": a.pk, "name": "Fire", "revision": 1, "current": True}
    assert body["b"] == {"deck": b.pk, "name": "Mixed", "revision": 1, "current": True}
    assert body["rows"] == expected_rows()
    assert body["summary"] == EXPECTED_SUMMARY


def test_api_diff_of_two_revisions_and_against_the_current_deck(two_decks, owner):
    a, _ = two_decks
    deck = deck_update(deck=a, author=owner, revision=1, entries=entries(*B_LIST))
    deck = deck_update(deck=deck, author=owner, revision=2, name="Renamed")
    body = api().get(f"/api/decks/{a.pk}/diff/?from=1&to=2").json()
    assert (body["a"]["revision"], body["b"]["revision"]) == (1, 2)
    assert body["a"]["current"] is False and body["b"]["current"] is False
    assert body["rows"] == expected_rows()
    now = api().get(f"/api/decks/{a.pk}/diff/?from=1").json()
    assert now["b"] == {"deck": a.pk, "name": "Renamed", "revision": 3, "current": True}
    assert now["summary"] == EXPECTED_SUMMARY


def test_api_diff_keeps_private_decks_and_revisions_private(two_decks, owner, other):
    a, b = two_decks
    secret = deck_create(owner=owner, game="pad", name="S", entries=entries(*A_LIST))
    assert api(other).get(f"/api/decks/{b.pk}/diff/?against={secret.pk}").status_code == 404
    assert api(other).get(f"/api/decks/{secret.pk}/diff/?against={b.pk}").status_code == 404
    assert api(owner).get(f"/api/decks/{b.pk}/diff/?against={secret.pk}").status_code == 200
    # Revision 1 was made while private: once shared, it is still the owner's only.
    deck_update(deck=secret, author=owner, revision=1, visibility=PUBLIC, entries=entries(*B_LIST))
    response = api(other).get(f"/api/decks/{secret.pk}/diff/?from=1&to=2")
    assert response.status_code == 404 and response.json()["code"] == "not_found"
    assert api(owner).get(f"/api/decks/{secret.pk}/diff/?from=1&to=2").status_code == 200


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ("", "invalid_parameter"),
        ("?to=1", "invalid_parameter"),
        ("?from=x", "invalid_parameter"),
        ("?from=99999999999999", "invalid_parameter"),
        ("?from=1&against=abc", "invalid_parameter"),
    ],
)
def test_api_diff_refuses_unclear_requests(two_decks, query, code):
    a, _ = two_decks
    response = api().get(f"/api/decks/{a.pk}/diff/{query}")
    assert response.status_code == 400 and response.json()["code"] == code


def test_api_diff_of_two_games_and_unknown_revisions(two_decks, owner):
    a, _ = two_decks
    digimon = deck_create(
        owner=owner,
        game="digimon",
        name="D",
        entries=entries(("St-1", 1, "deck")),
        visibility=PUBLIC,
    )
    response = api().get(f"/api/decks/{a.pk}/diff/?against={digimon.pk}")
    assert response.status_code == 400 and response.json()["code"] == "different_games"
    assert api().get(f"/api/decks/{a.pk}/diff/?from=7").json()["code"] == "not_found"
    assert api().get("/api/decks/nosuchdeck/diff/?from=1").status_code == 404


def test_api_diff_queries_do_not_grow_with_the_decks(
    catalogue, owner, django_assert_max_num_queries
):
    big = pad_deck(60, copies=1)
    small_a = deck_create(owner=owner, game="pad", name="a", entries=entries(*A_LIST))
    small_b = deck_create(owner=owner, game="pad", name="b", entries=entries(*B_LIST))
    big_a = deck_create(owner=owner, game="pad", name="A", entries=big)
    big_b = deck_create(owner=owner, game="pad", name="B", entries=big[:30])
    for x, y in ((small_a, small_b), (big_a, big_b)):
        with django_assert_max_num_queries(7):  # session user, 2 decks, 2 lists, names
            assert api(owner).get(f"/api/decks/{x.pk}/diff/?against={y.pk}").status_code == 200
    deck_update(deck=big_a, author=owner, revision=1, entries=big[10:])
    with django_assert_max_num_queries(6):
        body = api(owner).get(f"/api/decks/{big_a.pk}/diff/?from=1&to=2").json()
    assert body["summary"]["removed"] == 10


def test_the_schema_documents_the_diff():
    operation = api_schema()["paths"]["/api/decks/{id}/diff/"]["get"]
    assert {p["name"] for p in operation["parameters"]} >= {"against", "from", "to"}
    assert {"200", "400", "404"} <= set(operation["responses"])


# --- Pages ----------------------------------------------------------------------------------


def test_the_diff_page_shows_both_lists_side_by_side_with_signs(client, two_decks):
    a, b = two_decks
    page = client.get(f"/decks/{b.pk}/diff/?against={a.pk}").content.decode()
    rows = re.findall(r'<tr class="diff-row (diff-\w+)" data-card="(\d+)">', page)
    assert rows == [
        ("diff-same", str(pk("B01-001"))),
        ("diff-plus", str(pk("B01-006"))),
        ("diff-minus", str(pk("B01-002"))),
        ("diff-minus", str(pk("B01-003"))),
    ]
    assert re.findall(r'<td class="diff-change">([^<]*)</td>', page) == ["=", "+3", "−2", "−2"]
    assert "+3 copies added · −4 copies removed · 6 cards in A, 5 in B" in page


def test_the_diff_page_follows_readability(client, two_decks, owner, other):
    a, b = two_decks
    secret = deck_create(
        owner=owner, game="pad", name="S", entries=entries(*A_LIST), visibility=PRIVATE
    )
    client.force_login(other)
    assert client.get(f"/decks/{b.pk}/diff/?against={secret.pk}").status_code == 404
    assert client.get(f"/decks/{secret.pk}/diff/?from=1").status_code == 404
    assert client.get(f"/decks/{b.pk}/diff/").status_code == 400


def test_the_revisions_page_and_a_fork_link_to_the_diff(client, two_decks, owner, other):
    a, _ = two_decks
    deck_update(deck=a, author=owner, revision=1, entries=entries(*B_LIST))
    page = client.get(f"/decks/{a.pk}/revisions/").content.decode()
    assert f'href="/decks/{a.pk}/diff/?from=1"' in page  # compare with current
    assert 'form="compare-form" checked' in page and f'action="/decks/{a.pk}/diff/"' in page
    fork = deck_fork(deck=Deck.objects.get(pk=a.pk), owner=other)
    client.force_login(other)
    page = client.get(f"/decks/{fork.pk}/").content.decode()
    assert f'href="/decks/{fork.pk}/diff/?against={a.pk}"' in page
