"""Proxy lines are drawn from masks rendered once per (text, size, anchor, stroke)
(cards/proxies/canvas.py, issue 30: rendering each line with the CJK font was half of a
proxy's drawing). A proxy must still be, pixel for pixel, what drawing every line with
Pillow's `ImageDraw.text` gives, and record the same boxes."""

from __future__ import annotations

import pytest
from PIL import ImageDraw

from cards.models import Card
from cards.proxies import LANGUAGES, draw
from cards.proxies.canvas import Canvas
from cards.proxies.fonts import font
from cards.selectors import load_children

pytestmark = pytest.mark.django_db

# A card of each kind, bold stat values, Japanese and Chinese names, Digimon's effect text
# (paragraph lines) and a name long enough to be shrunk to fit.
NUMBERS = ("B01-021", "B01-104", "B04-029", "St-2", "St-49", "St-89", "R-001", "R-055")


def drawn_by_pillow(self, xy, text, size, fill, anchor="la", stroke=0):
    """Each line as Pillow draws text, with no mask reused (what the canvas did before)."""
    face = font(size)
    self.draw.text(
        xy, text, font=face, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=fill
    )
    box = ImageDraw.Draw(self.image).textbbox(
        xy, text, font=face, anchor=anchor, stroke_width=stroke
    )
    return tuple(round(edge) for edge in box)


def test_reused_line_masks_draw_the_same_pixels_and_boxes_as_pillow(catalogue, monkeypatch):
    cards = load_children(list(Card.objects.filter(number__in=NUMBERS).order_by("number")))
    assert len(cards) >= len(NUMBERS)
    drawings = [
        (card, size, language)
        for card in cards
        for size in ("thumb", "normal")
        for language in LANGUAGES
    ]
    # Drawn once first, so that every line of the drawings compared reuses its mask.
    for drawing in drawings:
        draw(*drawing)
    reused = [draw(*drawing) for drawing in drawings]
    monkeypatch.setattr(Canvas, "_stamp", drawn_by_pillow)
    for (card, size, language), canvas in zip(drawings, reused, strict=True):
        pillow = draw(card, size, language)
        assert canvas.texts == pillow.texts, (card.number, size, language)
        assert canvas.image.tobytes() == pillow.image.tobytes(), (card.number, size, language)
