"""DGM-5 ("What a goldfish can and cannot say"): the goldfish page leads with consistency
and shows turns-to-win second, labelled "against a passive opponent", pointing to the
matchup page for strength."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.goldfish.saved_decks import make_deck

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]


def goldfish(client, deck):
    url = reverse("engine:deck", args=[deck.pk])
    return client.get(url, {"run": "1", "games": 200, "seed": 1}).content.decode()


def report_of(content: str) -> str:
    return re.search(r"<section [^>]*data-report>.*</section>", content, re.S)[0]


def test_a_pad_goldfish_leads_with_consistency(client, owner, catalogue):
    report = report_of(goldfish(client, make_deck(owner)))
    consistency = report.index('id="consistency"')
    passive = report.index("data-passive")
    for block in ('data-chart="combos"', 'data-chart="colours"', 'data-figure="damage"'):
        assert consistency < report.index(block) < passive, block
    assert consistency < report.index("data-opening") < passive
    kill = report.index('data-chart="kill-turn"')
    assert passive < kill
    section = report[passive:]
    assert "Turns to win, against a passive opponent" in section
    assert "Test against…" in section and "/matchup/" in section


def test_a_digimon_goldfish_leads_with_levels_failures_and_openings(client, owner, catalogue):
    report = report_of(goldfish(client, make_deck(owner, game="digimon")))
    passive = report.index("data-passive")
    levels = re.search(r"<table [^>]*data-first-reached>.*?</table>", report, re.S)
    assert levels and levels.start() < passive
    assert "Round each level is first reached" in levels[0]
    for level in ("Level IV", "Perfect", "Ultimate"):
        assert level in levels[0]
    failures = re.search(r"<table [^>]*data-failures>.*?</table>", report, re.S)
    assert failures and failures.start() < passive
    for reason in ("No evolution card in the Net Ocean", "Requirement not met"):
        assert reason in failures[0]
    openings = re.search(r"<table [^>]*data-usable-opening>.*?</table>", report, re.S)
    assert openings and openings.start() < passive
    assert re.search(r'<td class="num">\d+(\.\d)?%</td>', openings[0])
    assert report.index('data-chart="kill-turn"') > passive
