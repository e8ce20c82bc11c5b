"""Proxy sheets: every printed copy of a deck's cards at real size, ready to cut.

A card is 63 × 88 mm, so three by three (189 × 264 mm) fit on A4 (210 × 297 mm) and on
Letter (215.9 × 279.4 mm). The grid is centred and the cards touch: one cut along each
line of the grid frees them all. Short cut marks in the margins, in line with every card
edge, show where to cut once the sheet is printed; they stop short of the cards so that no
ink is left on a card's edge.

Each card's picture is embedded once however many copies it has (fpdf2 keeps one image per
picture and places it again), so a 60-card deck of 20 different cards holds 20 images.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from decks.printing.sheet import PrintedEntry, card_picture

if TYPE_CHECKING:
    from fpdf import FPDF

CARD_WIDTH, CARD_HEIGHT = 63.0, 88.0  # mm
COLUMNS, ROWS = 3, 3
PER_PAGE = COLUMNS * ROWS
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # mm, portrait
DEFAULT_PAPER = "a4"
MARK_GAP = 1.0  # mm between a card edge and its cut mark
MARK_LENGTH = 5.0  # mm, shortened where a margin is narrower
MARK_WIDTH = 0.2  # mm


@dataclass(frozen=True)
class Layout:
    page_width: float
    page_height: float
    left: float
    top: float

    def card_origin(self, slot: int) -> tuple[float, float]:
        """The top-left corner of the `slot`th card of a page (0 … 8, row by row)."""
        row, column = divmod(slot, COLUMNS)
        return self.left + column * CARD_WIDTH, self.top + row * CARD_HEIGHT

    @property
    def column_edges(self) -> list[float]:
        return [self.left + i * CARD_WIDTH for i in range(COLUMNS + 1)]

    @property
    def row_edges(self) -> list[float]:
        return [self.top + i * CARD_HEIGHT for i in range(ROWS + 1)]


def layout(paper: str) -> Layout:
    width, height = PAPERS[paper]
    return Layout(
        width, height, (width - COLUMNS * CARD_WIDTH) / 2, (height - ROWS * CARD_HEIGHT) / 2
    )


def page_count(copies: int) -> int:
    return max(1, -(-copies // PER_PAGE))


def proxy_sheets(
    entries: list[PrintedEntry], *, paper: str, language: str, title: str, author: str = ""
) -> bytes:
    """The PDF: each entry's card `quantity` times, in order, nine to a page."""
    # Imported here: fpdf2 takes 0.2 s to import, which every process loading the URLs (each
    # gunicorn worker, each manage.py command) paid at start for a file few requests make.
    from fpdf import FPDF

    grid = layout(paper)
    pdf = FPDF(orientation="portrait", unit="mm", format=PAPERS[paper])
    pdf.set_auto_page_break(False)
    pdf.set_margin(0)
    pdf.set_title(title)
    pdf.set_author(author)
    pdf.set_creator("Cardsite")
    pdf.set_draw_color(0)
    pdf.set_line_width(MARK_WIDTH)
    placed = 0
    for entry in entries:
        picture = card_picture(entry.card, "normal", language)
        for _copy in range(entry.quantity):
            slot = placed % PER_PAGE
            if slot == 0:
                pdf.add_page()
                _cut_marks(pdf, grid)
            x, y = grid.card_origin(slot)
            pdf.image(picture, x=x, y=y, w=CARD_WIDTH, h=CARD_HEIGHT)
            placed += 1
    if placed == 0:  # an empty deck still gives a (blank) sheet rather than a broken file
        pdf.add_page()
        _cut_marks(pdf, grid)
    return bytes(pdf.output())


def _cut_marks(pdf: FPDF, grid: Layout) -> None:
    """Marks in the four margins, in line with every card edge."""
    top, bottom = grid.row_edges[0], grid.row_edges[-1]
    left, right = grid.column_edges[0], grid.column_edges[-1]
    vertical = min(MARK_LENGTH, top - MARK_GAP - 1)
    horizontal = min(MARK_LENGTH, left - MARK_GAP - 1)
    for x in grid.column_edges:
        pdf.line(x, top - MARK_GAP - vertical, x, top - MARK_GAP)
        pdf.line(x, bottom + MARK_GAP, x, bottom + MARK_GAP + vertical)
    for y in grid.row_edges:
        pdf.line(left - MARK_GAP - horizontal, y, left - MARK_GAP, y)
        pdf.line(right + MARK_GAP, y, right + MARK_GAP + horizontal, y)
