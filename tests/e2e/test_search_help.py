"""Search that helps, in a real browser (issue 15, item 4), in English, 繁體 and 简体.

Before: `gremon` found nothing and suggested nothing, the header box had no autocomplete,
`c:red` answered the whole catalogue (571 cards) and query errors were English on the
Chinese pages. Now a misspelt name offers the corrected query, every search box lists
cards while typing (ArrowDown/ArrowUp, Enter, Escape), Scryfall's `c:red` finds the red
(fire) cards, and errors speak the page's language — on a desktop and on a 390 px phone.
"""

from __future__ import annotations

import json
import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import expect

from cards.models import Card
from decks.services import deck_create

PHONE = {"width": 390, "height": 844}
DID_YOU_MEAN = {"en": "Did you mean", "zh-hant": "您是不是要找", "zh-hans": "您是不是要找"}
# cost>=2 (attr:fire: the "(" at character 9 is never closed.
MISSING_PARENTHESIS = {
    "en": "Missing ')' for this '('",
    "zh-hant": "這個「(」缺少對應的「)」",
    "zh-hans": "这个“(”缺少对应的“)”",
}
# R-033 is catalogued as 龙之怒吼 and Dragon's Roar: each page names it in its language.
DRAGONS_ROAR = {"en": "Dragon's Roar", "zh-hant": "龍之怒吼", "zh-hans": "龙之怒吼"}
LANGUAGES = list(DID_YOU_MEAN)


def red_cards() -> int:
    """PAD cards whose attribute or sub-attribute is fire (red), from the catalogue file."""
    pad = json.loads((settings.BASE_DIR / "fixtures" / "pad.json").read_text(encoding="utf-8"))
    return sum("fire" in (card.get("attribute"), card.get("sub_attribute")) for card in pad)


def speak(visitor, language: str):
    visitor.page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": visitor.site}]
    )
    return visitor


def search_for(page, query: str) -> None:
    box = page.locator("form.search input[name=q]")
    box.fill(query)
    box.press("Enter")
    page.wait_for_load_state("load")


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a 390 px phone"


def check_a_misspelt_name_offers_the_corrected_search(visitor, language):
    page = visitor.open("/cards/")
    search_for(page, "gremon")
    suggestion = page.locator(".did-you-mean")
    expect(suggestion).to_contain_text(DID_YOU_MEAN[language])
    expect(suggestion.get_by_role("link")).to_have_text("Greymon")
    visitor.shot("did-you-mean")
    suggestion.get_by_role("link").click()
    expect(page.locator("form.search input[name=q]")).to_have_value("Greymon")
    greymon = page.locator(".card-grid .caption", has=page.locator("small", has_text="St-2"))
    expect(greymon.first).to_contain_text("Greymon")
    visitor.shot("corrected")


def check_the_header_box_lists_cards_while_typing(visitor, language):
    page = visitor.open("/")
    box = page.locator(".header-search input[name=q]")
    listbox = page.get_by_role("listbox")
    box.press_sequentially("Agu", delay=40)
    expect(listbox).to_be_visible()
    expect(box).to_have_attribute("aria-expanded", "true")
    expect(listbox.get_by_role("option").first).to_contain_text("Agumon")
    visitor.shot("autocomplete-open")

    box.press("ArrowDown")
    expect(listbox.get_by_role("option").first).to_have_attribute("aria-selected", "true")
    box.press("Escape")
    expect(listbox).to_be_hidden()
    expect(box).to_have_attribute("aria-expanded", "false")

    box.press("ArrowDown")  # opens the list again
    expect(listbox).to_be_visible()
    box.press("ArrowDown")
    box.press("Enter")
    agumon = Card.objects.get(number="St-1")
    expect(page).to_have_url(re.compile(rf"/cards/{agumon.pk}/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Agumon")

    # Names in the page's language, whatever language was typed.
    page = visitor.open("/cards/")
    box = page.locator("form.search input[name=q]")
    box.press_sequentially("dragon's r", delay=40)
    option = page.get_by_role("listbox").get_by_role("option").first
    expect(option).to_contain_text(DRAGONS_ROAR[language])
    visitor.shot("autocomplete-in-language")


def check_scryfall_colour_and_translated_errors(visitor, language):
    page = visitor.open("/cards/")
    search_for(page, "c:red")
    count = page.locator(".results-bar .count")
    expect(count).to_contain_text(str(red_cards()))  # 95, not the whole catalogue
    expect(page.locator("ul.warnings")).to_have_count(0)
    visitor.shot("c-red")

    search_for(page, "cost>=2 (attr:fire")
    error = page.locator(".query-error")
    expect(error).to_contain_text(MISSING_PARENTHESIS[language])
    visitor.shot("error")


def check_search_help_on_a_phone(browser, site, artifacts_dir, language):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_cookies([{"name": "django_language", "value": language, "url": site}])
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto(site + "/cards/?q=gremon")
        expect(page.locator(".did-you-mean")).to_contain_text(DID_YOU_MEAN[language])
        no_sideways_scroll(page)
        page.screenshot(path=artifacts_dir / f"search-help-phone-{language}-01-did-you-mean.png")

        box = page.locator("form.search input[name=q]")
        box.fill("")
        box.press_sequentially("Agu", delay=40)
        listbox = page.get_by_role("listbox")
        expect(listbox).to_be_visible()
        right = listbox.bounding_box()["x"] + listbox.bounding_box()["width"]
        assert right <= PHONE["width"], f"the list ends at {right:.0f} px"
        no_sideways_scroll(page)
        page.screenshot(path=artifacts_dir / f"search-help-phone-{language}-02-autocomplete.png")
    finally:
        context.close()


def check_the_builder_box_fills_in_a_name(visitor) -> None:
    """In the deck builder, choosing a name puts it in the box (the builder then lists the
    card to add) instead of leaving the builder; only the deck's game is listed."""
    player = User.objects.create_user("builder-help", password="pw-builder-123")
    deck = deck_create(owner=player, game="digimon", name="Agumon rush", entries=[])
    client = Client()
    client.force_login(player)
    visitor.page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": visitor.site}]
    )
    page = visitor.open(f"/decks/{deck.pk}/edit/")
    box = page.locator("[data-card-search] input[name=q]")
    box.press_sequentially("agu", delay=40)
    options = page.get_by_role("listbox").get_by_role("option")
    expect(options.first).to_contain_text("Agumon")
    expect(options.filter(has_text="Kagutsuchi")).to_have_count(0)  # a PAD card
    box.press("ArrowDown")
    box.press("Enter")
    expect(box).to_have_value("Agumon")
    expect(page).to_have_url(re.compile(rf"/decks/{deck.pk}/edit/"))
    expect(page.locator(".result:has(small:text-is('St-1'))")).to_be_visible()
    visitor.shot("builder-filled")


@pytest.mark.parametrize("language", LANGUAGES)
def test_search_helps_the_reader(visitor_factory, browser, site, artifacts_dir, language):
    # One test per language: the live catalogue is loaded once for all four checks.
    visitor = speak(visitor_factory(language), language)
    check_a_misspelt_name_offers_the_corrected_search(visitor, language)
    check_the_header_box_lists_cards_while_typing(visitor, language)
    check_scryfall_colour_and_translated_errors(visitor, language)
    check_search_help_on_a_phone(browser, site, artifacts_dir, language)
    if language == "en":  # the builder's box, once
        check_the_builder_box_fills_in_a_name(visitor)
