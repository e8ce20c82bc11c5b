"""The deck builder on a phone (issue 29, item 6), in English, 繁體 and 简体 at 390 × 844.

Before: the deck's legality and list sat about 3,000 px below the search results, the
ownership banner filled the first screen, result pictures were 36 px wide and 306 of the 311
controls on the page were under 44 × 44 px (the radio buttons 13 px). Now:
- tabs Search · Deck · Statistics fixed at the bottom of the screen; the Deck tab carries the
  deck's count and legality, so the verdict is always one tap away;
- a card added from the search is marked in its row, the Deck tab says something changed, and
  one tap on Deck shows the card, highlighted, on the screen;
- the missing cards of the ownership banner fold into one line;
- result pictures at least 64 px wide; every visible control at least 44 × 44 px (a radio
  counts through its label when the whole label toggles it), measured in every state;
- without JavaScript the tabs are links to the stacked sections; on a desktop the two
  columns stay and there are no tabs.

Real cards of the starter catalogue: the fire list of `pad_list()` holds a team of 5 base
pets and 40 deck cards (PAD-2.1, PAD-2.3), among them 3 × B01-002 Red Dragon; B01-006
Blue Dragon is a water card it does not hold. The player owns 3 Red Dragon.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from decks.collection import import_collection
from decks.models import Deck
from decks.services import deck_create, entries_from_text
from tests.decklists import pad_list
from tests.e2e.conftest import SCREENSHOT
from tests.e2e.test_phone_layout import PHONE, Phone

PASSWORD = "pw-phone-builder-1"
TAP = 44  # px: the smallest tap target allowed, each way (WCAG 2.5.5)
THUMB = 64  # px: the narrowest result picture allowed
TAB_BAR = 56  # px: the tabs' height (3.5rem), above the least tap target for the thumb

# What each language calls the tabs, and the ownership line: the three Red Dragons owned of
# the 45 cards, then of 47 once Blue Dragon and a fourth Red Dragon are added.
WORDS = {
    "en": {
        "tabs": ["Search", "Deck", "Statistics"],
        "owned": "You own 3 of 45 cards",
        "owned after": "You own 3 of 47 cards",
    },
    "zh-hant": {
        "tabs": ["搜尋", "牌組", "統計"],
        "owned": "你擁有 45 張中的 3 張",
        "owned after": "你擁有 47 張中的 3 張",
    },
    "zh-hans": {
        "tabs": ["搜索", "卡组", "统计"],
        "owned": "你拥有 45 张中的 3 张",
        "owned after": "你拥有 47 张中的 3 张",
    },
}

# Every visible control of the page (the header's too) smaller than `minimum` either way. A
# radio button or checkbox is measured by the label around it (or pointing at it), since a
# tap anywhere on that label toggles it (checked separately by `labels_toggle`).
SMALL_CONTROLS = """(minimum) => {
  const CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, summary";
  const labelOf = (input) => input.closest("label")
    || (input.id && document.querySelector(`label[for="${input.id}"]`)) || null;
  const small = [];
  let measured = 0;
  for (const control of document.querySelectorAll(CONTROLS)) {
    if (!control.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    const target = control.matches("[type=radio], [type=checkbox]")
      ? labelOf(control) || control : control;
    const box = target.getBoundingClientRect();
    measured += 1;
    if (box.width < minimum - 0.01 || box.height < minimum - 0.01) {
      const name = (control.getAttribute("aria-label") || target.textContent || control.name
        || "").trim().replace(/\\s+/g, " ").slice(0, 40);
      const classes = typeof target.className === "string" && target.className.trim()
        ? "." + target.className.trim().split(/\\s+/).join(".") : "";
      small.push(`${target.tagName.toLowerCase()}${classes} "${name}" `
        + `${box.width.toFixed(0)}×${box.height.toFixed(0)}`);
    }
  }
  return {measured, small};
}"""


class BuilderPhone(Phone):
    """A phone visitor who also measures every control of each builder state."""

    def __init__(self, *args):
        super().__init__(*args)
        self.small: list[str] = []
        self.measured = 0

    def measure(self, state: str) -> None:
        self.page.wait_for_load_state("load")
        found = self.page.evaluate(SMALL_CONTROLS, TAP)
        assert found["measured"] > 5, f"{state}: no controls measured"
        self.measured += found["measured"]
        self.small += [f"{state}: {control}" for control in found["small"]]
        # What the player sees, then no sideways scrolling either and the whole page's
        # screenshot, which scrolls the page: the player's place is put back after it.
        self.page.screenshot(
            path=self.shots / f"{self.prefix}-{self.count + 1:02d}-{state}-screen.jpg",
            **SCREENSHOT,
        )
        where = self.page.evaluate("window.scrollY")
        self.fits(state)
        self.page.evaluate("(y) => window.scrollTo(0, y)", where)

    def verdict(self) -> None:
        assert not self.small, (
            f"controls under {TAP} × {TAP} px at {PHONE['width']} px:\n" + "\n".join(self.small)
        )
        assert not self.misfits, "\n".join(self.misfits)


@pytest.fixture
def builder_phone(browser, site, artifacts_dir, request):
    """Make phones (390 × 844, touch) in a language, with or without JavaScript."""
    phones: list[BuilderPhone] = []

    def make(language: str, javascript: bool = True) -> BuilderPhone:
        context = browser.new_context(
            viewport=PHONE,
            is_mobile=True,
            has_touch=True,
            device_scale_factor=1,
            java_script_enabled=javascript,
        )
        context.add_cookies([{"name": "django_language", "value": language, "url": site}])
        context.set_default_timeout(20_000)
        prefix = f"builder_phone-{language}" + ("" if javascript else "-nojs")
        phone = BuilderPhone(context.new_page(), site, artifacts_dir, prefix)
        phones.append(phone)
        return phone

    yield make
    for phone in phones:
        if getattr(request.node, "e2e_failed", False):
            phone.shot("FAILED")
        phone.page.context.close()
    problems = [problem for phone in phones for problem in phone.problems]
    assert not problems, "the browser reported problems:\n" + "\n".join(problems)


def fire_deck(username: str) -> Deck:
    player = User.objects.create_user(username, password=PASSWORD)
    deck = deck_create(
        owner=player, game="pad", name="Fire", entries=entries_from_text("pad", pad_list())
    )
    import_collection(owner=player, text="3 B01-002")
    # What the checks below count on (module docstring).
    assert deck.entries.get(card__number="B01-002", zone="deck").quantity == 3
    assert not deck.entries.filter(card__number="B01-006").exists()
    assert (deck.deck_count, deck.team_count) == (40, 5)
    return deck


def log_in(phone: Phone, username: str) -> Page:
    page = phone.open("/accounts/login/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("main form [type=submit]").tap()
    expect(page.locator(".site-header form.logout")).to_have_count(1)
    return page


def result(page: Page, number: str):
    return page.locator(f"[data-panel=results] .result:has(small:text-is('{number}'))")


def add_button(page: Page, number: str):
    """The result's "Add" (to the deck) button, whatever the language."""
    return result(page, number).locator("form:has(input[name=zone][value=deck]) button")


def entry(page: Page, card_id: int, zone: str = "deck"):
    return page.locator(f"[data-panel=entries] .entry[data-card='{card_id}'][data-zone='{zone}']")


def on_screen(page: Page, locator) -> bool:
    """Whether the element is within the screen, above the tab bar."""
    box = locator.bounding_box()
    bar = page.locator("[data-builder-tabs]").bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= bar["y"]


def labels_toggle(page: Page) -> None:
    """A tap on the far corner of a radio's label (not on the radio) checks the radio."""
    radios = page.locator("[data-tab=search] input[type=radio]")
    assert radios.count() == 2  # the paste modes: add, replace
    for index in (1, 0):
        radio = radios.nth(index)
        label = radio.locator("xpath=ancestor::label")
        box = label.bounding_box()
        assert box["width"] >= TAP and box["height"] >= TAP, box
        label.tap(position={"x": box["width"] - 3, "y": box["height"] - 3})
        expect(radio).to_be_checked()


@pytest.mark.parametrize("language", WORDS)
def test_the_builder_on_a_phone_has_thumb_sized_controls_and_the_deck_one_tap_away(
    builder_phone, language
):
    words = WORDS[language]
    deck = fire_deck(f"builder-{language}")
    red = deck.entries.get(card__number="B01-002").card_id
    phone = builder_phone(language)
    log_in(phone, f"builder-{language}")
    page = phone.open(f"/decks/{deck.pk}/edit/?q=set%3AB01")

    # Search: the first tab, the others one tap away at the bottom of the screen.
    tabs = page.locator("[data-builder-tabs] a")
    expect(tabs).to_have_count(3)
    for tab, label in zip(tabs.all(), words["tabs"], strict=True):
        expect(tab).to_contain_text(label)
        box = tab.bounding_box()
        assert box["y"] + box["height"] == pytest.approx(PHONE["height"], abs=1)
        assert box["height"] >= TAB_BAR and box["width"] >= PHONE["width"] / 3 - 1
    expect(page.locator("[data-tab-link=search]")).to_have_attribute("aria-current", "true")
    deck_tab = page.locator("[data-tab-link=deck]")
    expect(deck_tab.locator(".tab-count")).to_have_text("40")
    expect(deck_tab.locator(".tab-legal")).to_be_visible()
    expect(page.locator("[data-panel=results] .result")).to_have_count(24)
    expect(page.locator("[data-panel=entries]")).to_be_hidden()
    expect(page.locator("[data-verdict]")).to_be_hidden()

    # The ownership banner: one line, the missing cards a tap away.
    ownership = page.locator("details[data-ownership]")
    expect(ownership.locator("summary")).to_have_text(words["owned"])
    assert ownership.bounding_box()["height"] <= 60
    expect(ownership.locator(".ownership-missing")).to_be_hidden()
    search_box = page.locator("[data-card-search] input[name=q]").bounding_box()
    assert search_box["y"] + search_box["height"] < PHONE["height"] - TAB_BAR

    pictures = page.locator("[data-panel=results] .result .card-peek img")
    widths = pictures.evaluate_all("images => images.map(i => i.getBoundingClientRect().width)")
    assert len(widths) == 24 and min(widths) >= THUMB, widths
    labels_toggle(page)
    phone.measure("search")

    ownership.locator("summary").tap()
    expect(ownership.locator(".ownership-missing a").first).to_be_visible()
    phone.measure("search-missing-cards")

    # Add Blue Dragon from the search: its row says so where the finger is, the Deck tab
    # counts it and says the deck changed.
    add = add_button(page, "B01-006")
    add.scroll_into_view_if_needed()
    add.tap()
    row = result(page, "B01-006")
    expect(row).to_have_class(re.compile(r"\bjust-added\b"))
    expect(row.locator(".in-deck")).to_be_visible()
    assert on_screen(page, row)
    expect(deck_tab.locator(".tab-count")).to_have_text("41")
    expect(deck_tab).to_have_class(re.compile(r"\bhas-news\b"))
    expect(ownership).to_have_attribute("open", "")  # the fold the player opened stays open
    blue = int(row.get_attribute("data-card"))
    phone.measure("search-added")

    # One tap: the deck, its verdict, and Blue Dragon highlighted on the screen.
    deck_tab.tap()
    expect(deck_tab).to_have_attribute("aria-current", "true")
    expect(deck_tab).not_to_have_class(re.compile(r"\bhas-news\b"))
    expect(page.locator("[data-panel=results]")).to_be_hidden()
    expect(page.locator("[data-verdict]")).to_have_attribute("data-verdict", "legal")
    expect(page.locator("[data-count=deck] strong")).to_have_text("41")
    added = entry(page, blue)
    expect(added).to_have_class(re.compile(r"\bjust-added\b"))
    expect(added.locator(".added-mark")).to_be_visible()
    assert on_screen(page, added), added.bounding_box()
    phone.measure("deck")

    page.locator(".settings-panel > summary").tap()
    expect(page.locator(".settings-panel input[name=name]")).to_be_visible()
    phone.measure("deck-settings")

    # Back to the search, where the player was; a fourth Red Dragon breaks PAD-2.2, and the
    # Deck tab says so without opening it.
    page.locator("[data-tab-link=search]").tap()
    expect(page.locator("[data-panel=entries]")).to_be_hidden()
    assert on_screen(page, result(page, "B01-006"))
    add_button(page, "B01-002").tap()
    expect(deck_tab.locator(".tab-count")).to_have_text("42")
    expect(deck_tab.locator(".tab-illegal")).to_be_visible()
    expect(ownership.locator("summary")).to_have_text(words["owned after"])
    # A tap on the tab already open: back to its top, the search box.
    page.locator("[data-tab-link=search]").tap()
    assert on_screen(page, page.locator("[data-card-search] input[name=q]"))

    deck_tab.tap()
    expect(page.locator("[data-verdict]")).to_have_attribute("data-verdict", "illegal")
    expect(page.locator(".violations li")).to_have_count(1)
    expect(page.locator(".violations li")).to_have_attribute("data-code", "copy_limit")
    red_entry = entry(page, red)
    expect(red_entry.locator("input[name=quantity]")).to_have_value("4")
    expect(red_entry).to_have_class(re.compile(r"\bjust-added\b"))
    expect(entry(page, blue)).not_to_have_class(re.compile(r"\bjust-added\b"))
    assert on_screen(page, red_entry), red_entry.bounding_box()
    phone.measure("deck-illegal")

    # A tap on a card's name in the deck: its picture, with the card page and Close.
    red_entry.locator(".entry-name a").tap()
    preview = page.locator(".card-preview")
    expect(preview.locator("button")).to_be_visible()
    phone.measure("deck-preview")
    preview.locator("button").tap()
    expect(preview).to_be_hidden()

    # Statistics: the charts and the odds, the deck and the search out of the way.
    page.locator("[data-tab-link=stats]").tap()
    expect(page.locator("[data-tab-link=stats]")).to_have_attribute("aria-current", "true")
    expect(page.locator(".stats-panel .chart").first).to_be_visible()
    expect(page.locator(".odds-table")).to_be_visible()
    expect(page.locator("[data-panel=entries]")).to_be_hidden()
    phone.measure("stats")

    # The tab is in the address: a reload opens it again.
    expect(page).to_have_url(re.compile(r"#builder-stats$"))
    page.reload()
    expect(page.locator("[data-tab-link=stats]")).to_have_attribute("aria-current", "true")
    expect(page.locator("[data-panel=results]")).to_be_hidden()

    assert phone.measured > 300
    phone.verdict()


def test_without_javascript_the_tabs_are_links_to_stacked_sections(builder_phone):
    deck = fire_deck("builder-nojs")
    phone = builder_phone("en", javascript=False)
    log_in(phone, "builder-nojs")
    page = phone.open(f"/decks/{deck.pk}/edit/?q=number%3AB01-006")

    for selector in ("[data-card-search]", "[data-verdict]", "[data-panel=entries]", ".odds-table"):
        expect(page.locator(selector)).to_be_visible()
    ownership = page.locator("details[data-ownership]")
    expect(ownership.locator(".ownership-missing")).to_be_hidden()
    phone.measure("stacked")
    ownership.locator("summary").tap()  # a <details>: no script needed
    expect(ownership.locator(".ownership-missing")).to_be_visible()

    page.locator("[data-tab-link=deck]").tap()
    expect(page).to_have_url(re.compile(r"#builder-deck$"))
    verdict = page.locator("#builder-deck").bounding_box()
    assert 0 <= verdict["y"] < 100, verdict  # the deck's verdict at the top of the screen

    add_button(page, "B01-006").tap()  # a plain form: the page comes back with the card
    expect(page.locator("[data-messages]")).to_have_text("Added 1 × Blue Dragon.")
    expect(page.locator("[data-panel=entries] .entry", has_text="Blue Dragon")).to_have_count(1)
    expect(page.locator("[data-tab-link=deck] .tab-count")).to_have_text("41")
    phone.measure("stacked-added")
    phone.verdict()


def test_on_a_desktop_the_builder_keeps_its_two_columns(visitor_factory):
    deck = fire_deck("builder-desktop")
    visitor = visitor_factory("desktop")
    page = visitor.log_in("builder-desktop", PASSWORD)
    page = visitor.open(f"/decks/{deck.pk}/edit/?q=set%3AB01")

    expect(page.locator("[data-builder-tabs]")).to_be_hidden()
    for selector in ("[data-card-search]", "[data-verdict]", "[data-panel=entries]", ".odds-table"):
        expect(page.locator(selector)).to_be_visible()
    search = page.locator(".search-panel").bounding_box()
    verdict = page.locator(".validation-panel").bounding_box()
    assert search["x"] + search["width"] <= verdict["x"]  # side by side
    assert verdict["y"] < search["y"] + search["height"]
    stats = page.locator(".stats-panel").bounding_box()
    assert stats["width"] > 1000  # the statistics below, across the page

    # The ownership banner as before: the sentence and its missing cards, no fold to open.
    summary = page.locator(".ownership-summary")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("You own 3 of 45 cards; missing: ")
    expect(page.locator("[data-ownership] > summary")).to_be_hidden()

    add_button(page, "B01-006").click()
    expect(page.locator("[data-messages]")).to_have_text("Added 1 × Blue Dragon.")
    blue = int(result(page, "B01-006").get_attribute("data-card"))
    expect(entry(page, blue)).to_have_class(re.compile(r"\bjust-added\b"))
    expect(page.locator("[data-count=deck] strong")).to_have_text("41")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1280, width
    visitor.shot("desktop")
