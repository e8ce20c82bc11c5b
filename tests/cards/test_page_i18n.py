"""The pages speak English, Traditional Chinese and Simplified Chinese."""

from __future__ import annotations

import ast
import gettext
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from cards.models import Card

pytestmark = pytest.mark.django_db


def switch(client, language: str, next_url: str = "/cards/") -> None:
    response = client.post(reverse("set_language"), {"language": language, "next": next_url})
    assert response.status_code == 302 and response["Location"] == next_url


@pytest.mark.parametrize(
    ("language", "expected", "other_script"),
    [
        (
            "zh-hant",
            ["屬性", "寶珠顏色", "進化階段", "搜尋", "語法說明", "篩選條件"],
            ["属性", "宝珠"],
        ),
        (
            "zh-hans",
            ["属性", "宝珠颜色", "进化阶段", "搜索", "语法说明", "筛选条件"],
            ["屬性", "寶珠"],
        ),
    ],
)
def test_switching_language_translates_the_search_page(
    client, catalogue, language, expected, other_script
):
    switch(client, language)
    page = client.get(reverse("cards:list"), {"q": "attr:fire"}).content.decode()
    assert f'<html lang="{language}">' in page
    for label in expected:
        assert label in page, label
    for label in other_script:
        assert label not in page, label
    assert "Attribute" not in page and "Syntax help" not in page


def test_english_is_the_default(client, catalogue):
    page = client.get(reverse("cards:list")).content.decode()
    assert '<html lang="en">' in page and "Syntax help" in page and "屬性" not in page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("zh-hant", ["成熟期", "進化條件", "數碼寶貝", "疫苗種"]),
        ("zh-hans", ["成熟期", "进化条件", "数码宝贝", "疫苗种"]),
    ],
)
def test_card_pages_are_translated(client, catalogue, language, words):
    switch(client, language, "/")
    card = Card.objects.get(number="St-2")
    page = client.get(reverse("cards:detail", args=[card.pk])).content.decode()
    for word in words:
        assert word in page, word
    assert "グレイモン" in page  # names stay as printed


def test_syntax_errors_are_introduced_in_the_chosen_language(client, catalogue):
    switch(client, "zh-hant")
    response = client.get(reverse("cards:list"), {"q": "attr:fire )"})
    assert response.status_code == 400
    assert "無法解讀這個查詢" in response.content.decode()


def read_po(path: Path) -> list[dict]:
    """The entries of a .po file: {"msgctxt", "msgid", "msgid_plural", "msgstr", "flags"}."""
    entries = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        entry, key = {"flags": ""}, None
        for line in block.splitlines():
            if line.startswith("#,"):
                entry["flags"] += line
            elif line.startswith("#"):
                continue
            elif line.startswith('"'):
                entry[key] += ast.literal_eval(line)
            else:
                key, _, value = line.partition(" ")
                key = "msgstr" if key == "msgstr[0]" else key
                entry[key] = ast.literal_eval(value)
        if entry.get("msgid"):
            entries.append(entry)
    return entries


@pytest.mark.parametrize("locale", ["zh_Hant", "zh_Hans"])
def test_every_message_is_translated_and_compiled(locale):
    folder = Path(settings.BASE_DIR) / "locale" / locale / "LC_MESSAGES"
    entries = read_po(folder / "django.po")
    assert len(entries) > 200
    with (folder / "django.mo").open("rb") as compiled:
        catalogue = gettext.GNUTranslations(compiled)
    for entry in entries:
        msgid, context = entry["msgid"], entry.get("msgctxt")
        assert entry["msgstr"], f"{msgid!r} is not translated"
        assert "fuzzy" not in entry["flags"], f"{msgid!r} is fuzzy"
        if context:
            compiled_text = catalogue.pgettext(context, msgid)
        elif "msgid_plural" in entry:
            compiled_text = catalogue.ngettext(msgid, entry["msgid_plural"], 1)
        else:
            compiled_text = catalogue.gettext(msgid)
        assert compiled_text == entry["msgstr"], f"django.mo is out of date for {msgid!r}"
