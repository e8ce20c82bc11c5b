""" "Digimon cards" opens on printed cards, and a card known only from the rules text says so
(issue 15, item 2), in a real browser.

The set code RULES sorted before St, so the menu's "Digimon cards" used to open on a page of
the 60 options named only in the rules text: grey placeholders with "?" everywhere. The
expected first and last cards are read from the fixture file, not from the site.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

FIXTURE = Path(settings.BASE_DIR) / "fixtures" / "digimon.json"
CARDS_PER_PAGE = 60  # cards/views.py


def _natural(number: str) -> tuple:
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", number))


def _fixture_cards() -> list[dict]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def first_printed_number() -> str:
    printed = [card for card in _fixture_cards() if card["provenance"] == "printed"]
    return min(printed, key=lambda card: (card["set"], _natural(card["number"])))["number"]


def rules_text_cards() -> list[dict]:
    return [card for card in _fixture_cards() if card["provenance"] == "rules_text"]


BADGE = {"en": "Rules text only", "zh-hant": "僅見於規則文字", "zh-hans": "仅见于规则文字"}
NOTICE = {
    "en": "Known only from the rules text",
    "zh-hant": "僅從規則文字得知",
    "zh-hans": "仅从规则文字得知",
}
MENU_LINK = {"en": "Digimon cards", "zh-hant": "數碼寶貝卡片", "zh-hans": "数码宝贝卡片"}


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_digimon_cards_open_on_printed_cards_and_rules_text_cards_say_so(visitor_factory, language):
    visitor = visitor_factory(language, locale=language.replace("zh-hant", "zh-TW"))
    page = visitor.open("/")
    page.locator(".site-menu nav").get_by_role("link", name=MENU_LINK[language]).click()
    captions = page.locator(".card-grid .caption")
    expect(captions.first.locator("small").first).to_have_text(first_printed_number())
    # Every card of the first page is printed: no placeholder and no "rules text" badge.
    expect(captions).to_have_count(CARDS_PER_PAGE)
    expect(page.locator(".card-grid .rules-text-badge")).to_have_count(0)
    visitor.shot("digimon-cards")

    # The cards named only in the rules text come after the printed ones, each saying so.
    rules = rules_text_cards()
    page = visitor.open("/cards/?q=game%3Adigimon+set%3ARULES")
    expect(page.locator(".card-grid .rules-text-badge")).to_have_count(len(rules))
    expect(page.locator(".card-grid .rules-text-badge").first).to_have_text(BADGE[language])
    visitor.shot("rules-text-cards")

    page.locator(".card-grid a").first.click()
    expect(page.locator("main .notice", has_text=NOTICE[language])).to_be_visible()
    visitor.shot("rules-text-card")
