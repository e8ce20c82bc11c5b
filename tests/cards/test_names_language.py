"""A card is named in the reader's language (issue 15, item 1; cards/display_names.py)."""

from __future__ import annotations

import html
import re

import pytest

from cards.display_names import display_name, name_language
from cards.models import Card

pytestmark = pytest.mark.django_db


def names(**stored: str) -> dict:
    """A `.values()`-like row: the display name is the first stored one, as imports do."""
    return {"name": next(iter(stored.values()), ""), **{f"name_{k}": v for k, v in stored.items()}}


# --- The fallback order ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stored", "language", "expected"),
    [
        # English: English, else Japanese, else Chinese.
        ({"ja": "アグモン", "en": "Agumon"}, "en", "Agumon"),
        ({"ja": "ティラ"}, "en", "ティラ"),
        ({"zh_hans": "融合进化"}, "en", "融合进化"),
        (
            {"ja": "攻撃プラグインＡ", "zh_hans": "攻击组件A", "en": "Offense Plug-In A"},
            "en",
            "Offense Plug-In A",
        ),
        # Simplified: Simplified, else Traditional written in Simplified, else English.
        (
            {"ja": "攻撃プラグインＡ", "zh_hans": "攻击组件A", "en": "Offense Plug-In A"},
            "zh-hans",
            "攻击组件A",
        ),
        ({"zh_hant": "火龍", "en": "Fire Dragon"}, "zh-hans", "火龙"),
        ({"ja": "アグモン", "en": "Agumon"}, "zh-hans", "Agumon"),
        ({"ja": "ティラ"}, "zh-hans", "ティラ"),
        # Traditional: Traditional, else Simplified written in Traditional, else English.
        (
            {"ja": "攻撃プラグインＡ", "zh_hans": "攻击组件A", "en": "Offense Plug-In A"},
            "zh-hant",
            "攻擊組件A",
        ),
        ({"zh_hans": "冰恶魔兽", "zh_hant": "冰惡魔獸改"}, "zh-hant", "冰惡魔獸改"),
        ({"ja": "アグモン", "en": "Agumon"}, "zh-hant", "Agumon"),
        # Japanese (the API's lang=ja): Japanese, else Chinese, else English.
        ({"ja": "アグモン", "en": "Agumon"}, "ja", "アグモン"),
        ({"zh_hans": "勇气之徽章", "en": "Crest of Courage"}, "ja", "勇气之徽章"),
    ],
)
def test_the_name_follows_the_documented_order(stored, language, expected):
    assert display_name(names(**stored), language) == expected


def test_a_card_without_language_names_keeps_its_display_name():
    assert display_name({"name": "Mystery card"}, "zh-hant") == "Mystery card"


def test_the_active_language_is_the_default(settings):
    from django.utils import translation

    agumon = names(ja="アグモン", en="Agumon")
    with translation.override("en"):
        assert display_name(agumon) == "Agumon"
    with translation.override("ja"):
        assert display_name(agumon) == "アグモン"


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en", "en"),
        ("en-GB", "en"),
        ("zh-hant", "zh_hant"),
        ("zh-Hant", "zh_hant"),
        ("zh_TW", "zh_hant"),
        ("zh-hk", "zh_hant"),
        ("zh-hans", "zh_hans"),
        ("zh-CN", "zh_hans"),
        ("zh", "zh_hans"),
        ("ja", "ja"),
        ("fr", None),
        ("", None),
        (None, None),
    ],
)
def test_language_codes_are_read_loosely(code, expected):
    assert name_language(code) == expected


# --- The pages -------------------------------------------------------------------------------


def page_text_of(page: str) -> str:
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def page_text(response) -> str:
    return page_text_of(response.content.decode())


def in_language(client, language: str):
    client.cookies["django_language"] = language
    return client


def card(number: str) -> Card:
    return Card.objects.get(number=number)


@pytest.mark.parametrize(
    ("language", "number", "shown", "not_shown"),
    [
        ("en", "St-1", "Agumon", "アグモン"),
        ("zh-hans", "St-49", "攻击组件A", "攻撃プラグインＡ"),
        ("zh-hant", "St-49", "攻擊組件A", "攻撃プラグインＡ"),
    ],
)
def test_search_results_name_cards_in_the_page_language(
    client, catalogue, language, number, shown, not_shown
):
    target = card(number)
    for view in ("grid", "list"):
        response = in_language(client, language).get(
            "/cards/", {"q": f"number={number}", "view": view}
        )
        text = page_text(response)
        assert f"{shown} {number}" in text or f"{number} {shown}" in text, view
        assert not_shown not in text.split("Verification")[-1], view
    assert target.name == not_shown  # the stored display name is still the Japanese one


def test_the_english_card_page_names_the_card_and_its_evolution_line_in_english(client, catalogue):
    response = in_language(client, "en").get(f"/cards/{card('St-2').pk}/")
    page = response.content.decode()
    assert re.search(r"<title>\s*Greymon · St-2", page)
    assert "<h1>Greymon</h1>" in page
    evolution = re.search(r'<section class="evolution"[^>]*>(.*?)</section>', page, re.S)[1]
    line = page_text_of(evolution)
    assert "Agumon St-1" in line and "Greymon St-2" in line
    assert "アグモン" not in line
    # Every stored name is still listed, under its language.
    assert "グレイモン" in page_text(response)


def test_the_simplified_card_page_shows_the_stored_simplified_name(client, catalogue):
    response = in_language(client, "zh-hans").get(f"/cards/{card('St-49').pk}/")
    page = response.content.decode()
    assert "<h1>攻击组件A</h1>" in page
    assert re.search(r"<title>\s*攻击组件A · St-49", page)
    traditional = in_language(client, "zh-hant").get(f"/cards/{card('St-49').pk}/")
    assert "<h1>攻擊組件A</h1>" in traditional.content.decode()
    english = in_language(client, "en").get(f"/cards/{card('St-49').pk}/")
    assert "<h1>Offense Plug-In A</h1>" in english.content.decode()


# --- Sorting by name -------------------------------------------------------------------------

# Gomamon, Dokugumon and Musyamon sort differently in English and in katakana.
THREE = "number=St-11 OR number=St-19 OR number=St-20"


def test_sorting_by_name_follows_the_names_the_page_shows(client, catalogue):
    response = in_language(client, "en").get("/cards/", {"q": THREE, "order": "name"})
    shown = re.findall(r'class="caption">([^<]+) <small>', response.content.decode())
    assert [name.strip() for name in shown] == ["Dokugumon", "Gomamon", "Musyamon"]


@pytest.mark.parametrize(
    ("lang", "ordering", "expected"),
    [
        ("en", "name", ["Dokugumon", "Gomamon", "Musyamon"]),
        ("en", "-name", ["Musyamon", "Gomamon", "Dokugumon"]),
        ("ja", "name", ["ゴマモン", "ドクグモン", "ムシャモン"]),
    ],
)
def test_the_api_sorts_by_the_name_it_shows(client, catalogue, lang, ordering, expected):
    body = client.get("/api/cards/", {"q": THREE, "ordering": ordering, "lang": lang}).json()
    assert [card["name"] for card in body["results"]] == expected


@pytest.mark.parametrize(
    ("language", "parts"),
    [
        ("en", ["Offense Plug-In A", "High Speed Plug-In B", "Defense Plug-In C"]),
        ("zh-hant", ["攻擊組件A", "高速組件B", "防禦組件C"]),
    ],
)
def test_a_combo_names_its_catalogued_parts_in_the_page_language(
    client, catalogue, language, parts
):
    response = in_language(client, language).get(f"/cards/{card('R-055').pk}/")
    components = re.search(r'<ul class="components">(.*?)</ul>', response.content.decode(), re.S)
    listed = page_text_of(components[1])
    for part in parts:
        assert part in listed
    assert "プラグイン" not in listed
