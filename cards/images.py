"""Card images with Pillow: every card has a picture.

- Uploads are validated (type, bytes, pixels, readable to the last byte) and stored once,
  named by their content: two cards with the same picture share one file.
- An upload is served as WebP renditions in each of `SIZES`, made on first request and kept
  next to the original (`cards/<digest>-<size>.webp`).
- A card without an upload gets a proxy PNG drawn from its data (`render_proxy`).

Callers only use `image_urls(card)`: the URLs of the `card-image` view, which serves the
rendition or the proxy, so they never care which one a card has.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from functools import lru_cache
from importlib import resources
from pathlib import Path, PurePosixPath

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db.models.signals import pre_save
from django.template.defaultfilters import filesizeformat
from django.urls import reverse
from PIL import Image, ImageDraw, ImageFont, ImageOps, UnidentifiedImageError

from cards import vocabulary as v

# Card aspect ratio (63 × 88 mm): the thumbnail for lists, the normal size for card pages.
SIZES = {"thumb": (146, 204), "normal": (488, 680)}

ALLOWED_FORMATS = {"PNG": "png", "JPEG": "jpg", "WEBP": "webp"}
MAX_PIXELS = 4096 * 4096
MIN_SIDE = 64
IMAGE_DIR = "cards"
PROXY_DIR = "proxies"
# Bump when the proxy drawing changes: the token in proxy names and URLs changes with it.
PROXY_VERSION = "1"

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
        raise ValidationError(
            "The file is not an image: upload a PNG, JPEG or WebP picture.", code="image_invalid"
        ) from None
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
    return f"{IMAGE_DIR}/{digest.hexdigest()[:32]}.{_extension(card.image, filename)}"


def _extension(file, filename: str) -> str:
    """The extension of the actual format, whatever the upload was called."""
    try:
        with Image.open(file) as image:
            extension = ALLOWED_FORMATS.get(image.format)
    except (*_BROKEN, Image.DecompressionBombError):
        extension = None
    finally:
        file.seek(0)
    return extension or PurePosixPath(filename).suffix.lower().lstrip(".") or "png"


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


def image_etag(card, size: str) -> str:
    return f'"{card.pk}-{image_token(card)}-{size}"'


@lru_cache(maxsize=8)
def _image_url_pattern(size: str) -> str:
    # Resolved once: a page of cards would otherwise reverse() twice per card.
    return reverse("card-image", args=[987654321, size]).replace("987654321", "{}")


def image_urls(card) -> dict:
    """{"thumb": url, "normal": url, "proxy": bool} without a query: only the card's own fields.

    The `?v=` token changes with the picture, so the URLs can be cached for long.
    """
    token = image_token(card)
    urls = {size: f"{_image_url_pattern(size).format(card.pk)}?v={token}" for size in SIZES}
    return {**urls, "proxy": not card.image}


def _store_once(name: str, data: bytes) -> str:
    saved = default_storage.save(name, ContentFile(data))
    if saved != name:  # another request wrote it meanwhile: keep a single copy
        default_storage.delete(saved)
    return name


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
    return _store_once(name, buffer.getvalue())


def proxy_name(card, size: str) -> str:
    return f"{PROXY_DIR}/{card.pk}-{proxy_token(card)}-{size}.png"


def proxy(card, size: str) -> str:
    """The storage name of the card's proxy image, drawn on first request and reused."""
    name = proxy_name(card, size)
    if not default_storage.exists(name):
        _store_once(name, render_proxy(card, size))
    return name


# --- Fonts ----------------------------------------------------------------------------------
# Names are Japanese and Chinese (Simplified and Traditional). Pillow's built-in font is
# Latin only and CI machines have no CJK font installed, so the first of these is used:
# 1. settings.CARD_PROXY_FONT, if set;
# 2. the PyPI package `noto-cjk-sans-jp-regular` (Noto Sans CJK JP Regular, 16 MB, OFL,
#    no dependencies): covers kana and both Han scripts — every name in the catalogue;
# 3. a CJK font of the system (Debian fonts-noto-cjk, fonts-droid-fallback, WenQuanYi);
# 4. Pillow's `load_default(size=…)`. Its missing glyphs would draw as boxes, so every string
#    is checked first (`can_draw`) and replaced: a name by another name or the card number.

_FONT_PACKAGE = ("noto_cjk_sans_jp_regular", "NotoSansCJKjp-Regular.otf")
_SYSTEM_FONTS = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
)
# A code point no font maps: it draws the font's "missing glyph" box, to compare against.
_NOT_A_CHARACTER = "\U0010fffd"
_PROBE_SIZE = 24


def _font_candidates():
    configured = getattr(settings, "CARD_PROXY_FONT", None)
    if configured:
        yield Path(configured)
    package, filename = _FONT_PACKAGE
    try:
        bundled = resources.files(package).joinpath(filename)
    except ModuleNotFoundError:
        pass
    else:
        if isinstance(bundled, Path):
            yield bundled
    yield from map(Path, _SYSTEM_FONTS)


@lru_cache(maxsize=1)
def _font_path() -> str | None:
    for candidate in _font_candidates():
        try:
            ImageFont.truetype(str(candidate), _PROBE_SIZE)
        except OSError:
            continue
        return str(candidate)
    return None


def font_id() -> str:
    path = _font_path()
    return PurePosixPath(path).name if path else "pillow-default"


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    path = _font_path()
    return ImageFont.truetype(path, size) if path else ImageFont.load_default(size=size)


def _mask_key(glyph: str) -> tuple:
    mask = font(_PROBE_SIZE).getmask(glyph)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def _has_glyph(char: str) -> bool:
    return char.isspace() or _mask_key(char) != _mask_key(_NOT_A_CHARACTER)


def can_draw(text: str) -> bool:
    """Whether the proxy font has a glyph for every character of `text`."""
    return all(_has_glyph(char) for char in set(text))


def clear_font_cache() -> None:
    for cached in (_font_path, font, _has_glyph):
        cached.cache_clear()


def _say(*candidates, unknown: str = "?") -> str:
    """The first given value the font can draw; `unknown` when none is given or drawable."""
    for candidate in candidates:
        if candidate not in (None, "") and can_draw(str(candidate)):
            return str(candidate)
    return unknown


def display_name(card) -> str:
    """The card's name, else another of its names the font can draw, else its number."""
    return _say(card.name, *card.names.values(), card.number)


# --- Proxy drawing --------------------------------------------------------------------------

ATTRIBUTE_COLOURS = {
    "fire": "#d9412b",
    "water": "#2f7ed8",
    "wood": "#3aa34a",
    "light": "#e3b51c",
    "dark": "#7b4bb0",
}
NO_ATTRIBUTE_COLOUR = "#8a8a8a"
ORB_COLOURS = {**ATTRIBUTE_COLOURS, "heart": "#e0609a"}
BATTLE_TYPE_COLOURS = {"A": "#d9412b", "B": "#2f7ed8", "C": "#3aa34a"}
KIND_COLOURS = {v.DIGIMON_CARD: "#d9731c", v.OPTION: "#4b6584", v.COMBO: "#8c5a2b"}
PAPER = "#f7f3ea"
INK = "#1f1b16"
MUTED = "#6b645a"
ORB_BAR = "#e6dece"
EMPTY_ORB_RING = "#a89f8f"
SYNTHETIC_RED = "#c0392b"

W, H = SIZES["normal"]
FRAME = 14
MARGIN = 30
HEADER = (26, 26, W - 26, 104)
META_Y = 122
ORB_BAR_BOX = (MARGIN, 568, W - MARGIN, 624)
ORB_RADIUS = 20
FOOTER_Y = 648


def orb_slot_centres() -> list[tuple[int, int]]:
    """Centres of the six orb slots on the normal-size proxy, in printed order."""
    left, top, right, bottom = ORB_BAR_BOX
    step = (right - left) / len(v.ORB_COLOURS)
    return [(round(left + step * (i + 0.5)), (top + bottom) // 2) for i in range(6)]


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def _tint(colour: str, amount: float) -> tuple[int, int, int]:
    """`colour` mixed with white: amount 1 is the colour itself."""
    return tuple(round(255 - (255 - c) * amount) for c in _rgb(colour))


def _ink_on(colour: str) -> str:
    r, g, b = _rgb(colour)
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 170 else "white"


def _english(label: str) -> str:
    """The English part of a vocabulary label: `Evo 2 2進化` → `Evo 2`."""
    words = []
    for word in label.split():
        if not word.isascii():
            break
        words.append(word)
    return " ".join(words) or label


def _label(choices, value: str) -> str:
    return _english(dict(choices).get(value, value)) if value else "?"


def _value(value) -> str:
    return "?" if value is None else str(value)


class _Canvas:
    """The normal-size drawing surface of one proxy, with text helpers."""

    def __init__(self, frame_colour: str):
        self.colour = frame_colour
        self.image = Image.new("RGB", (W, H), frame_colour)
        self.draw = ImageDraw.Draw(self.image)
        self.draw.rounded_rectangle((FRAME, FRAME, W - FRAME, H - FRAME), 16, fill=PAPER)
        self.art_box = None

    def text(self, xy, text, size, *, fill=INK, anchor="la", max_width=None, bold=False):
        """Draw one line, shrunk until it fits `max_width`."""
        text = _say(text)
        while max_width and size > 10 and font(size).getlength(text) > max_width:
            size -= 1
        stroke = 1 if bold else 0
        self.draw.text(
            xy,
            text,
            font=font(size),
            fill=fill,
            anchor=anchor,
            stroke_width=stroke,
            stroke_fill=fill,
        )

    def paragraph(self, box, text, size, *, fill=INK) -> int:
        """Wrap `text` into `box`, cut with … when it overflows; returns the y below it."""
        left, top, right, bottom = box
        if not text or not can_draw(text):
            return top
        face = font(size)
        line_height = round(size * 1.35)
        lines = _wrap(text, face, right - left)
        fitting = max(0, (bottom - top) // line_height)
        if len(lines) > fitting:
            lines = lines[:fitting]
            if lines:
                lines[-1] = _ellipsize(lines[-1], face, right - left)
        for i, line in enumerate(lines):
            self.draw.text((left, top + i * line_height), line, font=face, fill=fill)
        return top + len(lines) * line_height


def _wrap(text: str, face, width: int) -> list[str]:
    """Greedy wrap at spaces; words wider than a line (and CJK runs) break anywhere."""
    lines = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if face.getlength(candidate) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            for char in word:
                if face.getlength(line + char) > width:
                    lines.append(line)
                    line = ""
                line += char
        lines.append(line)
    return lines


def _ellipsize(line: str, face, width: int) -> str:
    while line and face.getlength(line + "…") > width:
        line = line[:-1]
    return line + "…" if can_draw("…") else line


def _header(c: _Canvas, card, *, badge_width: int = 0, right_text: str = "") -> None:
    """The coloured name band: the name, its English name under it, `right_text` at the end.

    A badge `badge_width` wide (cost, battle type) is drawn at its left by the caller.
    """
    left, top, right, bottom = HEADER
    middle = (top + bottom) // 2
    c.draw.rounded_rectangle(HEADER, 14, fill=c.colour)
    ink = _ink_on(c.colour)
    name_left = left + 14 + (badge_width + 12 if badge_width else 0)
    name_right = right - 14
    if right_text:
        c.text((name_right, middle), right_text, 26, fill=ink, anchor="rm")
        name_right -= font(26).getlength(right_text) + 14
    width = name_right - name_left
    name = display_name(card)
    english = _say(card.name_en, unknown="")
    if english and english != name:
        c.text((name_left, middle + 4), name, 30, fill=ink, anchor="ls", max_width=width, bold=True)
        c.text((name_left, middle + 10), english, 16, fill=ink, anchor="lt", max_width=width)
    else:
        c.text((name_left, middle), name, 32, fill=ink, anchor="lm", max_width=width, bold=True)


def _cost_badge(c: _Canvas, cost) -> None:
    cx, cy, r = HEADER[0] + 12 + 30, (HEADER[1] + HEADER[3]) // 2, 30
    c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PAPER, outline=INK, width=3)
    c.text((cx, cy), _value(cost), 36, anchor="mm", bold=True)


def _battle_type_badge(c: _Canvas, letter: str) -> None:
    x, cy, side = HEADER[0] + 12, (HEADER[1] + HEADER[3]) // 2, 60
    fill = BATTLE_TYPE_COLOURS.get(letter, NO_ATTRIBUTE_COLOUR)
    c.draw.rounded_rectangle(
        (x, cy - side // 2, x + side, cy + side // 2), 8, fill=fill, outline="white", width=3
    )
    c.text((x + side // 2, cy), letter or "?", 38, fill="white", anchor="mm", bold=True)


def _meta(c: _Canvas, *parts: str) -> None:
    line = " · ".join(part for part in parts if part)
    c.text((MARGIN + 4, META_Y), line, 18, fill=MUTED, anchor="lm", max_width=W - 2 * MARGIN)


def _art(c: _Canvas, card, box) -> None:
    """The artwork's place: a tinted panel with the name's first character as a monogram."""
    c.art_box = box
    left, top, right, bottom = box
    c.draw.rounded_rectangle(
        box, 10, fill=_tint(c.colour, 0.22), outline=_tint(c.colour, 0.5), width=2
    )
    monogram = display_name(card)[:1]
    height = bottom - top
    c.text(
        ((left + right) // 2, (top + bottom) // 2),
        monogram,
        min(150, height - 30),
        fill=_tint(c.colour, 0.5),
        anchor="mm",
    )
    c.text((right - 10, bottom - 8), "PROXY", 13, fill=_tint(c.colour, 0.7), anchor="rd")


def _badge(c: _Canvas, xy, text: str, *, fill=INK, ink="white", size=18) -> None:
    x, y = xy
    width = font(size).getlength(text)
    c.draw.rounded_rectangle((x, y, x + width + 20, y + size + 14), 8, fill=fill)
    c.text((x + 10, y + (size + 14) // 2), text, size, fill=ink, anchor="lm", bold=True)


def _orb_bar(c: _Canvas, orbs) -> None:
    """Six fixed slots in printed order (heart, dark, light, wood, water, fire)."""
    c.draw.rounded_rectangle(ORB_BAR_BOX, 28, fill=ORB_BAR)
    lit = set(orbs or ())
    r = ORB_RADIUS
    for colour, (x, y) in zip(v.ORB_COLOURS, orb_slot_centres(), strict=True):
        box = (x - r, y - r, x + r, y + r)
        if colour in lit:
            c.draw.ellipse(box, fill=ORB_COLOURS[colour], outline="white", width=3)
        else:
            c.draw.ellipse(box, outline=EMPTY_ORB_RING, width=2)


def _footer(c: _Canvas, card) -> None:
    c.text((MARGIN + 4, FOOTER_Y), card.number, 15, fill=MUTED, anchor="lm")
    right = " · ".join(part for part in (card.rarity, _label(v.KINDS, card.kind)) if part)
    c.text((W - MARGIN - 4, FOOTER_Y), right, 15, fill=MUTED, anchor="rm")


def _section_label(c: _Canvas, xy, text: str) -> None:
    c.text(xy, text.upper(), 13, fill=MUTED, bold=False)


def _attack_table(c: _Canvas, card, box) -> None:
    """PAD-1.1: six rows, row n = attack at n combos, with its +bonus."""
    left, top, right, _ = box
    rows = {row.combos: row for row in card.attack_rows.all()}
    _section_label(c, (left, top), "Combos · Attack")
    row_height = 28
    for combos in range(1, v.ATTACK_ROWS + 1):
        y = top + 20 + (combos - 1) * row_height
        if combos % 2:
            c.draw.rectangle((left, y, right, y + row_height), fill=_tint(c.colour, 0.12))
        middle = y + row_height // 2
        c.text((left + 8, middle), str(combos), 16, fill=MUTED, anchor="lm")
        row = rows.get(combos)
        c.text((right - 58, middle), _value(row and row.attack), 20, anchor="rm", bold=True)
        if row and row.bonus:
            c.text((right - 50, middle), f"+{row.bonus}", 17, fill=c.colour, anchor="lm", bold=True)


def _effect_types(card) -> str:
    return " · ".join(kind.capitalize() for kind in card.effect_types or ())


def _draw_pet(card) -> _Canvas:
    c = _Canvas(ATTRIBUTE_COLOURS.get(card.attribute, NO_ATTRIBUTE_COLOUR))
    _header(c, card, badge_width=60)
    _cost_badge(c, card.cost)
    attributes = "/".join(
        _label(v.ATTRIBUTES, a) for a in (card.attribute, card.sub_attribute) if a
    )
    types = "/".join(_label(v.PET_TYPES, t) for t in card.types) or "?"
    _meta(c, _label(v.STAGES, card.stage), types, attributes or "No attribute")
    art = (MARGIN + 4, 140, W - MARGIN - 4, 330)
    _art(c, card, art)
    _badge(c, (art[0] + 10, art[3] - 44), f"DEF {_value(card.defense)}")
    _attack_table(c, card, (MARGIN + 4, 342, MARGIN + 190, 560))
    text_left = MARGIN + 206
    y = 342
    if card.effect_types:
        _section_label(c, (text_left, y), _effect_types(card))
        y += 22
    requirement = card.ultimate_requirement
    if requirement:
        c.text(
            (text_left, y),
            f"Ultimate: {_say(requirement)}",
            14,
            fill=MUTED,
            max_width=W - MARGIN - text_left,
        )
        y += 22
    c.paragraph((text_left, y, W - MARGIN - 4, 556), card.text, 16)
    _orb_bar(c, card.orbs)
    _footer(c, card)
    return c


def _draw_skill(card) -> _Canvas:
    c = _Canvas(ATTRIBUTE_COLOURS.get(card.attribute, NO_ATTRIBUTE_COLOUR))
    _header(c, card, badge_width=60)
    _cost_badge(c, card.cost)
    icon = _say(card.skill_icon, unknown="")
    _meta(
        c,
        "Skill",
        _label(v.ATTRIBUTES, card.attribute) if card.attribute else "No attribute",
        f"Icon: {icon}" if icon else "",
    )
    _art(c, card, (MARGIN + 4, 140, W - MARGIN - 4, 360))
    y = 374
    if card.effect_types:
        _section_label(c, (MARGIN + 4, y), _effect_types(card))
        y += 22
    c.paragraph((MARGIN + 4, y, W - MARGIN - 4, 556), card.text, 18)
    _orb_bar(c, card.orbs)
    _footer(c, card)
    return c


def _digimon_attacks(c: _Canvas, card, top: int) -> int:
    attacks = {attack.letter: attack for attack in card.attacks.all()}
    left, right = MARGIN + 4, W - MARGIN - 4
    row_height = 46
    for i, letter in enumerate(v.ATTACK_LETTERS):
        y = top + i * row_height
        attack = attacks.get(letter)
        c.draw.rounded_rectangle(
            (left, y + 4, left + 30, y + 34), 6, fill=BATTLE_TYPE_COLOURS[letter]
        )
        c.text((left + 15, y + 19), letter, 20, fill="white", anchor="mm", bold=True)
        name = _say(attack and attack.name)
        c.text((left + 42, y + 19), name, 20, anchor="lm", max_width=right - left - 140)
        c.text((right, y + 19), _value(attack and attack.power), 26, anchor="rm", bold=True)
        note = ""
        if attack and attack.cancels:
            note = f"Turns the opponent's {attack.cancels} to 0"
        elif attack and attack.effect:
            note = _say(attack.effect, unknown="")
        if note:
            c.text(
                (left + 42, y + 38), note, 13, fill=MUTED, anchor="lm", max_width=right - left - 140
            )
        c.draw.line(
            (left, y + row_height - 1, right, y + row_height - 1), fill=_tint(c.colour, 0.3)
        )
    return top + 3 * row_height


def _lost_points(c: _Canvas, card, top: int) -> int:
    """DGM-1.1: the points this Digimon loses to an opponent of each level."""
    left, right = MARGIN + 4, W - MARGIN - 4
    _section_label(c, (left, top), "Points lost to")
    lost = card.lost_points
    step = (right - left) / len(v.LEVEL_VALUES)
    for i, level in enumerate(v.LEVEL_VALUES):
        x = round(left + step * i)
        box = (x + 2, top + 20, round(x + step) - 2, top + 72)
        c.draw.rounded_rectangle(box, 6, fill=_tint(c.colour, 0.15))
        centre = (box[0] + box[2]) // 2
        c.text(
            (centre, top + 34),
            _label(v.LEVELS, level).removeprefix("Level "),
            14,
            fill=MUTED,
            anchor="mm",
        )
        c.text((centre, top + 56), _value(lost[level]), 22, anchor="mm", bold=True)
    return top + 80


def _evolution_requirement(card) -> str:
    """DGM-4.3 as printed (`Agumon ○○`), with the linked card's English name or number when
    the font cannot draw the printed name."""
    name = card.evolves_from_name
    if name and not can_draw(name):
        linked = card.evolves_from if card.evolves_from_id else None
        name = _say(linked and linked.name_en, linked and linked.number)
    marks = _say("○", unknown="o") * (card.evo_circles or 0)
    marks += _say("×", unknown="x") * (card.evo_crosses or 0)
    other = _say(card.evo_other, unknown="")
    return " ".join(part for part in (name, marks, other) if part)


def _draw_digimon(card) -> _Canvas:
    c = _Canvas(KIND_COLOURS[v.DIGIMON_CARD])
    level = _label(v.LEVELS, card.level).removeprefix("Level ")
    _header(c, card, badge_width=60, right_text=level)
    _battle_type_badge(c, card.battle_type)
    _meta(
        c,
        _say(card.species),
        _label(v.DIGIMON_TYPES, card.digimon_type) if card.digimon_type else "",
        _label(v.FIELDS, card.field_code) if card.field_code else "",
    )
    _art(c, card, (MARGIN + 4, 140, W - MARGIN - 4, 290))
    y = _digimon_attacks(c, card, 298)
    y = _lost_points(c, card, y + 6)
    requirement = _evolution_requirement(card)
    if requirement:
        c.text(
            (MARGIN + 4, y),
            f"Evolves from {requirement}",
            15,
            fill=MUTED,
            max_width=W - 2 * MARGIN - 8,
        )
        y += 22
    ability = card.special_ability or card.support or card.text
    c.paragraph((MARGIN + 4, y, W - MARGIN - 4, FOOTER_Y - 14), ability, 15)
    _footer(c, card)
    return c


def _details(c: _Canvas, rows, top: int) -> int:
    left, right = MARGIN + 4, W - MARGIN - 4
    for label, value in rows:
        c.text((left, top), label.upper(), 13, fill=MUTED)
        c.text((left + 110, top - 3), value, 18, max_width=right - left - 110)
        top += 30
    return top


def _draw_option(card) -> _Canvas:
    c = _Canvas(KIND_COLOURS[v.OPTION])
    _header(c, card)
    _meta(c, "Option card")
    _art(c, card, (MARGIN + 4, 140, W - MARGIN - 4, 330))
    targets = ", ".join(_say(target) for target in card.targets or ()) or "?"
    y = _details(
        c,
        [
            ("Type", _label(v.OPTION_TYPES, card.option_type)),
            ("Timing", _label(v.TIMINGS, card.timing)),
            ("Duration", _say(card.duration)),
            ("Targets", targets),
        ],
        346,
    )
    c.paragraph((MARGIN + 4, y + 6, W - MARGIN - 4, FOOTER_Y - 14), card.text, 17)
    _footer(c, card)
    return c


def _draw_combo(card) -> _Canvas:
    c = _Canvas(KIND_COLOURS[v.COMBO])
    _header(c, card)
    _meta(c, "Combo")
    _art(c, card, (MARGIN + 4, 140, W - MARGIN - 4, 300))
    left, right = MARGIN + 4, W - MARGIN - 4
    y = 312
    _section_label(c, (left, y), "Components")
    y += 22
    for part in card.components.select_related("card"):
        linked = part.card
        name = _say(part.name, linked and linked.name_en, linked and linked.number)
        times = _say("×", unknown="x")
        c.text((left, y), f"{part.quantity} {times}  {name}", 18, max_width=right - left)
        y += 28
    if card.incompatible:
        parts = ", ".join(_say(name) for name in card.incompatible)
        c.text((left, y + 4), f"Not with: {parts}", 15, fill=MUTED, max_width=right - left)
        y += 28
    if card.combo_bonus and can_draw(card.combo_bonus):
        _section_label(c, (left, y + 8), "Bonus")
        y = c.paragraph((left, y + 28, right, FOOTER_Y - 60), card.combo_bonus, 18)
    c.paragraph((left, y + 8, right, FOOTER_Y - 14), card.text, 15)
    _footer(c, card)
    return c


_DRAWERS = {
    v.PET: _draw_pet,
    v.SKILL: _draw_skill,
    v.DIGIMON_CARD: _draw_digimon,
    v.OPTION: _draw_option,
    v.COMBO: _draw_combo,
}


def _synthetic_mark(c: _Canvas) -> None:
    """Benchmark data, not a real card: a red band across the artwork."""
    left, top, right, _ = c.art_box or (FRAME, HEADER[3], W - FRAME, HEADER[3])
    band = (left, top + 14, right, top + 54)
    c.draw.rectangle(band, fill=SYNTHETIC_RED)
    c.text(((left + right) // 2, top + 34), "SYNTHETIC", 24, fill="white", anchor="mm", bold=True)


def render_proxy(card, size: str = "normal") -> bytes:
    """A PNG of `size` drawn from the card's data, for cards without an uploaded image.

    Reads the card's fields and, by kind, one related table (attack rows, attacks or combo
    components): at most one query.
    """
    if size not in SIZES:
        raise ValueError(f"Unknown image size {size!r}: one of {', '.join(SIZES)}.")
    canvas = _DRAWERS[card.kind](card)
    if card.is_synthetic:
        _synthetic_mark(canvas)
    image = canvas.image
    if image.size != SIZES[size]:
        image = image.resize(SIZES[size], Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()
