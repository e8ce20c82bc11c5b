"""The deck page, export, fork and revision history (issue 5)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards.models import Card
from decks.models import Deck
from decks.odds import prob_at_least
from decks.services import deck_update, entries_from_text
from decks.templatetags.deck_tags import percent

from .conftest import digimon_deck, pad_deck, pad_team
from .test_page_builder import entries_of, legal_pad_list, list_text, new_deck, post

pytestmark = pytest.mark.django_db


def make(client, user, visibility="public", text=None, game="pad", name="Fire") -> Deck:
    client.force_login(user)
    deck = new_deck(
        client,
        game=game,
        text=legal_pad_list() if text is None else text,
        name=name,
        visibility=visibility,
    )
    client.logout()
    return deck


# --- Who may read ---------------------------------------------------------------------------


READ_MATRIX = [
    ("public", "anonymous", 200),
    ("public", "other", 200),
    ("public", "owner", 200),
    ("unlisted", "anonymous", 200),
    ("unlisted", "other", 200),
    ("unlisted", "owner", 200),
    ("private", "anonymous", 404),
    ("private", "other", 404),
    ("private", "owner", 200),
]


@pytest.mark.parametrize(("visibility", "reader", "status"), READ_MATRIX)
def test_deck_pages_follow_the_visibility(
    client, owner, other, catalogue, visibility, reader, status
):
    deck = make(client, owner, visibility)
    if reader != "anonymous":
        client.force_login({"owner": owner, "other": other}[reader])
    for suffix in ("", "export.txt", "revisions/"):
        response = client.get(f"/decks/{deck.pk}/{suffix}")
        assert response.status_code == status, suffix
    # The API says the same.
    assert client.get(f"/api/decks/{deck.pk}/").status_code == status


def test_an_unknown_deck_is_404(client, catalogue):
    assert client.get("/decks/NoSuchDeck/").status_code == 404


# --- The deck page --------------------------------------------------------------------------


def test_the_deck_page_shows_entries_by_zone_with_links_and_thumbnails(client, owner, catalogue):
    deck = make(client, owner, text="Team:\n1 B01-021\nDeck:\n3 B01-002\n2 B01-104")
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    team = page.split('class="zone zone-team"')[1].split("</section>")[0]
    main = page.split('class="zone zone-deck"')[1].split("</section>")[0]
    tyrra, red = Card.objects.get(number="B01-021"), Card.objects.get(number="B01-002")
    assert f'href="/cards/{tyrra.pk}/"' in team and "×1" in team
    assert f'href="/cards/{red.pk}/"' in main and "×3" in main
    assert re.search(r'<img src="[^"]*thumb[^"]*"', main)
    assert "Pet" in main and "Skill" in main
    assert 'data-verdict="illegal"' in page
    assert "The deck must have 40 to 60 cards; it has 5." in page


def test_a_legal_deck_says_so(client, owner, catalogue):
    deck = make(client, owner)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert 'data-verdict="legal"' in page
    assert "Legal: this deck follows every deck-building rule." in page


def test_share_link_export_and_copy_buttons(client, owner, catalogue):
    deck = make(client, owner, visibility="unlisted")
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert f'value="http://testserver/decks/{deck.pk}/"' in page
    assert 'data-copy="share-link"' in page and 'data-copy="export-text"' in page
    export = client.get(f"/decks/{deck.pk}/export.txt")
    assert export["Content-Type"] == "text/plain; charset=utf-8"
    assert export["Content-Disposition"] == 'attachment; filename="Fire.txt"'
    text = export.content.decode()
    assert text.startswith("Team:\n")
    assert f">{text}</textarea>" in page.replace("&#x27;", "'")


def test_export_round_trips_through_the_paste_import(client, owner, catalogue):
    deck = make(client, owner, text=list_text([*pad_team(), *pad_deck(52)]))
    text = client.get(f"/decks/{deck.pk}/export.txt").content.decode()
    client.force_login(owner)
    copy = new_deck(client, text=text, name="Copy")
    assert entries_of(copy) == entries_of(deck)
    empty = new_deck(client, name="Pasted later")
    post(client, empty, "paste", list=text, mode="replace")
    assert entries_of(empty) == entries_of(deck)


def test_fork_button_for_logged_in_readers_who_are_not_the_owner(client, owner, other, catalogue):
    deck = make(client, owner, visibility="unlisted")
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Log in to fork this deck" in page and "/fork/" not in page
    client.force_login(owner)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Fork this deck" not in page and f'href="/decks/{deck.pk}/edit/"' in page
    client.force_login(other)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert f'action="/decks/{deck.pk}/fork/"' in page
    assert f'href="/decks/{deck.pk}/edit/"' not in page
    response = client.post(f"/decks/{deck.pk}/fork/")
    fork = Deck.objects.exclude(pk=deck.pk).get()
    assert response["Location"] == f"/decks/{fork.pk}/edit/"
    assert fork.owner == other and fork.visibility == "private"
    assert fork.forked_from_id == deck.pk and fork.name == "Fire (fork)"
    assert entries_of(fork) == entries_of(deck)
    page = client.get(f"/decks/{fork.pk}/").content.decode()
    assert f'forked from <a href="/decks/{deck.pk}/">Fire</a>' in page
    history = client.get(f"/decks/{fork.pk}/revisions/").content.decode()
    assert f'<p class="note">Forked from deck {deck.pk}</p>' in history


def test_forking_needs_a_login_and_a_readable_deck(client, owner, other, catalogue):
    public = make(client, owner)
    private = make(client, owner, visibility="private", name="Secret")
    response = client.post(f"/decks/{public.pk}/fork/")
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next=/decks/{public.pk}/"
    client.force_login(other)
    assert client.post(f"/decks/{private.pk}/fork/").status_code == 404
    assert client.get(f"/decks/{public.pk}/fork/").status_code == 405
    assert Deck.objects.count() == 2


# --- Statistics and odds --------------------------------------------------------------------


def bars(page: str, chart: str) -> dict[str, int]:
    figure = page.split(f'data-chart="{chart}"')[1].split("</figure>")[0]
    return {
        label: int(value)
        for label, value in re.findall(r'data-label="([^"]*)" data-value="(\d+)"', figure)
    }


def test_pad_statistics_are_svg_bar_charts(client, owner, catalogue):
    deck = make(client, owner)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    entries = Deck.objects.get(pk=deck.pk).entries.select_related("card").filter(zone="deck")
    cost_zero = sum(e.quantity for e in entries if e.card.cost == 0)
    fire_orbs = sum(e.quantity for e in entries if "fire" in e.card.orbs)
    assert bars(page, "cost") == {
        str(cost): sum(e.quantity for e in entries if e.card.cost == cost) for cost in range(4)
    }
    assert bars(page, "cost")["0"] == cost_zero
    assert bars(page, "orb")["Fire"] == fire_orbs
    assert set(bars(page, "attribute")) == {"Fire", "Water", "Wood", "Light", "Dark", "None"}
    assert set(bars(page, "stage")) >= {"Base", "Evo 1"}
    svg = page.split('data-chart="cost"')[1].split("</svg>")[0]
    assert svg.count("<rect") == 4 and "<title>Cost 0: " in svg
    assert re.search(
        r'<rect class="fill-default" x="[\d.]+" y="[\d.]+" width="34" height="[\d.]+"', svg
    )


def test_digimon_statistics_show_levels_and_battle_types(client, owner, catalogue):
    deck = make(client, owner, game="digimon", text=list_text(digimon_deck(30)))
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    entries = Deck.objects.get(pk=deck.pk).entries.select_related("card")
    level_three = sum(e.quantity for e in entries if e.card.level == "III")
    assert bars(page, "level")["Level III"] == level_three
    assert set(bars(page, "battle")) == {"A", "B", "C"}
    assert 'data-chart="cost"' not in page


def test_missing_evolutions_are_flagged(client, owner, catalogue):
    deck = make(client, owner, text="3 B01-003")  # Volcano Dragon without Red Dragon
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Missing evolutions:" in page and "<strong>Red Dragon</strong>" in page
    assert '<span class="missing"' in page


def test_the_odds_table_matches_decks_odds(client, owner, catalogue):
    deck = make(client, owner)
    red = Card.objects.get(number="B01-002")
    entry = Deck.objects.get(pk=deck.pk).entries.get(card=red, zone="deck")
    page = client.get(f"/decks/{deck.pk}/", {"turn": 4}).content.decode()
    row = page.split(f'<tr data-card="{red.pk}">')[1].split("</tr>")[0]
    cells = re.findall(r'<td class="num p">([^<]*)</td>', row)
    opening = [percent(prob_at_least(k, entry.quantity, 40, 5)) for k in (1, 2, 3)]
    by_turn = [percent(prob_at_least(k, entry.quantity, 40, 9)) for k in (1, 2, 3)]
    assert cells == opening + by_turn
    assert opening[0] == "33.8%"  # 1 − C(37,5)/C(40,5)
    assert "By turn 4 (9 cards seen)" in page and "Opening hand (5 cards)" in page
    assert '<option value="4" selected>' in page


def test_digimon_odds_use_a_six_card_hand_and_turn_3_by_default(client, owner, catalogue):
    deck = make(client, owner, game="digimon", text=list_text(digimon_deck(30)))
    page = client.get(f"/decks/{deck.pk}/", {"turn": "nonsense"}).content.decode()
    assert "Opening hand (6 cards)" in page and "By turn 3 (9 cards seen)" in page
    first = Deck.objects.get(pk=deck.pk).entries.select_related("card").first()
    row = page.split(f'<tr data-card="{first.card_id}">')[1].split("</tr>")[0]
    assert percent(prob_at_least(1, first.quantity, 30, 6)) in row


def test_percent_format():
    assert [percent(p) for p in (0, 1, 0.1234, 0.99999)] == ["0%", "100%", "12.3%", "100.0%"]


# --- Revisions ------------------------------------------------------------------------------


def test_revisions_list_changes_and_the_owner_restores(client, owner, other, catalogue, settings):
    settings.DECK_REVISION_BURST_SECONDS = 0  # one revision per write (issue 16 bursts off)
    deck = make(client, owner, text="3 B01-002")
    client.force_login(owner)
    red, tyrra = Card.objects.get(number="B01-002"), Card.objects.get(number="B01-021")
    post(client, deck, "add", card=tyrra.pk, quantity=2)
    post(client, deck, "quantity", card=red.pk, zone="deck", quantity=1)
    page = client.get(f"/decks/{deck.pk}/revisions/").content.decode()
    assert re.findall(r'data-number="(\d+)"', page) == ["3", "2", "1"]
    assert page.count('class="restore-form"') == 2  # not for the current revision
    third = page.split('data-number="3"')[1].split("</li>\n  \n")[0]
    assert "−2" in third and "Red Dragon" in third
    response = client.post(f"/decks/{deck.pk}/revisions/1/restore/", {"revision": 3}, follow=True)
    assert "Revision 1 restored as revision 4." in response.content.decode()
    assert '<p class="note">Restored revision 1</p>' in response.content.decode()
    assert entries_of(deck) == {(red.pk, 3, "deck")}
    # The history is kept; other users see it but cannot restore.
    client.force_login(other)
    page = client.get(f"/decks/{deck.pk}/revisions/").content.decode()
    assert 'data-number="4"' in page and "restore-form" not in page
    assert client.post(f"/decks/{deck.pk}/revisions/2/restore/", {"revision": 4}).status_code == 403
    assert entries_of(deck) == {(red.pk, 3, "deck")}


def test_a_stale_restore_is_refused(client, owner, catalogue):
    deck = make(client, owner, text="3 B01-002")
    client.force_login(owner)
    post(client, deck, "add", card=Card.objects.get(number="B01-021").pk)
    before = entries_of(deck)
    response = client.post(f"/decks/{deck.pk}/revisions/1/restore/", {"revision": 1}, follow=True)
    assert "changed elsewhere" in response.content.decode()
    assert entries_of(deck) == before
    assert client.post(f"/decks/{deck.pk}/revisions/9/restore/", {"revision": 2}).status_code == 404


# --- Query bounds ---------------------------------------------------------------------------


def count_queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_deck_page_does_not_grow_with_the_number_of_cards(
    client, owner, catalogue, django_assert_max_num_queries
):
    small = make(client, owner, text="3 B01-002")
    big = make(client, owner, text=list_text([*pad_team(), *pad_deck(60, copies=1)]))
    assert Deck.objects.get(pk=big.pk).entries.count() == 65
    assert count_queries(client, f"/decks/{small.pk}/") == count_queries(
        client, f"/decks/{big.pk}/"
    )
    with django_assert_max_num_queries(4):
        client.get(f"/decks/{big.pk}/")
    client.force_login(owner)
    # 7: one of them is the reader's ownership of the deck (issue 16, decks.collection).
    with django_assert_max_num_queries(7):
        client.get(f"/decks/{big.pk}/")


def test_revisions_page_queries_are_bounded(
    client, owner, catalogue, django_assert_max_num_queries, settings
):
    settings.DECK_REVISION_BURST_SECONDS = 0  # one revision per write (issue 16 bursts off)
    deck = make(client, owner, text="3 B01-002")
    for number in range(2, 12):
        current = Deck.objects.get(pk=deck.pk)
        deck_update(
            deck=current,
            author=owner,
            revision=current.revision,
            entries=entries_from_text("pad", f"{number % 3 + 1} B01-002\n1 B01-021"),
        )
    with django_assert_max_num_queries(5):
        response = client.get(f"/decks/{deck.pk}/revisions/")
    assert len(re.findall(r'data-number="\d+"', response.content.decode())) == 11


def test_a_digimon_line_whose_requirement_is_unknown_says_so(client, owner, catalogue):
    """Both lines of the deck are listed; Garurumon's, unknown to the catalogue, reads
    "evolves from: unknown" and is no missing evolution."""
    deck = make(client, owner, text="3 St-1\n3 St-2\n3 St-5\n3 St-6", game="digimon")
    client.cookies["django_language"] = "en"
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    chains = page.split('<ul class="deck-chains">')[1].split("</ul>")[0]
    assert chains.count("<li") == 2
    assert "evolves from: unknown" in chains and "Garurumon" in chains
    assert "Missing evolutions:" not in page


def test_the_owner_duplicates_a_deck_in_one_click(client, owner, catalogue):
    """Issue 29 item 9: "Duplicate" on your own deck: a private copy named "(copy)", the
    same cards, remembering its original; the original is untouched."""
    deck = make(client, owner, visibility="public")
    client.force_login(owner)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    form = page.split("data-duplicate", 1)[0].rsplit("<form", 1)[1]
    assert f'action="/decks/{deck.pk}/fork/"' in form
    response = client.post(f"/decks/{deck.pk}/fork/")
    copy = Deck.objects.exclude(pk=deck.pk).get()
    assert response["Location"] == f"/decks/{copy.pk}/edit/"
    assert copy.owner == owner and copy.visibility == "private" and copy.name == "Fire (copy)"
    assert copy.forked_from_id == deck.pk and entries_of(copy) == entries_of(deck)
    history = client.get(f"/decks/{copy.pk}/revisions/").content.decode()
    assert f'<p class="note">Duplicated from deck {deck.pk}</p>' in history
    assert Deck.objects.get(pk=deck.pk).visibility == "public"
