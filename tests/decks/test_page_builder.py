"""The deck builder pages: plain forms (Post/Redirect/Get) and the fetch variant (issue 5)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards.models import Card
from decks.models import Deck

from .conftest import digimon_deck, pad_deck, pad_team

pytestmark = pytest.mark.django_db

FETCH = {"HTTP_X_REQUESTED_WITH": "fetch"}


# --- Helpers shared by the page tests (imported by name, never fixtures) ---------------------


def list_text(entries) -> str:
    """A deck list in the text format, by card number, Team: then Deck:."""
    numbers = dict(
        Card.objects.filter(pk__in=[e.card_id for e in entries]).values_list("pk", "number")
    )
    team = [f"{e.quantity} {numbers[e.card_id]}" for e in entries if e.zone == "team"]
    deck = [f"{e.quantity} {numbers[e.card_id]}" for e in entries if e.zone == "deck"]
    return "\n".join((["Team:", *team] if team else []) + ["Deck:", *deck])


def legal_pad_list() -> str:
    return list_text([*pad_team(), *pad_deck(40)])


def new_deck(client, game="pad", text="", name="My deck", visibility="private") -> Deck:
    response = client.post(
        "/decks/new/", {"game": game, "name": name, "visibility": visibility, "list": text}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    deck_id = response["Location"].split("/")[2]
    assert response["Location"] == f"/decks/{deck_id}/edit/"
    return Deck.objects.get(pk=deck_id)


def entries_of(deck: Deck) -> set[tuple[int, int, str]]:
    return {(e.card_id, e.quantity, e.zone) for e in Deck.objects.get(pk=deck.pk).entries.all()}


def revision_of(deck: Deck) -> int:
    return Deck.objects.get(pk=deck.pk).revision


def post(client, deck: Deck, action: str, follow=False, revision=None, headers=None, **data):
    data["revision"] = revision_of(deck) if revision is None else revision
    return client.post(f"/decks/{deck.pk}/edit/{action}/", data, follow=follow, **(headers or {}))


# --- Fixtures -------------------------------------------------------------------------------


# --- Creating a deck ------------------------------------------------------------------------


def test_new_deck_form_is_for_logged_in_users(client, catalogue):
    response = client.get("/decks/new/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_new_deck_with_a_pasted_list_opens_the_builder(logged_in, owner, catalogue):
    page = logged_in.get("/decks/new/").content.decode()
    assert 'name="game"' in page and 'name="list"' in page
    deck = new_deck(logged_in, text=legal_pad_list(), name="Fire")
    assert deck.owner == owner and deck.game == "pad" and deck.name == "Fire"
    assert deck.is_valid and (deck.deck_count, deck.team_count) == (40, 5)
    page = logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert "Deck created." in page
    assert 'data-verdict="legal"' in page


def test_new_deck_keeps_the_lines_that_resolve_and_lists_the_others(logged_in, catalogue):
    # Issue 15, item 8: one unknown line no longer blocks the deck (test_paste_partial.py).
    text = "Deck:\n3 Red Dragon\n2 Nobody Knows\n1 Nor This One"
    deck = new_deck(logged_in, text=text, name="X")
    assert entries_of(deck) == {(Card.objects.get(number="B01-002").pk, 3, "deck")}
    page = logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert "Line 3" in page and "2 Nobody Knows" in page
    assert "Unknown card “Nobody Knows”." in page
    assert "Line 4" in page and "Unknown card “Nor This One”." in page
    assert "2 lines of the list name no card of this deck&#x27;s game" in page


def test_new_deck_without_a_list_is_empty(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon")
    assert deck.game == "digimon" and entries_of(deck) == set()
    page = logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert 'data-verdict="illegal"' in page
    assert "Deck: <strong>0</strong> of 30 cards" in page


# --- Building with the plain forms ----------------------------------------------------------


def build(client, deck, entries):
    for entry in entries:
        response = post(
            client, deck, "add", card=entry.card_id, quantity=entry.quantity, zone=entry.zone
        )
        assert response.status_code == 302
        assert response["Location"] == f"/decks/{deck.pk}/edit/"


def test_build_a_legal_pad_deck_with_team_through_the_plain_forms(logged_in, catalogue):
    deck = new_deck(logged_in, game="pad")
    entries = [*pad_team(), *pad_deck(40)]
    build(logged_in, deck, entries)
    deck.refresh_from_db()
    assert deck.revision == 1 + len(entries)
    assert deck.is_valid and (deck.deck_count, deck.team_count) == (40, 5)
    page = logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert 'data-verdict="legal"' in page
    assert "Team: <strong>5</strong> of 5 base pets" in page
    assert "Deck: <strong>40</strong> cards (needs 40–60)" in page
    assert 'class="violations"' not in page


def test_build_a_legal_digimon_deck_through_the_plain_forms(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon")
    build(logged_in, deck, digimon_deck(30))
    page = logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert 'data-verdict="legal"' in page
    assert "Deck: <strong>30</strong> of 30 cards" in page
    assert "Team:" not in page.split('data-panel="validation"')[1].split("</section>")[0]


def test_the_panel_lists_every_violation(logged_in, catalogue):
    evolved = Card.objects.filter(game="pad", kind="pet").exclude(stage="base").first()
    deck = new_deck(logged_in, text=f"Team:\n1 {evolved.number}\nDeck:\n4 B01-002")
    page = logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    codes = re.findall(r'<li data-code="([a-z_]+)">', page)
    assert sorted(codes) == ["copy_limit", "deck_size", "team_not_base", "team_size"]
    assert "Not legal yet: 4 problems." in page


def test_add_quantity_remove_and_messages(logged_in, catalogue):
    red = Card.objects.get(number="B01-002")
    deck = new_deck(logged_in)
    response = post(logged_in, deck, "add", follow=True, card=red.pk)
    assert "Added 1 × Red Dragon." in response.content.decode()
    assert entries_of(deck) == {(red.pk, 1, "deck")}
    post(logged_in, deck, "add", card=red.pk, quantity=2)
    assert entries_of(deck) == {(red.pk, 3, "deck")}
    post(logged_in, deck, "quantity", card=red.pk, zone="deck", delta=-1)
    assert entries_of(deck) == {(red.pk, 2, "deck")}
    post(logged_in, deck, "quantity", card=red.pk, zone="deck", delta=1, quantity=2)
    assert entries_of(deck) == {(red.pk, 3, "deck")}
    post(logged_in, deck, "quantity", card=red.pk, zone="deck", quantity=7)
    assert entries_of(deck) == {(red.pk, 7, "deck")}
    post(logged_in, deck, "quantity", card=red.pk, zone="deck", quantity=0)
    assert entries_of(deck) == set()
    post(logged_in, deck, "add", card=red.pk)
    post(logged_in, deck, "quantity", card=red.pk, zone="deck", quantity=3, remove=1)
    assert entries_of(deck) == set()


def test_move_a_base_pet_to_the_team_and_back(logged_in, catalogue):
    tyrra = Card.objects.get(number="B01-021")
    deck = new_deck(logged_in, text="Deck:\n3 B01-021")
    page = logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert "To team" in page
    response = post(logged_in, deck, "move", follow=True, card=tyrra.pk, zone="deck", to="team")
    assert "Moved to the team." in response.content.decode()
    assert entries_of(deck) == {(tyrra.pk, 2, "deck"), (tyrra.pk, 1, "team")}
    assert "To deck" in response.content.decode()
    post(logged_in, deck, "move", card=tyrra.pk, zone="team", to="deck")
    assert entries_of(deck) == {(tyrra.pk, 3, "deck")}


def test_evolved_pets_and_digimon_have_no_team_buttons(logged_in, catalogue):
    deck = new_deck(logged_in, text="Deck:\n3 B01-002")  # Red Dragon: evo 1
    assert "To team" not in logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()
    agumon = Card.objects.get(number="St-1")
    digi = new_deck(logged_in, game="digimon", text="3 St-1")
    page = logged_in.get(f"/decks/{digi.pk}/edit/", {"q": "St-1"}).content.decode()
    assert "To team" not in page and 'value="team"' not in page
    response = post(logged_in, digi, "move", follow=True, card=agumon.pk, zone="deck", to="team")
    assert "Only PAD decks have a team." in response.content.decode()
    response = post(logged_in, digi, "add", follow=True, card=agumon.pk, zone="team")
    assert "Only PAD decks have a team." in response.content.decode()
    assert entries_of(digi) == {(agumon.pk, 3, "deck")}


def test_a_card_of_the_other_game_is_refused(logged_in, catalogue):
    deck = new_deck(logged_in)
    agumon = Card.objects.get(number="St-1")
    response = post(logged_in, deck, "add", follow=True, card=agumon.pk)
    assert "is a Digimon card game card and cannot be in a Puzzle" in response.content.decode()
    assert entries_of(deck) == set() and revision_of(deck) == 1


def test_a_stale_revision_is_refused_and_nothing_changes(logged_in, catalogue):
    """Two tabs show revision 1; the first edit wins, the second is refused."""
    red, tyrra = Card.objects.get(number="B01-002"), Card.objects.get(number="B01-021")
    deck = new_deck(logged_in)
    post(logged_in, deck, "add", revision=1, card=red.pk)
    before = entries_of(deck)
    response = post(logged_in, deck, "add", follow=True, revision=1, card=tyrra.pk)
    page = response.content.decode()
    assert "changed elsewhere" in page and "nothing was changed" in page
    assert entries_of(deck) == before and revision_of(deck) == 2
    for action, data in [
        ("quantity", {"card": red.pk, "zone": "deck", "delta": 1}),
        ("move", {"card": red.pk, "zone": "deck", "to": "team"}),
        ("paste", {"list": "3 B01-021", "mode": "replace"}),
        ("settings", {"name": "Other tab", "visibility": "public"}),
    ]:
        post(logged_in, deck, action, revision=1, **data)
        assert entries_of(deck) == before and revision_of(deck) == 2, action
    assert Deck.objects.get(pk=deck.pk).name == "My deck"
    response = post(logged_in, deck, "add", revision=1, headers=FETCH, card=tyrra.pk)
    assert response.status_code == 409
    body = response.json()
    assert body["ok"] is False and body["revision"] == 2
    assert "changed elsewhere" in body["messages"][0]["text"]
    assert entries_of(deck) == before


def test_the_fetch_variant_returns_the_panels_and_the_new_revision(logged_in, catalogue):
    red = Card.objects.get(number="B01-002")
    deck = new_deck(logged_in)
    response = post(logged_in, deck, "add", headers=FETCH, card=red.pk, quantity=3, q="Red")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    body = response.json()
    assert body["ok"] is True and body["revision"] == 2
    assert body["messages"] == [{"level": "success", "text": "Added 3 × Red Dragon."}]
    panels = body["panels"]
    assert set(panels) == {
        *("summary", "results", "entries", "validation", "stats", "odds", "unresolved"),
        "ownership",  # the cards of the deck the player owns (issue 16)
        "deck_tab",  # the phone's Deck tab: count and legality (issue 29)
    }
    assert f'data-card="{red.pk}"' in panels["entries"]
    assert 'value="3"' in panels["entries"]
    assert 'name="revision" value="2"' in panels["entries"]
    assert "The deck must have 40 to 60 cards; it has 3." in panels["validation"]
    assert "<svg" in panels["stats"]
    assert "Red Dragon" in panels["odds"]
    assert "Revision 2" in panels["summary"]
    assert '<span class="tab-count">3</span>' in panels["deck_tab"]  # 3 of 40: PAD-2.1
    assert "Not legal yet" in panels["deck_tab"]
    assert "3 in deck" in panels["results"]  # the search kept through the write
    # No message was left for the next page: fetch answers carry their own.
    assert "Added 3" not in logged_in.get(f"/decks/{deck.pk}/edit/").content.decode()


def test_fetch_form_errors_are_json(logged_in, catalogue):
    deck = new_deck(logged_in)
    # Past the copies cap (decks.limits) the list as a whole is refused.
    text = "99 Red Dragon\n1 Red Dragon"
    response = post(logged_in, deck, "paste", headers=FETCH, list=text, mode="add")
    assert response.status_code == 400
    body = response.json()
    assert body["ok"] is False and "panels" not in body
    assert body["messages"][0]["text"].startswith("Line 2: “Red Dragon”: 100 copies in all")
    response = post(logged_in, deck, "quantity", headers=FETCH, card=1, zone="deck")
    assert response.status_code == 400 and response.json()["ok"] is False
    assert revision_of(deck) == 1


# --- Searching ------------------------------------------------------------------------------


def test_search_results_are_the_decks_game_with_add_forms(logged_in, catalogue):
    deck = new_deck(logged_in)
    page = logged_in.get(f"/decks/{deck.pk}/edit/", {"q": "attr:fire stage:base"}).content
    page = page.decode()
    results = re.findall(r'<li class="result" data-card="(\d+)">', page)
    expected = Card.objects.filter(game="pad", attribute="fire", stage="base")
    assert {int(pk) for pk in results} == set(expected.values_list("pk", flat=True))
    assert f'action="/decks/{deck.pk}/edit/add/"' in page
    assert page.count('name="revision" value="1"') >= len(results)
    assert 'name="q" value="attr:fire stage:base"' in page  # kept through the redirect
    # A Digimon search in a PAD deck finds nothing.
    page = logged_in.get(f"/decks/{deck.pk}/edit/", {"q": "St-1"}).content.decode()
    assert 'class="result"' not in page and "No cards match this query." in page


def test_adding_from_a_search_keeps_the_search(logged_in, catalogue):
    deck = new_deck(logged_in)
    red = Card.objects.get(number="B01-002")
    response = post(logged_in, deck, "add", card=red.pk, q="Red Dragon", turn="5")
    assert response["Location"] == f"/decks/{deck.pk}/edit/?q=Red+Dragon&turn=5"


def test_search_as_you_type_returns_the_results_panel(logged_in, catalogue):
    deck = new_deck(logged_in, game="digimon")
    response = logged_in.get(f"/decks/{deck.pk}/edit/", {"q": "level:III"}, **FETCH)
    body = response.json()
    assert set(body["panels"]) == {"results"} and body["revision"] == 1
    count = Card.objects.filter(game="digimon", level="III").count()
    shown = len(re.findall(r'class="result"', body["panels"]["results"]))
    assert shown == min(count, 24)


def test_a_query_that_cannot_be_read_is_explained(logged_in, catalogue):
    deck = new_deck(logged_in)
    page = logged_in.get(f"/decks/{deck.pk}/edit/", {"q": "attr:fire )"}).content.decode()
    assert "This query cannot be read:" in page


# --- Pasting and settings -------------------------------------------------------------------


def test_paste_adds_to_or_replaces_the_deck(logged_in, catalogue):
    red, tyrra = Card.objects.get(number="B01-002"), Card.objects.get(number="B01-021")
    deck = new_deck(logged_in, text="2 B01-002")
    response = post(logged_in, deck, "paste", follow=True, list="1 B01-002\n3 Tyrra", mode="add")
    assert "Added 4 cards from the list." in response.content.decode()
    assert entries_of(deck) == {(red.pk, 3, "deck"), (tyrra.pk, 3, "deck")}
    post(logged_in, deck, "paste", list="Team:\n1 Tyrra\nDeck:\n2 Red Dragon", mode="replace")
    assert entries_of(deck) == {(tyrra.pk, 1, "team"), (red.pk, 2, "deck")}


def test_a_list_past_a_cap_keeps_the_text_and_changes_nothing(logged_in, catalogue):
    deck = new_deck(logged_in, text="2 B01-002")
    before = entries_of(deck)
    text = "3 Tyrra\n99 Red Dragon\n1 B01-002\n2 Nobody Knows"
    response = post(logged_in, deck, "paste", list=text, mode="replace")
    assert response.status_code == 400
    page = response.content.decode()
    assert "Line 3: “Red Dragon”: 100 copies in all" in page
    assert f"{text}</textarea>" in page
    assert entries_of(deck) == before and revision_of(deck) == 1


def test_settings_change_name_description_and_visibility(logged_in, catalogue):
    deck = new_deck(logged_in)
    response = post(
        logged_in,
        deck,
        "settings",
        follow=True,
        name="Renamed",
        description="Burn.",
        visibility="unlisted",
    )
    assert "Deck settings saved." in response.content.decode()
    deck.refresh_from_db()
    assert (deck.name, deck.description, deck.visibility) == ("Renamed", "Burn.", "unlisted")
    response = post(logged_in, deck, "settings", name="", visibility="public")
    assert response.status_code == 400
    assert Deck.objects.get(pk=deck.pk).visibility == "unlisted"


# --- Who may edit ---------------------------------------------------------------------------


ACTIONS = ["add", "quantity", "move", "paste", "settings"]


@pytest.mark.parametrize(
    ("visibility", "reader", "status"),
    [
        ("private", "anonymous", 404),
        ("private", "other", 404),
        ("unlisted", "anonymous", 302),
        ("unlisted", "other", 403),
        ("public", "anonymous", 302),
        ("public", "other", 403),
    ],
)
def test_only_the_owner_edits(client, owner, other, catalogue, visibility, reader, status):
    client.force_login(owner)
    deck = new_deck(client, visibility=visibility, text="3 B01-002")
    client.logout()
    if reader == "other":
        client.force_login(other)
    response = client.get(f"/decks/{deck.pk}/edit/")
    assert response.status_code == status
    if status == 302:
        assert response["Location"].startswith("/accounts/login/?next=")
    card = Card.objects.get(number="B01-021").pk
    for action in ACTIONS:
        data = {"card": card, "zone": "deck", "to": "team", "list": "1 B01-021", "mode": "add"}
        response = post(client, deck, action, name="Hacked", visibility="public", **data)
        assert response.status_code == status, action
    assert entries_of(deck) == {(Card.objects.get(number="B01-002").pk, 3, "deck")}
    assert revision_of(deck) == 1


def test_builder_pages_answer_get_only_where_meant(logged_in, catalogue):
    deck = new_deck(logged_in)
    assert logged_in.get(f"/decks/{deck.pk}/edit/add/").status_code == 405


# --- Query bounds ---------------------------------------------------------------------------


def count_queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_builder_queries_do_not_grow_with_the_deck(
    logged_in, catalogue, django_assert_max_num_queries
):
    small = new_deck(logged_in, text="3 B01-002")
    big = new_deck(logged_in, text=legal_pad_list())
    small_count = count_queries(logged_in, f"/decks/{small.pk}/edit/?q=attr:fire")
    big_count = count_queries(logged_in, f"/decks/{big.pk}/edit/?q=attr:fire")
    assert small_count == big_count
    # PostgreSQL: the search's statement_timeout inside the test's transaction (a savepoint,
    # the setting, its restoration, the release); a single SET when not nested.
    from django.db import connection

    # 9, three of them from issue 16: the player's ownership of the deck (decks.collection),
    # the deck's tags, and the count of the search's results for its pages.
    with django_assert_max_num_queries(9 + (4 if connection.vendor == "postgresql" else 0)):
        logged_in.get(f"/decks/{big.pk}/edit/?q=attr:fire")


def test_a_write_takes_a_bounded_number_of_queries(
    logged_in, catalogue, django_assert_max_num_queries
):
    deck = new_deck(logged_in, text=legal_pad_list())
    red = Card.objects.get(number="B01-002")
    # 36: issue 16 added the key card's choice, the tags and the burst's latest revision
    # to the write, and the ownership, tags and result count to the panels sent back.
    with django_assert_max_num_queries(36):
        response = post(logged_in, deck, "add", headers=FETCH, card=red.pk, q="attr:fire")
    assert response.status_code == 200
