"""Proxies in a real browser (issue 15, item 6, and item 1 for proxies).

A deck of Digimon cards without scans shows proxies: in each page language the page links
the proxy drawn in that language, and the ×N badge sits in the corner the grid layout
leaves empty (cards/proxies/grid.py), never over the name band or the number. Saved as
screenshots in English, 繁體 and 简体, and on a 390 px phone.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from playwright.sync_api import expect

from cards.image_sizes import SIZES
from cards.models import Card
from cards.proxies import grid
from decks.models import PUBLIC
from decks.services import deck_create, entries_from_text

PASTED = "3 Agumon\n2 Greymon\n2 攻击组件A\n"
LOCALES = {"en": "en-GB", "zh-hant": "zh-TW", "zh-hans": "zh-CN"}
PHONE = {"width": 390, "height": 844}
THUMB_WIDTH = SIZES["thumb"][0]

GEOMETRY = """() => [...document.querySelectorAll('.deck-cards li')].map((item) => {
  const box = (element) => {
    const r = element.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const image = item.querySelector('img');
  const badge = item.querySelector('.qty');
  return {src: image.getAttribute('src'), image: box(image), badge: box(badge)};
})"""


def scaled(rect, image) -> list[float]:
    """A rectangle of the thumbnail's pixels, where the page shows it."""
    left, top, right, _bottom = image
    scale = (right - left) / THUMB_WIDTH
    return [
        left + rect[0] * scale,
        top + rect[1] * scale,
        left + rect[2] * scale,
        top + rect[3] * scale,
    ]


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a, b, slack: float = 0.5) -> bool:
    return (
        a[0] >= b[0] - slack
        and a[1] >= b[1] - slack
        and a[2] <= b[2] + slack
        and a[3] <= b[3] + slack
    )


def plug_in_deck():
    owner = User.objects.create_user("proxies", password="pw-proxies-123")
    entries = entries_from_text("digimon", PASTED)
    return deck_create(
        owner=owner, game="digimon", name="Proxies", visibility=PUBLIC, entries=entries
    )


def check_deck_page(page, language: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator(".deck-cards li")).to_have_count(3)
    for card in page.evaluate(GEOMETRY):
        assert card["src"].endswith(f"&lang={language}"), card["src"]
        image, badge = card["image"], card["badge"]
        assert not overlaps(badge, scaled(grid.NAME_BAND, image)), (language, card)
        assert not overlaps(badge, scaled(grid.NUMBER_ROW, image)), (language, card)
        assert inside(badge, scaled(grid.QUANTITY_CORNER, image)), (language, card)


def test_deck_proxies_are_in_the_page_language_with_the_badge_off_the_name(visitor_factory):
    deck = plug_in_deck()
    plug_in = Card.objects.get(number="St-49")
    pictures = {}
    for language, locale in LOCALES.items():
        visitor = visitor_factory(language, locale=locale)
        page = visitor.open(f"/decks/{deck.pk}/")
        check_deck_page(page, language)
        visitor.shot("deck")

        page = visitor.open("/cards/?q=number%3DSt-49")
        image = page.locator(".card-grid img").first
        src = image.get_attribute("src")
        assert src.startswith(f"/cards/{plug_in.pk}/image/thumb/") and src.endswith(
            f"&lang={language}"
        )
        expect(image).to_have_js_property("naturalWidth", THUMB_WIDTH)
        response = page.request.get(visitor.site + src)
        assert response.ok and response.headers["content-type"] == "image/png"
        pictures[language] = response.body()
        visitor.shot("search-grid")
    assert len(set(pictures.values())) == 3  # each language its own picture

    phone = visitor_factory("phone", locale="zh-CN")
    phone.page.set_viewport_size(PHONE)
    page = phone.open(f"/decks/{deck.pk}/")
    check_deck_page(page, "zh-hans")
    phone.shot("deck-phone")
