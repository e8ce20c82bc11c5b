"""Name lookups answer with names in the reader's language (issue 15, item 1; cards/lookups.py).

An ambiguous name used to list each candidate by its first stored name, so an English
reader was offered グレイモン and スカルグレイモン for "グレイ" although Greymon and Skull
Greymon are catalogued. A name typed in either Chinese script finds a card stored in the other.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from cards.lookups import AmbiguousName, card_named_exactly, card_named_fuzzily
from cards.models import Card

pytestmark = pytest.mark.django_db


def digimon():
    return Card.objects.filter(game="digimon")


def candidates_for(query: str, language: str) -> list[str]:
    with translation.override(language), pytest.raises(AmbiguousName) as raised:
        card_named_fuzzily(query, digimon())
    return raised.value.candidates


def test_an_ambiguous_name_lists_the_candidates_in_english_for_an_english_reader(catalogue):
    candidates = candidates_for("グレイ", "en")
    assert {"Greymon", "Skull Greymon", "War Greymon"} <= set(candidates)
    assert not any("モン" in name for name in candidates)


def test_a_chinese_reader_gets_the_chinese_name_in_the_pages_script(catalogue):
    # St-49/50/51 are stored in Simplified (攻击组件A, 防御组件C, 高速组件B): the 繁體
    # reader gets them converted, the 简体 reader as stored.
    assert {"攻擊組件A", "高速組件B"} <= set(candidates_for("组件", "zh-hant"))
    assert {"攻击组件A", "高速组件B"} <= set(candidates_for("組件", "zh-hans"))


def test_a_name_in_either_chinese_script_finds_the_card(catalogue):
    option = Card.objects.get(number="St-49")
    assert card_named_exactly("攻擊組件A", digimon()) == option  # Traditional, stored Simplified
    assert card_named_exactly("攻击组件a", digimon()) == option
    assert card_named_fuzzily("攻擊組件Ａ", digimon()) == option  # full-width letter
