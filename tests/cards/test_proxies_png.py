"""Proxies are written as PNG by cards/proxies/png.py (rows unfiltered, issue 30): what a
browser or Pillow reads back is exactly the picture drawn."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from cards.models import Card
from cards.proxies import draw, render_proxy
from cards.proxies.png import png_bytes

pytestmark = pytest.mark.django_db

# One card of each kind, as catalogued (fixtures/): pet, skill, Digimon, option, combo.
NUMBERS = ("B01-021", "B01-104", "St-2", "St-49", "R-055")


@pytest.mark.parametrize("size", ["thumb", "normal"])
@pytest.mark.parametrize("number", NUMBERS)
def test_the_png_holds_exactly_the_drawn_picture(catalogue, number, size):
    card = Card.objects.get(number=number)
    drawn = draw(card, size, "zh-hant").image
    data = render_proxy(card, size, "zh-hant")
    with Image.open(io.BytesIO(data)) as checked:
        checked.verify()  # the signature and every chunk's CRC
    with Image.open(io.BytesIO(data)) as read:
        assert (read.format, read.mode, read.size) == ("PNG", "RGB", drawn.size)
        assert read.tobytes() == drawn.tobytes()


def test_a_picture_other_than_rgb_is_written_by_pillow():
    grey = Image.linear_gradient("L").resize((40, 30))
    with Image.open(io.BytesIO(png_bytes(grey))) as read:
        assert read.mode == "L" and read.tobytes() == grey.tobytes()
