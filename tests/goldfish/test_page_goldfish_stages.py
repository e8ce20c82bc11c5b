"""DGM-5: the PAD goldfish page leads with the own turn each stage is first reached,
before the figures against a passive opponent."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.goldfish.saved_decks import make_deck

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]


def test_a_pad_goldfish_shows_the_turn_each_stage_is_first_reached_dgm_5(client, owner, catalogue):
    url = reverse("engine:deck", args=[make_deck(owner).pk])
    page = client.get(url, {"run": "1", "games": 200, "seed": 1}).content.decode()
    table = re.search(r"<table [^>]*data-first-reached>.*?</table>", page, re.S)
    assert table and table.start() < page.index("data-passive")
    assert "Turn each stage is first reached" in table[0]
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th><td class="num">([^<]+)</td>', table[0])
    assert [label for label, _ in rows] == ["Evo 1", "Evo 2", "Evo 3", "Ultimate evolution"]
    # the starter list's Lil' dragons evolve in most games: a share, not an empty cell
    assert re.fullmatch(r"\d+(\.\d)?%", rows[0][1])
