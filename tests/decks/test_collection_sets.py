"""Set completion on the collection page (issue 29): for each set of each game, the
different cards owned out of the cards of the set, as a figure and a bar.

The cards of each set are counted here from the catalogue's own files (fixtures/), not by
the code under test; the owned cards are a small collection of real cards chosen by hand.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

from decks.collection import import_collection

pytestmark = pytest.mark.django_db

# Owned, by hand: B01-001 and B01-002 (two different B01 cards, Red Dragon three times),
# B02-001 Flamie, all three B05 cards (B05-019, -020, -021: the set complete), St-1 Agumon,
# and R-001 Crest of Courage, a card named only in the rules text (set RULES).
OWNED = """# PAD
1 Lil' Red Dragon
3 Red Dragon
1 Flamie
1 B05-019
2 B05-020
1 B05-021
# Digimon
2 Agumon
1 R-001
"""
OWNED_BY_SET = {
    ("pad", "B01"): 2,
    ("pad", "B02"): 1,
    ("pad", "B05"): 3,
    ("digimon", "St"): 1,
    ("digimon", "RULES"): 1,
}


def catalogue_sets() -> Counter:
    """Cards per (game, set) in the starter catalogue's files."""
    counts = Counter()
    for name in ("pad.json", "digimon.json"):
        for row in json.loads((Path(settings.BASE_DIR) / "fixtures" / name).read_text()):
            counts[(row["game"], row["set"])] += 1
    return counts


def set_rows(page: str) -> dict[tuple[str, str], dict]:
    rows = {}
    row = re.compile(r'<li class="set-row[^"]*" data-set="(\w+)-(\w+)">(.*?)</li>', re.S)
    for found in row.finditer(page):
        body = found[3]
        meter = re.search(r'<meter class="set-bar" min="0" max="(\d+)" value="(\d+)"', body)
        rows[(found[1], found[2])] = {
            "owned": int(re.search(r'<span class="set-owned">(\d+)</span>', body)[1]),
            "total": int(re.search(r'<span class="set-total">(\d+)</span>', body)[1]),
            "percent": re.search(r'<small class="set-percent">([^<]+)</small>', body)[1],
            "bar": (int(meter[2]), int(meter[1])),
            "complete": "set-complete" in found[0].split(">")[0],
            "text": html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))).strip(),
        }
    return rows


@pytest.fixture
def page(client, owner, catalogue) -> str:
    import_collection(owner=owner, text=OWNED)
    client.force_login(owner)
    return client.get("/decks/collection/").content.decode()


def test_each_set_shows_the_cards_owned_out_of_the_cards_of_the_set(page):
    rows = set_rows(page)
    expected_sets = catalogue_sets()

    assert set(rows) == set(expected_sets)  # every set of each game, owned or not
    for key, total in expected_sets.items():
        owned = OWNED_BY_SET.get(key, 0)
        assert (rows[key]["owned"], rows[key]["total"]) == (owned, total), key
        assert rows[key]["bar"] == (owned, total), key  # the bar says the same


def test_the_figures_of_the_starter_catalogue_worked_out_by_hand(page):
    rows = set_rows(page)

    # B01 has 121 cards: 2 owned is 1 % (rounded down); B02, 114: 1 is 0 %.
    assert (rows[("pad", "B01")]["owned"], rows[("pad", "B01")]["total"]) == (2, 121)
    assert rows[("pad", "B01")]["percent"] == "1 %"
    assert rows[("pad", "B02")]["percent"] == "0 %"
    # B05 has three cards, all owned: complete, and no "missing" link.
    assert rows[("pad", "B05")]["percent"] == "100 %"
    assert rows[("pad", "B05")]["complete"] and "missing" not in rows[("pad", "B05")]["text"]
    assert "119 missing" in rows[("pad", "B01")]["text"]


def test_each_game_adds_up_its_sets(page):
    totals = re.findall(
        r'<h3 class="sets-game">([^<]+)<span class="sets-game-figure">(\d+) / (\d+)</span>', page
    )
    sets = catalogue_sets()
    pad_total = sum(count for (game, _code), count in sets.items() if game == "pad")
    digimon_total = sum(count for (game, _code), count in sets.items() if game == "digimon")

    assert [(html.unescape(name).strip(), int(a), int(b)) for name, a, b in totals] == [
        ("Puzzle & Dragons TCG", 2 + 1 + 3, pad_total),
        ("Digimon card game", 1 + 1, digimon_total),
    ]


def test_printed_sets_come_first_and_rules_text_cards_are_named_for_what_they_are(page):
    digimon = [code for game, code in set_rows(page) if game == "digimon"]
    assert digimon == ["St", "RULES"]  # RULES sorts before St by code, but is no printed set
    assert set_rows(page)[("digimon", "RULES")]["text"].startswith("RULES Named in the rules text")


def test_set_names_in_the_readers_language(client, owner, catalogue):
    import_collection(owner=owner, text=OWNED)
    client.force_login(owner)

    for language, words in [
        ("zh-hant", ["各系列收集進度", "見於規則文字", "龍族拼圖卡牌遊戲"]),
        ("zh-hans", ["各系列收集进度", "见于规则文字"]),
    ]:
        page = client.get("/decks/collection/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        sets = page[page.index('id="sets"') :]
        for word in words:
            assert word in sets, (language, word)


def test_a_set_links_to_its_cards_here_and_to_the_ones_missing_in_the_card_search(client, page):
    b01 = re.search(r'<li class="set-row[^"]*" data-set="pad-B01">(.*?)</li>', page, re.S)[1]
    here = html.unescape(re.search(r'<span class="set-name"><a href="([^"]+)"', b01)[1])
    missing = html.unescape(re.search(r'<a class="set-missing" href="([^"]+)"', b01)[1])

    found_here = client.get(f"/decks/collection/{here}".split("#")[0]).content.decode()
    assert re.findall(r'<small class="owned-card-number">([^<]+)</small>', found_here) == [
        "B01-001",
        "B01-002",
    ]
    # The card search lists the B01 cards this player does not own: 121 - 2.
    searched = client.get(missing)
    assert "119 cards" in html.unescape(re.sub(r"<[^>]+>", " ", searched.content.decode()))


def test_an_empty_collection_owns_nothing_of_any_set(client, owner, catalogue):
    client.force_login(owner)
    rows = set_rows(client.get("/decks/collection/").content.decode())

    assert rows and all(row["owned"] == 0 for row in rows.values())
