"""The collection page a player expects (issue 29), in a real browser, in English, 繁體 and
简体, on a 390 × 844 phone and on a desktop: the cards with their pictures, a search that
narrows them (its address shareable), completion set by set, what a chosen deck still needs
and its download (read back by the deck-list parser), the shared read-only collection, and
the deck page's link to the list. On each screen nothing scrolls sideways and every visible
control is at least 44 × 44 px. A screenshot of each state goes to the suite's artifacts.

Real cards of fixtures/: B01-001 Lil' Red Dragon, B01-002 Red Dragon, B01-003 Volcano
Dragon (fire PAD pets), B01-006 Blue Dragon (water), B05-019/-020/-021 (the whole of set
B05), St-1 Agumon.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from cards.models import Card
from decks.collection import import_collection, set_visibility
from decks.decklist import parse_deck_list
from decks.models import Deck, DeckEntry
from tests.e2e.conftest import Visitor

PASSWORD = "pw-shelf-123"
PHONE = {"width": 390, "height": 844}
TAP = 44  # px each way: the smallest control allowed (WCAG 2.5.5)
OWNED = """# PAD
2 Lil' Red Dragon
1 Red Dragon
5 Volcano Dragon
2 Blue Dragon
1 B05-019
1 B05-020
1 B05-021
# Digimon
4 Agumon
"""
# Lil' Red Dragon 1 in the team + 2 in the deck, Red Dragon 3, Volcano Dragon 2: 8 cards.
# Owned 2 + 1 + 2 = 5; missing 1 Lil' Red Dragon (a deck copy: the team is filled first)
# and 2 Red Dragon.
DECK = [("B01-001", 1, "team"), ("B01-001", 2, "deck"), ("B01-002", 3, "deck")]
DECK += [("B01-003", 2, "deck")]

WORDS = {
    "en": {
        "title": "My collection",
        "summary": "You own 5 of 8 cards; missing: 3 copies",
        "found": "2 of 8 cards",
        "link": "What this deck still needs",
        "shared": "Collection of shelf",
    },
    "zh-hant": {
        "title": "我的收藏",
        "summary": "你擁有 8 張中的 5 張；缺少：3 張",
        "found": "符合 2 張，共 8 張",
        "link": "這副牌組還缺哪些卡",
        "shared": "shelf 的收藏",
    },
    "zh-hans": {
        "title": "我的收藏",
        "summary": "你拥有 8 张中的 5 张；缺少：3 张",
        "found": "符合 2 张，共 8 张",
        "link": "这副卡组还缺哪些卡",
        "shared": "shelf 的收藏",
    },
}

# Every visible control of the page's main part smaller than TAP either way; a radio or
# checkbox is measured by the label that wraps it (a tap on the label toggles it).
SMALL_CONTROLS = """(tap) => {
  const controls = document.querySelectorAll(["a[href]", "button", "input:not([type=hidden])",
    "select", "textarea", "summary"].map((kind) => `main ${kind}`).join(", "));
  const small = [];
  for (const control of controls) {
    if (!control.checkVisibility()) continue;
    const wrapped = ["radio", "checkbox"].includes(control.type) && control.closest("label");
    const box = (wrapped || control).getBoundingClientRect();
    if (box.width < tap - 0.5 || box.height < tap - 0.5) {
      const name = (control.textContent || control.value || control.name || "").trim();
      const size = `${Math.round(box.width)}×${Math.round(box.height)}`;
      small.push(`${control.tagName.toLowerCase()} "${name.slice(0, 30)}" ${size}`);
    }
  }
  return small;
}"""
PICTURES_SHOWN = """() => [...document.querySelectorAll(".owned-cards img, .needs-list img")]
  .every((img) => img.complete && img.naturalWidth > 0)"""


def shelf() -> Deck:
    """The player, their collection (public) and their deck "Fire"."""
    player = User.objects.create_user("shelf", password=PASSWORD)
    import_collection(owner=player, text=OWNED)
    set_visibility(owner=player, visibility="public")
    deck = Deck.objects.create(owner=player, game="pad", name="Fire", visibility="public")
    for number, quantity, zone in DECK:
        card = Card.objects.get(number=number)
        DeckEntry.objects.create(deck=deck, card=card, quantity=quantity, zone=zone)
    return deck


def numbers(page: Page) -> list[str]:
    return page.locator(".owned-card-number").all_inner_texts()


class Checks:
    """What every state must pass on one screen, gathered so a run reports them all."""

    def __init__(self, visitor: Visitor, screen: str):
        self.visitor, self.screen, self.problems = visitor, screen, []

    def state(self, name: str) -> None:
        page = self.visitor.page
        page.wait_for_load_state("load")
        page.wait_for_function(PICTURES_SHOWN)
        self.visitor.shot(f"{self.screen}-{name}")
        width = page.evaluate("document.documentElement.scrollWidth")
        viewport = page.viewport_size["width"]
        if width > viewport:
            self.problems.append(f"{self.screen} {name}: {width} px wide in {viewport} px")
        if small := page.evaluate(SMALL_CONTROLS, TAP):
            self.problems.append(f"{self.screen} {name}: controls under {TAP} px: {small}")


def walk_through(visitor: Visitor, screen: str, language: str, deck: Deck) -> list[str]:
    words, checks = WORDS[language], Checks(visitor, screen)
    page = visitor.log_in("shelf", PASSWORD)

    # The cards, each with its picture, game by game.
    page = visitor.open("/decks/collection/")
    expect(page.locator("h1")).to_have_text(words["title"])
    assert numbers(page) == [
        "B01-001",
        "B01-002",
        "B01-003",
        "B01-006",
        "B05-019",
        "B05-020",
        "B05-021",
        "St-1",
    ]
    checks.state("cards")

    # A search narrows them; the address is the search.
    page.locator("#collection-q").fill("attr:fire cost:0 -Lil")
    page.locator(".collection-search [type=submit]").click()
    expect(page).to_have_url(re.compile(r"\?q=attr%3Afire\+cost%3A0\+-Lil"))
    expect(page.locator(".collection-found")).to_have_text(words["found"])
    assert numbers(page) == ["B01-002", "B01-003"]
    checks.state("search")

    # What the deck still needs, chosen in the list (the choice submits itself).
    page.locator("#needs-deck").select_option(deck.pk)
    expect(page).to_have_url(re.compile(rf"deck={deck.pk}"))
    expect(page.locator(".needs-summary")).to_contain_text(words["summary"])
    expect(page.locator(".need")).to_have_count(2)
    expect(page.locator(".need .need-count")).to_have_text(["2 ×", "1 ×"])
    assert numbers(page) == ["B01-002", "B01-003"]  # the search is kept
    checks.state("needs")
    with page.expect_download() as download:
        page.locator(".needs-export a").click()
    text = download.value.path().read_text(encoding="utf-8")
    parsed = parse_deck_list(text, "pad")
    assert parsed.ok, text
    lil, red = Card.objects.get(number="B01-001"), Card.objects.get(number="B01-002")
    assert sorted((e.card_id, e.quantity, e.zone) for e in parsed.entries) == sorted(
        [(lil.pk, 1, "deck"), (red.pk, 2, "deck")]
    )

    # Completion by set: B05's three cards all owned.
    page.locator(".collection-jump a[href='#sets']").click()
    b05 = page.locator(".set-row[data-set=pad-B05]")
    expect(b05.locator(".set-figure")).to_have_text("3 / 3 100 %")
    expect(page.locator(".set-row[data-set=pad-B01] .set-figure")).to_have_text("4 / 121 3 %")
    checks.state("sets")

    # The deck page links to the list.
    page = visitor.open(f"/decks/{deck.pk}/")
    page.locator("[data-needs-link]").click()
    expect(page.locator(".needs-summary")).to_contain_text(words["summary"])
    return checks.problems


def read_shared(visitor: Visitor, screen: str, language: str, deck: Deck) -> list[str]:
    checks = Checks(visitor, screen)
    page = visitor.open(f"/decks/collection/of/shelf/?deck={deck.pk}")
    expect(page.locator("h1")).to_have_text(WORDS[language]["shared"])
    expect(page.locator(".owned-card")).to_have_count(8)
    expect(page.locator("input[name=quantity]")).to_have_count(0)  # read only
    expect(page.locator(".need")).to_have_count(2)
    checks.state("shared")
    return checks.problems


def visitor_in(visitor_factory, site: str, name: str, language: str, screen=None) -> Visitor:
    visitor = visitor_factory(name)
    visitor.page.context.add_cookies([{"name": "django_language", "value": language, "url": site}])
    if screen is not None:
        visitor.page.set_viewport_size(screen)
    return visitor


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_the_collection_page_on_a_phone_and_a_desktop(language, visitor_factory, site):
    deck = shelf()
    phone = visitor_in(visitor_factory, site, "phone", language, PHONE)
    desktop = visitor_in(visitor_factory, site, "desktop", language)
    reader = visitor_in(visitor_factory, site, "reader", language, PHONE)

    problems = walk_through(phone, "390", language, deck)
    problems += walk_through(desktop, "desktop", language, deck)
    problems += read_shared(reader, "390", language, deck)

    assert not problems, "\n".join(problems)
