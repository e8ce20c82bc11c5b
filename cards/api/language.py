"""`?lang=`: which of a card's names the API puts in `name` (cards/display_names.py)."""

from __future__ import annotations

from django.utils.translation import get_language
from drf_spectacular.utils import OpenApiParameter

from cards.display_names import EN, name_language
from cardsite.api import ApiError

LANG_VALUES = ["en", "zh-hant", "zh-hans", "ja"]

LANG_PARAMETER = OpenApiParameter(
    "lang",
    str,
    enum=LANG_VALUES,
    description=(
        "The language of `name`: en, zh-hant, zh-hans or ja (default: the request's "
        "language, from Accept-Language). A card without a name in that language gets the "
        "nearest one (README, Searching cards); `names` holds every stored name."
    ),
)


def requested_name_language(request) -> str:
    """The name language of `?lang=`, else of the request; an unknown `lang` is a 400."""
    raw = request.query_params.get("lang")
    if raw is None or raw == "":
        return name_language(get_language()) or EN
    language = name_language(raw)
    if language is None:
        raise ApiError("invalid_parameter", f"lang is one of {', '.join(LANG_VALUES)}.")
    return language
