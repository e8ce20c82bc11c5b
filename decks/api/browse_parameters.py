"""The deck browser's query parameters of `GET /api/decks/`, for the OpenAPI schema."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter

from decks.browse import LEVEL_VALUES, ORDERINGS

BROWSE_PARAMETERS = [
    OpenApiParameter(
        "attribute",
        str,
        description="Decks playing a PAD card of this attribute (or sub-attribute); "
        "a colour names its attribute (red = fire, blue = water, green = wood, "
        "yellow = light, purple = dark).",
    ),
    OpenApiParameter(
        "level",
        str,
        enum=list(LEVEL_VALUES),
        description="Decks playing a Digimon of this level, or a PAD pet of this stage.",
    ),
    OpenApiParameter("author", str, description="The owner's username (any case)."),
    OpenApiParameter("legal", bool, description="1: legal decks only; 0: decks not legal yet."),
    OpenApiParameter("tag", str, description="Decks with this tag."),
    OpenApiParameter("card", int, description="Decks playing this card (its id)."),
    OpenApiParameter(
        "ordering",
        str,
        enum=list(ORDERINGS),
        description="newest (default: last changed first), forks (most public forks), "
        "gauntlet (best current win rate against the reference decks; unmeasured last).",
    ),
]
