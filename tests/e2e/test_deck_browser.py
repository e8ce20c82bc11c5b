"""The public deck browser in a real browser (issue 16, item 3): filter by attribute and
legality, sort by the win rate against the gauntlet with its interval, key card thumbnails,
the phone layout, Traditional Chinese, and "Decks using this card" on a card page leading
to the browser filtered by that card.

Before: /decks/ filtered by game and name only, in one order, without pictures, and a card
page named no deck. Decks are built from real cards (fixtures/): Fire rush is 3 Lil' Red
Dragon (B01-001, fire) and 2 Red Dragon; Agumon line 4 Agumon (St-1) and 4 Greymon (St-2);
the two legal PAD decks are the suite's standard lists (tests/decks/conftest.py), whose
first card is Lil' Red Dragon, so they are fire decks too.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from playwright.sync_api import expect

from cards.models import Card
from decks.models import Deck, GauntletStanding
from decks.rules import EntryInput
from decks.services import deck_create
from tests.decks.conftest import pad_deck, pad_team
from tests.e2e.conftest import Visitor

PHONE = {"width": 390, "height": 844}


def entries(*pairs):
    return [EntryInput(Card.objects.get(number=n).pk, q, "deck") for q, n in pairs]


def build_decks() -> dict[str, Deck]:
    author = User.objects.create_user("browser", password="pw-browser-123")

    def make(name, cards, game="pad"):
        return deck_create(owner=author, game=game, name=name, visibility="public", entries=cards)

    decks = {
        "fire": make("Fire rush", entries((3, "B01-001"), (2, "B01-002"))),
        "agumon": make("Agumon line", entries((4, "St-1"), (4, "St-2")), game="digimon"),
        "strong": make("Strong PAD", [*pad_team(), *pad_deck(45)]),
        "weak": make("Weak PAD", [*pad_team(), *pad_deck(40)]),
    }
    for key, rate, low, high in (("strong", 0.62, 0.55, 0.68), ("weak", 0.40, 0.33, 0.47)):
        deck = decks[key]
        GauntletStanding.objects.create(
            deck=deck, revision=deck.revision, games=1400, win_rate=rate,
            interval_low=low, interval_high=high,
        )  # fmt: skip
    return decks


def rows(page):
    return page.locator("table.browse-table tbody tr")


def names(page) -> list[str]:
    return [text.strip() for text in page.locator("tbody .browse-name > a").all_inner_texts()]


def wait_for_thumbnail(page, deck: Deck) -> None:
    """The deck's key card picture loads (a broken or missing one times out): it is lazy
    and its proxy may be drawn by this very request, so wait rather than look once."""
    image = page.locator(f'tr[data-deck="{deck.pk}"] .browse-thumb img')
    expect(image).to_be_visible()
    image.scroll_into_view_if_needed()
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=image.element_handle(), timeout=20_000
    )


def test_filter_sort_and_thumbnails(visitor: Visitor):
    decks = build_decks()
    page = visitor.open("/decks/?author=browser")
    expect(rows(page)).to_have_count(4)
    wait_for_thumbnail(page, decks["fire"])  # its key card: Lil' Red Dragon
    image = page.locator(f'tr[data-deck="{decks["fire"].pk}"] .browse-thumb img')
    expect(image).to_have_attribute("alt", "Lil' Red Dragon")
    visitor.shot("all")

    # Fire: the Digimon deck leaves.
    page.locator("select[name=attribute]").select_option("fire")
    page.locator(".deck-browse-filters button[type=submit]").click()
    expect(rows(page)).to_have_count(3)
    assert "Agumon line" not in names(page)

    # Best against the gauntlet, the filter kept: 62 %, 40 %, then the unmeasured deck.
    page.locator('.browse-sort a[data-ordering="gauntlet"]').click()
    expect(page.locator('.browse-sort a[aria-current="page"]')).to_have_text(
        "Best against the gauntlet"
    )
    assert names(page) == ["Strong PAD", "Weak PAD", "Fire rush"]
    strong = page.locator(f'tr[data-deck="{decks["strong"].pk}"] .browse-standing')
    expect(strong).to_have_text("62% (55–68%) vs gauntlet")
    visitor.shot("fire-by-gauntlet")

    # Legal decks only: Fire rush (5 cards) leaves; the sort is kept.
    page.locator("input[name=legal]").check()
    page.locator(".deck-browse-filters button[type=submit]").click()
    expect(rows(page)).to_have_count(2)
    assert names(page) == ["Strong PAD", "Weak PAD"]
    expect(page.locator("input[name=legal]")).to_be_checked()
    visitor.shot("legal-only")


def test_on_a_phone_in_traditional_chinese(visitor_factory):
    decks = build_decks()
    visitor = visitor_factory("zh-hant-phone", locale="zh-TW")
    page = visitor.page
    page.set_viewport_size(PHONE)
    page = visitor.open("/decks/?author=browser&ordering=gauntlet")
    expect(rows(page)).to_have_count(4)
    expect(page.locator("label[for=id_attribute]")).to_contain_text("屬性（PAD）")
    expect(page.locator('.browse-sort a[aria-current="page"]')).to_have_text("對挑戰組勝率最高")
    strong = page.locator(f'tr[data-deck="{decks["strong"].pk}"]')
    expect(strong.locator(".browse-standing")).to_have_text("對挑戰組 62%（55–68%）")
    expect(strong.locator(".browse-standing")).to_be_visible()
    wait_for_thumbnail(page, decks["strong"])
    # Nothing scrolls sideways; the thumbnail sits beside the name, not above it.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    thumb = strong.locator(".browse-thumb").bounding_box()
    name = strong.locator(".browse-name").bounding_box()
    assert thumb["x"] + thumb["width"] <= name["x"] and name["y"] < thumb["y"] + thumb["height"]
    # The filters, two to a row, leave room for the first two decks on the first screen.
    second = rows(page).nth(1).bounding_box()
    assert second["y"] + second["height"] <= PHONE["height"], second
    visitor.shot("phone")


def test_decks_using_a_card_lead_to_the_browser(visitor: Visitor):
    decks = build_decks()
    agumon = Card.objects.get(number="St-1")
    page = visitor.open(f"/cards/{agumon.pk}/")
    section = page.locator("[data-decks-using]")
    expect(section.locator("h2")).to_have_text("Decks using this card")
    expect(section.locator(f'li[data-deck="{decks["agumon"].pk}"]')).to_contain_text("Agumon line")
    visitor.shot("card-page")
    section.locator("[data-decks-using-all]").click()
    expect(page.locator("[data-browse-card]")).to_contain_text("Decks playing Agumon (St-1)")
    expect(page.locator(f'tr[data-deck="{decks["agumon"].pk}"]')).to_be_visible()
    assert "Fire rush" not in names(page)
    visitor.shot("browser-by-card")
