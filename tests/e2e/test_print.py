"""Proxy sheets and the deck picture in a real browser (issue 16, items 1 and 2).

A visitor opens the reference deck "Fire" (5 team pets + 40 cards), picks Letter paper and
presses "Print proxies": the browser receives a 5-page Letter PDF whose first page is saved,
rendered with pypdfium2, among the suite's screenshots (`print-proxy-sheet-page-1.png`), so a
printed sheet can be looked at. The "Deck picture" link shows the PNG. The block is
translated (繁體) and fits a 390 px phone.
"""

from __future__ import annotations

import io

import pypdfium2
from PIL import Image
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.decks.conftest import fire_deck

PHONE = {"width": 390, "height": 844}
FITS = """() => {
  const panel = document.querySelector('[data-print-panel]').getBoundingClientRect();
  return {right: panel.right, width: innerWidth, scroll: document.documentElement.scrollWidth};
}"""


def test_a_visitor_prints_proxy_sheets_on_letter_paper(visitor, artifacts_dir):
    deck = fire_deck()
    page = visitor.open(f"/decks/{deck.pk}/")
    panel = page.locator("[data-print-panel]")
    expect(panel).to_be_visible()
    panel.get_by_label("US Letter").check()
    visitor.shot("deck-page")
    with page.expect_response(lambda response: "/proxies.pdf" in response.url) as answer:
        panel.get_by_role("button", name="Print proxies").click()
    sheets = answer.value
    assert sheets.url.endswith(f"/api/decks/{deck.pk}/proxies.pdf?lang=en&paper=letter")
    assert sheets.headers["content-type"] == "application/pdf"
    disposition = 'inline; filename="Reference-Fire-proxies-letter.pdf"'
    assert sheets.headers["content-disposition"] == disposition
    # Chromium hands a navigation's PDF to its viewer, which keeps the bytes to itself:
    # fetch the address the form opened, in the visitor's own session.
    data = page.request.get(sheets.url).body()
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 5  # 45 copies, 9 a page
    first = reader.pages[0]
    assert (float(first.mediabox.width), float(first.mediabox.height)) == (612, 792)

    document = pypdfium2.PdfDocument(data)
    try:
        rendered = document[0].render(scale=150 / 72).to_pil()
    finally:
        document.close()
    rendered.save(artifacts_dir / "print-proxy-sheet-page-1.png")
    # Letter at 150 dpi, the cards printed (not a blank page): most of it is card colour.
    assert rendered.width == 1275 and abs(rendered.height - 1650) <= 1
    assert len(rendered.convert("RGB").getcolors(1_000_000)) > 100


def test_the_deck_picture_link_shows_the_png(visitor):
    deck = fire_deck()
    page = visitor.open(f"/decks/{deck.pk}/")
    with page.expect_response(lambda response: "/image.png" in response.url) as answer:
        page.get_by_role("link", name="Deck picture").click()
    response = answer.value
    assert response.ok and response.headers["content-type"] == "image/png"
    picture = Image.open(io.BytesIO(response.body()))
    assert picture.width == 1590  # ten thumbnails a row (decks/printing/picture.py)
    expect(page.locator("img")).to_have_js_property("naturalWidth", 1590)
    visitor.shot("deck-picture")


def test_the_print_block_is_translated_and_fits_a_phone(visitor_factory):
    deck = fire_deck()
    phone = visitor_factory("phone", locale="zh-TW")
    phone.page.set_viewport_size(PHONE)
    page = phone.open(f"/decks/{deck.pk}/")
    panel = page.locator("[data-print-panel]")
    panel.scroll_into_view_if_needed()
    expect(panel.get_by_role("button", name="列印代用卡")).to_be_visible()
    expect(panel.get_by_role("link", name="牌組圖片")).to_have_attribute(
        "href", f"/api/decks/{deck.pk}/image.png?lang=zh-hant"
    )
    expect(panel.get_by_label("美式 Letter")).to_be_visible()
    sizes = page.evaluate(FITS)
    assert sizes["right"] <= sizes["width"] and sizes["scroll"] <= sizes["width"], sizes
    phone.shot("print-block")
