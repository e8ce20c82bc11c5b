"""Issue 24, finding 1, on the pages: games stopped at an action bound (engine/core/limits.py)
are said so on the goldfish and matchup reports, with how many and why."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.decklists import pad_list
from tests.goldfish.saved_decks import make_deck
from tests.goldfish.test_gunicorn_never_ending import NEVER_ENDING

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]


def notice(content: str) -> str:
    found = re.search(r"<div [^>]*data-stopped[^>]*>(.*?)</div>", content, re.S)
    assert found, "no stopped-games notice"
    return re.sub(r"\s+", " ", found[1])


def test_the_goldfish_page_says_how_many_games_were_stopped_and_why(client, catalogue):
    params = {"game": "pad", "list": NEVER_ENDING, "run": "1", "games": 30}
    response = client.get(reverse("engine:list"), {**params, "allow_invalid": "on"})
    assert response.status_code == 200
    text = notice(response.content.decode())
    assert "30 games were stopped: more than 500 actions in one turn." in text
    assert "counts as not won" in text


def test_a_legal_deck_shows_no_stopped_notice(client, catalogue):
    params = {"game": "pad", "list": pad_list(), "run": "1", "games": 30}
    content = client.get(reverse("engine:list"), params).content.decode()
    assert "data-report" in content and "data-stopped" not in content


def test_the_matchup_page_counts_stopped_games_as_draws(client, owner, gauntlet):
    deck = make_deck(owner)
    looping = make_deck(owner, text=NEVER_ENDING, name="Loop", visibility="private")
    client.force_login(owner)
    url = reverse("engine:matchup", args=[deck.pk])
    # The looping deck plays first: going first, the starter deck can win its first turn
    # (5 attackers against one pet) before the loop's turn ever comes.
    params = {
        "run": "1",
        "games": 10,
        "opponent": looping.pk,
        "allow_invalid": "on",
        "order": "second",
    }
    response = client.get(url, params)
    assert response.status_code == 200
    text = notice(response.content.decode())
    assert "10 games were stopped: more than 500 actions in one turn." in text
    assert "counts as a draw" in text


@pytest.mark.parametrize(
    ("language", "words"),
    [("zh-hant", "場對局被中止"), ("zh-hans", "场对局被中止")],
)
def test_the_notice_is_translated(client, catalogue, language, words):
    params = {"game": "pad", "list": NEVER_ENDING, "run": "1", "games": 5, "allow_invalid": "on"}
    client.cookies["django_language"] = language
    content = client.get(reverse("engine:list"), params).content.decode()
    assert words in notice(content)
