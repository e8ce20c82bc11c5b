"""Collections in a real browser (issue 16, item 4): record the cards you own from a pasted
list, edit a count, export it, see on a deck page which cards you miss, and search the
builder for the cards you own (`is:owned`); on a phone, in Traditional Chinese.

Real cards of fixtures/: B01-001 Lil' Red Dragon, B01-002 Red Dragon, B01-003 Volcano
Dragon (PAD), St-1 Agumon (Digimon).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from playwright.sync_api import expect

from cards.models import Card
from decks.models import Deck, DeckEntry

PASSWORD = "pw-collect-123"
PHONE = {"width": 390, "height": 844}
OWNED = "# PAD\n2 Red Dragon\n5 Volcano Dragon\n# Digimon\n4 Agumon\n"


def fire_deck(owner: User) -> Deck:
    """1 Lil' Red Dragon in the team, 3 Red Dragon and 2 Volcano Dragon in the deck: 6 cards."""
    deck = Deck.objects.create(owner=owner, game="pad", name="Fire", visibility="public")
    for number, quantity, zone in [
        ("B01-001", 1, "team"),
        ("B01-002", 3, "deck"),
        ("B01-003", 2, "deck"),
    ]:
        card = Card.objects.get(number=number)
        DeckEntry.objects.create(deck=deck, card=card, quantity=quantity, zone=zone)
    return deck


def count_input(page, number: str):
    card = Card.objects.get(number=number)
    return page.locator(f'#card-{card.pk} input[name="quantity"]')


def test_import_a_list_then_see_what_a_deck_misses_and_search_owned_cards(visitor):
    owner = User.objects.create_user("collector", password=PASSWORD)
    deck = fire_deck(owner)
    page = visitor.log_in("collector", PASSWORD)

    page.locator(".site-header").get_by_role("link", name="My collection").click()
    expect(page.locator("h1")).to_have_text("My collection")
    expect(page.locator(".collection-cards .empty")).to_be_visible()

    page.locator("textarea[name=text]").fill(OWNED)
    page.locator("input[name=mode][value=replace]").check()
    page.locator(".collection-import [type=submit]").click()
    expect(page.locator(".message-success")).to_have_text("11 cards recorded.")
    expect(page.locator(".owned-card")).to_have_count(3)
    expect(count_input(page, "B01-002")).to_have_value("2")
    expect(count_input(page, "St-1")).to_have_value("4")
    visitor.shot("imported")

    count_input(page, "St-1").fill("1")
    count_input(page, "St-1").locator("xpath=..").locator("[type=submit]").click()
    expect(page.locator(".message-success")).to_have_text("Count saved.")
    expect(count_input(page, "St-1")).to_have_value("1")
    exported = page.request.get(visitor.site + "/decks/collection/export.txt?lang=en")
    assert exported.text() == "# PAD\n2 Red Dragon\n5 Volcano Dragon\n\n# Digimon\n1 Agumon\n"

    page = visitor.open(f"/decks/{deck.pk}/")
    summary = page.locator(".ownership-summary")
    expect(summary).to_contain_text(
        "You own 4 of 6 cards; missing: 1 × Lil' Red Dragon, 1 × Red Dragon"
    )
    visitor.shot("deck-page")

    # The builder: the same summary, a search for owned cards, and the summary follows adds.
    page = visitor.open(f"/decks/{deck.pk}/edit/")
    expect(page.locator(".ownership-summary")).to_contain_text("You own 4 of 6 cards")
    page.locator("form[data-card-search] input[name=q]").fill("is:owned")
    results = page.locator("[data-panel=results] .result")
    expect(results).to_have_count(2)  # Red Dragon and Volcano Dragon; Agumon is no PAD card
    expect(results.nth(0)).to_contain_text("Red Dragon")
    expect(results.nth(1)).to_contain_text("Volcano Dragon")
    results.nth(0).get_by_role("button", name="Add Red Dragon to the deck").click()
    expect(page.locator(".ownership-summary")).to_contain_text(
        "You own 4 of 7 cards; missing: 2 × Red Dragon, 1 × Lil' Red Dragon"
    )
    visitor.shot("builder-is-owned")


def test_on_a_phone_in_chinese_a_shared_collection_and_what_a_deck_misses(visitor_factory):
    owner = User.objects.create_user("phone", password=PASSWORD)
    deck = fire_deck(owner)
    phone = visitor_factory("phone", locale="zh-TW")
    phone.page.set_viewport_size(PHONE)
    page = phone.log_in("phone", PASSWORD)

    page = phone.open("/decks/collection/")
    expect(page.locator("h1")).to_have_text("我的收藏")
    page.locator("textarea[name=text]").fill(OWNED)
    page.locator(".collection-import [type=submit]").click()
    expect(page.locator(".message-success")).to_have_text("已記錄 11 張卡。")
    page.get_by_role("button", name="設為公開").click()
    expect(page.locator(".message-success")).to_have_text(
        "你的收藏已公開：任何有連結的人都能看到。"
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    phone.shot("collection-390")
    assert width <= PHONE["width"], f"the collection page is {width} px wide at 390 px"

    page = phone.open(f"/decks/{deck.pk}/")
    expect(page.locator(".ownership-summary")).to_contain_text("你擁有 6 張中的 4 張；缺少：")
    width = page.evaluate("document.documentElement.scrollWidth")
    phone.shot("deck-390")
    assert width <= PHONE["width"], f"the deck page is {width} px wide at 390 px"

    reader = visitor_factory("reader", locale="zh-TW")
    page = reader.open("/decks/collection/of/phone/")
    expect(page.locator("h1")).to_have_text("phone 的收藏")
    expect(page.locator(".owned-card")).to_have_count(3)
    page = reader.open(f"/decks/{deck.pk}/")
    expect(page.locator("[data-ownership]")).to_have_count(0)  # nothing for anonymous readers
