"""Proxies: a picture drawn from a card's data, for cards without an uploaded image.

Each game's layouts are a module of their own (pad.py, digimon.py), at two sizes: the card
page's (full.py) and the grid's, which is made to be read small (grid.py). A proxy is drawn
in one language — its labels translated, the name the one a reader of that language sees —
so a page links the proxy of its own language (cards/images.py, `image_urls`).
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from cards import vocabulary as v
from cards.display_names import EN, HANS, HANT, JA, name_language
from cards.image_sizes import SIZES
from cards.proxies import digimon, full, grid, pad
from cards.proxies.canvas import Canvas
from cards.proxies.png import png_bytes

# Proxy languages are page languages (Django codes), plus Japanese for the API's `lang=ja`:
# its labels are English (the site has no Japanese catalogue), its names Japanese.
_BY_NAME_LANGUAGE = {EN: "en", HANT: "zh-hant", HANS: "zh-hans", JA: "ja"}
LANGUAGES = tuple(_BY_NAME_LANGUAGE.values())
DEFAULT_LANGUAGE = "en"

_DRAWERS = {
    "normal": {
        v.PET: pad.draw_pet,
        v.SKILL: pad.draw_skill,
        v.DIGIMON_CARD: digimon.draw_digimon,
        v.OPTION: digimon.draw_option,
        v.COMBO: digimon.draw_combo,
    },
    "thumb": {
        v.PET: pad.draw_pet_small,
        v.SKILL: pad.draw_skill_small,
        v.DIGIMON_CARD: digimon.draw_digimon_small,
        v.OPTION: digimon.draw_option_small,
        v.COMBO: digimon.draw_combo_small,
    },
}
_SYNTHETIC_MARKS = {"normal": full.synthetic_mark, "thumb": grid.synthetic_mark}
_RULES_TEXT_MARKS = {"normal": full.rules_text_mark, "thumb": grid.rules_text_mark}


def proxy_language(code: str | None) -> str:
    """The proxy language for a language code (`zh-Hant`, `zh_TW`, `zh_hans`, `en-GB` …);
    English for none or any other."""
    return _BY_NAME_LANGUAGE.get(name_language(code), DEFAULT_LANGUAGE)


def page_languages() -> tuple[str, ...]:
    """The languages pages are shown in: the proxies worth drawing ahead of a visit."""
    return tuple(proxy_language(code) for code, _name in settings.LANGUAGES)


def draw(card, size: str = "normal", language: str = DEFAULT_LANGUAGE) -> Canvas:
    """The proxy as drawn, with the lines it wrote (`Canvas.texts`)."""
    if size not in SIZES:
        raise ValueError(f"Unknown image size {size!r}: one of {', '.join(SIZES)}.")
    if language not in LANGUAGES:
        raise ValueError(f"Unknown proxy language {language!r}: one of {', '.join(LANGUAGES)}.")
    # `ja` has no message catalogue: its labels fall back to English, as intended.
    with translation.override(language):
        canvas = _DRAWERS[size][card.kind](card)
        if card.is_synthetic:
            _SYNTHETIC_MARKS[size](canvas)
        elif card.provenance == v.RULES_TEXT:
            _RULES_TEXT_MARKS[size](canvas)
    return canvas


def render_proxy(card, size: str = "normal", language: str = DEFAULT_LANGUAGE) -> bytes:
    """A PNG of `size` drawn from the card's data in `language`.

    Reads the card's fields and, by kind, one related table (attack rows, attacks or combo
    components): at most one query.
    """
    return png_bytes(draw(card, size, language).image)
