"""Proxy sheets (issue 16, item 1): real-size cards, nine to a page, every copy, cut marks.

Read back with pypdf as a printer would see them: the pages' size, where each picture is
placed and how large, and the cut lines drawn. Expected values are worked out by hand from
the reference deck "Fire" (fixtures/reference_decks.toml): a team of 5 and a deck of 40 =
45 copies of 21 different cards, so 5 full pages.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader
from pypdf.generic import ContentStream

from cards.proxies import render_proxy
from decks.models import SIDE, Deck, DeckEntry
from decks.printing import pdf
from decks.printing.sheet import printed_entries

from .conftest import card, fire_deck

pytestmark = pytest.mark.django_db

MM = 72 / 25.4  # PDF points per millimetre
CARD_W, CARD_H = 63 * MM, 88 * MM


def placements(page) -> list[tuple[float, float, float, float, str]]:
    """(x, y, width, height, image name) of every picture drawn on the page, in points."""
    found, matrix = [], None
    for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
        if operator == b"cm":
            matrix = [float(value) for value in operands]
        elif operator == b"Do":
            a, _b, _c, d, e, f = matrix
            found.append((e, f, a, d, str(operands[0])))
    return found


def lines(page) -> list[tuple[float, float, float, float]]:
    """Every straight line stroked on the page (x1, y1, x2, y2), in points from the bottom."""
    found, start = [], None
    for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
        if operator == b"m":
            start = [float(value) for value in operands]
        elif operator == b"l":
            found.append((*start, *(float(value) for value in operands)))
    return found


def sheet(deck: Deck, paper: str = "a4", language: str = "en") -> PdfReader:
    data = pdf.proxy_sheets(printed_entries(deck), paper=paper, language=language, title="t")
    return PdfReader(io.BytesIO(data))


def test_every_copy_of_team_and_deck_is_printed_nine_to_a_page(gauntlet, media):
    reader = sheet(fire_deck())
    assert len(reader.pages) == 5  # 45 copies / 9
    per_page = [len(placements(page)) for page in reader.pages]
    assert per_page == [9, 9, 9, 9, 9]
    names = {p[4] for page in reader.pages for p in placements(page)}
    assert len(names) == 21  # one embedded picture per different card, placed once per copy


def test_the_sideboard_is_not_printed(gauntlet, media):
    deck = fire_deck()
    DeckEntry.objects.create(deck=deck, card=card("B01-104"), quantity=3, zone=SIDE)
    reader = sheet(deck)
    assert sum(len(placements(page)) for page in reader.pages) == 45
    assert len(reader.pages) == 5


def test_cards_are_63_by_88_mm_in_a_centred_grid_on_a4(gauntlet, media):
    page = sheet(fire_deck()).pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
        (595.28, 841.89), abs=0.01
    )
    spots = placements(page)
    for _x, _y, width, height, _name in spots:
        assert (width, height) == pytest.approx((CARD_W, CARD_H), abs=0.01)
    # A4: (210 − 189) / 2 = 10.5 mm at the sides, (297 − 264) / 2 = 16.5 mm above and below.
    lefts = sorted({round(x / MM, 2) for x, *_ in spots})
    bottoms = sorted({round(y / MM, 2) for _x, y, *_ in spots})
    assert lefts == [10.5, 73.5, 136.5]
    assert bottoms == [16.5, 104.5, 192.5]


def test_letter_paper_holds_the_same_grid(gauntlet, media):
    reader = sheet(fire_deck(), paper="letter")
    page = reader.pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((612, 792))
    # (215.9 − 189) / 2 = 13.45 mm, (279.4 − 264) / 2 = 7.7 mm
    lefts = sorted({round(x / MM, 2) for x, *_ in placements(page)})
    bottoms = sorted({round(y / MM, 2) for _x, y, *_ in placements(page)})
    assert lefts == [13.45, 76.45, 139.45]
    assert bottoms == [7.7, 95.7, 183.7]
    assert len(reader.pages) == 5


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cut_marks_line_up_with_card_edges_and_stay_off_the_cards(gauntlet, media, paper):
    grid = pdf.layout(paper)
    page = sheet(fire_deck(), paper=paper).pages[0]
    marks = lines(page)
    vertical = [m for m in marks if m[0] == pytest.approx(m[2])]
    horizontal = [m for m in marks if m[1] == pytest.approx(m[3])]
    assert len(vertical) == 8 and len(horizontal) == 8  # 4 edges × 2 margins each way
    assert sorted({round(m[0] / MM, 2) for m in vertical}) == [
        round(x, 2) for x in grid.column_edges
    ]
    # PDF y runs upwards: an edge `top` mm from the top is at height − top.
    assert sorted({round(grid.page_height - m[1] / MM, 2) for m in horizontal}) == [
        round(y, 2) for y in grid.row_edges
    ]
    left, right = grid.column_edges[0], grid.column_edges[-1]
    top, bottom = grid.row_edges[0], grid.row_edges[-1]
    for x1, y1, x2, y2 in marks:
        for x, y in ((x1 / MM, grid.page_height - y1 / MM), (x2 / MM, grid.page_height - y2 / MM)):
            assert 0 <= x <= grid.page_width and 0 <= y <= grid.page_height  # on the paper
            inside_cards = left < x < right and top < y < bottom
            assert not inside_cards, (x, y)


def embedded_pictures(reader: PdfReader) -> list[Image.Image]:
    return [image.image.convert("RGB") for page in reader.pages for image in page.images]


def same_picture(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


@pytest.mark.parametrize("language", ["zh-hans", "en"])
def test_proxies_are_printed_in_the_chosen_language(catalogue, media, owner, language):
    from decks.services import deck_create, entries_from_text

    deck = deck_create(
        owner=owner,
        game="digimon",
        name="Plug-ins",
        entries=entries_from_text("digimon", "3 Agumon\n2 Greymon\n2 攻击组件A\n"),
    )
    plug_in = card("St-49")
    wanted = Image.open(io.BytesIO(render_proxy(plug_in, "normal", language))).convert("RGB")
    other = "en" if language == "zh-hans" else "zh-hans"
    unwanted = Image.open(io.BytesIO(render_proxy(plug_in, "normal", other))).convert("RGB")
    reader = sheet(deck, language=language)
    pictures = embedded_pictures(reader)
    assert len(pictures) == 3 and len(reader.pages) == 1
    assert any(same_picture(picture, wanted) for picture in pictures)
    assert not any(same_picture(picture, unwanted) for picture in pictures)


def test_a_card_with_an_uploaded_picture_prints_it(gauntlet, media):
    from django.core.files.uploadedfile import SimpleUploadedFile

    tyrra = card("B01-021")  # in the Fire team
    scan = io.BytesIO()
    Image.new("RGB", (488, 680), (20, 160, 60)).save(scan, "PNG")
    tyrra.image = SimpleUploadedFile("tyrra.png", scan.getvalue(), content_type="image/png")
    tyrra.save()
    pictures = embedded_pictures(sheet(fire_deck()))
    green = [
        p
        for p in pictures
        if p.resize((1, 1)).getpixel((0, 0)) == pytest.approx((20, 160, 60), abs=3)
    ]
    assert len(green) == 1
    proxy = Image.open(io.BytesIO(render_proxy(tyrra, "normal", "en"))).convert("RGB")
    assert not any(same_picture(p, proxy) for p in pictures)


def test_a_transparent_upload_prints_on_white(gauntlet, media):
    from django.core.files.uploadedfile import SimpleUploadedFile

    tyrra = card("B01-021")
    scan = io.BytesIO()
    Image.new("RGBA", (488, 680), (0, 0, 0, 0)).save(scan, "PNG")
    tyrra.image = SimpleUploadedFile("clear.png", scan.getvalue(), content_type="image/png")
    tyrra.save()
    pictures = embedded_pictures(sheet(fire_deck()))
    assert any(p.getextrema() == ((255, 255), (255, 255), (255, 255)) for p in pictures)


def test_pre_drawn_proxies_are_used_rather_than_drawn_again(gauntlet, media, monkeypatch):
    from cards import images
    from cards.predraw import predraw_proxies

    deck = fire_deck()
    predraw_proxies([entry.card.pk for entry in printed_entries(deck)], languages=["en"])

    def no_drawing(*args, **kwargs):
        raise AssertionError("a pre-drawn proxy was drawn again")

    monkeypatch.setattr(images, "render_proxy", no_drawing)
    assert len(sheet(deck).pages) == 5
