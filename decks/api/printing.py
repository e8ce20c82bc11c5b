"""GET /api/decks/{id}/proxies.pdf and /api/decks/{id}/image.png (issue 16, items 1 and 2).

The drawing is decks/printing/; this module reads the request, checks who may read the
deck (someone else's private deck is a 404, as in the deck API), and answers a repeated
request with 304: the ETag names the deck's revision, the language, the paper and the
pictures of its cards, the only things the file depends on. A file is drawn once per key
and then sent from storage (decks/printing/stored.py); drawing it costs render units from
the client's budget (decks/render_budget.py: 429 `render_budget` past it).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import http_date
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions
from rest_framework.decorators import api_view, permission_classes

from cards.api.language import requested_name_language
from cards.display_names import LANGUAGE_CODES
from cardsite.api import ApiError, ErrorSerializer
from decks import render_budget
from decks.api.access import readable_deck
from decks.models import PRIVATE, Deck
from decks.printing import pdf, picture, sheet, stored

# Bump when the drawing of sheets or pictures changes: cached copies are then refetched.
PRINT_VERSION = "1"
PRINT_LANGUAGES = ["en", "zh-hant", "zh-hans", "ja"]  # the proxies' own `&lang=` values

LANG = OpenApiParameter(
    "lang",
    str,
    enum=PRINT_LANGUAGES,
    description=(
        "The language of the proxies' names and labels, as the card pictures' `&lang=` "
        "(default: the request's language). Uploaded card pictures are printed as they are."
    ),
)
PAPER = OpenApiParameter(
    "paper", str, enum=list(pdf.PAPERS), description="The sheet size (default a4)."
)
ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="`invalid_paper` or `invalid_parameter`"),
    404: OpenApiResponse(ErrorSerializer, description="No deck you may read has this id."),
    429: OpenApiResponse(
        ErrorSerializer,
        description="`render_budget`: the client's render budget cannot cover this file "
        "(`cost`, `budget`, `window`, `retry_after`; Retry-After header).",
    ),
}


def _language(request) -> str:
    return LANGUAGE_CODES[requested_name_language(request)]


def _paper(request) -> str:
    paper = request.query_params.get("paper") or pdf.DEFAULT_PAPER
    if paper not in pdf.PAPERS:
        raise ApiError("invalid_paper", f"paper is one of {', '.join(pdf.PAPERS)}.")
    return paper


def _filename(deck: Deck, suffix: str) -> str:
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", deck.name).strip("-")[:60] or deck.pk
    return f"{stem}-{suffix}"


@dataclass(frozen=True)
class Render:
    """One file a request asks for: what it depends on and how it is drawn."""

    variant: str  # kind, paper, language: with the deck's revision and pictures, the key
    content_type: str
    extension: str
    filename: str
    cost: Callable[[], int]  # render units to draw it (decks/render_budget.py)
    draw: Callable[[], bytes]


def _answer(request, deck: Deck, entries, render: Render):
    """The file, or 304 when the client holds the same one. A file drawn before for the
    same key is sent from storage (a render unit per 100 KB); else the drawing is charged
    to the client's render budget (429 past it), drawn, stored and sent."""
    stamp = "|".join((PRINT_VERSION, deck.pk, str(deck.revision), render.variant))
    tokens = sheet.pictures_token(entries)
    digest = hashlib.sha256(f"{stamp}|{tokens}".encode()).hexdigest()
    etag = f'"{deck.pk}-r{deck.revision}-{digest[:16]}"'
    changed = [deck.updated_at, *(e.card.updated_at for e in entries if e.card.updated_at)]
    last_modified = int(max(changed).timestamp())
    response = get_conditional_response(request, etag=etag, last_modified=last_modified)
    if response is None:
        # The title and author are in the file too (a rename moves the revision anyway).
        key = f"{stamp}|{tokens}|{deck.name}|{deck.owner.get_username()}"
        name = stored.stored_name(deck.pk, deck.revision, key, render.extension)
        response = _stored(request, name, render) or _drawn(request, name, render)
        response["Content-Disposition"] = f'inline; filename="{render.filename}"'
        response["Last-Modified"] = http_date(last_modified)
    response["ETag"] = etag
    # A private deck's file is its owner's: never kept by a shared cache.
    private = deck.visibility == PRIVATE
    response["Cache-Control"] = "private, no-cache" if private else "public, max-age=300"
    if not request.query_params.get("lang"):
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


def _stored(request, name: str, render: Render) -> HttpResponse | None:
    data = stored.read(name)
    if data is None:
        return None
    render_budget.charge(request, render_budget.stored_cost(len(data)))
    return HttpResponse(data, content_type=render.content_type)


def _drawn(request, name: str, render: Render) -> HttpResponse:
    spent = render_budget.charge(request, render.cost())
    try:
        data = render.draw()
    except Exception:
        spent.refund()  # a failure costs nothing (a worker time-out, SystemExit, stays spent)
        raise
    stored.store(name, data)
    return HttpResponse(data, content_type=render.content_type)


@extend_schema(
    operation_id="decks_proxies_pdf",
    parameters=[PAPER, LANG],
    responses={(200, "application/pdf"): OpenApiTypes.BINARY, **ERRORS},
)
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def deck_proxies_pdf(request, id: str):  # `{id}` in the schema, as every deck endpoint
    """Printable proxy sheets: every copy of the main deck's and the PAD team's cards at real
    size (63 × 88 mm), nine to a page with cut marks; the sideboard is not printed. A card
    with an uploaded picture prints it; the others print their proxy in `lang`."""
    paper = _paper(request)
    language = _language(request)
    deck = readable_deck(Deck.objects.select_related("owner"), id, request.user)
    entries = sheet.printed_entries(deck)

    def cost() -> int:
        drawn = sheet.pictures_to_draw(entries, "normal", language)
        cards = len({entry.card.pk for entry in entries})
        return render_budget.sheets_cost(sheet.copies(entries), cards, drawn)

    def draw() -> bytes:
        author = deck.owner.get_username()
        return pdf.proxy_sheets(
            entries, paper=paper, language=language, title=deck.name, author=author
        )

    filename = _filename(deck, f"proxies-{paper}.pdf")
    render = Render(f"pdf|{paper}|{language}", "application/pdf", "pdf", filename, cost, draw)
    return _answer(request, deck, entries, render)


@extend_schema(
    operation_id="decks_image_png",
    parameters=[LANG],
    responses={(200, "image/png"): OpenApiTypes.BINARY, **ERRORS},
)
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def deck_image_png(request, id: str):
    """The deck as one picture to share: its name, the PAD team in a row of its own, then
    each card of the deck once with its count (×3); the sideboard is not shown."""
    language = _language(request)
    deck = readable_deck(Deck.objects.select_related("owner"), id, request.user)
    entries = sheet.printed_entries(deck)

    def cost() -> int:
        shown = [entry for _zone, part in picture.sections(entries) for entry in part]
        drawn = sheet.pictures_to_draw(shown, "thumb", language)
        return render_budget.picture_cost(len(shown), drawn)

    def draw() -> bytes:
        return picture.deck_picture(entries, title=deck.name, game=deck.game, language=language)

    filename = _filename(deck, "deck.png")
    render = Render(f"png|{language}", "image/png", "png", filename, cost, draw)
    return _answer(request, deck, entries, render)
