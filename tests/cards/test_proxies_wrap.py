"""Proxy text wrapping (cards/proxies/canvas.py) breaks lines exactly where measuring after
every word and character did (issue 30 made it measure a few times a line instead).

The reference below is the wrap the proxies used before, kept as the specification: a greedy
wrap at spaces, and a word wider than a line (a CJK run has no spaces) broken anywhere on
lines of its own; ellipsize drops characters from the end until the line and … fit.
"""

from __future__ import annotations

import pytest

from cards.models import Card
from cards.proxies.canvas import ellipsize, wrap
from cards.proxies.fonts import can_draw, font

pytestmark = pytest.mark.django_db


def reference_wrap(text: str, face, width: int) -> list[str]:
    lines = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if face.getlength(candidate) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            for char in word:
                if face.getlength(line + char) > width:
                    lines.append(line)
                    line = ""
                line += char
        lines.append(line)
    return lines


def reference_ellipsize(line: str, face, width: int) -> str:
    while line and face.getlength(line + "…") > width:
        line = line[:-1]
    return line + "…" if can_draw("…") else line


def catalogue_texts() -> list[str]:
    """Every name and rules text of the starter catalogue, once each."""
    texts = set()
    for card in Card.objects.all():
        texts.update([card.name, *card.names.values(), card.text or ""])
    return sorted(texts)


# Sizes and widths the layouts use: the card page's effect box, the grid's name band.
CASES = ((14, 430), (18, 118))


@pytest.mark.parametrize(("size", "width"), CASES)
def test_every_catalogue_text_wraps_as_the_greedy_wrap_did(catalogue, size, width):
    face = font(size)
    texts = catalogue_texts()
    assert len(texts) > 500 and any("\n" in text for text in texts)
    for text in texts:
        assert wrap(text, face, width) == reference_wrap(text, face, width), text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "  two leading spaces",
        "double  space and trailing ",
        "Pneumonoultramicroscopicsilicovolcanoconiosis is a long word indeed",
        "第一段很長的中文效果文字沒有空格所以在任何地方斷行，直到行寬用完為止。\n第二段",
        "mixed 中文 words 和 English 在同一段 with spaces",
        "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
    ],
)
@pytest.mark.parametrize("width", [2, 9, 40, 75, 200])
def test_edge_cases_wrap_as_the_greedy_wrap_did(text, width):
    """Spaces kept as typed, a character wider than the line on a line of its own, words
    broken anywhere."""
    face = font(16)
    assert wrap(text, face, width) == reference_wrap(text, face, width)


@pytest.mark.parametrize("max_lines", [0, 1, 2, 3])
def test_with_max_lines_the_first_lines_are_the_same_and_it_says_there_are_more(max_lines):
    face = font(14)
    text = (
        "效果：" + "這張卡牌的效果文字很長，需要好幾行才寫得完。" * 6 + "\nAnd a second paragraph."
    )
    full = reference_wrap(text, face, 120)
    assert len(full) > 4
    cut = wrap(text, face, 120, max_lines=max_lines)
    assert cut[:max_lines] == full[:max_lines] and len(cut) > max_lines


@pytest.mark.parametrize("width", [5, 60, 118])
def test_ellipsize_keeps_the_longest_start_that_fits_with_the_ellipsis(catalogue, width):
    face = font(18)
    for line in catalogue_texts()[:200]:
        assert ellipsize(line, face, width) == reference_ellipsize(line, face, width), line
