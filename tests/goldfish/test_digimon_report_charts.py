"""The Digimon goldfish report drawn as charts (issue 15, item 3), like PAD's.

Each chart is a picture of one block of the report (engine/digimon/report.py): its bars
must add up to what the block counts — every game once in a "round first reached" chart
(with the games that never get there), every round once in the battles, points and combos
charts — and name what they count in the page's language.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from engine.services import GoldfishRequest, entries_for, goldfish_report
from tests.goldfish.saved_decks import make_deck
from tests.goldfish.test_page_goldfish import chart_bars

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]

GAMES = 60
SLUGS = ["first-iv", "first-perfect", "battles", "points-dealt", "evolutions"]


def page(client, deck, language="en") -> str:
    client.cookies["django_language"] = language
    url = reverse("engine:deck", args=[deck.pk])
    response = client.get(url, {"run": "1", "games": GAMES, "seed": 5})
    assert response.status_code == 200
    return response.content.decode()


def test_the_digimon_report_charts_what_it_measures(client, owner, catalogue):
    deck = make_deck(owner, game="digimon")
    content = page(client, deck)
    cache.clear()
    report = goldfish_report(
        GoldfishRequest(
            game="digimon", entries=entries_for("digimon", deck=deck), games=GAMES, seed=5
        )
    )
    rounds = report["rounds_played"]
    for slug in SLUGS:
        assert chart_bars(content, slug), slug

    # Every game once: won in some round, or not by the cap; reached in some round, or never.
    kill = chart_bars(content, "kill-turn")
    assert sum(int(bar["count"]) for bar in kill) == GAMES
    for slug in ("first-iv", "first-perfect"):
        assert sum(int(bar["count"]) for bar in chart_bars(content, slug)) == GAMES

    # Every round once (DGM-4.5): won, lost, tied or stopped, in that order.
    battles = chart_bars(content, "battles")
    assert [bar["label"] for bar in battles] == ["won", "lost", "tied", "stopped"]
    assert sum(int(bar["count"]) for bar in battles) == rounds
    assert int(battles[0]["count"]) == report["battles"]["won"]
    assert sum(int(bar["count"]) for bar in chart_bars(content, "points-dealt")) == rounds
    # issue 29: this deck never completes a combo (its histogram is all at 0 combos), so
    # the combos chart — one bar of 100 % at 0 — is left out
    combos = report["combos_per_turn"]["histogram"]
    assert combos["0"] == rounds and not any(n for key, n in combos.items() if key != "0")
    assert 'data-chart="combos"' not in content
    # The dummy loses 30, 20 or 10 points a round it loses (DGM-5), 0 when it does not.
    dealt = {bar["label"] for bar in chart_bars(content, "points-dealt") if bar["value"]}
    assert dealt <= {"0", "10", "20", "30"}
    # issue 29: one bar per number of points that happened, not 31 mostly empty ones
    points = chart_bars(content, "points-dealt")
    assert len(points) <= 4 and all(int(bar["count"]) > 0 for bar in points[1:])

    # Evolutions per game by level, as the report counts them.
    evolutions = chart_bars(content, "evolutions")
    assert [bar["label"] for bar in evolutions] == ["Level IV", "Perfect", "Ultimate"]
    by_level = report["evolutions"]["by_level"]
    assert [bar["value"] for bar in evolutions] == [
        by_level["IV"],
        by_level["perfect"],
        by_level["ultimate"],
    ]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("zh-hant", ["首次達到成熟期的回合", "戰鬥結果（回合比例）", "獲勝回合（對局比例）"]),
        ("zh-hans", ["首次达到成熟期的回合", "战斗结果（回合比例）", "获胜回合（对局比例）"]),
    ],
)
def test_the_charts_speak_the_readers_language(client, owner, catalogue, language, words):
    deck = make_deck(owner, game="digimon")
    content = page(client, deck, language)
    for word in words:
        assert word in content, word
    assert "Round the game is won" not in content  # the English title
