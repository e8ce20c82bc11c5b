"""Card names by language in the API (`lang`) and in deck pages and exports (`?lang=`)."""

from __future__ import annotations

import pytest

from cards.models import Card
from decks.decklist import parse_deck_list
from decks.models import PUBLIC
from decks.services import deck_create, entries_from_text

pytestmark = pytest.mark.django_db

PASTED = "3 Agumon\n2 Greymon\n2 攻击组件A\n1 St-111\n"


def card(number: str) -> Card:
    return Card.objects.get(number=number)


@pytest.fixture
def deck(catalogue, owner):
    return deck_create(
        owner=owner,
        game="digimon",
        name="Names",
        visibility=PUBLIC,
        entries=entries_from_text("digimon", PASTED),
    )


def entries_of(deck) -> set[tuple[int, int, str]]:
    return {(e.card_id, e.quantity, e.zone) for e in deck.entries.all()}


# --- Cards API -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Offense Plug-In A"),
        ("zh-hans", "攻击组件A"),
        ("zh-hant", "攻擊組件A"),
        ("ja", "攻撃プラグインＡ"),
    ],
)
def test_the_card_api_names_the_card_in_lang_and_keeps_every_stored_name(
    client, catalogue, lang, expected
):
    body = client.get(f"/api/cards/{card('St-49').pk}/", {"lang": lang}).json()
    assert body["name"] == expected
    assert body["names"] == {
        "ja": "攻撃プラグインＡ",
        "zh_hans": "攻击组件A",
        "en": "Offense Plug-In A",
    }


def test_without_lang_the_api_answers_in_the_request_language(client, catalogue):
    url = "/api/cards/"
    english = client.get(url, {"q": "number=St-1"}).json()["results"][0]
    assert english["name"] == "Agumon"
    chinese = client.get(url, {"q": "number=St-49"}, HTTP_ACCEPT_LANGUAGE="zh-hans").json()
    assert chinese["results"][0]["name"] == "攻击组件A"


def test_the_search_named_and_collection_answers_take_lang(client, catalogue):
    listed = client.get("/api/cards/", {"q": "number=St-1", "lang": "ja"}).json()
    assert [c["name"] for c in listed["results"]] == ["アグモン"]
    named = client.get("/api/cards/named/", {"exact": "アグモン", "lang": "en"}).json()
    assert named["name"] == "Agumon"
    found = client.post(
        "/api/cards/collection/?lang=zh-hant",
        {"identifiers": [{"number": "St-49"}]},
        content_type="application/json",
    ).json()
    assert [c["name"] for c in found["data"]] == ["攻擊組件A"]


def test_an_unknown_lang_is_refused_with_its_code(client, catalogue):
    response = client.get(f"/api/cards/{card('St-1').pk}/", {"lang": "klingon"})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_parameter"
    assert "zh-hant" in response.json()["message"]


# --- Deck pages and exports ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        ("en", ["3 Agumon", "2 Greymon", "2 Offense Plug-In A"]),
        ("zh-hans", ["3 Agumon", "2 Greymon", "2 攻击组件A"]),
        ("zh-hant", ["3 Agumon", "2 Greymon", "2 攻擊組件A"]),
        ("ja", ["3 アグモン", "2 グレイモン", "2 攻撃プラグインＡ"]),
    ],
)
def test_the_export_names_cards_in_lang_and_reads_back_as_the_same_deck(client, deck, lang, lines):
    text = client.get(f"/decks/{deck.pk}/export.txt", {"lang": lang}).content.decode()
    for line in lines:
        assert f"\n{line}\n" in f"\n{text}"
    # St-111 is a reprint of Palmon (St-9): only its number names it alone.
    assert "\n1 St-111\n" in text
    parsed = parse_deck_list(text, "digimon")
    assert parsed.ok, parsed.errors
    assert {(e.card_id, e.quantity, e.zone) for e in parsed.entries} == entries_of(deck)


def test_the_export_defaults_to_the_page_language(client, deck):
    client.cookies["django_language"] = "zh-hans"
    text = client.get(f"/decks/{deck.pk}/export.txt").content.decode()
    assert "2 攻击组件A" in text
    client.cookies["django_language"] = "en"
    assert "3 Agumon" in client.get(f"/decks/{deck.pk}/export.txt").content.decode()


def test_the_api_export_takes_lang(client, deck):
    text = client.get(f"/api/decks/{deck.pk}/export/", {"lang": "zh-hant"}).content.decode()
    assert "2 攻擊組件A" in text
    assert {(e.card_id, e.quantity, e.zone) for e in parse_deck_list(text, "digimon").entries} == (
        entries_of(deck)
    )


def test_the_deck_page_names_cards_in_the_page_language(client, deck):
    client.cookies["django_language"] = "zh-hans"
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "攻击组件A" in page and "攻撃プラグインＡ" not in page
    client.cookies["django_language"] = "en"
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Agumon" in page and "アグモン" not in page.split("<main")[1]


def test_the_deck_api_names_entries_in_the_request_language(client, deck):
    body = client.get(f"/api/decks/{deck.pk}/", HTTP_ACCEPT_LANGUAGE="zh-hans").json()
    names = {entry["number"]: entry["name"] for entry in body["entries"]}
    assert names["St-1"] == "Agumon" and names["St-49"] == "攻击组件A"


def test_the_builder_and_its_messages_name_cards_in_the_page_language(client, deck, owner):
    client.force_login(owner)
    client.cookies["django_language"] = "zh-hans"
    page = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert "攻击组件A" in page and "攻撃プラグインＡ" not in page
    client.cookies["django_language"] = "en"
    response = client.post(
        f"/decks/{deck.pk}/edit/add/",
        {"card": card("St-1").pk, "quantity": 1, "zone": "deck", "revision": deck.revision},
        follow=True,
    )
    assert "Added 1 × Agumon." in response.content.decode()
