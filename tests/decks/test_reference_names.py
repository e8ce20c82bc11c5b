"""Issue 29 item 1: the reference decks' names read in the page's language — "Reference:
Fire" is 參考：火 / 参考：火, "Reference: Agumon line" keeps the Digimon's catalogued name
(Agumon 系列) — on the deck pages, the deck browser and the matchup reports; a player's
deck is named as its player named it."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from decks.models import Deck
from decks.reference_names import reference_display_name

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "fire", "agumon"),
    [
        ("en", "Reference: Fire", "Reference: Agumon line"),
        ("zh-hant", "參考：火", "參考：Agumon 系列"),
        ("zh-hans", "参考：火", "参考：Agumon 系列"),
    ],
)
def test_the_names_in_each_language(language, fire, agumon):
    with translation.override(language):
        assert reference_display_name("Reference: Fire") == fire
        assert reference_display_name("Reference: Agumon line") == agumon
        assert reference_display_name("My Fire deck") == "My Fire deck"


def test_every_reference_deck_reads_in_chinese(gauntlet):
    """No reference deck keeps an English word in 简体 but its Digimon's name."""
    with translation.override("zh-hans"):
        for deck in Deck.objects.filter(reference=True):
            shown = deck.display_name
            assert shown.startswith("参考："), shown
            rest = shown.removeprefix("参考：").removesuffix(" 系列")
            assert deck.game == "digimon" or not rest.isascii(), shown


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans"])
def test_the_deck_page_and_the_browser_show_the_translated_name(client, gauntlet, language):
    deck = Deck.objects.get(name="Reference: Fire")
    client.cookies["django_language"] = language
    expected = "參考：火" if language == "zh-hant" else "参考：火"
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert expected in page.split("</h1>", 1)[0]
    browser = client.get("/decks/", {"game": "pad"}).content.decode()
    assert expected in browser and ">Reference: Fire<" not in browser


def test_a_matchup_report_names_the_reference_opponents_in_the_readers_language(client, gauntlet):
    """The report's rows are stored text ("Reference: Water"): read in 繁體 they say 參考：水."""
    deck = Deck.objects.get(name="Reference: Fire")
    water = Deck.objects.get(name="Reference: Water")
    client.cookies["django_language"] = "zh-hant"
    page = client.get(
        f"/goldfish/deck/{deck.pk}/matchup/",
        {"run": "1", "opponent": water.pk, "games": 4, "seed": 3},
        HTTP_ACCEPT_LANGUAGE="zh-hant",
    ).content.decode()
    rows = page.split("data-opponents", 1)[1].split("</table>", 1)[0]
    # what is read: the text and the bars' titles (data- attributes keep the stored name)
    read = re.sub(r"<[^>]*>", " ", rows) + " ".join(re.findall(r'aria-label="([^"]*)"', rows))
    assert "參考：水" in read and "Reference: Water" not in read


def test_the_matchup_forms_selects_and_sample_game_speak_the_readers_language(client, gauntlet):
    """The opponent select lists reference decks as 參考：…, the policy selects say 貪婪
    (their values stay the engines' names), and the sample game names its sides, their
    events and the outcome in the reader's words (they were "Reference: Water" and
    "greedy")."""
    deck = Deck.objects.get(name="Reference: Fire")
    water = Deck.objects.get(name="Reference: Water")
    client.cookies["django_language"] = "zh-hant"
    page = client.get(
        f"/goldfish/deck/{deck.pk}/matchup/",
        {"run": "1", "opponent": water.pk, "games": 4, "seed": 3},
    ).content.decode()
    opponents = re.search(r'<select name="opponent"[^>]*>(.*?)</select>', page, re.S)[1]
    assert f'<option value="{water.pk}" selected>參考：水</option>' in opponents
    assert "Reference:" not in opponents
    policy = re.search(r'<select name="policy"[^>]*>(.*?)</select>', page, re.S)[1]
    assert re.search(r'<option value="greedy"[^>]*>貪婪</option>', policy)
    assert ">greedy<" not in page
    replay = page.split("data-replay", 1)[1]
    assert "參考：水" in replay and "參考：火" in replay
    assert "Reference:" not in re.sub(r'data-[a-z-]+="[^"]*"', "", replay)
