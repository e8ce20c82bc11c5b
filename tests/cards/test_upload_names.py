"""Uploads are stored under names the server picks (issue 24, finding 4).

A correction's scan kept its uploader's file name: a PNG with a script appended, called
`evil.html` or `evil.svg`, was stored as such under /media/ and linked from the curator queue,
a stored XSS wherever media are served by extension. Now every upload (correction scans, card
images) is stored under a server-chosen name with the extension of the format Pillow reads in
it; anything that is not a picture is refused with a clear error; the app serves media with
`Content-Disposition` and `nosniff`, and scans stored by older versions are renamed.
"""

from __future__ import annotations

import importlib
import io
import re
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.models import Group, User
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, RequestFactory
from PIL import Image

from cards import corrections as c
from cards.image_views import media_file
from cards.models import Card
from tests.clients import api
from tests.conftest import create_card

pytestmark = pytest.mark.django_db

SCRIPT = b"<html><script>alert(document.cookie)</script></html>"
SERVER_NAME = re.compile(r"^corrections/\d{4}/\d{2}/[0-9a-f]{32}\.(png|jpg|webp)$")
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="99"/></svg>'


@pytest.fixture(autouse=True)
def media(settings, tmp_path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def tyrra():
    return create_card("pet")


@pytest.fixture
def player():
    return User.objects.create_user("player", password="pw-player-123")


def picture(fmt: str = "PNG", tail: bytes = b"") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (244, 340), "#c0392b").save(buffer, fmt)
    return buffer.getvalue() + tail


def stored_files(root: Path) -> list[str]:
    return sorted(str(path.relative_to(root)) for path in root.rglob("*") if path.is_file())


def propose_scan(user, card, name: str, data: bytes):
    upload = SimpleUploadedFile(name, data, content_type="image/png")
    return api(user).post(
        f"/api/cards/{card.pk}/corrections/",
        {"changes": '{"defense": 300}', "source_scan": upload},
        format="multipart",
    )


@pytest.mark.parametrize("name", ["evil.html", "evil.svg", "../../evil.png.html", "noext"])
def test_api_scan_named_like_a_page_is_stored_as_a_png_under_a_server_name(
    tyrra, player, media, name
):
    response = propose_scan(player, tyrra, name, picture(tail=SCRIPT))

    assert response.status_code == 201
    stored = c.CardCorrection.objects.get().source_scan.name
    assert SERVER_NAME.match(stored), stored
    assert response.json()["source_scan"].endswith(stored)
    assert stored_files(media) == [stored]
    assert "evil" not in response.json()["source_scan"]


def test_a_jpeg_called_png_is_stored_as_jpg(tyrra, player):
    response = propose_scan(player, tyrra, "scan.png", picture("JPEG"))

    assert response.status_code == 201
    assert c.CardCorrection.objects.get().source_scan.name.endswith(".jpg")


def test_api_refuses_an_svg_scan_with_a_code_and_stores_nothing(tyrra, player, media):
    response = propose_scan(player, tyrra, "scan.svg", SVG)

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_source"
    assert "not an image" in body["message"]
    assert "scan" in body["errors"]
    assert not c.CardCorrection.objects.exists()
    assert stored_files(media) == []


def test_page_stores_a_scan_called_evil_html_under_a_server_name(tyrra, player, media):
    client = Client()
    client.force_login(player)
    upload = SimpleUploadedFile("evil.html", picture(tail=SCRIPT), content_type="text/html")

    response = client.post(
        f"/cards/{tyrra.pk}/corrections/new/", {"field-defense": "300", "source_scan": upload}
    )

    assert response.status_code == 302
    stored = c.CardCorrection.objects.get().source_scan.name
    assert SERVER_NAME.match(stored), stored
    assert stored_files(media) == [stored]


def test_page_refuses_a_file_that_is_not_a_picture_with_a_form_error(tyrra, player, media):
    client = Client()
    client.force_login(player)
    upload = SimpleUploadedFile("scan.svg", SVG, content_type="image/svg+xml")

    response = client.post(
        f"/cards/{tyrra.pk}/corrections/new/", {"field-defense": "300", "source_scan": upload}
    )

    assert response.status_code == 400
    assert "The file is not an image" in response.content.decode()
    assert not c.CardCorrection.objects.exists()
    assert stored_files(media) == []


def test_the_curator_queue_links_the_server_named_scan(tyrra, player):
    propose_scan(player, tyrra, "evil.html", picture(tail=SCRIPT))
    curator = User.objects.create_user("curator", password="pw-curator-123")
    curator.groups.add(Group.objects.get_or_create(name=c.CURATOR_GROUP)[0])
    client = Client()
    client.force_login(curator)

    page = client.get("/cards/corrections/").content.decode()

    assert "evil" not in page
    assert c.CardCorrection.objects.get().source_scan.url in page


def test_a_card_image_named_html_is_stored_by_content_with_its_real_extension(media):
    card = create_card("pet")
    card.image = SimpleUploadedFile("evil.html", picture("WEBP", tail=SCRIPT))
    card.save()

    assert re.match(r"^cards/[0-9a-f]{32}\.webp$", Card.objects.get(pk=card.pk).image.name)
    assert not list(media.rglob("*.html"))


def test_a_card_image_that_is_not_a_picture_is_never_stored_even_without_the_validators(media):
    card = create_card("pet")
    card.image = SimpleUploadedFile("card.png", SVG)

    with pytest.raises(ValidationError, match="not an image"):
        card.save()

    assert stored_files(media) == []
    assert not Card.objects.get(pk=card.pk).image


def test_the_app_serves_pictures_inline_and_anything_else_as_a_nosniff_download(media):
    default_storage.save("corrections/2024/05/old.html", ContentFile(picture(tail=SCRIPT)))
    default_storage.save("corrections/2024/05/" + "a" * 32 + ".png", ContentFile(picture()))
    request = RequestFactory().get("/media/x")

    page = media_file(request, "corrections/2024/05/old.html", document_root=media)
    scan = media_file(request, "corrections/2024/05/" + "a" * 32 + ".png", document_root=media)
    page.close(), scan.close()

    assert page["Content-Type"] == "application/octet-stream"
    assert page["Content-Disposition"].startswith("attachment;")
    assert page["X-Content-Type-Options"] == "nosniff"
    assert scan["Content-Type"] == "image/png"
    assert scan["Content-Disposition"].startswith("inline;")
    assert scan["X-Content-Type-Options"] == "nosniff"


def test_card_pictures_are_served_with_a_disposition_and_nosniff():
    card = create_card("pet")

    response = Client().get(f"/cards/{card.pk}/image/thumb/")

    assert response.status_code == 200
    assert response["Content-Disposition"] == f'inline; filename="card-{card.pk}-thumb.png"'
    assert response["X-Content-Type-Options"] == "nosniff"


def test_scans_stored_by_older_versions_are_renamed_and_keep_working(tyrra, player, media):
    """Existing files keep working: the row follows its renamed file."""
    legacy = default_storage.save("corrections/2024/05/evil.html", ContentFile(picture("JPEG")))
    kept = "corrections/2024/05/" + "b" * 32 + ".png"
    default_storage.save(kept, ContentFile(picture()))
    common = {"card": tyrra, "proposer": player, "changes": {"defense": 300}}
    old = c.CardCorrection.objects.create(source_scan=legacy, **common)
    new = c.CardCorrection.objects.create(source_scan=kept, **common)
    gone = c.CardCorrection.objects.create(source_scan="corrections/2024/05/gone.svg", **common)
    migration = importlib.import_module("cards.migrations.0010_correction_scans_server_names")

    migration.rename_scans(apps, None)

    old.refresh_from_db()
    assert SERVER_NAME.match(old.source_scan.name) and old.source_scan.name.endswith(".jpg")
    with old.source_scan.open("rb") as scan:
        assert scan.read() == picture("JPEG")
    assert not list(media.rglob("*.html"))
    new.refresh_from_db()
    gone.refresh_from_db()
    assert (new.source_scan.name, gone.source_scan.name) == (kept, "corrections/2024/05/gone.svg")
