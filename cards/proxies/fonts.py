"""The proxy font, and what it can draw.

Names are Japanese and Chinese (Simplified and Traditional). Pillow's built-in font is
Latin only and CI machines have no CJK font installed, so the first of these is used:
1. settings.CARD_PROXY_FONT, if set;
2. the PyPI package `noto-cjk-sans-jp-regular` (Noto Sans CJK JP Regular, 16 MB, OFL,
   no dependencies): covers kana and both Han scripts — every name in the catalogue;
3. a CJK font of the system (Debian fonts-noto-cjk, fonts-droid-fallback, WenQuanYi);
4. Pillow's `load_default(size=…)`. Its missing glyphs would draw as boxes, so every string
   is checked first (`can_draw`) and replaced: a name by another name or the card number.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path, PurePosixPath

from django.conf import settings
from PIL import ImageFont

_FONT_PACKAGE = ("noto_cjk_sans_jp_regular", "NotoSansCJKjp-Regular.otf")
_SYSTEM_FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
)
# A code point no font maps: it draws the font's "missing glyph" box, to compare against.
_NOT_A_CHARACTER = "\U0010fffd"
_PROBE_SIZE = 24


def _font_candidates():
    configured = getattr(settings, "CARD_PROXY_FONT", None)
    if configured:
        yield Path(configured)
    package, filename = _FONT_PACKAGE
    try:
        bundled = resources.files(package).joinpath(filename)
    except ModuleNotFoundError:
        pass
    else:
        if isinstance(bundled, Path):
            yield bundled
    yield from map(Path, _SYSTEM_FONTS)


@lru_cache(maxsize=1)
def _font_path() -> str | None:
    for candidate in _font_candidates():
        try:
            ImageFont.truetype(str(candidate), _PROBE_SIZE)
        except OSError:
            continue
        return str(candidate)
    return None


@lru_cache(maxsize=1)
def font_id() -> str:
    # Kept: every picture address on a page of sixty cards names it (cards/images.py).
    path = _font_path()
    return PurePosixPath(path).name if path else "pillow-default"


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    path = _font_path()
    return ImageFont.truetype(path, size) if path else ImageFont.load_default(size=size)


def _mask_key(glyph: str) -> tuple:
    mask = font(_PROBE_SIZE).getmask(glyph)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def _has_glyph(char: str) -> bool:
    return char.isspace() or _mask_key(char) != _mask_key(_NOT_A_CHARACTER)


def can_draw(text: str) -> bool:
    """Whether the proxy font has a glyph for every character of `text`."""
    return all(_has_glyph(char) for char in set(text))


def clear_font_cache() -> None:
    for cached in (_font_path, font_id, font, _has_glyph):
        cached.cache_clear()


def say(*candidates, unknown: str = "?") -> str:
    """The first given value the font can draw; `unknown` when none is given or drawable."""
    for candidate in candidates:
        if candidate not in (None, "") and can_draw(str(candidate)):
            return str(candidate)
    return unknown
