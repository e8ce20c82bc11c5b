"""Proxies and the printable sheets print the effect in the sheet's language (issue 29,
item 1): the printed text when the sheet's readers read its language, else the effect
worded from the card's steps; and the Digimon species in the sheet's language."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from cards.models import Card
from cards.proxies import draw, render_proxy
from decks.printing.sheet import card_picture

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]

B01_002_TEXT = (
    "When you place this card to evolve one of your monsters, draw a card from your deck."
)
R_026_TEXT = "在对手要进行攻击时使用,所有要进行攻击的数码宝贝该回合无法攻击,但任然算回合结束"


def effect_on(number: str, language: str) -> str:
    """The effect as the normal-size proxy draws it, its wrapped lines put back together (a
    line break drops the space it breaks at: Chinese lines are compared without spaces)."""
    lines = [line.text for line in draw(card(number), "normal", language).texts_of("effect")]
    assert lines, "the proxy prints an effect"
    if all(line.isascii() for line in lines):
        return " ".join(lines)
    return "".join(lines).replace(" ", "")


def card(number: str) -> Card:
    return Card.objects.get(number=number)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", B01_002_TEXT),  # printed in English: printed as is
        ("ja", B01_002_TEXT),  # Japanese sheets read English words (no ja catalogue)
        ("zh-hant", "以此卡進化寵物時，抽1張卡。"),
        ("zh-hans", "以此卡进化宠物时，抽1张卡。"),
    ],
)
def test_a_pad_proxy_prints_the_effect_in_the_sheets_language(catalogue, language, expected):
    assert effect_on("B01-002", language) == expected


def test_a_skill_proxy_too(catalogue):
    assert effect_on("B02-099", "zh-hans") == "抽1张卡。"  # Draw a card.


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "No Digimon attacks this round, and the round still ends."),
        ("zh-hans", R_026_TEXT),  # printed in Simplified Chinese: printed as is
        ("zh-hant", "本回合沒有數碼寶貝攻擊，但仍算回合結束。"),  # (no space to drop)
    ],
)
def test_a_digimon_option_proxy_prints_the_effect_in_the_sheets_language(
    catalogue, language, expected
):
    assert effect_on("R-026", language) == expected


def test_a_combo_proxy_words_its_bonus_instead_of_printing_it_in_chinese(catalogue):
    # 急速组合: bonus 速度乘2倍; its step: speed × 2 (DGM-1.3).
    drawn = draw(card("R-057"), "normal", "en")
    assert " ".join(t.text for t in drawn.texts_of("effect")) == (
        "When this combo is complete, the speed of your Digimon is multiplied by 2 (the faster "
        "side wins a tie)."
    )
    assert "BONUS" not in [t.text for t in drawn.texts]
    simplified = draw(card("R-057"), "normal", "zh-hans")
    assert "BONUS" not in [t.text for t in simplified.texts]  # 加成, the section's label
    assert "加成" in [t.text for t in simplified.texts]


@pytest.mark.parametrize(("language", "species"), [("zh-hant", "恐龍型"), ("zh-hans", "恐龙型")])
def test_a_digimon_proxy_names_its_species_in_the_sheets_language(catalogue, language, species):
    meta = [t.text for t in draw(card("St-2"), "normal", language).texts]  # Greymon: Dinosaur
    assert any(text.startswith(species) for text in meta), meta
    assert not any("Dinosaur" in text for text in meta)


def test_the_printable_sheet_uses_the_proxy_of_its_language(catalogue, media):
    """decks/printing/sheet.py draws a card without a scan as its proxy in the sheet's
    language: a 简体 sheet of Red Dragon shows the Simplified effect."""
    red_dragon = card("B01-002")
    sheet = card_picture(red_dragon, "normal", "zh-hans").convert("RGB")
    english = card_picture(red_dragon, "normal", "en").convert("RGB")
    drawn = draw(red_dragon, "normal", "zh-hans").image.convert("RGB")
    assert ImageChops.difference(sheet, drawn).getbbox() is None
    assert ImageChops.difference(sheet, english).getbbox() is not None
    assert render_proxy(red_dragon, "normal", "zh-hans") != render_proxy(red_dragon, "normal", "en")
