"""Pasting a list with a few bad lines, in a real browser (issue 15, item 8).

Before: one misspelled line refused the whole list, and the suggestion was text to retype.
Now the deck is made of the lines that resolve; the others are listed with why and a
button per suggested card, which adds it with the line's count (fetch with JavaScript, a
plain POST without). Real cards of fixtures/: St-1 Agumon, St-2 Greymon, St-49
攻撃プラグインＡ (stored in Simplified as 攻击组件A, pasted here in Traditional script),
B01-002 Red Dragon (a PAD card: DGM-2.5, PAD-2.6).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from playwright.sync_api import expect

from cards.models import Card
from decks.models import Deck
from tests.e2e.conftest import Visitor

PASSWORD = "pw-paste-123"
PHONE = {"width": 390, "height": 844}
PASTED = "4 Agumon\n3 攻擊組件A\n4 Grymon\n2 Red Dragon\n"


def card_counts(deck: Deck) -> dict[str, int]:
    return {e.card.number: e.quantity for e in deck.entries.select_related("card")}


def problem_lines(page):
    return page.locator(".unresolved-line")


def test_a_list_with_a_typo_and_a_pad_card_makes_the_deck_and_offers_the_fix(visitor_factory):
    User.objects.create_user("reader", password=PASSWORD)
    visitor = visitor_factory("zh-hant", locale="zh-TW")
    page = visitor.log_in("reader", PASSWORD)

    page = visitor.open("/decks/new/")
    page.locator("input[name=game][value=digimon]").check()
    page.locator("input[name=name]").fill("亞古獸")
    page.locator("textarea[name=list]").fill(PASTED)
    page.locator("main form.new-deck [type=submit]").click()
    expect(page.locator("[data-builder]")).to_be_visible()

    # The deck holds the two lines that name a Digimon card, with their counts.
    deck = Deck.objects.get(name="亞古獸")
    assert card_counts(deck) == {"St-1": 4, "St-49": 3}
    expect(page.locator("[data-count=deck]")).to_contain_text("7")

    # The two other lines, by line number, with why, in the page's language.
    expect(page.locator("#unresolved-title")).to_contain_text("未加入的行")
    lines = problem_lines(page)
    expect(lines).to_have_count(2)
    typo, pad = lines.nth(0), lines.nth(1)
    expect(typo).to_contain_text("第 3 行")
    expect(typo).to_contain_text("4 Grymon")
    expect(typo).to_contain_text("找不到卡片「Grymon」")
    expect(pad).to_contain_text("2 Red Dragon")
    expect(pad).to_contain_text("「Red Dragon」是龍族拼圖 TCG的卡，不能放進數碼寶貝卡片遊戲牌組。")
    expect(pad.locator("[data-suggestion]")).to_have_count(0)  # no PAD card in a Digimon deck
    visitor.shot("unresolved-lines")

    # One click: Greymon, four copies as the line said; the line leaves the list.
    typo.locator('[data-suggestion="St-2"]').click()
    expect(problem_lines(page)).to_have_count(1)
    expect(page.locator("[data-count=deck]")).to_contain_text("11")
    assert card_counts(deck) == {"St-1": 4, "St-49": 3, "St-2": 4}
    page.reload()  # the list is kept with the deck
    expect(problem_lines(page)).to_have_count(1)
    problem_lines(page).first.locator("[data-dismiss]").click()
    expect(page.locator("[data-unresolved]")).to_have_count(0)
    assert card_counts(deck) == {"St-1": 4, "St-49": 3, "St-2": 4}
    visitor.shot("all-resolved")


def test_on_a_phone_without_javascript_a_suggestion_is_one_tap(browser, site, artifacts_dir):
    owner = User.objects.create_user("phone", password=PASSWORD)
    deck = Deck.objects.create(owner=owner, game="pad", name="Fire")
    context = browser.new_context(java_script_enabled=False, locale="zh-TW", viewport=PHONE)
    context.set_default_timeout(15_000)
    phone = Visitor(context.new_page(), site, artifacts_dir, "paste-phone-no-js")
    try:
        phone.log_in("phone", PASSWORD)
        page = phone.open(f"/decks/{deck.pk}/edit/")
        page.locator(".paste-panel textarea").fill("3 Red Dragn\n2 Tyrra\n1 Agumon")
        page.locator(".paste-panel [type=submit]").click()
        lines = problem_lines(page)
        expect(lines).to_have_count(2)
        expect(lines.nth(1)).to_contain_text(
            "「Agumon」是數碼寶貝卡片遊戲的卡，不能放進龍族拼圖 TCG牌組。"
        )
        width = page.evaluate("document.documentElement.scrollWidth")
        phone.shot("unresolved-390")
        assert width <= PHONE["width"], f"the builder is {width} px wide at 390 px"
        red = Card.objects.get(game="pad", number="B01-002")
        lines.nth(0).locator(f'[data-suggestion="{red.number}"]').click()
        expect(problem_lines(page)).to_have_count(1)
        assert card_counts(deck) == {"B01-021": 2, "B01-002": 3}
        phone.shot("resolved-390")
    finally:
        context.close()
    assert not phone.problems, phone.problems
