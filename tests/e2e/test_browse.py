"""Browsing the catalogue in a real browser: the query language, card pages, languages."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from cards.display_names import display_name
from cards.models import Card


def test_search_with_the_query_language_then_open_a_card(visitor):
    page = visitor.open("/")
    visitor.shot("home")

    # The header box is an ARIA combobox: it lists cards while typing (issue 15, item 4).
    page.get_by_role("combobox", name="Search cards").fill("game:pad attr:fire kind:pet cost<=1")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/cards/\?q=game%3Apad"))
    shown = set(page.locator(".card-grid .caption small:not(.badge)").all_inner_texts())
    assert shown, "the query found nothing"
    # Every card shown is a PAD pet costing at most 1 whose attribute or sub-attribute is fire.
    pets = Card.objects.filter(game="pad", kind="pet", cost__lte=1)
    matching = set(pets.filter(attribute="fire").values_list("number", flat=True)) | set(
        pets.filter(sub_attribute="fire").values_list("number", flat=True)
    )
    assert shown <= matching
    # A page shows 60 cards; the count says so when there are more.
    shown_part = " · showing 1–60" if len(matching) > 60 else ""
    expect(page.locator(".results-bar .count")).to_have_text(f"{len(matching)} cards{shown_part}")
    visitor.shot("search-results")

    page.get_by_role("link", name="List", exact=True).click()
    expect(page.locator("table.card-table")).to_be_visible()
    visitor.shot("search-list-view")

    first = page.locator("table.card-table tbody tr").first
    number = first.locator("td.number").inner_text()
    first.get_by_role("link").click()
    card = Card.objects.get(game="pad", number=number)
    expect(page.get_by_role("heading", level=1)).to_have_text(display_name(card, "en"))
    expect(page.locator(".card-sheet .fields")).to_contain_text(number)
    expect(page.locator(".card-picture img")).to_have_js_property("complete", True)
    assert page.locator(".card-picture img").evaluate("img => img.naturalWidth") > 0
    visitor.shot("card-page")


def test_a_query_with_a_mistake_shows_where_it_is(visitor):
    page = visitor.open("/cards/?q=" + "cost%3C%3D")
    expect(page.get_by_role("alert")).to_contain_text("This query cannot be read")
    expect(page.locator(".query-error mark")).to_be_visible()
    visitor.shot("query-error")


def test_switching_the_language_translates_the_pages(visitor):
    page = visitor.open("/cards/?q=game%3Adigimon+level%3Aperfect")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    visitor.shot("english")

    page.get_by_label("Language").select_option("zh-hant")
    expect(page.locator("html")).to_have_attribute("lang", "zh-hant")
    # The switch keeps the page and the query the person was on.
    expect(page.locator("#q")).to_have_value("game:digimon level:perfect")
    expect(page.get_by_role("link", name="語法說明").first).to_be_visible()
    visitor.shot("traditional-chinese")

    page.get_by_label("語言").select_option("zh-hans")
    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
    expect(page.get_by_role("link", name="语法说明").first).to_be_visible()
    visitor.shot("simplified-chinese")

    # The choice sticks for the next pages.
    page.get_by_role("link", name="卡组").first.click()
    expect(page.locator("html")).to_have_attribute("lang", "zh-hans")
    visitor.shot("decks-in-simplified-chinese")


def test_the_api_documentation_renders_under_the_content_security_policy(visitor):
    page = visitor.open("/api/docs/")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Cardsite API")
    expect(page.locator(".opblock-summary-path").first).to_be_visible()
    assert page.locator(".opblock-summary-path", has_text="/api/cards/").count() >= 1
    visitor.shot("api-docs")
