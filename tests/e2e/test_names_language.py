"""Card names in the reader's language, in a real browser (issue 15, item 1).

Most Digimon cards were imported with their Japanese name first, and the pages used to show
that stored name to everyone: アグモン on the English site, 攻撃プラグインＡ on the 简体 site
although 攻击组件A is catalogued. A reader sees the name in the page's language, by the
order of cards/display_names.py, on the search, card and deck pages and in the exported
list, which still reads back as the same deck.
"""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from playwright.sync_api import expect

from cards.models import Card
from decks.decklist import parse_deck_list
from decks.models import PUBLIC
from decks.services import deck_create, entries_from_text

PASTED = "3 Agumon\n2 Greymon\n2 攻击组件A\n"


def caption_of(page, number: str):
    """The grid caption of the card with this number."""
    return page.locator(".card-grid .caption", has=page.locator("small", has_text=number)).first


def switch_to(page, label: str, language: str) -> None:
    page.get_by_label(label).select_option(language)
    expect(page.locator("html")).to_have_attribute("lang", language)


def test_the_english_pages_show_english_names(visitor):
    page = visitor.open("/cards/?q=アグモン")
    expect(caption_of(page, "St-1")).to_contain_text("Agumon")
    expect(page.locator(".card-grid")).not_to_contain_text("アグモン")
    visitor.shot("search-digimon")

    caption_of(page, "St-1").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Agumon")
    expect(page).to_have_title(re.compile(r"^Agumon · St-1"))
    visitor.shot("card-agumon")

    page = visitor.open("/cards/?q=ティラ&view=list")
    row = page.locator("table.card-table tbody tr", has_text="B01-021")
    expect(row.get_by_role("link")).to_have_text("Tyrra")
    visitor.shot("search-pad-list")


def test_the_chinese_pages_show_the_stored_chinese_name_in_their_script(visitor):
    plug_in = Card.objects.get(number="St-49")
    page = visitor.open("/cards/?q=number%3DSt-49")
    expect(caption_of(page, "St-49")).to_contain_text("Offense Plug-In A")

    switch_to(page, "Language", "zh-hans")
    expect(caption_of(page, "St-49")).to_contain_text("攻击组件A")
    expect(page.locator(".card-grid")).not_to_contain_text("攻撃プラグイン")
    visitor.shot("search-simplified")
    page.goto(f"{visitor.site}/cards/{plug_in.pk}/")
    expect(page.get_by_role("heading", level=1)).to_have_text("攻击组件A")
    visitor.shot("card-simplified")

    # 繁體: the Simplified name written in Traditional characters (OpenCC).
    switch_to(page, "语言", "zh-hant")
    expect(page.get_by_role("heading", level=1)).to_have_text("攻擊組件A")
    visitor.shot("card-traditional")


def test_the_deck_page_and_its_export_follow_the_language(visitor):
    owner = User.objects.create_user("names", password="pw-names-123")
    entries = entries_from_text("digimon", PASTED)
    deck = deck_create(
        owner=owner, game="digimon", name="Plug-ins", visibility=PUBLIC, entries=entries
    )
    expected = {(e.card_id, e.quantity, e.zone) for e in deck.entries.all()}

    page = visitor.open(f"/decks/{deck.pk}/")
    expect(page.locator(".deck-entries")).to_contain_text("Agumon")
    expect(page.locator(".deck-entries")).not_to_contain_text("アグモン")
    exported = page.locator("#export-text").input_value()
    assert "3 Agumon" in exported and "2 Offense Plug-In A" in exported
    visitor.shot("deck-english")

    switch_to(page, "Language", "zh-hans")
    expect(page.locator(".deck-entries")).to_contain_text("攻击组件A")
    chinese = page.locator("#export-text").input_value()
    assert "2 攻击组件A" in chinese
    visitor.shot("deck-simplified")

    # Each exported list, pasted back, is the same deck.
    for text in (exported, chinese):
        parsed = parse_deck_list(text, "digimon")
        assert parsed.ok, parsed.errors
        assert {(e.card_id, e.quantity, e.zone) for e in parsed.entries} == expected
