"""Card images with Pillow: every card has a picture.

- Uploads are validated (type, bytes, pixels, readable to the last byte) and stored once,
  named by their content: two cards with the same picture share one file. Every upload of the
  site (card images, correction scans) is stored under a name the server picks, with the
  extension of the format Pillow reads in it, never the uploader's name (issue 24, finding 4).
- An upload is served as WebP renditions in each of `SIZES`, made on first request and kept
  next to the original (`cards/<digest>-<size>.webp`).
- A card without an upload gets a proxy PNG drawn from its data in the reader's language
  (cards/proxies/), stored as `proxies/<pk>-<token>-<size>-<language>.png`: drawn ahead of
  any visit by `manage.py draw_proxies` (cards/predraw.py), else on first request.

Callers only use `image_urls(card)`: the URLs of the `card-image` view, which serves the
rendition or the proxy, so they never care which one a card has.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from functools import lru_cache
from pathlib import PurePosixPath

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.storage import default_storage
from django.db.models.signals import pre_save
from django.template.defaultfilters import filesizeformat
from django.urls import reverse
from django.utils.translation import get_language
from PIL import Image, ImageOps, UnidentifiedImageError

from cards.image_sizes import SIZES
from cards.proxies import DEFAULT_LANGUAGE, proxy_language, render_proxy
from cards.proxies.fonts import font_id
from cards.whole_files import store_whole

ALLOWED_FORMATS = {"PNG": "png", "JPEG": "jpg", "WEBP": "webp"}
MAX_PIXELS = 4096 * 4096
MIN_SIDE = 64
IMAGE_DIR = "cards"
PROXY_DIR = "proxies"
# Bump when the proxy drawing changes: the token in proxy names and URLs changes with it.
PROXY_VERSION = "4"  # 2: own thumbnail layout, per language; 3: rules-text cards say so;
# 4: the effect worded in the sheet's language (issue 29)

# Errors Pillow raises on a damaged file, depending on the format and where it breaks.
_BROKEN = (OSError, SyntaxError, ValueError, EOFError)


# --- Upload validation and storage ---------------------------------------------------------


def validate_card_image(file) -> None:
    """Refuse anything but a complete PNG, JPEG or WebP picture of sensible size."""
    limit = settings.CARD_IMAGE_MAX_BYTES
    if file.size > limit:
        raise ValidationError(
            "The image is %(size)s; card images are at most %(limit)s.",
            code="image_too_large",
            params={"size": filesizeformat(file.size), "limit": filesizeformat(limit)},
        )
    position = file.tell() if hasattr(file, "tell") else 0
    try:
        file.seek(0)
        _check_image(file)
    finally:
        file.seek(position)


def _too_many_pixels(size: str = "") -> ValidationError:
    return ValidationError(
        "The image has too many pixels%(size)s; the limit is %(limit)s pixels (4096 × 4096).",
        code="image_dimensions",
        params={"size": f" ({size})" if size else "", "limit": f"{MAX_PIXELS:,}"},
    )


def _check_image(file) -> None:
    try:
        # Pillow only warns between its own limit and twice that: make it an error too.
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(file)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise _too_many_pixels() from None
    except UnidentifiedImageError:
        raise _not_an_image() from None
    except _BROKEN:
        raise _damaged() from None
    with image:
        if image.format not in ALLOWED_FORMATS:
            raise ValidationError(
                "Card images are PNG, JPEG or WebP, not %(format)s.",
                code="image_type",
                params={"format": image.format},
            )
        width, height = image.size
        if width * height > MAX_PIXELS:
            raise _too_many_pixels(f"{width} × {height}")
        if min(width, height) < MIN_SIDE:
            raise ValidationError(
                "The image is too small (%(width)d × %(height)d); each side needs at least "
                "%(min)d pixels.",
                code="image_dimensions",
                params={"width": width, "height": height, "min": MIN_SIDE},
            )
        try:
            image.verify()
        except _BROKEN:
            raise _damaged() from None
    # verify() checks the structure only: decode the pixels once to find a cut-off file.
    file.seek(0)
    try:
        with Image.open(file) as image:
            image.load()
    except _BROKEN:
        raise _damaged() from None


def _damaged() -> ValidationError:
    return ValidationError(
        "The image is damaged or incomplete (truncated upload?): save it again and retry.",
        code="image_damaged",
    )


def card_image_upload_to(card, filename: str) -> str:
    """Name the file by its content, so the same picture is stored once."""
    digest = hashlib.sha256()
    card.image.seek(0)
    for chunk in card.image.chunks():
        digest.update(chunk)
    card.image.seek(0)
    return f"{IMAGE_DIR}/{digest.hexdigest()[:32]}.{sniffed_extension(card.image)}"


def sniffed_extension(file) -> str:
    """The extension of the picture's actual format, whatever the upload was called.

    The uploader's name never reaches the storage: a PNG with a script appended, called
    `evil.html`, would otherwise be served as a page wherever media go out by extension.
    Anything Pillow does not read as an allowed picture is refused, even when a caller
    skipped the validators.
    """
    try:
        file.seek(0)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(file) as image:
                extension = ALLOWED_FORMATS.get(image.format)
    except (*_BROKEN, UnidentifiedImageError, Image.DecompressionBombError):
        extension = None
    finally:
        file.seek(0)
    if extension is None:
        raise _not_an_image()
    return extension


def _not_an_image() -> ValidationError:
    return ValidationError(
        "The file is not an image: upload a PNG, JPEG or WebP picture.", code="image_invalid"
    )


def _reuse_stored_image(sender, instance, **kwargs) -> None:
    """Before a card is saved with a new upload, point it at the stored copy if there is one.

    The storage would otherwise keep a second copy under another name (`<digest>_x1Y2z3.png`).
    Connected for every model and filtered here: proxy models (PetCard …) send as themselves.
    """
    if instance._meta.concrete_model._meta.label_lower != "cards.card":
        return
    image = instance.image
    if not image or getattr(image, "_committed", True):
        return
    name = image.field.generate_filename(instance, image.name)
    if image.storage.exists(name):
        instance.image = name  # a stored name: the file field does not save it again


pre_save.connect(_reuse_stored_image, dispatch_uid="cards.images.reuse_stored_image")


# --- URLs, tokens and cached files ----------------------------------------------------------


def _short_hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def proxy_token(card) -> str:
    """Changes whenever the card is saved, the drawing changes or another font is used."""
    stamp = card.updated_at.isoformat() if card.updated_at else ""
    return _short_hash(f"{PROXY_VERSION}|{font_id()}|{stamp}")


def image_token(card) -> str:
    """A short token for the card's current picture: the upload's name, else the proxy's."""
    return _short_hash(card.image.name) if card.image else proxy_token(card)


def image_etag(card, size: str, language: str = DEFAULT_LANGUAGE) -> str:
    """An upload's picture is the same in every language; a proxy's is not."""
    suffix = "" if card.image else f"-{language}"
    return f'"{card.pk}-{image_token(card)}-{size}{suffix}"'


@lru_cache(maxsize=8)
def _image_url_pattern(size: str) -> str:
    # Resolved once: a page of cards would otherwise reverse() twice per card.
    return reverse("card-image", args=[987654321, size]).replace("987654321", "{}")


def image_urls(card, language: str | None = None) -> dict:
    """{"thumb": url, "normal": url, "proxy": bool} without a query: only the card's own fields.

    The `?v=` token changes with the picture, so the URLs can be cached for long. A proxy's
    URLs name its language (`&lang=`, default the active one): the page's, on a page.
    """
    token = image_token(card)
    query = f"?v={token}"
    if not card.image:
        query += f"&lang={proxy_language(language or get_language())}"
    urls = {size: f"{_image_url_pattern(size).format(card.pk)}{query}" for size in SIZES}
    return {**urls, "proxy": not card.image}


def rendition_name(image_name: str, size: str) -> str:
    path = PurePosixPath(image_name)
    return str(path.with_name(f"{path.stem}-{size}.webp"))


def rendition(card, size: str) -> str:
    """The storage name of the upload fitted within `size` as WebP, made once and reused.

    Never enlarged: a small upload keeps its own size. Raises OSError when the original is
    missing or unreadable.
    """
    bounds = SIZES[size]
    name = rendition_name(card.image.name, size)
    if default_storage.exists(name):
        return name
    with card.image.storage.open(card.image.name, "rb") as original, Image.open(original) as img:
        picture = ImageOps.exif_transpose(img)
        has_alpha = picture.mode in ("RGBA", "LA", "PA") or "transparency" in picture.info
        picture = picture.convert("RGBA" if has_alpha else "RGB")
        picture.thumbnail(bounds, Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    picture.save(buffer, "WEBP", quality=85, method=4)
    return store_whole(name, buffer.getvalue())


def proxy_name(card, size: str, language: str = DEFAULT_LANGUAGE) -> str:
    return f"{PROXY_DIR}/{card.pk}-{proxy_token(card)}-{size}-{language}.png"


def proxy(card, size: str, language: str = DEFAULT_LANGUAGE) -> str:
    """The storage name of the card's proxy image in `language`, drawn once and reused."""
    name = proxy_name(card, size, language)
    if not default_storage.exists(name):
        store_whole(name, render_proxy(card, size, language))
    return name
