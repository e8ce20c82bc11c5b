"""Builder comfort in a real browser (issue 16, item 5).

Before: the search stopped at the first 24 cards, a card was only a 36-pixel thumbnail,
every card counted toward the deck, and the sticky message banner sat over the top of the
list after each change. Now the search pages ("25–48 of 121"), a card's picture opens
larger on hover, focus or tap, a sideboard / maybe zone holds cards the rules ignore
(PAD-2.1, PAD-2.2), and the messages take their own place above the panels.

Real cards of fixtures/pad.json: set B01 holds B01-001 … B01-121 (121 cards, six pages of
24); B01-025 Plessie; B01-006 Blue Dragon (water, not in the fire starter list).
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from decks.models import Deck
from decks.services import deck_create, entries_from_text
from tests.decklists import pad_list
from tests.e2e.conftest import Visitor

PASSWORD = "pw-comfort-123"
PHONE = {"width": 390, "height": 844}

# Whether the element drawn at the middle and near the top of the list's first row is that
# row: nothing (a message banner) covers it.
ROW_UNCOVERED = """(row) => {
  const box = row.getBoundingClientRect();
  const points = [
    [box.left + box.width / 2, box.top + box.height / 2],
    [box.left + 40, box.top + 3],
  ];
  return points.map(([x, y]) => {
    const seen = document.elementFromPoint(x, y);
    return seen !== null && row.contains(seen);
  });
}"""


@pytest.fixture
def deck(site) -> Deck:
    owner = User.objects.create_user("comfort", password=PASSWORD)
    return deck_create(
        owner=owner, game="pad", name="Fire", entries=entries_from_text("pad", pad_list())
    )


def search(page: Page, query: str) -> None:
    box = page.locator("[data-card-search] input[name=q]")
    box.fill(query)
    box.press("Enter")


def builder_searching(visitor_factory, deck, name: str, query: str) -> tuple[Visitor, Page]:
    """The deck's owner, logged in, in the builder with `query` searched."""
    visitor = visitor_factory(name)
    page = visitor.log_in("comfort", PASSWORD)
    visitor.open(f"/decks/{deck.pk}/edit/")
    search(page, query)
    return visitor, page


def result(page: Page, number: str):
    return page.locator(f".result:has(small:text-is('{number}'))")


def test_search_results_page_forward_and_back_and_an_add_keeps_the_page(visitor_factory, deck):
    visitor, page = builder_searching(visitor_factory, deck, "paging", "set:B01")
    count = page.locator("[data-panel=results] .result-count")
    expect(count).to_have_text("1–24 of 121 cards")
    expect(page.locator(".result")).to_have_count(24)

    page.get_by_role("link", name="Next").click()
    expect(count).to_have_text("25–48 of 121 cards")
    expect(page).to_have_url(re.compile(r"page=2"))
    expect(page.locator(".result small").first).to_have_text("B01-025")
    expect(page.locator(".result-pages")).to_contain_text("Page 2 of 6")
    visitor.shot("page-2")

    # A change in the deck list (drawn before the page changed) keeps page 2.
    tyrra = page.locator("[data-panel=entries] [data-zone=team] .entry", has_text="Tyrra")
    tyrra.get_by_role("button", name="One copy more of Tyrra").click()
    expect(tyrra.locator("input[name=quantity]")).to_have_value("2")
    expect(count).to_have_text("25–48 of 121 cards")

    # An add from page 2 keeps page 2, and the row says the card is in the deck.
    result(page, "B01-025").get_by_role("button", name="Add Plessie to the deck").click()
    expect(result(page, "B01-025")).to_contain_text("1 in deck")
    expect(count).to_have_text("25–48 of 121 cards")

    page.get_by_role("link", name="Previous").click()
    expect(count).to_have_text("1–24 of 121 cards")
    page.reload()  # the address kept the page the player was on
    expect(count).to_have_text("1–24 of 121 cards")


def test_a_card_preview_opens_on_hover_and_with_the_keyboard(visitor_factory, deck):
    visitor, page = builder_searching(visitor_factory, deck, "preview", "number:B01-006")
    preview = page.locator(".card-preview")
    expect(preview).to_be_hidden()

    name = result(page, "B01-006").locator(".entry-name a")
    name.hover()
    expect(preview).to_be_visible()
    expect(preview.locator("img")).to_have_attribute("src", re.compile(r"/image/normal/"))
    expect(preview.locator("img")).to_have_attribute("alt", "Blue Dragon")
    page.wait_for_function("() => document.querySelector('.card-preview img').naturalWidth > 0")
    box = preview.bounding_box()
    assert box["width"] >= 250, box  # larger than the 36-pixel thumbnail, by far
    visitor.shot("hover-preview")
    page.mouse.move(5, 5)
    expect(preview).to_be_hidden()

    # The deck list too: hover a card name of the deck.
    page.locator("[data-panel=entries] .entry-name a").first.hover()
    expect(preview).to_be_visible()
    page.mouse.move(5, 5)

    # The keyboard: Enter on the thumbnail opens it, Escape closes it and focus returns.
    thumb = result(page, "B01-006").locator(".card-peek")
    thumb.focus()
    page.keyboard.press("Enter")
    expect(preview).to_be_visible()
    expect(preview.get_by_role("button", name="Close")).to_be_focused()
    expect(preview.get_by_role("link", name="Open the card’s page")).to_be_visible()
    page.keyboard.press("Escape")
    expect(preview).to_be_hidden()
    expect(thumb).to_be_focused()
    assert "/cards/" not in page.url


def test_on_a_phone_a_tap_on_a_name_opens_the_preview_without_adding(
    browser, site, deck, artifacts_dir
):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.goto(site + "/accounts/login/")
        page.locator("input[name=username]").fill("comfort")
        page.locator("input[name=password]").fill(PASSWORD)
        page.locator("main form [type=submit]").tap()
        expect(page.locator(".site-header form.logout")).to_have_count(1)
        page.goto(f"{site}/decks/{deck.pk}/edit/?q=number%3AB01-006")
        revision = deck.revision
        preview = page.locator(".card-preview")

        result(page, "B01-006").locator(".entry-name a").tap()
        expect(preview).to_be_visible()
        assert page.url.endswith("?q=number%3AB01-006"), page.url  # no navigation
        box = preview.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
        link = preview.get_by_role("link", name="Open the card’s page")
        expect(link).to_have_attribute("href", re.compile(r"^/cards/\d+/$"))
        page.wait_for_function("() => document.querySelector('.card-preview img').complete")
        page.screenshot(path=artifacts_dir / "builder_comfort-phone-preview.png")

        page.touchscreen.tap(10, PHONE["height"] - 10)  # outside the preview
        expect(preview).to_be_hidden()
        assert Deck.objects.get(pk=deck.pk).revision == revision  # nothing was added
        assert not problems, problems
    finally:
        context.close()


def test_a_sideboard_holds_cards_the_deck_rules_ignore(visitor_factory, deck):
    visitor = visitor_factory("sideboard")
    page = visitor.log_in("comfort", PASSWORD)
    entry = deck.entries.filter(zone="deck", quantity=3).select_related("card").first()
    number = entry.card.number
    assert number == "B01-002"  # Red Dragon: the fire list's first card held three times
    visitor.open(f"/decks/{deck.pk}/edit/")
    verdict = page.locator("[data-verdict]")
    expect(verdict).to_have_attribute("data-verdict", "legal")

    # A fourth copy of a card the deck holds three of (PAD-2.2), on the sideboard.
    search(page, f"number:{number}")
    result(page, number).get_by_role("button", name=re.compile(r"to the sideboard$")).click()
    side = page.locator("[data-panel=entries] [data-zone=side]")
    expect(side.locator(f".entry[data-card='{entry.card_id}']")).to_have_count(1)
    expect(side.locator("h3 .zone-count")).to_have_text("1")
    expect(page.locator("[data-messages]")).to_have_text("Added 1 × Red Dragon to the sideboard.")
    expect(verdict).to_have_attribute("data-verdict", "legal")
    expect(page.locator("[data-count=deck]")).to_contain_text("40")
    visitor.shot("sideboard")

    # Moved into the deck, it is a fourth copy: the rules speak.
    side.locator(f".entry[data-card='{entry.card_id}']").get_by_role(
        "button", name=re.compile(r"to the deck$")
    ).click()
    expect(verdict).to_have_attribute("data-verdict", "illegal")
    expect(page.locator(".violations")).to_contain_text(
        "At most 3 copies of “Red Dragon” may be in the deck; it has 4."
    )
    expect(side.locator(".entry")).to_have_count(0)

    # And back: one copy from the deck to the sideboard, legal again.
    deck_row = page.locator(f"[data-zone=deck] .entry[data-card='{entry.card_id}']")
    deck_row.get_by_role("button", name=re.compile(r"to the sideboard$")).click()
    expect(verdict).to_have_attribute("data-verdict", "legal")
    stored = {(e.zone, e.quantity) for e in deck.entries.filter(card_id=entry.card_id)}
    assert stored == {("deck", 3), ("side", 1)}

    page.get_by_role("link", name="View the deck").click()
    expect(page.locator(".zone-side h2")).to_contain_text("Sideboard / maybe")
    visitor.shot("deck-page")


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 900}, PHONE], ids=["desktop", "phone"]
)
def test_the_message_after_an_add_never_covers_the_list(
    browser, site, deck, artifacts_dir, viewport
):
    context = browser.new_context(viewport=viewport)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto(site + "/accounts/login/")
        page.locator("input[name=username]").fill("comfort")
        page.locator("input[name=password]").fill(PASSWORD)
        page.locator("main form [type=submit]").click()
        expect(page.locator(".site-header form.logout")).to_have_count(1)
        page.goto(f"{site}/decks/{deck.pk}/edit/?q=number%3AB01-006")
        result(page, "B01-006").get_by_role("button", name="Add Blue Dragon to the deck").click()
        messages = page.locator("[data-messages]")
        expect(messages).to_contain_text("Added 1 × Blue Dragon.")

        if viewport == PHONE:  # on a phone the list is behind the Deck tab (issue 29)
            page.locator("[data-tab-link=deck]").click()
        first_row = page.locator("[data-panel=entries] .entry").first
        # The player scrolls to the list: its first row at the top of the screen.
        first_row.evaluate(
            "row => window.scrollTo(0, row.getBoundingClientRect().top + window.scrollY)"
        )
        assert first_row.evaluate(ROW_UNCOVERED) == [True, True]
        # A change made from the list itself: "+" on that row.
        first_row.get_by_role("button", name=re.compile(r"^One copy more of")).click()
        expect(messages).to_contain_text("Deck updated.")
        first_row.evaluate(
            "row => window.scrollTo(0, row.getBoundingClientRect().top + window.scrollY)"
        )
        assert first_row.evaluate(ROW_UNCOVERED) == [True, True]
        shown, row = messages.bounding_box(), first_row.bounding_box()
        assert shown["y"] + shown["height"] <= row["y"] or shown["y"] >= row["y"] + row["height"]
        page.screenshot(path=artifacts_dir / f"builder_comfort-banner-{viewport['width']}.png")
    finally:
        context.close()


def test_the_new_words_in_traditional_chinese(visitor_factory, deck):
    visitor = visitor_factory("zh-hant", locale="zh-TW")
    page = visitor.log_in("comfort", PASSWORD)
    visitor.open(f"/decks/{deck.pk}/edit/?q=set%3AB01&page=2")
    expect(page.locator("[data-panel=results] .result-count")).to_have_text(
        "第 25–48 張，共 121 張卡"
    )
    expect(page.locator(".result-pages")).to_contain_text("第 2 頁，共 6 頁")
    expect(page.locator("[data-zone=side] h3")).to_contain_text("備牌 / 候補")
    expect(page.locator("[data-zone=deck] .moves button").first).to_have_text("移到備牌")
    result(page, "B01-025").locator(".card-peek").click()
    expect(page.locator(".card-preview button")).to_have_text("關閉")
    visitor.shot("zh-hant")
