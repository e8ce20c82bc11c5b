"""Folding text for search: case, full/half width and Traditional/Simplified Chinese.

火龍 and 火龙 fold to the same string, as do ＡＢＣ and abc; Japanese kana are left as
typed (NFKC only widens half-width kana).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import opencc

_TO_SIMPLIFIED = opencc.OpenCC("t2s")


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    if not text:
        return ""
    # NUL can be typed into a URL but not stored or compared by PostgreSQL: drop it.
    text = unicodedata.normalize("NFKC", text.replace("\x00", ""))
    return _TO_SIMPLIFIED.convert(text).casefold()
