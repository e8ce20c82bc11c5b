"""Issue 24, finding 5: proxy sheets, deck pictures and large deck lists cost render units
from a budget per client (decks/render_budget.py); past it 429 `render_budget` with
Retry-After, before anything is drawn. A file sent from storage costs a unit per 100 KB,
a 304 nothing; a page of the deck API holds at most 50 decks and costs its entries."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from cards.models import Card
from decks import render_budget
from decks.models import PUBLIC, Deck, DeckEntry
from decks.printing import pdf, picture
from decks.rules import EntryInput
from decks.services import deck_create, deck_update

from .test_print_api import pdf_url, plug_in_deck, png_url

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]

# The plug-in deck: 3 different cards, 7 copies, no picture stored yet.
SHEETS = 3 * render_budget.SHEET_CARD + 7 * render_budget.SHEET_COPY
SHEETS_DRAWN = SHEETS + 3 * render_budget.PICTURE_DRAWN  # 79
PICTURE_DRAWN = 3 * render_budget.PICTURE_CARD + 3 * render_budget.PICTURE_DRAWN  # 60


@pytest.fixture
def budgets(settings):
    """Small budgets in one long window (no sliding within a test)."""

    def set_to(anon: int | None, user: int | None = 10_000):
        settings.RENDER_BUDGET_ANON, settings.RENDER_BUDGET_USER = anon, user

    settings.RENDER_BUDGET_WINDOW = 3600
    return set_to


@pytest.fixture
def nothing_drawn(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("something was drawn")

    monkeypatch.setattr(pdf, "proxy_sheets", refuse)
    monkeypatch.setattr(picture, "deck_picture", refuse)


def assert_refused(response, cost: int, budget: int) -> dict:
    assert response.status_code == 429
    body = response.json()
    assert body["code"] == "render_budget"
    assert (body["cost"], body["budget"], body["window"]) == (cost, budget, 3600)
    assert int(response["Retry-After"]) == body["retry_after"] >= 1
    return body


def test_the_prices_are_the_work(catalogue, media, owner):
    assert (SHEETS, SHEETS_DRAWN, PICTURE_DRAWN) == (31, 79, 60)
    # The deck: 1,000 copies of 500 cards, proxies drawn, or stored.
    assert render_budget.sheets_cost(1000, 500, 0) == 5000
    assert render_budget.sheets_cost(1000, 500, 500) == 13_000 <= render_budget.DEFAULT_USER
    assert render_budget.picture_cost(500, 0) == 2000
    assert render_budget.list_cost(29) == 0 and render_budget.list_cost(25_000) == 833
    # Sent from storage: a unit per 100 KB begun (the 1,000-card sheets: 12.4 MB).
    assert render_budget.stored_cost(75_000) == 1 and render_budget.stored_cost(12_365_968) == 124


def test_past_the_budget_a_drawing_is_refused_with_retry_after(
    client, catalogue, media, owner, budgets
):
    budgets(anon=100)
    deck = plug_in_deck(owner)
    assert client.get(pdf_url(deck)).status_code == 200  # 79 of 100
    body = assert_refused(client.get(png_url(deck)), PICTURE_DRAWN, 100)
    assert "spent" in body["message"] and "Signed-in players" in body["message"]
    # The sheets drawn before come from storage for one unit.
    assert client.get(pdf_url(deck)).status_code == 200


def test_a_file_costing_more_than_the_budget_is_never_drawn(
    client, catalogue, media, owner, budgets, nothing_drawn
):
    budgets(anon=50)
    body = assert_refused(client.get(pdf_url(plug_in_deck(owner))), SHEETS_DRAWN, 50)
    assert "more than the budget" in body["message"]


def test_a_stored_file_costs_one_unit_and_a_304_nothing(client, catalogue, media, owner, budgets):
    budgets(anon=SHEETS_DRAWN + 2)
    deck = plug_in_deck(owner)
    etag = client.get(pdf_url(deck))["ETag"]
    for _ in range(5):
        assert client.get(pdf_url(deck), HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get(pdf_url(deck)).status_code == 200
    assert client.get(pdf_url(deck)).status_code == 200
    assert_refused(client.get(pdf_url(deck)), 1, SHEETS_DRAWN + 2)  # 75 KB: one unit


def test_accounts_and_addresses_count_apart(client, catalogue, media, owner, budgets):
    budgets(anon=100, user=200)
    deck = plug_in_deck(owner)
    assert client.get(png_url(deck), REMOTE_ADDR="192.0.2.1").status_code == 200
    assert client.get(png_url(deck), {"lang": "ja"}, REMOTE_ADDR="192.0.2.1").status_code == 429
    assert client.get(png_url(deck), {"lang": "ja"}, REMOTE_ADDR="192.0.2.2").status_code == 200
    client.force_login(owner)  # same address, own budget: larger
    for lang in ("zh-hant", "zh-hans"):
        assert client.get(png_url(deck), {"lang": lang}, REMOTE_ADDR="192.0.2.1").status_code == 200


def test_the_message_is_in_the_readers_language(client, catalogue, media, owner, budgets):
    budgets(anon=10)
    response = client.get(pdf_url(plug_in_deck(owner)), HTTP_ACCEPT_LANGUAGE="zh-hant")
    assert "繪製額度" in response.json()["message"]


# --- Lists -----------------------------------------------------------------------------------


def public_decks(owner, count: int, entries: int = 1) -> None:
    """`count` public decks of `entries` entries each (rows written directly)."""
    cards = list(Card.objects.filter(game="pad").order_by("pk")[:entries])
    decks = Deck.objects.bulk_create(
        Deck(owner=owner, game="pad", name=f"Listed {n}", visibility=PUBLIC) for n in range(count)
    )
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=deck, card=card, quantity=1) for deck in decks for card in cards
    )


def test_a_page_of_decks_holds_at_most_50(client, catalogue, owner):
    public_decks(owner, 60)
    page = client.get("/api/decks/", {"page_size": 200}).json()
    assert len(page["results"]) == 50 and page["count"] == 60 and page["next"]
    assert len(client.get(page["next"]).json()["results"]) == 10
    assert len(client.get("/api/decks/", {"page_size": 20}).json()["results"]) == 20


def test_a_page_costs_its_entries(client, catalogue, owner, budgets):
    budgets(anon=40)
    public_decks(owner, 3, entries=12)
    assert client.get("/api/decks/").status_code == 200  # 36 entries: 1 unit
    public_decks(owner, 4, entries=300)  # 1,236 entries in all: 41 units
    assert_refused(client.get("/api/decks/"), 41, 40)
    client.force_login(User.objects.create_user("lister", password="pw-lister-123"))
    assert client.get("/api/decks/").status_code == 200


def test_a_long_history_costs_its_entries(client, catalogue, owner, budgets, settings):
    """GET /api/decks/{id}/revisions/ lists every revision with its cards, unpaged."""
    budgets(anon=30)
    settings.DECK_REVISION_BURST_SECONDS = 0  # one revision per write
    cards = Card.objects.filter(game="pad")
    entries = [EntryInput(card.pk, 1) for card in cards.order_by("pk")[:300]]
    deck = deck_create(owner=owner, game="pad", name="Long", visibility=PUBLIC, entries=entries)
    url = f"/api/decks/{deck.pk}/revisions/"
    assert client.get(url).status_code == 200  # 300 entries: 10 units
    for revision in range(1, 4):
        deck = deck_update(deck=deck, author=owner, revision=deck.revision, name=f"Long {revision}")
    assert_refused(client.get(url), 40, 30)  # 4 revisions of 300 entries
