"""Issue 24, finding 5: big renders reuse stored results. A 1,000-card deck's proxy sheets
took 6 s on every request (15 s the first time per language); the same deck revision,
language and paper (or picture) is now drawn once and then sent from storage."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.files.storage import default_storage
from django.core.management import call_command

from decks.models import PRIVATE
from decks.printing import pdf, picture, stored
from decks.services import deck_update

from .test_print_api import pdf_url, plug_in_deck, png_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawings(monkeypatch):
    """Every drawing of a sheet or a picture, as (kind, language)."""
    made = []
    sheets, pictures = pdf.proxy_sheets, picture.deck_picture

    def counted_sheets(entries, **options):
        made.append(("pdf", options["language"]))
        return sheets(entries, **options)

    def counted_picture(entries, **options):
        made.append(("png", options["language"]))
        return pictures(entries, **options)

    monkeypatch.setattr(pdf, "proxy_sheets", counted_sheets)
    monkeypatch.setattr(picture, "deck_picture", counted_picture)
    return made


def stored_files(deck) -> list[str]:
    folder = stored.deck_folder(deck.pk)
    return sorted(default_storage.listdir(folder)[1]) if default_storage.exists(folder) else []


def test_the_same_sheets_are_drawn_once_then_sent_from_storage(
    client, catalogue, media, owner, drawings
):
    deck = plug_in_deck(owner)
    first = client.get(pdf_url(deck), {"lang": "en"})
    again = client.get(pdf_url(deck), {"lang": "en"})
    assert first.status_code == again.status_code == 200
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert again["Content-Disposition"] == 'inline; filename="Plug-ins-proxies-a4.pdf"'
    assert drawings == [("pdf", "en")]
    assert len(stored_files(deck)) == 1


def test_another_language_or_paper_is_another_drawing(client, catalogue, media, owner, drawings):
    deck = plug_in_deck(owner)
    for params in ({"lang": "en"}, {"lang": "zh-hant"}, {"lang": "en", "paper": "letter"}) * 2:
        assert client.get(pdf_url(deck), params).status_code == 200
    assert drawings == [("pdf", "en"), ("pdf", "zh-hant"), ("pdf", "en")]
    assert len(stored_files(deck)) == 3


def test_the_picture_is_drawn_once_too(client, catalogue, media, owner, drawings):
    deck = plug_in_deck(owner)
    first = client.get(png_url(deck), {"lang": "zh-hans"}).content
    assert client.get(png_url(deck), {"lang": "zh-hans"}).content == first
    assert drawings == [("png", "zh-hans")]


def test_a_changed_deck_is_drawn_again_and_its_old_files_go(
    client, catalogue, media, owner, drawings
):
    deck = plug_in_deck(owner)
    client.get(pdf_url(deck), {"lang": "en"})
    client.get(png_url(deck), {"lang": "en"})
    old = stored_files(deck)
    deck = deck_update(deck=deck, author=owner, revision=deck.revision, name="Renamed")
    response = client.get(pdf_url(deck), {"lang": "en"})
    assert response["Content-Disposition"] == 'inline; filename="Renamed-proxies-a4.pdf"'
    assert drawings == [("pdf", "en"), ("png", "en"), ("pdf", "en")]
    now = stored_files(deck)
    assert len(now) == 1 and not set(now) & set(old)


def test_a_private_decks_stored_file_is_still_its_owners_only(
    client, catalogue, media, owner, other
):
    deck = plug_in_deck(owner, PRIVATE)
    client.force_login(owner)
    assert client.get(pdf_url(deck)).status_code == 200
    client.force_login(other)
    assert client.get(pdf_url(deck)).status_code == 404
    client.logout()
    assert client.get(pdf_url(deck)).status_code == 404


def test_stored_names_cannot_be_worked_out_from_the_deck(catalogue, owner, settings):
    """Keyed with SECRET_KEY: knowing a deck's id, revision and cards is not enough to
    fetch its file from /media/, where a proxy may serve it."""
    name = stored.stored_name("Deck1", 3, "key", "pdf")
    settings.SECRET_KEY = "another-secret-key-" + "x" * 40
    assert stored.stored_name("Deck1", 3, "key", "pdf") != name
    assert "Deck1" not in name and name.endswith(".pdf")


def test_a_deleted_decks_files_are_deleted(
    client, catalogue, media, owner, django_capture_on_commit_callbacks
):
    deck = plug_in_deck(owner)
    client.get(pdf_url(deck))
    folder = stored.deck_folder(deck.pk)
    assert default_storage.listdir(folder)[1]
    with django_capture_on_commit_callbacks(execute=True):
        deck.delete()
    assert default_storage.listdir(folder)[1] == []


def test_the_prune_command_deletes_old_files(client, catalogue, media, owner):
    deck = plug_in_deck(owner)
    client.get(pdf_url(deck))
    out = StringIO()
    call_command("prune_renders", "--days", "-1", stdout=out)
    assert stored_files(deck) == [] and "1 stored" in out.getvalue()


def test_prune_deletes_files_past_their_days(client, catalogue, media, owner):
    deck = plug_in_deck(owner)
    client.get(pdf_url(deck))
    assert stored.prune(days=1) == 0 and stored_files(deck)
    assert stored.prune(days=-1) == 1 and stored_files(deck) == []
