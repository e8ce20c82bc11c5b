"""Deck notes (Markdown, sanitised) and tags: builder, deck page, API, revisions (issue 16)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from cards.models import Card
from decks.models import Deck
from decks.notes import render_notes
from decks.rules import EntryInput
from decks.services import deck_create, deck_restore, deck_update
from tests.clients import api

from .test_page_builder import new_deck, post

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _one_revision_per_write(settings):
    settings.DECK_REVISION_BURST_SECONDS = 0  # revisions counted write by write here


# --- Rendering the notes --------------------------------------------------------------------


class _Elements(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found: list[tuple[str, list]] = []

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, attrs))


def elements_of(html: str) -> list[tuple[str, list]]:
    """Every element of the rendered notes, with its attributes (what a browser would run)."""
    parser = _Elements()
    parser.feed(html)
    return parser.found


def test_notes_render_markdown_lists_links_and_demoted_headings():
    html = render_notes(
        "# Plan\n\n- mulligan *hard*\n- keep **Red Dragon**\n\n[guide](https://example.org/g)"
    )
    assert "<h3>Plan</h3>" in html  # the page's h1 and h2 stay the page's
    assert "<li>mulligan <em>hard</em></li>" in html
    assert "<strong>Red Dragon</strong>" in html
    assert '<a href="https://example.org/g" rel="nofollow noopener">guide</a>' in html


@pytest.mark.parametrize(
    ("text", "forbidden"),
    [
        ("<script>alert(1)</script>", "<script"),
        ('<img src="x" onerror="alert(1)">', "<img"),
        ("[click](javascript:alert(1))", "javascript:"),
        ('<a href="https://e.org" style="color:red" onclick="x()">x</a>', "<a href"),
        ("<iframe src='https://e.org'></iframe>", "<iframe"),
        ("![pixel](https://tracker.example/p.png)", "<img"),
        ('<div style="position:fixed">cover</div>', "<div"),
    ],
)
def test_raw_html_scripts_and_javascript_links_are_neutralised(text, forbidden):
    html = render_notes(text)
    assert forbidden not in html
    elements = elements_of(html)
    assert {tag for tag, _ in elements} <= {"p", "a"}
    assert all(name in ("href", "rel") for _, attrs in elements for name, _ in attrs)
    assert all(not value.startswith("javascript") for _, attrs in elements for _, value in attrs)


def test_raw_html_is_shown_as_text():
    assert render_notes("<b>bold?</b>") == "<p>&lt;b&gt;bold?&lt;/b&gt;</p>"


def test_empty_notes_render_nothing():
    assert render_notes("  \n") == ""


# --- Services -------------------------------------------------------------------------------


def red(quantity=3) -> list[EntryInput]:
    return [EntryInput(Card.objects.get(number="B01-002").pk, quantity, "deck")]


def tags_of(deck: Deck) -> list[str]:
    return list(Deck.objects.get(pk=deck.pk).tags.values_list("name", flat=True))


def test_tags_are_trimmed_lower_cased_hyphenated_deduplicated_and_sorted(catalogue, owner):
    deck = deck_create(
        owner=owner,
        game="pad",
        name="T",
        entries=red(),
        tags=[" Big Combo ", "AGGRO", "big-combo", "", "火"],
    )
    assert tags_of(deck) == ["aggro", "big-combo", "火"]
    assert deck.revisions.get().tags == ["aggro", "big-combo", "火"]


def test_restoring_a_revision_restores_its_notes_and_tags(catalogue, owner):
    deck = deck_create(owner=owner, game="pad", name="T", entries=red(), notes="v1", tags=["a"])
    deck = deck_update(deck=deck, author=owner, revision=1, notes="v2", tags=["b", "c"])
    assert (deck.notes, tags_of(deck)) == ("v2", ["b", "c"])
    deck = deck_restore(deck=deck, author=owner, revision=2, number=1)
    deck.refresh_from_db()
    assert (deck.notes, tags_of(deck), deck.revision) == ("v1", ["a"], 3)


# --- Builder and deck page ------------------------------------------------------------------


def test_builder_settings_save_notes_and_tags_and_the_deck_page_shows_them(
    client, owner, catalogue
):
    client.force_login(owner)
    deck = new_deck(client, text="3 B01-002", visibility="public")
    response = post(
        client,
        deck,
        "settings",
        name="Fire",
        description="",
        visibility="public",
        notes="## Mulligan\n\n1. keep *Red Dragon*\n\n<script>alert(1)</script>",
        tags="Aggro, budget build",
    )
    assert response.status_code == 302
    assert tags_of(deck) == ["aggro", "budget-build"]
    builder = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert 'value="aggro, budget-build"' in builder  # the form shows the tags as stored
    client.logout()
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "<h4>Mulligan</h4>" in page and "<li>keep <em>Red Dragon</em></li>" in page
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)" in page
    assert 'href="/decks/?tag=aggro"' in page and "#budget-build" in page


def test_builder_refuses_bad_tags_and_keeps_the_deck(client, owner, catalogue):
    client.force_login(owner)
    deck = new_deck(client, text="3 B01-002")
    response = post(
        client,
        deck,
        "settings",
        name="Fire",
        visibility="private",
        tags=",".join(f"t{i}" for i in range(9)),
    )
    assert response.status_code == 400
    assert "Up to 8 tags" in response.content.decode()
    assert tags_of(deck) == [] and Deck.objects.get(pk=deck.pk).revision == 1


def test_the_notes_and_tags_are_translated(client, owner, catalogue):
    client.force_login(owner)
    deck = new_deck(client, text="3 B01-002")
    page = client.get(f"/decks/{deck.pk}/edit/", HTTP_ACCEPT_LANGUAGE="zh-hant").content.decode()
    assert "筆記" in page and "標籤" in page and "最多 8 個，以逗號分隔" in page
    assert "<summary>名稱、筆記、標籤與公開範圍</summary>" in page  # the panel holding them


# --- API ------------------------------------------------------------------------------------


def test_api_creates_reads_and_updates_notes_and_tags(catalogue, owner):
    red_id = Card.objects.get(number="B01-002").pk
    body = {
        "game": "pad",
        "name": "API",
        "entries": [{"card": red_id, "quantity": 3}],
        "notes": "*fast*",
        "tags": ["Aggro", "budget"],
    }
    created = api(owner).post("/api/decks/", body, format="json")
    assert created.status_code == 201, created.json()
    assert (created.json()["notes"], created.json()["tags"]) == ("*fast*", ["aggro", "budget"])
    url = f"/api/decks/{created.json()['id']}/"
    patched = api(owner).patch(url, {"revision": 1, "tags": ["control"]}, format="json")
    assert patched.json()["tags"] == ["control"] and patched.json()["notes"] == "*fast*"
    revisions = api(owner).get(url + "revisions/").json()
    assert [(r["number"], r["tags"], r["edits"]) for r in revisions] == [
        (2, ["control"], 1),
        (1, ["aggro", "budget"], 1),
    ]


@pytest.mark.parametrize(
    "tags",
    [
        [f"t{i}" for i in range(9)],
        ["x" * 31],
        ["no/slash"],
        ["<b>"],
    ],
)
def test_api_refuses_invalid_tags_with_a_stable_code(catalogue, owner, tags):
    response = api(owner).post(
        "/api/decks/", {"game": "pad", "name": "API", "tags": tags}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_tags"
    assert not Deck.objects.exists()


def test_api_list_reads_tags_in_bounded_queries(catalogue, owner, django_assert_max_num_queries):
    for i in range(5):
        deck_create(
            owner=owner,
            game="pad",
            name=f"D{i}",
            entries=red(),
            visibility="public",
            tags=["aggro", f"n{i}"],
        )
    with django_assert_max_num_queries(5):
        decks = api().get("/api/decks/").json()["results"]
    assert sorted(d["tags"][1] for d in decks) == [f"n{i}" for i in range(5)]
