"""Which language a card's printed text is written in, and whether a reader reads it.

The catalogue does not record it: PAD texts come from the English fan list (a Japanese
scan reading would be kana), Digimon texts from Chinese rules and lists. Kana means
Japanese; Han characters mean Chinese, Simplified or Traditional when converting the
text to the other script (OpenCC) changes it, either when it changes nothing (最, 的 …);
Latin letters alone mean English.
"""

from __future__ import annotations

import re

from django.utils.translation import get_language

from cards.display_names import EN, HANS, HANT, JA, convert_script, name_language

ZH = "zh"  # Han characters written the same in both scripts
_KANA = re.compile("[\u3040-\u30ff\u31f0-\u31ff]")
_HAN = re.compile("[\u3400-\u9fff\uf900-\ufaff]")
_LATIN = re.compile("[A-Za-z]")
RENDERED_LANGUAGES = (EN, HANT, HANS)


# `text` in the other Chinese script ("s2t" or "t2s"), cached as the names' conversions are.
convert = convert_script


def text_language(text: str | None) -> str | None:
    """en, ja, zh_hant, zh_hans or zh (either script); None for no text."""
    if not text:
        return None
    if _KANA.search(text):
        return JA
    if _HAN.search(text):
        simplified = convert("t2s", text) == text
        traditional = convert("s2t", text) == text
        if simplified and not traditional:
            return HANS
        if traditional and not simplified:
            return HANT
        return ZH
    return EN if _LATIN.search(text) else None


def html_lang(language: str | None) -> str:
    """The `lang` attribute of a text in `language` ("" when unknown)."""
    return {EN: "en", JA: "ja", HANT: "zh-Hant", HANS: "zh-Hans", ZH: "zh"}.get(language, "")


def rendered_language(code: str | None = None) -> str:
    """The language effects are worded in for a reader of `code` (default: the active
    language): English, Traditional or Simplified Chinese; English for any other (the
    API's `lang=ja`: the site has no Japanese catalogue)."""
    language = name_language(code or get_language())
    return language if language in RENDERED_LANGUAGES else EN


def reads(printed: str | None, language: str) -> bool:
    """Whether a reader of `language` (a name language) reads text in `printed`."""
    return printed == language or (printed == ZH and language in (HANT, HANS))
