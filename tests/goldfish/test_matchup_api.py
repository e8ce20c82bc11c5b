"""POST /api/matchups/, /compare/ and /sample/ (issue 12): what a player asking "does my
deck beat that one?" gets back (PAD-7, DGM-6, MATCH-1)."""

from __future__ import annotations

from collections import Counter

import pytest

from cards.models import Card
from decks.services import deck_create, entries_from_text
from tests.clients import api
from tests.decklists import digimon_list, pad_list
from tests.goldfish.saved_decks import SLOT_QUERIES

pytestmark = pytest.mark.django_db


def post(url: str, body: dict, user=None):
    return api(user).post(url, body, format="json")


def pad_body(games: int = 40, **extra) -> dict:
    return {
        "game": "pad",
        "deck": {"list": pad_list("fire"), "name": "Fire"},
        "opponent": {"list": pad_list("water"), "name": "Water"},
        "games": games,
        "seed": 3,
        **extra,
    }


def names_to_ids(game: str, text: str) -> dict[str, set[int]]:
    """{card name: the ids of the deck's cards bearing it}, read from the catalogue."""
    ids = {entry.card_id for entry in entries_from_text(game, text)}
    found: dict[str, set[int]] = {}
    for card in Card.objects.filter(pk__in=ids):
        found.setdefault(card.name, set()).add(card.pk)
    return found


def test_a_pad_matchup_reports_results_with_intervals_by_order_of_play_match_1(catalogue):
    response = post("/api/matchups/", pad_body(games=40))
    assert response.status_code == 200, response.json()
    report = response.json()
    assert (report["game"], report["games"], report["seed"]) == ("pad", 40, 3)
    assert report["wins"] + report["losses"] + report["draws"] == 40
    rate = report["win_rate"]
    assert rate["low"] <= rate["value"] <= rate["high"]
    assert rate["value"] == pytest.approx(report["wins"] / 40, abs=1e-4)
    # PAD-7.3: alternating by default, half the games each.
    assert report["going_first"]["games"] == report["going_second"]["games"] == 20
    assert set(report["length"]) >= {"mean", "median", "p10", "p90", "histogram"}
    assert report["deck"]["name"] == "Fire"
    assert (report["deck"]["deck"], report["deck"]["reference"]) == (None, False)
    [row] = report["opponents"]
    assert (row["opponent"]["name"], row["opponent"]["deck"]) == ("Water", None)
    assert row["games"] == 40


def test_every_card_row_names_the_catalogue_card_of_that_name_in_the_deck(catalogue):
    report = post("/api/matchups/", pad_body(games=40)).json()
    expected = names_to_ids("pad", pad_list("fire"))
    assert {row["name"] for row in report["cards"]} <= set(expected)
    for row in report["cards"]:
        assert row["card"] in expected[row["name"]]
        # MATCH-1: 40 games split between drawn and not drawn; a side under 30 games
        # shows "too few games", never a number.
        assert row["drawn_games"] + row["not_drawn_games"] == 40
        if row["not_drawn_games"] < 30:
            assert row["not_drawn_win_rate"] == "too few games"


def test_several_opponents_give_a_row_each_and_a_total_of_all_their_games(catalogue):
    body = pad_body(games=30)
    del body["opponent"]
    body["opponents"] = [
        {"list": pad_list("water"), "name": "Water"},
        {"list": pad_list("wood"), "name": "Wood"},
        {"list": pad_list("dark")},
    ]
    response = post("/api/matchups/", body)
    assert response.status_code == 200, response.json()
    report = response.json()
    names = [row["opponent"]["name"] for row in report["opponents"]]
    assert names == ["Water", "Wood", "Opponent 3"]
    assert [row["games"] for row in report["opponents"]] == [30, 30, 30]
    # The total row: every game against every opponent.
    assert report["games"] == report["wins"] + report["losses"] + report["draws"] == 3 * 30
    assert report["wins"] == sum(row["wins"] for row in report["opponents"])


def test_a_saved_deck_plays_by_id_and_is_named_by_its_label(catalogue, owner):
    deck = deck_create(
        owner=owner,
        game="pad",
        name="My water",
        visibility="private",
        entries=entries_from_text("pad", pad_list("water")),
    )
    body = pad_body(games=20, opponent={"deck": deck.pk})
    response = post("/api/matchups/", body, user=owner)
    assert response.status_code == 200, response.json()
    label = response.json()["opponents"][0]["opponent"]
    assert (label["name"], label["deck"], label["reference"]) == ("My water", deck.pk, False)


def test_the_gauntlet_plays_every_reference_deck_of_the_game(gauntlet):
    from decks.reference import reference_decks

    expected = [(deck.name, deck.pk) for deck in reference_decks("pad")]
    for key in ("opponent", "opponents"):
        body = pad_body(games=10)
        del body["opponent"]
        body[key] = "gauntlet"
        response = post("/api/matchups/", body)
        assert response.status_code == 200, response.json()
        rows = response.json()["opponents"]
        assert [(r["opponent"]["name"], r["opponent"]["deck"]) for r in rows] == expected
        assert all(row["opponent"]["reference"] is True for row in rows)


@pytest.mark.parametrize("game", ["pad", "digimon"])
def test_a_gauntlet_request_makes_a_few_queries_per_deck_and_none_per_card_or_game(
    gauntlet, game, django_assert_max_num_queries
):
    from decks.reference import reference_decks

    decks = len(reference_decks(game)) + 1  # the opponents and the player's deck
    mine = pad_list() if game == "pad" else digimon_list()
    body = {"game": game, "deck": {"list": mine}, "opponent": "gauntlet", "games": 50}
    # The reference decks with their entries in two queries; then per deck one for its
    # rules and three to load its cards with their rows (measured: 27 for PAD's 7
    # reference decks, 33 for Digimon's 9), whatever the number of cards or games.
    with django_assert_max_num_queries(2 + 4 * decks + SLOT_QUERIES):
        assert post("/api/matchups/", body).status_code == 200


def test_the_same_request_gives_the_same_report(catalogue):
    body = pad_body(games=30)
    assert post("/api/matchups/", body).json() == post("/api/matchups/", body).json()


def test_going_first_only_plays_every_game_first_pad_7_3(catalogue):
    report = post("/api/matchups/", pad_body(games=20, first=True)).json()
    assert report["going_first"]["games"] == 20
    assert report["going_second"]["games"] == 0


def test_a_digimon_matchup(catalogue):
    body = {
        "game": "digimon",
        "deck": {"list": digimon_list(0)},
        "opponent": {"list": digimon_list(3)},
        "games": 30,
        "seed": 1,
    }
    response = post("/api/matchups/", body)
    assert response.status_code == 200, response.json()
    report = response.json()
    assert report["game"] == "digimon"
    assert report["turn_cap"] == 60  # DGM-6.3: the default round cap
    assert report["wins"] + report["losses"] + report["draws"] == 30


def test_a_comparison_reports_both_decks_and_the_difference_of_their_win_rates(catalogue):
    body = {
        "game": "pad",
        "decks": [{"list": pad_list("fire")}, {"list": pad_list("light"), "name": "Light"}],
        "opponent": {"list": pad_list("water")},
        "games": 40,
        "seed": 2,
    }
    response = post("/api/matchups/compare/", body)
    assert response.status_code == 200, response.json()
    result = response.json()
    a, b = result["decks"]
    assert (a["deck"]["name"], b["deck"]["name"]) == ("Deck A", "Light")
    difference = result["difference"]
    assert set(difference) >= {"value", "low", "high", "measurable"}
    assert difference["value"] == pytest.approx((a["wins"] - b["wins"]) / 40, abs=1e-4)
    assert difference["low"] <= difference["value"] <= difference["high"]
    assert len(result["opponents"]) == 1
    assert set(result["opponents"][0]["difference"]) >= {"value", "low", "high"}


def test_a_deck_compared_with_itself_shows_no_measurable_difference_match_1(catalogue):
    fire = {"list": pad_list("fire")}
    body = {"game": "pad", "decks": [fire, fire], "opponent": {"list": pad_list("water")}}
    result = post("/api/matchups/compare/", {**body, "games": 40}).json()
    # The same deck with the same seeds plays the same games: a difference of exactly 0.
    assert result["difference"]["value"] == 0
    assert result["difference"]["measurable"] is False
    assert result["difference"]["text"] == "no measurable difference"


NOT_CARDS = {"tapped", "requirement_marks", "box_face_down"}


def zone_cards(zones: dict) -> Counter:
    """The names of the cards in one player's zones of a snapshot."""
    names: Counter = Counter()

    def add(value) -> None:
        if isinstance(value, str):
            names[value] += 1
        elif isinstance(value, list):
            for item in value:
                add(item)

    for zone, value in zones.items():
        if zone not in NOT_CARDS:
            add(value)
    return names


def list_cards(game: str, text: str) -> Counter:
    """The names of a list's cards, each as many times as its quantity, from the catalogue."""
    entries = entries_from_text(game, text)
    names = dict(Card.objects.filter(pk__in={e.card_id for e in entries}).values_list("pk", "name"))
    counted: Counter = Counter()
    for entry in entries:
        counted[names[entry.card_id]] += entry.quantity
    return counted


@pytest.mark.parametrize(
    ("game", "mine", "theirs"),
    [
        ("pad", lambda: pad_list("fire"), lambda: pad_list("water")),
        ("digimon", lambda: digimon_list(0), lambda: digimon_list(3)),
    ],
)
def test_a_sample_game_holds_every_card_of_both_decks_in_every_snapshot(
    catalogue, game, mine, theirs
):
    body = {"game": game, "deck": {"list": mine()}, "opponent": {"list": theirs()}, "seed": 5}
    response = post("/api/matchups/sample/", body)
    assert response.status_code == 200, response.json()
    log = response.json()
    assert log["events"] and log["snapshots"]
    expected = [list_cards(game, mine()), list_cards(game, theirs())]
    for snapshot in log["snapshots"]:
        assert [zone_cards(zones) for zones in snapshot["zones"]] == expected
    assert post("/api/matchups/sample/", body).json() == log


def test_each_side_plays_its_own_policy_pad_7_3(catalogue):
    body = {
        "game": "pad",
        "deck": {"list": pad_list("fire")},
        "opponent": {"list": pad_list("water")},
        "seed": 5,
        "opponent_policy": "random",
    }
    log = post("/api/matchups/sample/", body).json()
    assert [player["policy"] for player in log["players"]] == ["greedy", "random"]
    greedy = post("/api/matchups/", pad_body(games=40)).json()
    random = post("/api/matchups/", pad_body(games=40, opponent_policy="random")).json()
    assert random["opponent_policy"] == "random"
    assert (random["wins"], random["length"]) != (greedy["wins"], greedy["length"])


MATCH_2_KEYS = {
    "opening_hand_games",
    "opening_hand_win_rate",
    "drawn_later_games",
    "drawn_later_win_rate",
    "in_hand_games",
    "in_hand_win_rate",
    "not_seen_games",
    "not_seen_win_rate",
    "played_games",
    "played_win_rate",
    "not_played_games",
    "not_played_win_rate",
    "iwd",
}


def _is_rate(value) -> bool:
    return value == "too few games" or (
        set(value) == {"value", "low", "high"} and value["low"] <= value["value"] <= value["high"]
    )


@pytest.mark.parametrize("games", [40, 120])
def test_card_rows_give_oh_gd_gih_gns_played_and_iwd_match_2(catalogue, games):
    report = post("/api/matchups/", pad_body(games=games)).json()
    assert report["cards"]
    for row in report["cards"]:
        assert set(row) >= MATCH_2_KEYS
        # the opening hand and later draws split the games in hand; the rest never saw it
        assert row["opening_hand_games"] + row["drawn_later_games"] == row["in_hand_games"]
        assert row["in_hand_games"] + row["not_seen_games"] == games
        assert row["played_games"] + row["not_played_games"] == games
        assert row["in_hand_games"] == row["drawn_games"]  # today's keys stay
        for key in MATCH_2_KEYS - {"iwd"}:
            if key.endswith("_win_rate"):
                assert _is_rate(row[key]), (key, row[key])
                games_key = key.replace("_win_rate", "_games")
                if row[games_key] < 30:
                    assert row[key] == "too few games"
        iwd = row["iwd"]
        if row["in_hand_games"] < 30 or row["not_seen_games"] < 30:
            assert iwd == "too few games"
        else:
            gih, gns = row["in_hand_win_rate"]["value"], row["not_seen_win_rate"]["value"]
            assert iwd["value"] == pytest.approx(gih - gns, abs=2e-4)
            assert iwd["low"] <= iwd["value"] <= iwd["high"]
