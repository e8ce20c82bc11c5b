"""The public deck browser (issue 16, item 3): filters and sorts, on the page (/decks/) and
in the API (/api/decks/), which share one query (decks/browse.py).

Expected lists are worked out by hand from the decks of browse_helpers (real cards)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from decks.models import SIDE, Deck, DeckEntry, DeckTag, GauntletStanding
from decks.services import deck_fork, deck_update
from tests.clients import api

from .browse_helpers import agumon_line, card, copies, fire_rush, listed, make, water_wall
from .conftest import digimon_deck, pad_deck, pad_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(owner, other, catalogue):
    """Fire rush (owner), Water wall and Agumon line (other), created in that order, and
    a private fire deck of owner's that no one else may list."""
    decks = fire_rush(owner), water_wall(other), agumon_line(other)
    make(owner, "Secret fire", copies((3, "B01-001")), visibility="private")
    return decks


def page_ids(client, **params) -> list[str]:
    return listed(client.get("/decks/", params).content.decode())


def api_ids(user=None, **params) -> list[str]:
    response = api(user).get("/api/decks/", params)
    assert response.status_code == 200, response.json()
    return [deck["id"] for deck in response.json()["results"]]


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({}, ["agumon", "water", "fire"]),  # newest first
        ({"attribute": "fire"}, ["fire"]),  # B01-001, B01-002
        ({"attribute": "red"}, ["fire"]),  # the colour names the attribute
        ({"attribute": "dark"}, ["water"]),  # B01-100
        ({"attribute": "wood"}, []),
        ({"level": "IV"}, ["agumon"]),  # St-2 Greymon
        ({"level": "evo2"}, ["water"]),  # B01-100 is an evo2 pet
        ({"level": "base"}, ["fire"]),  # B01-001
        ({"author": "OTHER"}, ["agumon", "water"]),
        ({"game": "digimon"}, ["agumon"]),
        ({"game": "pad", "attribute": "water"}, ["water"]),
        ({"name": "WALL"}, ["water"]),
    ],
)
def test_filters_on_the_page_and_in_the_api(client, three, params, expected):
    fire, water, agumon = three
    ids = {"fire": fire.pk, "water": water.pk, "agumon": agumon.pk}
    wanted = [ids[name] for name in expected]
    assert page_ids(client, **params) == wanted
    assert api_ids(**params) == wanted


def test_the_card_filter_lists_the_decks_playing_it(client, three):
    fire, water, agumon = three
    assert page_ids(client, card=card("St-1").pk) == [agumon.pk]
    assert api_ids(card=card("B01-002").pk) == [fire.pk]
    page = client.get("/decks/", {"card": card("St-1").pk}).content.decode()
    assert "Decks playing" in page and "Agumon" in page and "St-1" in page


def test_a_card_in_the_sideboard_is_not_played(client, three):
    fire = three[0]
    DeckEntry.objects.create(deck=fire, card=card("B01-011"), quantity=1, zone=SIDE)
    assert page_ids(client, attribute="wood") == []
    assert api_ids(card=card("B01-011").pk) == []


def test_the_tag_filter(client, three):
    water = three[1]
    DeckTag.objects.create(deck=water, name="control")
    assert page_ids(client, tag="control") == [water.pk]
    assert api_ids(tag="control") == [water.pk]
    assert api_ids(tag="aggro") == []


def test_legal_only(client, owner, three):
    legal = make(owner, "Legal PAD", [*pad_team(), *pad_deck(40)])
    assert legal.is_valid
    assert page_ids(client, legal="1") == [legal.pk]
    assert api_ids(legal="true") == [legal.pk]
    assert set(api_ids(legal="0")) == {deck.pk for deck in three}
    page = client.get("/decks/", {"legal": "1"}).content.decode()
    assert 'name="legal" value="1"' in page and "checked" in page.split('name="legal"')[1][:40]


def test_the_api_still_lists_your_own_private_decks_and_filters_them_alike(owner, three):
    secret = Deck.objects.get(name="Secret fire")
    assert secret.pk in api_ids(owner)
    assert secret.pk not in api_ids()
    assert secret.pk not in api_ids(owner, author="other")


def test_most_forked_counts_public_forks_only(client, owner, other, three):
    fire, water, agumon = three
    for _ in range(2):
        fork = deck_fork(deck=fire, owner=other)
        deck_update(deck=fork, author=other, revision=fork.revision, visibility="public")
    deck_fork(deck=water, owner=owner)  # private: not counted, not listed
    fork = deck_fork(deck=water, owner=owner)
    deck_update(deck=fork, author=owner, revision=fork.revision, visibility="public")
    for _ in range(2):
        deck_fork(deck=agumon, owner=owner)  # private forks only
    assert page_ids(client, ordering="forks")[:2] == [fire.pk, water.pk]
    assert api_ids(ordering="forks")[:2] == [fire.pk, water.pk]
    row = client.get("/decks/", {"ordering": "forks"}).content.decode()
    fire_row = row.split(f'data-deck="{fire.pk}"')[1].split("</tr>")[0]
    assert "<span data-forks>2</span>" in fire_row


def test_newest_is_the_last_changed(client, owner, three):
    fire, water, agumon = three
    deck_update(deck=fire, author=owner, revision=fire.revision, name="Fire rush 2")
    assert page_ids(client) == [fire.pk, agumon.pk, water.pk]
    assert api_ids(ordering="newest") == [fire.pk, agumon.pk, water.pk]


@pytest.fixture
def measured(owner, other, catalogue):
    """Three legal public decks: PAD 40 at 40 %, PAD 45 at 62 %, a Digimon deck whose
    standing (90 %) measured an older revision; and an illegal deck never measured."""
    low = make(owner, "PAD forty", [*pad_team(), *pad_deck(40)])
    high = make(other, "PAD forty-five", [*pad_team(), *pad_deck(45)])
    stale = make(owner, "Digimon thirty", digimon_deck(30), game="digimon")
    illegal = fire_rush(other)
    standings = [
        (low, 0.40, 0.33, 0.47, 0),
        (high, 0.62, 0.55, 0.68, 0),
        (stale, 0.9, 0.85, 0.94, -1),
    ]
    for deck, rate, lo, hi, behind in standings:
        GauntletStanding.objects.create(
            deck=deck,
            revision=deck.revision + behind,
            games=1400,
            win_rate=rate,
            interval_low=lo,
            interval_high=hi,
        )
    return low, high, stale, illegal


def test_best_against_the_gauntlet_puts_unmeasured_and_stale_decks_last(client, measured):
    low, high, stale, illegal = measured
    # Stale and illegal have no current standing: after the measured ones, newest first.
    expected = [high.pk, low.pk, illegal.pk, stale.pk]
    assert page_ids(client, ordering="gauntlet") == expected
    assert api_ids(ordering="gauntlet") == expected


def test_the_standing_is_shown_with_its_interval(client, measured):
    low, high, stale, illegal = measured
    page = client.get("/decks/", {"ordering": "gauntlet"}).content.decode()

    def row(deck):
        return page.split(f'data-deck="{deck.pk}"')[1].split("</tr>")[0]

    assert "62% (55–68%) vs gauntlet" in row(high)
    assert "40% (33–47%) vs gauntlet" in row(low)
    assert "being measured" in row(stale) and "90%" not in row(stale)
    assert 'data-standing="none"' in row(illegal)
    assert 'aria-current="page">Best against the gauntlet' in page


def test_the_api_gives_the_standing_and_the_key_card(measured):
    low, high, stale, illegal = measured
    decks = {d["id"]: d for d in api().get("/api/decks/").json()["results"]}
    assert decks[high.pk]["gauntlet"] == {
        "state": "measured",
        "win_rate": 0.62,
        "low": 0.55,
        "high": 0.68,
        "games": 1400,
    }
    assert decks[stale.pk]["gauntlet"]["state"] == "measuring"
    assert decks[stale.pk]["gauntlet"]["win_rate"] is None
    assert decks[illegal.pk]["gauntlet"]["state"] == "none"
    key = decks[illegal.pk]["key_card"]  # 3 Lil' Red Dragon, the most copies
    assert key["number"] == "B01-001" and key["name"] == "Lil' Red Dragon"
    assert key["thumb"].startswith(f"/cards/{card('B01-001').pk}/image/thumb/?v=")
    one = api().get(f"/api/decks/{high.pk}/").json()
    assert one["gauntlet"]["win_rate"] == 0.62


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"attribute": "heart"}, "attribute"),  # an orb colour, never an attribute (PAD-1)
        ({"level": "mega"}, "level"),
        ({"legal": "maybe"}, "legal"),
        ({"ordering": "best"}, "ordering"),
        ({"card": "abc"}, "card"),
        ({"game": "mtg"}, "game"),
        ({"tag": "x" * 31}, "tag"),
    ],
)
def test_a_bad_parameter_is_a_json_400_naming_it(catalogue, params, field):
    response = api().get("/api/decks/", params)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid_parameter" and body["message"].startswith(f"{field}:")


def test_a_bad_filter_on_the_page_is_shown_and_ignored(client, three):
    response = client.get("/decks/", {"level": "mega"})
    assert response.status_code == 200
    assert len(listed(response.content.decode())) == 3
    assert 'role="alert"' in response.content.decode()


def test_the_new_parameters_are_in_the_schema(catalogue):
    schema = api().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    operation = schema["paths"]["/api/decks/"]["get"]
    parameters = {p["name"]: p for p in operation["parameters"]}
    for name in ("attribute", "level", "author", "legal", "tag", "card", "ordering"):
        assert name in parameters, name
    assert set(parameters["ordering"]["schema"]["enum"]) == {"newest", "forks", "gauntlet"}
    deck = schema["components"]["schemas"]["Deck"]["properties"]
    assert {"key_card", "gauntlet"} <= set(deck)


def _queries(run) -> int:
    with CaptureQueriesContext(connection) as context:
        run()
    return len(context.captured_queries)


def test_the_browser_costs_the_same_queries_for_5_and_30_decks(client, owner, other, catalogue):
    def fill_to(total: int):
        while Deck.objects.filter(visibility="public").count() < total:
            n = Deck.objects.count()
            deck = (fire_rush, water_wall, agumon_line)[n % 3](owner if n % 2 else other)
            GauntletStanding.objects.create(deck=deck, revision=deck.revision, win_rate=0.5)
            fork = deck_fork(deck=deck, owner=other)
            deck_update(deck=fork, author=other, revision=fork.revision, visibility="public")
            DeckTag.objects.create(deck=deck, name="tag")

    def page():
        assert client.get("/decks/", {"ordering": "forks", "tag": "tag"}).status_code == 200

    def listing():
        assert api().get("/api/decks/", {"ordering": "gauntlet", "level": "IV"}).status_code == 200

    fill_to(5)
    few = _queries(page), _queries(listing)
    fill_to(30)
    assert (_queries(page), _queries(listing)) == few
    assert few[0] <= 2  # the count and the page of decks


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "zh-hant",
            [
                "屬性（PAD）",
                "只看合法牌組",
                "最多複製",
                "對挑戰組勝率最高",
                "對挑戰組 62%（55–68%）",
                "測量中",
            ],
        ),
        (
            "zh-hans",
            [
                "属性（PAD）",
                "只看合法卡组",
                "最多复制",
                "对挑战组胜率最高",
                "对挑战组 62%（55–68%）",
                "测量中",
            ],
        ),
    ],
)
def test_the_browser_is_translated(client, measured, language, words):
    client.post(reverse("set_language"), {"language": language, "next": "/"})
    try:
        page = client.get("/decks/").content.decode()
    finally:
        translation.activate(settings.LANGUAGE_CODE)
    for word in words:
        assert word in page, word
    for english in ("Legal decks only", "Most forked", "vs gauntlet", "being measured"):
        assert english not in page, english


@pytest.mark.parametrize("ordering", ["newest", "forks", "gauntlet"])
def test_the_sort_is_a_row_of_separate_choices_with_the_current_one_marked(client, three, ordering):
    """Issue 29 item 9: the sort links read as separate words ("Newest Most forked …", not
    "NewestMost forked…") and the chosen one is marked for every reader."""
    page = client.get("/decks/", {"ordering": ordering}).content.decode()
    nav = page.split('<nav class="browse-sort"', 1)[1].split("</nav>", 1)[0]
    links = re.findall(r'<a href="[^"]*" data-ordering="(\w+)"( aria-current="page")?>', nav)
    assert [key for key, _current in links] == ["newest", "forks", "gauntlet"]
    assert [key for key, current in links if current] == [ordering]
    text = " ".join(re.sub(r"<[^>]+>", "", nav).split())  # as a text reader joins them
    assert "Newest Most forked Best against the gauntlet" in text
