"""Pasting a list keeps the lines that resolve and lists the others (issue 15, item 8).

Before: one unknown line refused the whole list on the new-deck page and in the builder,
and a suggestion was text to retype. Now the deck is made of the lines that name a card
of its game; every other line waits with the deck (Deck.unresolved_lines) with why and
the cards it may mean, and one button adds such a card with the line's count.
Real cards of fixtures/: St-1 Agumon, St-2 Greymon (Japanese and English names only),
St-49 攻撃プラグインＡ (stored in Simplified as 攻击组件A), B01-002 Red Dragon (PAD).
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from decks.models import Deck
from tests.clients import api

from .conftest import card
from .test_page_builder import entries_of, new_deck, revision_of

pytestmark = pytest.mark.django_db

# Line 2 is written in Traditional script: the card is stored in Simplified (DGM names, NAME-1).
PASTED = "4 Agumon\n3 攻擊組件A\n4 Grymon\n2 Red Dragon\n"


def lines_of(deck: Deck) -> list[dict]:
    return Deck.objects.get(pk=deck.pk).unresolved_lines


def line_at(deck: Deck, number: int) -> dict:
    return next(line for line in lines_of(deck) if line["line"] == number)


def resolve(client, deck, line: dict, card_id: int, revision=None, **extra):
    data = {"key": line["key"], "card": card_id, "revision": revision or revision_of(deck)}
    return client.post(f"/decks/{deck.pk}/edit/unresolved/add/", data, **extra)


def dismiss(client, deck, line: dict):
    data = {"key": line["key"], "revision": revision_of(deck)}
    return client.post(f"/decks/{deck.pk}/edit/unresolved/dismiss/", data)


def test_a_new_deck_is_made_of_the_lines_that_name_a_card(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon", text=PASTED)
    assert entries_of(deck) == {(card("St-1").pk, 4, "deck"), (card("St-49").pk, 3, "deck")}
    assert [(line["line"], line["code"]) for line in lines_of(deck)] == [
        (3, "unknown_card"),
        (4, "wrong_game"),
    ]
    grymon = line_at(deck, 3)
    assert (grymon["text"], grymon["quantity"], grymon["zone"]) == ("4 Grymon", 4, "deck")
    assert grymon["cards"][0] == card("St-2").pk  # Greymon, one letter away
    assert line_at(deck, 4)["cards"] == []  # a PAD card is never offered for a Digimon deck


def test_the_builder_lists_each_line_with_why_and_one_click_suggestions(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon", text=PASTED)
    response = logged_in.get(f"/decks/{deck.pk}/edit/")
    page = response.content.decode()
    assert "Deck created." in page
    assert "2 lines of the list name no card of this deck&#x27;s game" in page
    assert "Lines not added" in page
    assert "Unknown card “Grymon”." in page
    # DGM-2.5: the other game's card is named as such.
    assert (
        "“Red Dragon” is a Puzzle &amp; Dragons TCG card and cannot be in a Digimon card game deck."
    ) in page
    assert 'data-suggestion="St-2"' in page and "Add 4 × Greymon" in page
    assert page.count(f'action="/decks/{deck.pk}/edit/unresolved/dismiss/"') == 2


def test_a_suggestion_adds_the_card_with_the_lines_count_and_leaves_the_list(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon", text=PASTED)
    before = entries_of(deck)
    response = resolve(logged_in, deck, line_at(deck, 3), card("St-2").pk)
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/edit/"
    assert entries_of(deck) == before | {(card("St-2").pk, 4, "deck")}
    assert [line["line"] for line in lines_of(deck)] == [4]
    assert revision_of(deck) == 2
    page = logged_in.get(response["Location"]).content.decode()
    assert "Added 4 × Greymon." in page and "Grymon" not in page


def test_a_suggestion_adds_to_copies_already_in_the_deck(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon", text="1 Greymon\n2 Greymn\n")
    resolve(logged_in, deck, line_at(deck, 2), card("St-2").pk)
    assert entries_of(deck) == {(card("St-2").pk, 3, "deck")}


def test_only_a_card_suggested_for_the_line_can_be_added(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon", text=PASTED)
    before = entries_of(deck)
    unrelated = card("St-60")  # しょうりつ６０％！
    assert unrelated.pk not in line_at(deck, 3)["cards"]
    response = resolve(logged_in, deck, line_at(deck, 3), unrelated.pk, follow=True)
    assert "This card was not suggested for this line." in response.content.decode()
    assert entries_of(deck) == before and len(lines_of(deck)) == 2


def test_a_page_behind_the_deck_adds_nothing(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon", text=PASTED)
    line = line_at(deck, 3)
    dismiss(logged_in, deck, line_at(deck, 4))  # no new revision: the page is not behind
    logged_in.post(
        f"/decks/{deck.pk}/edit/add/", {"card": card("St-3").pk, "revision": 1}
    )  # revision 2 now
    response = resolve(logged_in, deck, line, card("St-2").pk, revision=1)
    assert response.status_code == 302  # told on the builder page, nothing changed
    assert card("St-2").pk not in {card_id for card_id, _, _ in entries_of(deck)}
    assert [line["line"] for line in lines_of(deck)] == [3]


def test_dismissing_forgets_the_line_and_leaves_the_cards_and_revision(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon", text=PASTED)
    before = entries_of(deck)
    response = dismiss(logged_in, deck, line_at(deck, 4))
    assert response.status_code == 302
    assert [line["line"] for line in lines_of(deck)] == [3]
    assert entries_of(deck) == before and revision_of(deck) == 1
    dismiss(logged_in, deck, line_at(deck, 3))
    page = logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert "data-unresolved" not in page and "Grymon" not in page
    again = logged_in.post(
        f"/decks/{deck.pk}/edit/unresolved/dismiss/", {"key": "gone", "revision": 1}, follow=True
    )
    assert "This line was already added or dismissed." in again.content.decode()


def test_the_lines_belong_to_their_deck_and_survive_a_reload(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon", text=PASTED)
    other = new_deck(logged_in, game="digimon", text="4 Agumon")
    for _ in range(2):
        assert "Unknown card “Grymon”." in logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert "Grymon" not in logged_in.get(f"/decks/{other.pk}/edit/").content.decode()


@pytest.mark.parametrize(("visibility", "status"), [("private", 404), ("public", 403)])
def test_only_the_owner_can_add_a_suggestion_or_dismiss(
    client, owner, other, catalogue, visibility, status
):
    client.force_login(owner)
    deck = new_deck(client, game="digimon", text=PASTED, visibility=visibility)
    before, line = entries_of(deck), line_at(deck, 3)
    client.force_login(other)
    assert resolve(client, deck, line, card("St-2").pk).status_code == status
    assert dismiss(client, deck, line).status_code == status
    client.logout()
    anonymous = resolve(client, deck, line, card("St-2").pk)
    if visibility == "private":
        assert anonymous.status_code == 404
    else:
        assert anonymous["Location"].startswith("/accounts/login/")
    assert entries_of(deck) == before and len(lines_of(deck)) == 2


def test_adding_a_suggestion_needs_the_csrf_token(owner, catalogue):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(owner)
    deck = Deck.objects.create(
        owner=owner,
        game="digimon",
        name="X",
        unresolved_lines=[
            {
                "key": "k1",
                "line": 1,
                "text": "4 Grymon",
                "code": "unknown_card",
                "messages": {},
                "quantity": 4,
                "zone": "deck",
                "cards": [card("St-2").pk],
            }
        ],
    )
    response = resolve(browser, deck, lines_of(deck)[0], card("St-2").pk)
    assert response.status_code == 403
    assert entries_of(deck) == set() and len(lines_of(deck)) == 1
    page = browser.get(f"/decks/{deck.pk}/edit/").content.decode()
    form = re.search(r'<form method="post" action="[^"]*/unresolved/add/".*?</form>', page, re.S)
    assert 'name="csrfmiddlewaretoken"' in form.group(0)


def test_a_builder_paste_adds_what_resolves_and_keeps_earlier_lines(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon", text="1 Agumon\n2 Grymon")
    response = logged_in.post(
        f"/decks/{deck.pk}/edit/paste/",
        {"list": "3 Gabumon\n1 Nobody Knows", "mode": "add", "revision": 1},
        follow=True,
    )
    page = response.content.decode()
    assert "Added 3 cards from the list." in page
    assert "1 line of the list names no card of this deck&#x27;s game" in page
    assert entries_of(deck) == {(card("St-1").pk, 1, "deck"), (card("St-5").pk, 3, "deck")}
    assert [line["text"] for line in lines_of(deck)] == ["2 Grymon", "1 Nobody Knows"]
    # A replaced deck forgets the lines of the lists it replaced.
    logged_in.post(
        f"/decks/{deck.pk}/edit/paste/",
        {"list": "4 Palmon\n2 Gomamn", "mode": "replace", "revision": 2},
    )
    assert entries_of(deck) == {(card("St-9").pk, 4, "deck")}
    assert [line["text"] for line in lines_of(deck)] == ["2 Gomamn"]


def test_a_paste_where_no_line_resolves_keeps_the_deck_as_it_was(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon", text="4 Agumon")
    response = logged_in.post(
        f"/decks/{deck.pk}/edit/paste/",
        {"list": "2 Grymon", "mode": "replace", "revision": 1},
        HTTP_X_REQUESTED_WITH="fetch",
    )
    body = response.json()
    assert response.status_code == 200 and body["revision"] == 1
    assert body["messages"][0]["level"] == "warning"
    assert 'data-suggestion="St-2"' in body["panels"]["unresolved"]
    assert entries_of(deck) == {(card("St-1").pk, 4, "deck")}
    assert [line["text"] for line in lines_of(deck)] == ["2 Grymon"]


def test_cards_under_a_team_header_of_a_digimon_list_are_offered_for_the_deck(logged_in, catalogue):
    # DGM-2: a Digimon deck has no team.
    deck = new_deck(logged_in, game="digimon", text="Team:\n2 Agumon\nDeck:\n1 Gabumon")
    assert entries_of(deck) == {(card("St-5").pk, 1, "deck")}
    assert [(line["line"], line["cards"]) for line in lines_of(deck)] == [
        (1, []),
        (2, [card("St-1").pk]),
    ]
    resolve(logged_in, deck, line_at(deck, 2), card("St-1").pk)
    assert (card("St-1").pk, 2, "deck") in entries_of(deck)


def test_the_lines_read_in_the_pages_language(logged_in, catalogue):
    translation.activate("zh-hant")
    deck = new_deck(logged_in, game="digimon", text="4 Grymon\n2 Red Dragon\n2 攻击组件")
    page = logged_in.get(f"/decks/{deck.pk}/edit/", HTTP_ACCEPT_LANGUAGE="zh-hant")
    text = page.content.decode()
    assert "找不到卡片「Grymon」。" in text
    assert "「Red Dragon」是龍族拼圖 TCG的卡，不能放進數碼寶貝卡片遊戲牌組。" in text
    # St-49 is stored in Simplified only: the 繁體 reader gets it converted (display_names).
    assert "攻擊組件A" in text and "攻击组件A" not in text


def test_the_builder_page_reads_every_line_in_a_bounded_number_of_queries(
    logged_in, catalogue, django_assert_max_num_queries
):
    # Thirty misspellings of thirty different cards (the last letter dropped), each with
    # its own suggestions, cost the page no more queries than one line.
    names = [card(f"St-{n}").names["en"] for n in range(1, 31)]
    one = new_deck(logged_in, game="digimon", text="4 Grymon")
    many = new_deck(logged_in, game="digimon", text="\n".join(f"1 {name[:-1]}" for name in names))
    assert len(lines_of(many)) == 30
    assert len({card_id for line in lines_of(many) for card_id in line["cards"]}) >= 30
    with CaptureQueriesContext(connection) as few:
        logged_in.get(f"/decks/{one.pk}/edit/")
    with django_assert_max_num_queries(len(few)):
        page = logged_in.get(f"/decks/{many.pk}/edit/").content.decode()
    assert page.count('class="unresolved-line"') == 30


def test_the_api_import_stays_atomic(catalogue, owner):
    body = {"game": "digimon", "name": "X", "list": PASTED}
    response = api(owner).post("/api/decks/", body, format="json")
    assert response.status_code == 400
    error = response.json()
    assert error["code"] == "invalid_list"
    assert [(e["line"], e["code"]) for e in error["errors"]] == [
        (3, "unknown_card"),
        (4, "wrong_game"),
    ]
    assert error["errors"][0]["suggestions"][0] == "Greymon"
    assert not Deck.objects.exists()
