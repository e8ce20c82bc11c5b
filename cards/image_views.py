"""Serve every card's picture (the upload's WebP rendition, or else its generated proxy), and
the media folder when the app serves it itself (DEBUG)."""

from __future__ import annotations

import logging
from pathlib import PurePosixPath

from django.core.files.storage import default_storage
from django.http import Http404, HttpResponse
from django.utils.cache import get_conditional_response
from django.utils.http import content_disposition_header, http_date
from django.views import static
from django.views.decorators.http import require_safe
from PIL import Image

from cards import images
from cards.by_pk import card_or_404
from cards.proxies import DEFAULT_LANGUAGE, LANGUAGES

logger = logging.getLogger(__name__)

CACHE_CONTROL = "public, max-age=86400"
# The pages link pictures as ?v=<token of the current picture>: that address never shows
# another picture (a new one gets a new token), so it may be kept a year without asking.
IMMUTABLE = "public, max-age=31536000, immutable"


@require_safe
def card_image(request, pk: int, size: str):
    """One query for the card; drawing a proxy the first time reads one related table.

    `?lang=` picks the proxy's language (en, zh-hant, zh-hans, ja); an address without it,
    as the pages wrote before proxies had languages, gets the English one.
    """
    language = request.GET.get("lang") or DEFAULT_LANGUAGE
    if size not in images.SIZES:
        raise Http404("No such image size.")
    if language not in LANGUAGES:
        raise Http404("No such proxy language.")
    card = card_or_404(pk)
    etag = images.image_etag(card, size, language)
    cache_control = IMMUTABLE if request.GET.get("v") == images.image_token(card) else CACHE_CONTROL
    # whole seconds, as the header carries them (a fraction would never compare equal)
    last_modified = int(card.updated_at.timestamp()) if card.updated_at else None
    not_modified = get_conditional_response(request, etag=etag, last_modified=last_modified)
    if not_modified is not None:
        not_modified["ETag"] = etag
        not_modified["Cache-Control"] = cache_control
        return not_modified

    if card.image:
        try:
            name = images.rendition(card, size)
        except (OSError, ValueError, Image.DecompressionBombError):
            # The upload is gone or unreadable: show the proxy, but cache it only briefly,
            # since the ETag names the upload.
            logger.warning("Card %s: image %s cannot be read", card.pk, card.image.name)
            response = _file(images.proxy(card, size, language), "image/png")
            response["Cache-Control"] = "no-cache"
            return response
        response = _file(name, "image/webp")
    else:
        response = _file(images.proxy(card, size, language), "image/png")
    extension = "webp" if response["Content-Type"] == "image/webp" else "png"
    response["Content-Disposition"] = content_disposition_header(
        False, f"card-{card.pk}-{size}.{extension}"
    )
    response["ETag"] = etag
    response["Cache-Control"] = cache_control
    if last_modified is not None:
        response["Last-Modified"] = http_date(last_modified)
    return response


def _file(name: str, content_type: str) -> HttpResponse:
    # Card pictures are small (a few hundred KB at most): read them whole rather than
    # stream, so no file handle outlives the request.
    with default_storage.open(name, "rb") as stored:
        return HttpResponse(stored.read(), content_type=content_type)


# What the media folder may send as a picture: everything else goes out as a download.
MEDIA_PICTURES = {
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "webp": "image/webp",
}


def media_file(request, path: str, document_root=None):
    """/media/ as the app serves it (DEBUG): pictures by their extension, inline, and any
    other file — a scan stored by an older version under its uploader's name, `evil.html` —
    as a download the browser neither renders nor sniffs (issue 24, finding 4). The README's
    proxy snippet for /media/ does the same in production."""
    response = static.serve(request, path, document_root=document_root)
    name = PurePosixPath(path).name
    picture = MEDIA_PICTURES.get(PurePosixPath(name).suffix.lower().lstrip("."))
    response["Content-Type"] = picture or "application/octet-stream"
    response["Content-Disposition"] = content_disposition_header(picture is None, name)
    response["X-Content-Type-Options"] = "nosniff"
    return response
