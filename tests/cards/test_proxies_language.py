"""Proxies in the reader's language (issue 15, items 1 and 6): the name a reader of the
page's language sees, translated labels, and an address, ETag and file per language."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from cards import images
from cards.images import image_urls
from cards.models import Card
from cards.proxies import draw, render_proxy

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]

# St-49 as catalogued: ja 攻撃プラグインＡ, en Offense Plug-In A, zh_hans 攻击组件A.
PLUG_IN_NAMES = {
    "en": "Offense Plug-In A",
    "zh-hans": "攻击组件A",
    "zh-hant": "攻擊組件A",  # the Simplified name in Traditional characters (OpenCC)
}


def name_on(card, size: str, language: str) -> str:
    """The name as drawn, its lines put back together (a wrap drops the space it breaks at)."""
    lines = [line.text for line in draw(card, size, language).texts_of("name")]
    return " ".join(lines) if all(text.isascii() for text in lines) else "".join(lines)


@pytest.mark.parametrize("size", ["thumb", "normal"])
@pytest.mark.parametrize(("language", "name"), PLUG_IN_NAMES.items())
def test_the_proxy_names_the_card_in_the_readers_language(catalogue, size, language, name):
    assert name_on(Card.objects.get(number="St-49"), size, language) == name


def test_the_labels_are_translated(catalogue):
    card = Card.objects.get(number="St-49")
    texts = {
        language: [t.text for t in draw(card, "thumb", language).texts]
        for language in PLUG_IN_NAMES
    }
    assert "Option" in texts["en"]
    assert "战术卡" in texts["zh-hans"]  # "Option" in locale/zh_Hans
    assert "戰術卡" in texts["zh-hant"]
    greymon = Card.objects.get(number="St-2")
    assert "成熟期" in [t.text for t in draw(greymon, "thumb", "zh-hans").texts]  # Level IV


def test_each_language_is_its_own_picture(catalogue):
    card = Card.objects.get(number="St-49")
    pictures = {language: render_proxy(card, "thumb", language) for language in PLUG_IN_NAMES}
    assert len(set(pictures.values())) == 3


def test_a_page_links_the_proxy_of_its_language(catalogue, django_assert_num_queries):
    card = Card.objects.get(number="St-49")
    with translation.override("zh-hans"), django_assert_num_queries(0):
        urls = image_urls(card)
    assert urls["thumb"].endswith("&lang=zh-hans")
    assert urls["normal"].endswith("&lang=zh-hans")
    with translation.override("zh-hant"):
        assert image_urls(card)["thumb"].endswith("&lang=zh-hant")
    assert image_urls(card, "zh_TW")["thumb"].endswith("&lang=zh-hant")


def test_the_image_view_serves_the_language_asked_for(catalogue, client, media):
    card = Card.objects.get(number="St-49")
    english = client.get(image_urls(card, "en")["thumb"])
    simplified = client.get(image_urls(card, "zh-hans")["thumb"])

    assert english.status_code == simplified.status_code == 200
    assert english.content != simplified.content
    assert english["ETag"] != simplified["ETag"]
    assert (media / images.proxy_name(card, "thumb", "zh-hans")).is_file()


def test_an_address_without_a_language_still_works_in_english(catalogue, client):
    card = Card.objects.get(number="St-49")
    bare = reverse("card-image", args=[card.pk, "thumb"])
    response = client.get(bare)
    assert response.status_code == 200
    assert response.content == client.get(image_urls(card, "en")["thumb"]).content


def test_an_unknown_language_is_404(catalogue, client):
    card = Card.objects.get(number="St-49")
    url = reverse("card-image", args=[card.pk, "thumb"])
    assert client.get(f"{url}?lang=klingon").status_code == 404


def test_the_api_links_the_proxy_of_the_language_asked_for(catalogue, client):
    response = client.get("/api/cards/", {"q": "number=St-49", "lang": "zh-hans"})
    assert response.status_code == 200
    (card,) = response.json()["data"] if "data" in response.json() else response.json()["results"]
    assert card["name"] == "攻击组件A"
    assert card["image"]["thumb"].endswith("&lang=zh-hans")


@pytest.mark.parametrize("size", ["thumb", "normal"])
def test_a_card_known_only_from_the_rules_text_says_so_on_its_proxy(catalogue, size):
    # Issue 15, item 2: R-001 (Crest of Courage) is named in the rules text only; St-49 is
    # printed and carries no such band.
    rules_text, printed = Card.objects.get(number="R-001"), Card.objects.get(number="St-49")
    bands = {
        language: [t.text for t in draw(rules_text, size, language).texts_of("band")]
        for language in ("en", "zh-hant", "zh-hans")
    }
    assert bands["en"] and "rules text" in bands["en"][0].lower()
    assert "規則文字" in bands["zh-hant"][0]
    assert "规则文字" in bands["zh-hans"][0]
    assert draw(printed, size, "en").texts_of("band") == []
