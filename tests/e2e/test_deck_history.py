"""Deck notes and tags, a burst of edits as one revision, and a side-by-side diff, in a
real browser (issue 16, item 5).

Before: six quick adds made six revisions, a deck had no notes or tags, and two revisions
could only be compared by reading the history. Real PAD cards of fixtures/ are added from
the builder's search ("dragon": B01-001 Lil' Red Dragon and the next dragons).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from playwright.sync_api import expect

from decks.models import Deck
from decks.services import deck_create

PASSWORD = "pw-history-123"
PHONE = {"width": 390, "height": 844}
NOTES = (
    "## Plan\n\n- keep two dragons\n- mulligan *hard*\n\n"
    "[Rules](https://example.org/rules) <script>alert(1)</script>"
)


def add_six_dragons(page, deck: Deck) -> None:
    """Six Add clicks in the builder's search results, each sent with fetch."""
    results = page.locator(".result-list .result")
    for index in range(6):
        results.nth(index).locator("button").first.click()
        expect(page.locator(f'.revision[data-revision="{index + 2}"]')).to_have_count(1)


def test_notes_tags_one_revision_for_a_burst_and_a_diff(visitor_factory):
    owner = User.objects.create_user("builder", password=PASSWORD)
    deck = deck_create(owner=owner, game="pad", name="Dragons", entries=[], visibility="public")
    visitor = visitor_factory("en")
    page = visitor.log_in("builder", PASSWORD)

    page = visitor.open(f"/decks/{deck.pk}/edit/?q=dragon")
    add_six_dragons(page, deck)
    page.locator(".settings-panel summary").click()
    page.locator("textarea[name=notes]").fill(NOTES)
    page.locator("input[name=tags]").fill("Aggro, Budget Build")
    page.locator(".settings-panel [type=submit]").click()
    expect(page.locator('.revision[data-revision="8"]')).to_have_count(1)
    # The field now shows the tags as they were stored.
    expect(page.locator("input[name=tags]")).to_have_value("aggro, budget-build")
    visitor.shot("builder-settings")

    # The deck page: the notes as Markdown, the script shown as text, the tags as links.
    page = visitor.open(f"/decks/{deck.pk}/")
    notes = page.locator(".deck-notes .notes-body")
    expect(notes.locator("h4")).to_have_text("Plan")
    expect(notes.locator("li")).to_have_count(2)
    expect(notes.locator("li em")).to_have_text("hard")
    link = notes.locator("a")
    expect(link).to_have_attribute("href", "https://example.org/rules")
    expect(link).to_have_attribute("rel", "nofollow noopener")
    expect(notes).to_contain_text("<script>alert(1)</script>")
    expect(notes.locator("script")).to_have_count(0)
    tags = page.locator(".deck-tags a.tag")
    expect(tags).to_have_text(["#aggro", "#budget-build"])
    expect(tags.first).to_have_attribute("href", "/decks/?tag=aggro")
    visitor.shot("deck-notes-tags")

    # The history: the creation, then one revision holding the seven edits of the minute.
    page = visitor.open(f"/decks/{deck.pk}/revisions/")
    items = page.locator(".revision-item")
    expect(items).to_have_count(2)
    expect(items.first).to_have_attribute("data-number", "8")
    expect(items.first.locator(".revision-edits")).to_contain_text("7 edits")
    visitor.shot("history-one-burst")

    # Compare revision 1 (A, checked by default) with revision 8 (B) side by side.
    page.locator("#compare-form [type=submit]").click()
    expect(page).to_have_url(f"{visitor.site}/decks/{deck.pk}/diff/?to=8&from=1")
    rows = page.locator(".diff-table tbody tr")
    expect(rows).to_have_count(6)
    expect(page.locator(".diff-row.diff-plus")).to_have_count(6)
    expect(page.locator(".diff-change")).to_have_text(["+1"] * 6)
    expect(page.locator(".diff-a").first).to_have_text("—")
    first_b = page.locator(".diff-b").first
    a_box = page.locator(".diff-a").first.bounding_box()
    b_box = first_b.bounding_box()
    assert a_box["x"] + a_box["width"] <= b_box["x"] + 1, "A and B are side by side"
    expect(page.locator("[data-diff-summary]")).to_contain_text("+6 copies added")
    visitor.shot("diff-of-two-revisions")


def test_on_a_phone_in_chinese_the_history_and_the_diff_fit(visitor_factory, browser):
    owner = User.objects.create_user("phone", password=PASSWORD)
    deck = deck_create(
        owner=owner,
        game="pad",
        name="手機",
        entries=[],
        notes="- 第一\n- 第二",
        tags=["aggro"],
    )
    visitor = visitor_factory("zh-hant", locale="zh-TW")
    page = visitor.log_in("phone", PASSWORD)
    page.set_viewport_size(PHONE)
    page = visitor.open(f"/decks/{deck.pk}/edit/?q=dragon")
    add_six_dragons(page, deck)
    page.locator("[data-tab-link=deck]").click()  # on a phone, the deck's tab (issue 29)
    expect(page.locator(".settings-panel summary")).to_be_visible()

    page = visitor.open(f"/decks/{deck.pk}/")
    expect(page.locator("#deck-notes-title")).to_have_text("筆記")
    expect(page.locator(".deck-notes li")).to_have_count(2)

    page = visitor.open(f"/decks/{deck.pk}/revisions/")
    expect(page.locator(".revision-item")).to_have_count(2)
    expect(page.locator(".revision-edits").first).to_contain_text("6 次修改")
    visitor.shot("history-390")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator(".compare-current").first.click()
    expect(page.locator("h1")).to_have_text("比較")
    expect(page.locator(".diff-row.diff-plus")).to_have_count(6)
    expect(page.locator("[data-diff-summary]")).to_contain_text("新增 +6 張")
    a_box, b_box = (page.locator(f".diff-{side}").first.bounding_box() for side in "ab")
    assert a_box["width"] == b_box["width"], "on a phone the two lists share the width"
    width = page.evaluate("document.documentElement.scrollWidth")
    visitor.shot("diff-390")
    assert width <= PHONE["width"], f"the diff is {width} px wide at 390 px"
