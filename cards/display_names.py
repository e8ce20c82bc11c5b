"""Which of a card's names a reader sees: the one in the page's language, else the nearest.

A card stores up to four names (ja, zh_hant, zh_hans, en) and `name`, the first one an
import gave, which is often Japanese. Showing `name` puts アグモン on the English pages
although "Agumon" is catalogued, so every page, export and API answer picks by language:

    en       English, Japanese, Traditional, Simplified
    zh-hant  Traditional, Simplified converted to Traditional (OpenCC), English, Japanese
    zh-hans  Simplified, Traditional converted to Simplified (OpenCC), English, Japanese
    ja       Japanese, Traditional, Simplified, English (the API's `lang=ja`)

then `name` when the card has none of them. English comes before Japanese for Chinese
readers because Latin letters are read by all of them and katakana by few; the other
script is converted first because 攻擊組件A is what a 繁體 reader would write for 攻击组件A.

Names are plain columns of the card row, so a list needs no extra query as long as a
`.only()` keeps `NAME_FIELDS`; `NAME_FIELDS` also names the keys a `.values()` row needs.
Sorting by name (`name_ordering`) follows the same order in SQL, but without the script
conversion, which the database cannot do: a name stored only in Simplified sorts by its
Simplified characters on the 繁體 pages.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

import opencc
from django.db.models import F, Value
from django.db.models.functions import Coalesce, NullIf
from django.utils.translation import get_language

EN, JA, HANT, HANS = "en", "ja", "zh_hant", "zh_hans"
NAME_FIELDS = ("name", "name_ja", "name_zh_hant", "name_zh_hans", "name_en")

# (stored language, converter or None) in the order they are tried.
_ORDER: dict[str, tuple[tuple[str, str | None], ...]] = {
    EN: ((EN, None), (JA, None), (HANT, None), (HANS, None)),
    HANT: ((HANT, None), (HANS, "s2t"), (EN, None), (JA, None)),
    HANS: ((HANS, None), (HANT, "t2s"), (EN, None), (JA, None)),
    JA: ((JA, None), (HANT, None), (HANS, None), (EN, None)),
}
LANGUAGES = tuple(_ORDER)
# The language code whose readers see each name language first, for translation.override().
LANGUAGE_CODES = {EN: "en", JA: "ja", HANT: "zh-hant", HANS: "zh-hans"}


@lru_cache(maxsize=2)
def _converter(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(config)


@lru_cache(maxsize=8192)
def convert_script(config: str, text: str) -> str:
    """`text` in the other Chinese script: config "s2t" or "t2s"."""
    return _converter(config).convert(text)


def name_language(code: str | None) -> str | None:
    """The name language of a language code (`en`, `zh-Hant`, `zh_TW`, `zh-hans`, `ja` …);
    None when it is none of them. Taiwan, Hong Kong and Macau read Traditional."""
    if not code:
        return None
    code = code.strip().casefold().replace("_", "-")
    if code == "en" or code.startswith("en-"):
        return EN
    if code == "ja" or code.startswith("ja-"):
        return JA
    if code == "zh" or code.startswith("zh-"):
        if any(tag in code for tag in ("hant", "tw", "hk", "mo")):
            return HANT
        return HANS
    return None


def _field(card: object, key: str) -> str:
    if isinstance(card, Mapping):
        return card.get(key) or ""
    return getattr(card, key, "") or ""


def display_name(card: object, language: str | None = None) -> str:
    """The card's name for a reader of `language` (default: the active language), by the
    order in this module's docstring. `card` is a Card or a `.values()` row with
    NAME_FIELDS."""
    order = _ORDER[name_language(language or get_language()) or EN]
    for stored, config in order:
        name = _field(card, f"name_{stored}")
        if name:
            return convert_script(config, name) if config else name
    return _field(card, "name")


def name_ordering(language: str | None = None) -> Coalesce:
    """An expression for order_by(): the name `display_name` picks, before script conversion."""
    order = _ORDER[name_language(language or get_language()) or EN]
    stored = [NullIf(F(f"name_{lang}"), Value("")) for lang, _config in order]
    return Coalesce(*stored, F("name"))


def localized_ordering(ordering, language: str | None = None) -> list:
    """`ordering` with the column "name" ("-name") replaced by `name_ordering`."""
    result = []
    for term in ordering:
        if term in ("name", "-name"):
            expression = name_ordering(language)
            term = expression.desc() if term == "-name" else expression.asc()
        result.append(term)
    return result
