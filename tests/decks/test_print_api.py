"""GET /api/decks/{id}/proxies.pdf and /image.png (issue 16, items 1 and 2): who may fetch
them, what a wrong parameter says, bounded queries and answers a browser can cache."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from PIL import Image
from pypdf import PdfReader

from decks.models import PRIVATE, PUBLIC, UNLISTED
from decks.services import deck_create, deck_update, entries_from_text

from .conftest import digimon_deck, pad_deck, pad_team

pytestmark = pytest.mark.django_db

PLUG_INS = "3 Agumon\n2 Greymon\n2 攻击组件A\n"  # 7 copies: one page


def plug_in_deck(owner, visibility=PUBLIC, name="Plug-ins"):
    entries = entries_from_text("digimon", PLUG_INS)
    return deck_create(
        owner=owner, game="digimon", name=name, visibility=visibility, entries=entries
    )


def pdf_url(deck) -> str:
    return f"/api/decks/{deck.pk}/proxies.pdf"


def png_url(deck) -> str:
    return f"/api/decks/{deck.pk}/image.png"


def test_anyone_gets_the_sheets_of_a_public_deck(client, catalogue, media, owner):
    response = client.get(pdf_url(plug_in_deck(owner)))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'inline; filename="Plug-ins-proxies-a4.pdf"'
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == 1
    assert reader.metadata.title == "Plug-ins"


def test_anyone_gets_the_picture_of_an_unlisted_deck(client, catalogue, media, owner):
    response = client.get(png_url(plug_in_deck(owner, UNLISTED)))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert Image.open(io.BytesIO(response.content)).size[0] <= 1600


@pytest.mark.parametrize("url", [pdf_url, png_url])
def test_a_private_deck_is_its_owners_only(client, catalogue, media, owner, other, url):
    deck = plug_in_deck(owner, PRIVATE)
    for reader in (None, other):
        if reader:
            client.force_login(reader)
        response = client.get(url(deck))
        assert response.status_code == 404
        assert response.json() == {"code": "not_found", "message": "No deck has this id."}
    client.force_login(owner)
    response = client.get(url(deck))
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-cache"


def test_an_unknown_deck_is_404(client, catalogue):
    assert client.get("/api/decks/NoSuchDeck/proxies.pdf").json()["code"] == "not_found"
    assert client.get("/api/decks/NoSuchDeck/image.png").status_code == 404


def test_letter_paper_is_letter_sized(client, catalogue, media, owner):
    response = client.get(pdf_url(plug_in_deck(owner)), {"paper": "letter"})
    page = PdfReader(io.BytesIO(response.content)).pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == (612, 792)


def test_an_unknown_paper_is_refused(client, catalogue, owner):
    response = client.get(pdf_url(plug_in_deck(owner)), {"paper": "a3"})
    assert response.status_code == 400
    assert response.json() == {"code": "invalid_paper", "message": "paper is one of a4, letter."}


@pytest.mark.parametrize("url", [pdf_url, png_url])
def test_an_unknown_language_is_refused_as_in_the_card_api(client, catalogue, owner, url):
    response = client.get(url(plug_in_deck(owner)), {"lang": "klingon"})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_parameter"
    assert "zh-hant" in response.json()["message"]


def test_the_default_language_is_the_requests(client, catalogue, media, owner):
    deck = plug_in_deck(owner)
    chinese = client.get(png_url(deck), HTTP_ACCEPT_LANGUAGE="zh-CN").content
    assert chinese == client.get(png_url(deck), {"lang": "zh-hans"}).content
    assert chinese != client.get(png_url(deck), {"lang": "en"}).content
    vary = client.get(png_url(deck), HTTP_ACCEPT_LANGUAGE="zh-CN")["Vary"]
    assert "Accept-Language" in vary


@pytest.mark.parametrize("url", [pdf_url, png_url])
def test_a_repeated_request_is_answered_not_modified_until_the_deck_changes(
    client, catalogue, media, owner, url
):
    deck = plug_in_deck(owner)
    first = client.get(url(deck), {"lang": "en"})
    etag = first["ETag"]
    assert first["Cache-Control"] == "public, max-age=300" and first["Last-Modified"]
    again = client.get(url(deck), {"lang": "en"}, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag
    # Another language is another file.
    assert client.get(url(deck), {"lang": "zh-hant"})["ETag"] != etag
    deck_update(deck=deck, author=owner, revision=deck.revision, name="Plug-ins 2")
    changed = client.get(url(deck), {"lang": "en"}, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_paper_is_part_of_the_sheets_etag(client, catalogue, media, owner):
    deck = plug_in_deck(owner)
    a4 = client.get(pdf_url(deck), {"lang": "en"})["ETag"]
    assert client.get(pdf_url(deck), {"lang": "en", "paper": "letter"})["ETag"] != a4


def big_decks(owner):
    """A 60-card Digimon deck of 20 different cards, and a 60-card PAD deck with its team."""
    digimon = deck_create(
        owner=owner, game="digimon", name="Sixty", entries=digimon_deck(60), visibility=PRIVATE
    )
    pad = deck_create(
        owner=owner,
        game="pad",
        name="PAD sixty",
        entries=[*pad_deck(60), *pad_team()],
        visibility=PRIVATE,
    )
    return digimon, pad


@pytest.mark.parametrize("url", [pdf_url, png_url])
def test_queries_do_not_grow_with_the_deck(
    client, catalogue, media, owner, url, django_assert_max_num_queries
):
    small = plug_in_deck(owner, PRIVATE)
    client.force_login(owner)
    # session, user, deck, entries with their cards, the children of 3 card kinds at most
    for deck in (small, *big_decks(owner)):
        with django_assert_max_num_queries(7):
            assert client.get(url(deck)).status_code == 200


def test_a_60_card_deck_prints_every_copy(client, catalogue, media, owner):
    digimon, pad = big_decks(owner)
    client.force_login(owner)
    sixty = PdfReader(io.BytesIO(client.get(pdf_url(digimon)).content))
    assert len(sixty.pages) == 7  # 60 / 9, the last page holding 6
    with_team = PdfReader(io.BytesIO(client.get(pdf_url(pad)).content))
    assert len(with_team.pages) == 8  # 65 / 9


def test_both_files_are_in_the_api_schema(client, catalogue):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    sheets = schema["paths"]["/api/decks/{id}/proxies.pdf"]["get"]
    assert "application/pdf" in sheets["responses"]["200"]["content"]
    assert {p["name"] for p in sheets["parameters"]} >= {"id", "paper", "lang"}
    assert set(sheets["responses"]) >= {"200", "400", "404"}
    picture = schema["paths"]["/api/decks/{id}/image.png"]["get"]
    assert "image/png" in picture["responses"]["200"]["content"]


def test_another_players_deck_is_printed_with_its_owner_as_author(client, catalogue, media):
    author = User.objects.create_user("maker", password="pw-maker-123")
    response = client.get(pdf_url(plug_in_deck(author)))
    assert PdfReader(io.BytesIO(response.content)).metadata.author == "maker"
