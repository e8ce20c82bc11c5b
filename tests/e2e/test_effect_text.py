"""A card's effect in the reader's language on a phone (issue 29, item 1): at 390 px, in
English, 繁體 and 简体, the card page shows the effect worded from its steps and, under
its label, the printed text; the page fits the screen. A screenshot of each language is
saved (`phone-<language>-NN-effect-<number>.jpg`)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cards.models import Card

WORDED = {
    "en": ("Effect", "When you evolve a pet with this card, draw 1 card.", "Printed text"),
    "zh-hant": ("效果", "以此卡進化寵物時，抽 1 張卡。", "印刷文字"),
    "zh-hans": ("效果", "以此卡进化宠物时，抽 1 张卡。", "印刷文字"),
}
PRINTED = "When you place this card to evolve one of your monsters, draw a card from your deck."


@pytest.mark.parametrize("language", WORDED)
def test_the_card_page_words_the_effect_on_a_phone(phone_factory, language):
    heading, worded, label = WORDED[language]
    phone = phone_factory(language)
    page = phone.open(f"/cards/{Card.objects.get(number='B01-002').pk}/")
    section = page.locator("section.card-effect")
    expect(section.get_by_role("heading", level=2)).to_have_text(heading)
    expect(section.locator(".effect-rendered")).to_have_text(worded)
    expect(section.get_by_role("heading", level=3)).to_have_text(label)
    expect(section.locator(".printed-text")).to_have_text(PRINTED)
    expect(section.locator(".printed-text")).to_have_attribute("lang", "en")
    # The worded effect comes first, on the first screens of a phone.
    worded_box = section.locator(".effect-rendered").bounding_box()
    printed_box = section.locator(".printed-text").bounding_box()
    assert worded_box["y"] < printed_box["y"]
    assert worded_box["x"] + worded_box["width"] <= 390
    section.scroll_into_view_if_needed()
    phone.fits("effect-B01-002")
    assert phone.misfits == []


def test_a_digimon_option_on_a_traditional_phone(phone_factory):
    phone = phone_factory("zh-hant")
    page = phone.open(f"/cards/{Card.objects.get(number='R-028').pk}/")  # 网络密码!
    section = page.locator("section.card-effect")
    expect(section.locator(".effect-rendered")).to_have_text(
        "場上所有的數碼寶貝（資料種數碼寶貝除外）在 3 回合內無法行動：攻擊力計為 0。"
    )
    expect(section.locator(".printed-text")).to_have_attribute("lang", "zh-Hans")
    phone.fits("effect-R-028")
    assert phone.misfits == []


@pytest.mark.parametrize(
    ("language", "worded"),
    [
        ("en", "When you evolve a pet with this card, draw 1 card."),
        ("zh-hant", "以此卡進化寵物時，抽 1 張卡。"),
    ],
)
def test_the_search_list_shows_the_effect_under_each_name_on_a_phone(
    phone_factory, language, worded
):
    phone = phone_factory(language)
    page = phone.open("/cards/?q=set%3AB01+o%3Adraw&view=list")
    row = page.locator("table.card-table tbody tr", has_text="B01-002")
    line = row.locator(".effect-line")
    expect(line).to_have_text(worded)
    # Under the name, readable on the first screen: at least 11rem wide, not cut off.
    box = line.bounding_box()
    assert box["width"] >= 170 and box["x"] + box["width"] <= 390
    phone.fits("effect-search-list")
    assert phone.misfits == []
