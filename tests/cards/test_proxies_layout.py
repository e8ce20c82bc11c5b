"""The grid-size proxy is read at grid size (issue 15, item 6).

A deck page shows thumbnails down to 104 CSS px wide (`.deck-cards`, minmax(104px, 1fr)),
0.71 of the 146 px they are drawn at. The name and the number must stay at least 12 CSS px
there — the smallest text Chromium lets a Chinese page use, and the size of the captions
under the pictures — so at least 12 × 146 / 104 ≈ 16.9 px in the picture. The scaled-down
card page proxy drew its name at 9.6 px and its number at 4.5 px in the picture.
"""

from __future__ import annotations

import io

import pytest
from django.utils import translation
from PIL import Image, ImageColor

from cards.image_sizes import SIZES
from cards.models import Card
from cards.proxies import draw, grid, page_languages, render_proxy
from cards.proxies.canvas import PAPER, card_name
from cards.proxies.fonts import font

pytestmark = pytest.mark.django_db

SMALLEST_SHOWN_WIDTH = 104  # CSS px: the narrowest deck-page column
LEGIBLE_CSS_PX = 12
THUMB_WIDTH = 146
# One card of each kind, as catalogued.
NUMBERS = ("B01-021", "B01-104", "St-2", "St-49", "R-001", "R-055")


def shown_size(pixels: float) -> float:
    """Picture pixels as CSS px in the narrowest deck column."""
    return pixels * SMALLEST_SHOWN_WIDTH / THUMB_WIDTH


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_every_catalogued_name_is_laid_out_legibly_at_grid_size(catalogue):
    """The band's layout of every card's name in every page language, at ≥ 12 CSS px."""
    too_small = []
    for card in Card.objects.all():
        for language in page_languages():
            with translation.override(language):
                name = card_name(card)
            size, lines = grid.name_lines(name)
            assert 1 <= len(lines) <= 2, (card.number, language, lines)
            if shown_size(size) < LEGIBLE_CSS_PX:
                too_small.append((card.number, language, name, size))
    assert not too_small


def test_every_catalogued_number_fits_its_row_at_a_legible_size(catalogue):
    assert shown_size(grid.NUMBER_SIZE) >= LEGIBLE_CSS_PX
    numbers = set(Card.objects.values_list("number", flat=True))
    widest = max(font(grid.NUMBER_SIZE).getlength(number) for number in numbers)
    # beside the PAD cost circle or the Digimon battle type (22 px and a gap)
    assert widest <= grid.NUMBER_ROW[2] - grid.NUMBER_ROW[0] - 2 * grid.NAME_PADDING - 30


@pytest.mark.parametrize("number", NUMBERS)
@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans"])
def test_the_proxy_draws_its_name_and_number_at_those_sizes(catalogue, number, language):
    card = Card.objects.get(number=number)
    canvas = draw(card, "thumb", language)
    with translation.override(language):
        size, lines = grid.name_lines(card_name(card))
    names = canvas.texts_of("name")
    assert [(line.text, line.size) for line in names] == [(line, size) for line in lines]
    assert [(n.text, n.size) for n in canvas.texts_of("number")] == [(number, grid.NUMBER_SIZE)]


def test_the_number_is_inked_tall_enough_to_read(catalogue):
    """Measured on the pixels: the dark ink of the number row's left half, "St-2" in a
    Noto face whose capitals are 0.73 em — at least 0.7 × 12 CSS px shown."""
    card = Card.objects.get(number="St-2")
    image = Image.open(io.BytesIO(render_proxy(card, "thumb", "en"))).convert("L")
    left, top, _right, bottom = grid.NUMBER_ROW
    rows = [
        y
        for y in range(top, bottom)
        if any(image.getpixel((x, y)) < 90 for x in range(left, left + 70))
    ]
    ink_height = rows[-1] - rows[0] + 1 if rows else 0
    assert shown_size(ink_height) >= 0.7 * LEGIBLE_CSS_PX


@pytest.mark.parametrize("number", NUMBERS)
def test_the_badge_corner_is_left_empty(catalogue, number):
    """The deck pages put the ×N badge in QUANTITY_CORNER: nothing is drawn there."""
    card = Card.objects.get(number=number)
    for language in page_languages():
        canvas = draw(card, "thumb", language)
        assert not [t for t in canvas.texts if overlaps(t.box, grid.QUANTITY_CORNER)]
        left, top, right, bottom = grid.QUANTITY_CORNER
        inside = canvas.image.crop((left, top, right - 10, bottom - 10))  # clear of the frame
        assert [colour for _count, colour in inside.getcolors()] == [ImageColor.getrgb(PAPER)], (
            number,
            language,
        )


@pytest.mark.parametrize("number", NUMBERS)
def test_the_name_band_holds_the_name_and_nothing_else(catalogue, number):
    canvas = draw(Card.objects.get(number=number), "thumb", "zh-hans")
    in_band = [t for t in canvas.texts if overlaps(t.box, grid.NAME_BAND)]
    assert in_band and all(t.role == "name" for t in in_band)
    assert all(overlaps(t.box, grid.NAME_BAND) for t in canvas.texts_of("name"))


def test_a_long_name_wraps_onto_two_lines_instead_of_shrinking(catalogue):
    card = Card.objects.get(number="R-001")  # Crest of Courage
    lines = draw(card, "thumb", "en").texts_of("name")
    assert [line.text for line in lines] == ["Crest of", "Courage"]


def test_both_sizes_keep_their_pixel_size(catalogue):
    card = Card.objects.get(number="St-49")
    for size in SIZES:
        image = Image.open(io.BytesIO(render_proxy(card, size, "zh-hant")))
        assert image.size == SIZES[size]
