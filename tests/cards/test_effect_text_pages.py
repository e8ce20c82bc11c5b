"""The card page and the search list show a card's effect worded in the reader's language,
with the printed text kept beside it and labelled (issue 29, item 1)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cards.models import Card
from tests.conftest import create_card

pytestmark = pytest.mark.django_db

B01_002_TEXT = (
    "When you place this card to evolve one of your monsters, draw a card from your deck."
)


def page(client, number: str, language: str) -> str:
    client.cookies["django_language"] = language
    response = client.get(reverse("cards:detail", args=[Card.objects.get(number=number).pk]))
    assert response.status_code == 200
    return response.content.decode()


def effect_section(html: str) -> str:
    match = re.search(r'<section class="card-text card-effect">(.*?)</section>', html, re.S)
    assert match, "the page has an effect section"
    return match.group(1)


def plain(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.mark.parametrize(
    ("language", "heading", "worded", "label"),
    [
        ("zh-hant", "效果", "以此卡進化寵物時，抽 1 張卡。", "印刷文字"),
        ("zh-hans", "效果", "以此卡进化宠物时，抽 1 张卡。", "印刷文字"),
        ("en", "Effect", "When you evolve a pet with this card, draw 1 card.", "Printed text"),
    ],
)
def test_the_card_page_words_the_effect_and_keeps_the_printed_text_labelled(
    client, catalogue, language, heading, worded, label
):
    html = page(client, "B01-002", language)
    section = effect_section(html)
    assert f"<h2>{heading}</h2>" in section
    assert re.search(rf'<p class="effect-rendered">{re.escape(worded)}</p>', section)
    # The printed text follows its label, marked as English for screen readers and fonts.
    assert f'<h3 class="printed-label">{label}</h3>' in section
    assert f'<p class="printed-text" lang="en">{B01_002_TEXT}</p>' in section
    assert (
        plain(section).index(worded)
        < plain(section).index(label)
        < plain(section).index(B01_002_TEXT)
    )


def test_a_simplified_printed_text_is_marked_as_simplified(client, catalogue):
    section = effect_section(page(client, "R-026", "zh-hant"))  # 紧急中止!
    assert "本回合沒有數碼寶貝攻擊，但仍算回合結束。" in section
    assert '<p class="printed-text" lang="zh-Hans">在对手要进行攻击时使用' in section


def test_a_card_whose_steps_cannot_be_worded_shows_its_printed_text_alone(client, catalogue):
    card = create_card(
        "pet",
        number="B01-950",
        names={"en": "Odd Dragon"},
        text="Do something no step says.",
        effect=[{"trigger": "evolve", "action": "draw", "amount": 1, "note": "x"}],
    )
    # A step the engine does not run (a `draw` of half a card) has no agreed meaning.
    Card.objects.filter(pk=card.pk).update(
        effect=[{"trigger": "evolve", "action": "draw", "amount": "half"}]
    )
    client.cookies["django_language"] = "zh-hant"
    html = client.get(reverse("cards:detail", args=[card.pk])).content.decode()
    assert 'class="card-text card-effect"' not in html
    assert "印刷文字" not in html
    assert (
        '<section class="card-text"><h2>內文</h2><p lang="en">Do something no step says.</p>'
        in html
    )


def test_the_search_list_shows_the_worded_effect(client, catalogue):
    client.cookies["django_language"] = "zh-hant"
    html = client.get(reverse("cards:list"), {"q": "number=B01-002", "view": "list"})
    row = re.search(
        r"<tr>\s*<td class=\"number\">B01-002</td>(.*?)</tr>", html.content.decode(), re.S
    )
    assert row
    assert '<small class="effect-line">以此卡進化寵物時，抽 1 張卡。</small>' in row.group(1)


def test_the_search_list_shows_the_printed_text_of_a_card_it_cannot_word(client, catalogue):
    create_card("pet", number="B01-951", names={"en": "Plain Dragon"}, text="Roar loudly.")
    html = client.get(reverse("cards:list"), {"q": "number=B01-951", "view": "list"})
    assert '<small class="effect-line" lang="en">Roar loudly.</small>' in html.content.decode()


def test_a_page_naming_digimon_in_its_steps_stays_within_its_query_budget(
    client, catalogue, django_assert_max_num_queries
):
    # As tests/cards/test_page_detail.py allows any card page (8, + "Decks using this
    # card"); R-024's steps name five Digimon, looked up in one query.
    client.cookies["django_language"] = "en"
    with django_assert_max_num_queries(8 + 1):
        html = client.get(reverse("cards:detail", args=[Card.objects.get(number="R-024").pk]))
    assert "雪人亚古兽, 雪人兽, Ice Devimon, 冰巫师兽 or 钢铁加鲁鲁" in html.content.decode()


def test_the_search_list_words_a_page_of_effects_without_a_query_per_card(client, catalogue):
    def queries(query: str) -> tuple[int, int]:
        with CaptureQueriesContext(connection) as captured:
            html = client.get(reverse("cards:list"), {"q": query, "view": "list"})
        return len(captured.captured_queries), html.content.decode().count('class="effect-line"')

    one = queries("number=B01-002")
    many = queries("set:B01 -number=B01-002")
    assert one[1] == 1 and many[1] >= 30
    assert many[0] == one[0]
