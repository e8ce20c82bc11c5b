"""The drawing surface every proxy layout uses: colours, text that fits, labels and names.

A layout draws in the active language (`render_proxy` wraps it in translation.override):
labels come from the pages' own translated vocabulary and the card's name is the one
cards/display_names.py picks for that language, else another name the font can draw.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

from PIL import Image, ImageDraw

from cards.display_names import display_name
from cards.proxies.fonts import can_draw, font, say

ATTRIBUTE_COLOURS = {
    "fire": "#d9412b",
    "water": "#2f7ed8",
    "wood": "#3aa34a",
    "light": "#e3b51c",
    "dark": "#7b4bb0",
}
NO_ATTRIBUTE_COLOUR = "#8a8a8a"
ORB_COLOURS = {**ATTRIBUTE_COLOURS, "heart": "#e0609a"}
BATTLE_TYPE_COLOURS = {"A": "#d9412b", "B": "#2f7ed8", "C": "#3aa34a"}
PAPER = "#f7f3ea"
INK = "#1f1b16"
MUTED = "#6b645a"
ORB_BAR = "#e6dece"
EMPTY_ORB_RING = "#a89f8f"
SYNTHETIC_RED = "#c0392b"
RULES_TEXT_GREY = "#5f6368"


@dataclass(frozen=True)
class DrawnText:
    """One line a layout drew: what it says, its font size and where (left, top, right,
    bottom of the ink). `role` names the lines tests and callers look for ("name", "number")."""

    role: str
    text: str
    size: int
    box: tuple[int, int, int, int]


class Canvas:
    """The drawing surface of one proxy, with text helpers; `texts` records every line."""

    def __init__(self, size: tuple[int, int], frame_colour: str, *, frame: int, radius: int):
        self.width, self.height = size
        self.colour = frame_colour
        self.image = Image.new("RGB", size, frame_colour)
        self.draw = ImageDraw.Draw(self.image)
        self.draw.rounded_rectangle(
            (frame, frame, self.width - frame, self.height - frame), radius, fill=PAPER
        )
        self.art_box = None
        self.texts: list[DrawnText] = []

    def text(
        self, xy, text, size, *, fill=INK, anchor="la", max_width=None, bold=False, role=""
    ) -> int:
        """Draw one line, shrunk until it fits `max_width`; returns the size used."""
        text = say(text)
        while max_width and size > 10 and _length(font(size), text) > max_width:
            size -= 1
        box = self._stamp(xy, text, size, fill, anchor, 1 if bold else 0)
        self.texts.append(DrawnText(role, text, size, box))
        return size

    def _stamp(self, xy, text, size, fill, anchor="la", stroke=0) -> tuple[int, int, int, int]:
        """Draw one line as Pillow's `ImageDraw.text` would, from a mask rendered once per
        (text, size, anchor, stroke): labels, numbers and stat values repeat across cards
        (about three lines in four of a sheet), and rendering a line with the CJK font was
        half of a proxy's drawing (issue 30: pictures are drawn on a first request). Returns
        the line's box, as `ImageDraw.textbbox` gives it."""
        x, y = xy
        if x != int(x) or y != int(y):  # a fraction of a pixel shifts the glyphs: no reuse
            face = font(size)
            self.draw.text(
                xy, text, font=face, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=fill
            )
            box = self.draw.textbbox(xy, text, font=face, anchor=anchor, stroke_width=stroke)
            return tuple(round(edge) for edge in box)
        mask, (origin_x, origin_y), (left, top, right, bottom) = _line_mask(
            font(size), text, anchor, stroke
        )
        x, y = int(x), int(y)
        self.image.paste(fill, (x - origin_x, y - origin_y), mask)
        return (x + left, y + top, x + right, y + bottom)

    def paragraph(self, box, text, size, *, fill=INK, max_lines=None, role="") -> int:
        """Wrap `text` into `box`, cut with … when it overflows; returns the y below it.
        With a `role`, each line drawn is recorded in `texts`."""
        left, top, right, bottom = box
        if not text or not can_draw(text):
            return top
        face = font(size)
        line_height = round(size * 1.35)
        fitting = max(0, (bottom - top) // line_height)
        if max_lines is not None:
            fitting = min(fitting, max_lines)
        lines = wrap(text, face, right - left, max_lines=fitting)
        if len(lines) > fitting:
            lines = lines[:fitting]
            if lines:
                lines[-1] = ellipsize(lines[-1], face, right - left)
        for i, line in enumerate(lines):
            box = self._stamp((left, top + i * line_height), line, size, fill)
            if role:
                self.texts.append(DrawnText(role, line, size, box))
        return top + len(lines) * line_height

    def texts_of(self, role: str) -> list[DrawnText]:
        return [drawn for drawn in self.texts if drawn.role == role]


# Room around a line's box on its mask, for ink outside it (a glyph's overhang).
_MASK_MARGIN = 4


# Keyed on the font object: another font (fonts.clear_font_cache) never meets these entries.
# 1,024 masks of a line or a label (about 1-10 KB each) keep a worker's memory within ~10 MB.
@lru_cache(maxsize=1024)
def _line_mask(face, text: str, anchor: str, stroke: int):
    """(mask, where the line's anchor point is on it, the line's box around that point):
    the line drawn in full coverage (255) on a transparent mask, at a whole pixel, so that
    pasting a colour through it at (x, y) − origin gives the very pixels drawing the line at
    (x, y) gives. A few KB each."""
    measure = ImageDraw.Draw(Image.new("L", (1, 1)))
    left, top, right, bottom = (
        round(edge)
        for edge in measure.textbbox((0, 0), text, font=face, anchor=anchor, stroke_width=stroke)
    )
    origin = (_MASK_MARGIN - left, _MASK_MARGIN - top)
    mask = Image.new("L", (right - left + 2 * _MASK_MARGIN, bottom - top + 2 * _MASK_MARGIN), 0)
    ImageDraw.Draw(mask).text(
        origin, text, font=face, fill=255, anchor=anchor, stroke_width=stroke, stroke_fill=255
    )
    return mask, origin, (left, top, right, bottom)


@lru_cache(maxsize=8192)
def _length(face, text: str) -> float:
    return face.getlength(text)


def _most(fits, count: int, guess: int) -> int:
    """The largest k in 0..count with fits(k), where fits is true up to some k and false
    after (a longer start of a text is never narrower); fits(0) is taken as true. `guess`,
    from widths measured piece by piece, is usually right, so this usually measures twice.

    A line's width is measured by laying the whole line out (tens of µs with the CJK font):
    measuring after each added word or character made wrapping most of a proxy's drawing
    (issue 30). The pieces' own widths are kept (`_length`); their sum is off by kerning
    only, which the exact measures around the guess settle."""
    k = max(0, min(guess, count))
    if k and not fits(k):
        k -= 1
        while k and not fits(k):
            k -= 1
        return k
    while k < count and fits(k + 1):
        k += 1
    return k


def _words_guess(face, line: str, words: list[str], width: int) -> int:
    """How many of `words` fit after `line`, adding up each one's width (see `_joined`)."""
    total, filled = _length(face, line), bool(line)
    for taken, word in enumerate(words):
        total += (_length(face, " ") if filled else 0) + _length(face, word)
        if total > width:
            return taken
        filled = filled or bool(word)
    return len(words)


def _chars_guess(face, line: str, text: str, width: float) -> int:
    total = _length(face, line)
    for taken, char in enumerate(text):
        total += _length(face, char)
        if total > width:
            return taken
    return len(text)


def _joined(line: str, words: list[str]) -> str:
    for word in words:  # an empty word (two spaces) does not start a line with a space
        line = f"{line} {word}" if line else word
    return line


def wrap(text: str, face, width: int, max_lines: int | None = None) -> list[str]:
    """Greedy wrap at spaces: each line takes as many words as fit; a word wider than a line
    (and a CJK run) breaks anywhere, on lines of its own. With `max_lines`, stops once it
    has more lines than that (a caller cutting the text with … needs no more)."""
    lines = _wrapped(text, face, width)
    return list(lines if max_lines is None else islice(lines, max_lines + 1))


def _wrapped(text: str, face, width: int) -> Iterator[str]:
    def fits(candidate: str) -> bool:
        return face.getlength(candidate) <= width

    for paragraph in text.splitlines() or [""]:
        words, line = paragraph.split(" "), ""
        while words:
            guess = _words_guess(face, line, words, width)
            taken = _most(lambda k: fits(_joined(line, words[:k])), len(words), guess)  # noqa: B023
            line, words = _joined(line, words[:taken]), words[taken:]
            if not words:
                break
            word, words = words[0], words[1:]
            if line:
                yield line
            line = ""
            while word:
                guess = _chars_guess(face, line, word, width)
                taken = _most(lambda k: fits(line + word[:k]), len(word), guess)  # noqa: B023
                if taken == len(word):
                    line, word = line + word, ""
                else:  # the character that did not fit starts the next line
                    yield line + word[:taken]
                    line, word = word[taken], word[taken + 1 :]
        yield line


def ellipsize(line: str, face, width: int) -> str:
    """The longest start of `line` that fits with … after it (none if not even one does)."""
    guess = _chars_guess(face, "", line, width - _length(face, "…"))
    kept = _most(lambda k: face.getlength(line[:k] + "…") <= width, len(line), guess)
    line = line[:kept]
    return line + "…" if can_draw("…") else line


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def tint(colour: str, amount: float) -> tuple[int, int, int]:
    """`colour` mixed with white: amount 1 is the colour itself."""
    return tuple(round(255 - (255 - c) * amount) for c in rgb(colour))


def ink_on(colour: str) -> str:
    r, g, b = rgb(colour)
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 170 else "white"


def frame_colour(card) -> str:
    return ATTRIBUTE_COLOURS.get(card.attribute, NO_ATTRIBUTE_COLOUR)


def label(vocabulary: str, value) -> str:
    """A vocabulary value as the pages show it in the active language; "?" when unknown."""
    # Imported here: the template tags import cards.images, which imports this package.
    from cards.templatetags.card_tags import label as page_label

    return str(page_label(value, vocabulary)) if value else "?"


def level_label(level: str) -> str:
    """A Digimon level, short: III, IV, Perfect, Ultimate (成长期 … in Chinese)."""
    text = label("level", level)
    return text.removeprefix("Level ") if text.startswith("Level ") else text


def value_text(value) -> str:
    return "?" if value is None else str(value)


def card_name(card) -> str:
    """The name for the active language, else another drawable name, else the number."""
    return say(display_name(card), card.name_en, card.name, *card.names.values(), card.number)


def second_name(card, name: str) -> str:
    """The name under the main one: the printed (first stored) name, else the English one;
    empty when it would repeat the main name."""
    for other in (card.name, card.name_en):
        drawable = say(other, unknown="")
        if drawable and drawable != name:
            return drawable
    return ""
