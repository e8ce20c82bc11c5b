"""Card images: upload validation and content-addressed storage (stored once)."""

from __future__ import annotations

import hashlib
from pathlib import PurePosixPath

from django.conf import settings
from django.core.exceptions import ValidationError
from PIL import Image, UnidentifiedImageError

ALLOWED_FORMATS = {"PNG": "png", "JPEG": "jpg", "WEBP": "webp"}
MAX_PIXELS = 4096 * 4096


def validate_card_image(file) -> None:
    """Refuse anything but a PNG, JPEG or WebP image of sensible size."""
    if file.size > settings.CARD_IMAGE_MAX_BYTES:
        raise ValidationError(
            "The image is larger than %(limit)d bytes.",
            code="image_too_large",
            params={"limit": settings.CARD_IMAGE_MAX_BYTES},
        )
    position = file.tell() if hasattr(file, "tell") else 0
    try:
        file.seek(0)
        with Image.open(file) as image:
            if image.format not in ALLOWED_FORMATS:
                raise ValidationError("Card images are PNG, JPEG or WebP.", code="image_type")
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise ValidationError("The image has too many pixels.", code="image_dimensions")
            image.verify()
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError):
        raise ValidationError("The file is not a readable image.", code="image_invalid") from None
    finally:
        file.seek(position)


def card_image_upload_to(card, filename: str) -> str:
    """Name the file by its content, so the same picture is stored once."""
    digest = hashlib.sha256()
    card.image.seek(0)
    for chunk in card.image.chunks():
        digest.update(chunk)
    card.image.seek(0)
    suffix = PurePosixPath(filename).suffix.lower() or ".png"
    return f"cards/{digest.hexdigest()[:32]}{suffix}"
