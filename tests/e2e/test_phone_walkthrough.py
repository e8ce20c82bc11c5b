"""Issue 29's "done when", as one player: a 繁體 reader on a 390 × 844 phone finishes a deck
in the builder, reads a card of it, runs a matchup against the gauntlet, reads the report
and steps through its sample game, without zooming (no page wider than the screen, chart
text at least 12 px) and without meeting English words outside the printed card text
(which is labelled and kept in its own language) or card names (what the data knows).

Real cards of the starter catalogue: the fire list of `pad_list()` holds 3 × B01-002 Red
Dragon; the player's draft holds 2, so it has 39 of the 40 deck cards PAD-2.1 asks for.
"""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from playwright.sync_api import expect

from cards.display_names import NAME_FIELDS
from cards.effect_text import effect_text
from cards.models import Card
from decks.services import deck_create, entries_from_text
from tests.decklists import pad_list
from tests.e2e.test_builder_phone import PASSWORD, add_button, log_in, on_screen
from tests.e2e.test_phone_layout import PHONE

LANGUAGE = "zh-hant"
# Words in Latin letters a 繁體 page may show besides card numbers and sets (B01-002): the
# site's and the games' names, and file formats.
ALLOWED_LATIN = {"Cardsite", "PAD", "TCG", "Digimon", "JSON", "CSV"}

# The page's visible words in Latin letters (three or more), outside printed card text
# (marked with its language), what people wrote (marked translate="no") and card numbers.
LATIN_WORDS = """(root) => {
  const words = [];
  const walker = document.createTreeWalker(document.querySelector(root), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!element || !element.checkVisibility()) continue;
    // Printed text in its language; what people wrote (usernames, change reasons, sources).
    if (element.closest("[lang]:not(html), [translate=no], script, style")) continue;
    for (const word of node.textContent.match(/[A-Za-z][A-Za-z']{2,}/g) || []) {
      words.push([word, element.outerHTML.slice(0, 160)]);
    }
  }
  // A select's options (not drawn until it is opened, but read when it is).
  for (const select of document.querySelector(root).querySelectorAll("select")) {
    if (!select.checkVisibility()) continue;
    for (const option of select.options) {
      for (const word of option.text.match(/[A-Za-z][A-Za-z']{2,}/g) || []) {
        words.push([word, option.outerHTML.slice(0, 160)]);
      }
    }
  }
  return words;
}"""


def card_name_words() -> set[str]:
    """The words of the catalogue's card names: a card is called what the data knows (issue
    29: no invented names), in Latin letters where no Chinese name is known."""
    words = set()
    for names in Card.objects.values_list(*NAME_FIELDS):
        for name in filter(None, names):
            words.update(re.findall(r"[A-Za-z][A-Za-z']{2,}", name))
    return words


def latin_words(page, root: str = "main") -> dict[str, str]:
    """{word: the element it is in} of the words no 繁體 reader should meet."""
    allowed = ALLOWED_LATIN | card_name_words()
    return {
        word: where
        for word, where in page.evaluate(LATIN_WORDS, root)
        if word not in allowed and not re.fullmatch(r"[A-Z]{1,3}\d*", word)  # B01, St
    }


def test_a_chinese_player_on_a_phone_builds_tests_and_replays_a_deck(phone_factory):
    draft = pad_list().replace("3 B01-002", "2 B01-002")
    assert draft != pad_list()
    player = User.objects.create_user("walkthrough", password=PASSWORD)
    deck = deck_create(
        owner=player,
        game="pad",
        name="火焰",
        visibility="public",
        entries=entries_from_text("pad", draft),
    )
    phone = phone_factory(LANGUAGE)
    log_in(phone, "walkthrough")

    # The builder: the deck is one card short; one tap on Add finishes it, and the Deck tab
    # shows it legal and the card on the screen.
    page = phone.open(f"/decks/{deck.pk}/edit/?q=set%3AB01")
    deck_tab = page.locator("[data-tab-link=deck]")
    expect(deck_tab.locator(".tab-count")).to_have_text("39")
    expect(deck_tab.locator(".tab-illegal")).to_be_visible()
    add = add_button(page, "B01-002")
    add.scroll_into_view_if_needed()
    add.tap()
    expect(deck_tab.locator(".tab-count")).to_have_text("40")
    expect(deck_tab.locator(".tab-illegal")).to_have_count(0)
    expect(deck_tab.locator(".tab-legal")).to_be_visible()
    deck_tab.tap()
    red = Card.objects.get(game="pad", number="B01-002")
    added = page.locator(f"[data-panel=entries] .entry[data-card='{red.pk}'][data-zone=deck]")
    expect(added).to_be_visible()
    assert on_screen(page, added)
    phone.fits("walkthrough-builder")
    assert latin_words(page, "[data-panel=entries]") == {}

    # A card of the deck: its effect worded in Chinese, the printed text beside it, labelled.
    page = phone.open(f"/decks/{deck.pk}/")
    stepped = next(
        card
        for card in Card.objects.filter(deck_entries__deck=deck).order_by("number_sort")
        if card.text and effect_text(card, LANGUAGE)
    )
    page.locator(f"[data-card='{stepped.pk}'] a").first.tap()
    expect(page).to_have_url(re.compile(rf"/cards/{stepped.pk}/$"))
    rendered = page.locator(".effect-rendered")
    expect(rendered).to_be_visible()
    assert re.search(r"[\u4e00-\u9fff]", rendered.inner_text())
    expect(page.locator("main")).to_contain_text("印刷文字")
    phone.fits("walkthrough-card")
    assert latin_words(page) == {}, page.url

    # The matchup against the gauntlet, from the deck page.
    page = phone.open(f"/decks/{deck.pk}/")
    page.locator("[data-test-against-link]").tap()
    page.locator("#matchup-form input[name=games]").fill("30")
    page.locator("#matchup-form input[name=seed]").fill("7")
    page.locator("#matchup-form button[name=run]").tap()
    expect(page.locator("[data-opponents]")).to_be_visible()
    phone.fits("walkthrough-report")
    assert phone.charts_seen > 0
    assert latin_words(page) == {}, page.url

    # The sample game, step by step: what happened right under Previous / Next, each step
    # told in Chinese.
    step = page.locator(".gf-step:not([hidden])")
    start = int(step.get_attribute("data-step"))
    for number in range(start + 1, start + 4):
        next_step = step.locator(".gf-step-nav a[rel=next]")
        expect(next_step).to_contain_text("下一步")
        next_step.tap()
        step = page.locator(".gf-step:not([hidden])")
        expect(step).to_have_attribute("data-step", str(number))
        nav = step.locator(".gf-step-nav").bounding_box()
        events = step.locator(".gf-events").bounding_box()
        assert nav["y"] >= 0 and events["y"] + min(events["height"], 200) <= PHONE["height"]
        assert latin_words(page, ".gf-step:not([hidden]) .gf-events") == {}
    phone.fits("walkthrough-replay")
    assert not phone.misfits, "\n".join(phone.misfits)
