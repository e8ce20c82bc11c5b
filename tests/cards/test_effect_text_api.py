"""The card API's display fields in the reader's language (issue 29, item 1): `effect_text`
(the effect worded from its steps) and `labels` (every vocabulary value as the card pages
name it), for `lang` or the request's language; the codes stay as they were."""

from __future__ import annotations

import pytest

from cards.models import Card

pytestmark = pytest.mark.django_db


def card_json(client, number: str, **params) -> dict:
    pk = Card.objects.get(number=number).pk
    response = client.get(f"/api/cards/{pk}/", params)
    assert response.status_code == 200
    return response.json()


@pytest.mark.parametrize(
    ("lang", "worded"),
    [
        ("en", "When you evolve a pet with this card, draw 1 card."),
        ("zh-hant", "以此卡進化寵物時，抽 1 張卡。"),
        ("zh-hans", "以此卡进化宠物时，抽 1 张卡。"),
        ("ja", "When you evolve a pet with this card, draw 1 card."),  # no ja catalogue
    ],
)
def test_effect_text_is_worded_in_lang(client, catalogue, lang, worded):
    body = card_json(client, "B01-002", lang=lang)
    assert body["effect_text"] == worded
    # The printed text and the steps are unchanged.
    assert body["text"].startswith("When you place this card to evolve")
    assert body["effect"] == [{"trigger": "evolve", "action": "draw", "amount": 1}]


def test_effect_text_follows_the_request_language_without_lang(client, catalogue):
    pk = Card.objects.get(number="B01-002").pk
    body = client.get(f"/api/cards/{pk}/", HTTP_ACCEPT_LANGUAGE="zh-Hant").json()
    assert body["effect_text"] == "以此卡進化寵物時，抽 1 張卡。"


def test_effect_text_is_null_without_steps(client, catalogue):
    assert card_json(client, "B01-001", lang="zh-hant")["effect_text"] is None


def test_pad_labels_are_in_lang(client, catalogue):
    body = card_json(client, "B01-100", lang="zh-hant")  # 龍王・ゼローグ
    assert body["attribute"] == "dark" and body["types"] == ["dragon"]
    assert body["labels"] == {
        "game": "龍族拼圖卡牌遊戲",
        "kind": "寵物",
        "provenance": "已印刷的卡",
        "verification": "來自卡表",
        "attribute": "闇",
        "types": ["龍"],
        "stage": "2進化",
        "effect_types": ["起動"],
        "orbs": ["闇", "光", "水"],
    }


def test_digimon_labels_are_in_lang(client, catalogue):
    labels = card_json(client, "St-2", lang="zh-hans")["labels"]  # Greymon
    assert labels["level"] == "成熟期"
    assert labels["species"] == "恐龙型"
    assert labels["digimon_type"] == "疫苗种"
    assert labels["kind"] == "数码宝贝"
    english = card_json(client, "St-2", lang="en")["labels"]
    assert (english["level"], english["species"], english["digimon_type"]) == (
        "Level IV",
        "Dinosaur",
        "Vaccine",
    )


def test_the_list_and_the_lookups_carry_the_display_fields(client, catalogue):
    results = client.get("/api/cards/", {"q": "number=R-026", "lang": "zh-hant"}).json()["results"]
    assert results[0]["effect_text"] == "本回合沒有數碼寶貝攻擊，但仍算回合結束。"
    assert results[0]["labels"]["option_type"] == "程式卡"
    named = client.get("/api/cards/named/", {"exact": "Red Dragon", "lang": "zh-hans"}).json()
    assert named["effect_text"] == "以此卡进化宠物时，抽 1 张卡。"


def test_the_schema_documents_the_display_fields(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    card = schema["components"]["schemas"]["Card"]
    assert "effect_text" in card["required"] and card["properties"]["effect_text"]["nullable"]
    assert "`lang`" in card["properties"]["effect_text"]["description"]
    labels = schema["components"]["schemas"]["Labels"]["properties"]
    assert {"attribute", "types", "stage", "effect_types", "level", "species", "field"} <= set(
        labels
    )
