from __future__ import annotations

import io
import os
import struct
import zlib
from pathlib import PurePosixPath

import pytest
from django.core.exceptions import ValidationError
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation
from django.utils.http import http_date
from PIL import Image, ImageColor, ImageDraw

from cards import images
from cards.images import SIZES, image_urls, render_proxy, validate_card_image
from cards.models import Card
from cards.proxies import canvas, fonts, full
from tests.conftest import create_card

pytestmark = pytest.mark.django_db

KINDS = ["pet", "skill", "digimon", "option", "combo"]


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    """A fresh, empty media folder per test, so "made once" is measured from scratch."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def no_cjk_font(monkeypatch):
    """The fallback: no CJK font anywhere, only Pillow's built-in Latin font."""
    monkeypatch.setattr(fonts, "_font_candidates", lambda: iter(()))
    fonts.clear_font_cache()
    yield
    monkeypatch.undo()
    fonts.clear_font_cache()


def picture(width=976, height=1360, fmt="PNG", colour="#2f7ed8") -> bytes:
    image = Image.new("RGB", (width, height), colour)
    ImageDraw.Draw(image).ellipse((width // 4, height // 4, width // 2, height // 2), "white")
    buffer = io.BytesIO()
    image.save(buffer, fmt)
    return buffer.getvalue()


def noise(width=200, height=280, fmt="PNG") -> bytes:
    image = Image.frombytes("RGB", (width, height), os.urandom(width * height * 3))
    buffer = io.BytesIO()
    image.save(buffer, fmt)
    return buffer.getvalue()


def png_header(width: int, height: int) -> bytes:
    """A tiny PNG that claims to be width × height: what a decompression bomb looks like."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b""))
        + chunk(b"IEND", b"")
    )


def upload(data: bytes, name: str = "card.png") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/octet-stream")


def with_image(card: Card, data: bytes, name: str = "card.png") -> Card:
    card.image = upload(data, name)
    card.full_clean()
    card.save()
    return card


def fetch(client, url: str, **headers):
    response = client.get(url, **headers)
    body = response.getvalue() if response.streaming else response.content
    return response, body


def colour_counts(image: Image.Image) -> dict:
    return {colour: count for count, colour in image.getcolors(image.width * image.height)}


def opened(body: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(body))
    image.load()
    return image


# --- Upload validation ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "name", "message"),
    [
        pytest.param(b"not a picture at all", "card.png", "not an image", id="text"),
        pytest.param(picture(100, 140, "GIF"), "card.gif", "not GIF", id="gif"),
        pytest.param(picture(100, 140, "BMP"), "card.png", "not BMP", id="bmp-named-png"),
        pytest.param(png_header(5000, 4000), "big.png", "too many pixels (5000 × 4000)", id="5k"),
        pytest.param(png_header(10000, 10000), "bomb.png", "too many pixels", id="100mp"),
        pytest.param(png_header(50000, 50000), "bomb.png", "too many pixels", id="bomb"),
        pytest.param(picture(32, 32), "tiny.png", "too small (32 × 32)", id="tiny"),
        pytest.param(noise()[:20_000], "cut.png", "damaged or incomplete", id="cut-png"),
        pytest.param(noise(fmt="JPEG")[:6_000], "cut.jpg", "damaged or incomplete", id="cut-jpeg"),
    ],
)
def test_bad_uploads_are_refused_with_a_clear_message(data, name, message):
    with pytest.raises(ValidationError) as error:
        validate_card_image(upload(data, name))
    assert message in error.value.messages[0]


def test_a_file_over_the_byte_limit_is_refused(settings):
    settings.CARD_IMAGE_MAX_BYTES = 2_000
    data = noise(100, 140)
    assert len(data) > 2_000
    with pytest.raises(ValidationError) as error:
        validate_card_image(upload(data))
    assert "card images are at most 2.0 KB" in error.value.messages[0].replace("\xa0", " ")


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "WEBP"])
def test_png_jpeg_and_webp_are_accepted(fmt):
    validate_card_image(upload(picture(300, 420, fmt)))


def test_the_card_form_path_reports_the_error_on_the_image_field():
    card = create_card("pet")
    card.image = upload(picture(100, 140, "GIF"), "card.gif")
    with pytest.raises(ValidationError) as error:
        card.full_clean()
    assert error.value.message_dict["image"] == ["Card images are PNG, JPEG or WebP, not GIF."]


# --- Storage: stored once -------------------------------------------------------------------


def test_the_same_picture_is_stored_once(media):
    data = picture()
    first = with_image(create_card("pet"), data, "tyrra.png")
    second = with_image(create_card("skill"), data, "rubylit.PNG")
    third = with_image(create_card("digimon"), picture(colour="#d9412b"), "greymon.png")

    assert first.image.name == second.image.name
    assert third.image.name != first.image.name
    stored = sorted(path.name for path in (media / "cards").iterdir())
    assert stored == sorted({PurePosixPath(c.image.name).name for c in (first, third)})


def test_the_stored_name_follows_the_real_format():
    card = with_image(create_card("pet"), picture(300, 420, "JPEG"), "photo.png")
    assert card.image.name.endswith(".jpg")


# --- Renditions of uploads ------------------------------------------------------------------


@pytest.mark.parametrize("size", ["thumb", "normal"])
def test_an_upload_is_served_as_webp_fitted_to_each_size(client, size):
    card = with_image(create_card("pet"), picture(976, 1360))
    response, body = fetch(client, image_urls(card)[size])

    assert response.status_code == 200
    assert response["Content-Type"] == "image/webp"
    image = opened(body)
    assert image.format == "WEBP"
    bound_width, bound_height = SIZES[size]
    assert image.width <= bound_width and image.height <= bound_height
    assert bound_width in (image.width, image.width + 1) or image.height == bound_height
    assert image.width / image.height == pytest.approx(976 / 1360, rel=0.01)


def test_a_small_upload_is_not_enlarged(client):
    card = with_image(create_card("pet"), picture(300, 420))
    _, body = fetch(client, image_urls(card)["normal"])
    assert opened(body).size == (300, 420)


def test_renditions_are_made_once_and_shared_by_cards_with_the_same_picture(client, media):
    data = picture()
    first = with_image(create_card("pet"), data)
    fetch(client, image_urls(first)["thumb"])
    rendition = media / images.rendition_name(first.image.name, "thumb")
    assert rendition.is_file()
    made_at = rendition.stat().st_mtime_ns

    second = with_image(create_card("skill"), data)
    response, body = fetch(client, image_urls(second)["thumb"])

    assert response.status_code == 200 and opened(body).format == "WEBP"
    assert rendition.stat().st_mtime_ns == made_at
    assert len(list((media / "cards").iterdir())) == 2  # the original and one rendition


def test_a_lost_upload_falls_back_to_the_proxy(client):
    card = with_image(create_card("pet"), picture())
    default_storage.delete(card.image.name)
    response, body = fetch(client, image_urls(card)["normal"])
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert opened(body).size == SIZES["normal"]


def test_a_picture_opened_in_a_tab_may_be_styled_by_the_browser_and_nothing_else(client):
    # The browser's own page around a picture sets inline styles: the site's policy for
    # pages (no inline style) would refuse them; a picture's allows them and only them.
    card = with_image(create_card("pet"), picture())
    for url in (image_urls(card)["normal"], image_urls(create_card("skill"))["normal"]):
        policy = client.get(url)["Content-Security-Policy"]
        assert policy == "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"
    assert "unsafe-inline" not in client.get(f"/cards/{card.pk}/")["Content-Security-Policy"]


# --- Proxies ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", ["thumb", "normal"])
@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_without_an_image_gets_a_proxy_png(
    client, django_assert_max_num_queries, kind, size
):
    card = create_card(kind)
    urls = image_urls(card)
    assert urls["proxy"] is True

    with django_assert_max_num_queries(2):
        response, body = fetch(client, urls[size])

    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    image = opened(body)
    assert image.format == "PNG"
    assert image.size == SIZES[size]


def test_a_catalogued_card_of_each_kind_gets_a_proxy(catalogue):
    for number in ("B01-100", "B01-104", "St-2", "St-49", "R-001", "R-055"):
        card = Card.objects.get(number=number)
        assert opened(render_proxy(card, "normal")).size == SIZES["normal"], number


def test_the_proxy_is_drawn_once_and_then_served_from_storage(client, monkeypatch, media):
    card = create_card("pet")
    drawn = []
    draw = images.render_proxy
    monkeypatch.setattr(images, "render_proxy", lambda *args: drawn.append(args) or draw(*args))
    url = image_urls(card)["normal"]

    _, first = fetch(client, url)
    _, second = fetch(client, url)

    assert len(drawn) == 1
    assert first == second
    assert (media / images.proxy_name(card, "normal")).is_file()


def test_the_proxy_is_redrawn_after_the_card_changes(client):
    card = create_card("pet")
    before = image_urls(card)["normal"]
    _, old = fetch(client, before)

    card.cost = 2
    card.save()
    after = image_urls(card)["normal"]
    _, new = fetch(client, after)

    assert after != before
    assert new != old


def test_a_pet_proxy_has_its_attribute_frame_and_its_orbs_in_printed_order():
    fire = create_card("pet", orbs=["heart", "dark", "fire"])
    water = create_card("pet", number="B01-022", attribute="water", orbs=["light", "wood"])

    fire_image = opened(render_proxy(fire, "normal"))
    water_image = opened(render_proxy(water, "normal"))

    assert fire_image.getpixel((4, 4)) == ImageColor.getrgb("#d9412b")
    assert water_image.getpixel((4, 4)) == ImageColor.getrgb("#2f7ed8")
    slots = dict(
        zip(
            ("heart", "dark", "light", "wood", "water", "fire"),
            full.orb_slot_centres(),
            strict=True,
        )
    )
    expected = {"heart": "#e0609a", "dark": "#7b4bb0", "fire": "#d9412b"}
    for orb, centre in slots.items():
        assert fire_image.getpixel(centre) == ImageColor.getrgb(
            expected.get(orb, canvas.ORB_BAR)
        ), orb
    assert water_image.getpixel(slots["light"]) == ImageColor.getrgb("#e3b51c")
    assert water_image.getpixel(slots["fire"]) == ImageColor.getrgb(canvas.ORB_BAR)


def test_a_synthetic_card_is_marked():
    card = create_card("digimon")
    red = ImageColor.getrgb(canvas.SYNTHETIC_RED)

    printed = colour_counts(opened(render_proxy(card, "normal")))
    card.provenance = "synthetic"
    synthetic = colour_counts(opened(render_proxy(card, "normal")))

    assert printed.get(red, 0) == 0
    assert synthetic.get(red, 0) > 5_000


def test_a_pet_without_a_transcribed_attack_table_still_gets_a_proxy():
    card = create_card("pet", cost=None, defense=None)
    card.attack_rows.all().delete()
    assert opened(render_proxy(card, "thumb")).size == SIZES["thumb"]


def test_names_are_drawn_in_their_own_script_with_the_bundled_cjk_font():
    assert fonts.can_draw("グレイモン攻击组件龍")
    with translation.override("ja"):
        assert canvas.card_name(create_card("pet")) == "ティラ"


@pytest.mark.usefixtures("no_cjk_font")
def test_without_a_cjk_font_the_english_name_or_the_number_is_drawn_instead_of_boxes():
    assert not fonts.can_draw("ティラ")
    assert fonts.can_draw("Tyrra 100 +1")
    assert canvas.card_name(create_card("pet")) == "Tyrra"
    combo = create_card("combo")  # a Chinese name only
    assert canvas.card_name(combo) == "R-100"
    assert opened(render_proxy(combo, "normal")).size == SIZES["normal"]


def test_the_proxy_is_redrawn_when_the_font_changes(monkeypatch):
    card = create_card("pet")
    with_cjk_font = image_urls(card)["normal"]
    monkeypatch.setattr(fonts, "_font_candidates", lambda: iter(()))
    fonts.clear_font_cache()
    try:
        assert image_urls(card)["normal"] != with_cjk_font
    finally:
        monkeypatch.undo()
        fonts.clear_font_cache()


# --- The view: URLs, caching headers, errors ------------------------------------------------


def test_image_urls_need_no_query_and_point_at_the_image_view(django_assert_num_queries):
    card = create_card("pet")
    card = Card.objects.get(pk=card.pk)
    with django_assert_num_queries(0):
        urls = image_urls(card)
    assert urls["thumb"].startswith(reverse("card-image", args=[card.pk, "thumb"]) + "?v=")
    assert urls["normal"].startswith(f"/cards/{card.pk}/image/normal/?v=")
    assert urls["proxy"] is True


def test_uploading_an_image_changes_the_urls():
    card = create_card("pet")
    proxy_urls = image_urls(card)
    with_image(card, picture())
    upload_urls = image_urls(card)
    assert upload_urls["proxy"] is False
    assert upload_urls["normal"] != proxy_urls["normal"]


def test_responses_are_cacheable_and_a_matching_etag_gets_304(
    client, django_assert_max_num_queries
):
    card = create_card("digimon")
    url = image_urls(card)["normal"]
    response, _ = fetch(client, url)
    etag = response["ETag"]
    # The page's address names this picture (?v=): kept for a year, never asked again.
    assert response["Cache-Control"] == "public, max-age=31536000, immutable"

    with django_assert_max_num_queries(1):
        cached, body = fetch(client, url, HTTP_IF_NONE_MATCH=etag)
    assert cached.status_code == 304
    assert body == b""
    assert cached["ETag"] == etag

    other, _ = fetch(client, url, HTTP_IF_NONE_MATCH='"something-else"')
    assert other.status_code == 200


def test_the_etag_changes_with_the_picture(client):
    card = create_card("pet")
    proxy_etag = fetch(client, image_urls(card)["normal"])[0]["ETag"]
    with_image(card, picture())
    upload_etag = fetch(client, image_urls(card)["normal"])[0]["ETag"]
    assert proxy_etag != upload_etag


def test_an_unknown_size_or_card_is_404(client):
    card = create_card("pet")
    assert client.get(f"/cards/{card.pk}/image/huge/").status_code == 404
    assert client.get(f"/cards/{card.pk + 1000}/image/thumb/").status_code == 404


def test_the_image_view_only_reads(client):
    card = create_card("pet")
    assert client.post(reverse("card-image", args=[card.pk, "thumb"])).status_code == 405


def test_an_address_without_the_current_token_is_kept_one_day(client):
    card = create_card("pet")
    bare = reverse("card-image", args=[card.pk, "thumb"])
    assert fetch(client, bare)[0]["Cache-Control"] == "public, max-age=86400"
    stale = fetch(client, f"{bare}?v=not-the-token")[0]
    assert stale["Cache-Control"] == "public, max-age=86400"


def test_last_modified_answers_if_modified_since(client):
    card = create_card("pet")
    url = image_urls(card)["thumb"]
    response, _ = fetch(client, url)
    assert response["Last-Modified"] == http_date(int(card.updated_at.timestamp()))

    unchanged, body = fetch(client, url, HTTP_IF_MODIFIED_SINCE=response["Last-Modified"])
    assert unchanged.status_code == 304 and body == b""
    before = http_date(card.updated_at.timestamp() - 3600)
    assert fetch(client, url, HTTP_IF_MODIFIED_SINCE=before)[0].status_code == 200
