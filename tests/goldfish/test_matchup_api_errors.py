"""Matchup API refusals (issue 12): the goldfish API's codes, limits and budget, plus the
opponent forms a matchup adds; and the OpenAPI schema documenting the three paths."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from decks.services import deck_create, entries_from_text
from engine.core.batch import CHUNK
from engine.matchup_services import MAX_OPPONENTS
from tests.clients import api
from tests.decklists import digimon_list, pad_list

pytestmark = pytest.mark.django_db

URLS = ["/api/matchups/", "/api/matchups/compare/", "/api/matchups/sample/"]


def post(url: str, body: dict, user=None):
    return api(user).post(url, body, format="json")


def body_for(url: str, games: int = 10, **change) -> dict:
    """A valid PAD request for `url`: fire against water."""
    body = {"game": "pad", "opponent": {"list": pad_list("water")}, "seed": 1}
    if url.endswith("compare/"):
        body["decks"] = [{"list": pad_list("fire")}, {"list": pad_list("light")}]
    else:
        body["deck"] = {"list": pad_list("fire")}
    if not url.endswith("sample/"):
        body["games"] = games
    return {**body, **change}


def refusal(url: str, body: dict, user=None) -> tuple[int, str]:
    response = post(url, body, user)
    return response.status_code, response.json()["code"]


@pytest.fixture
def digimon_deck(catalogue, owner):
    return deck_create(
        owner=owner,
        game="digimon",
        name="Digimon",
        visibility="public",
        entries=entries_from_text("digimon", digimon_list()),
    )


@pytest.mark.parametrize("url", URLS)
def test_a_saved_deck_of_the_other_game_is_wrong_game(url, digimon_deck):
    assert refusal(url, body_for(url, opponent={"deck": digimon_deck.pk})) == (400, "wrong_game")


@pytest.mark.parametrize("url", URLS)
def test_an_unknown_deck_id_is_not_found(url, catalogue):
    assert refusal(url, body_for(url, opponent={"deck": "no-such-deck"})) == (404, "not_found")


def test_a_private_deck_of_someone_else_is_not_found_but_its_owner_plays_it(catalogue, owner):
    deck = deck_create(
        owner=owner,
        game="pad",
        name="Secret water",
        visibility="private",
        entries=entries_from_text("pad", pad_list("water")),
    )
    body = body_for(URLS[0], opponent={"deck": deck.pk})
    assert refusal(URLS[0], body) == (404, "not_found")
    assert post(URLS[0], body, user=owner).status_code == 200


def test_an_unreadable_list_is_refused_with_the_line_at_fault(catalogue):
    body = body_for(URLS[0], opponent={"list": "3 No Such Card Anywhere"})
    assert refusal(URLS[0], body) == (400, "invalid_list")


@pytest.mark.parametrize("url", URLS)
def test_an_illegal_opponent_deck_is_refused_naming_it_unless_allow_invalid(url, catalogue):
    short = "\n".join(pad_list("water").splitlines()[:-3])  # fewer than 40 cards (PAD-2.1)
    body = body_for(url, opponent={"list": short, "name": "Short water"})
    response = post(url, body)
    assert (response.status_code, response.json()["code"]) == (400, "invalid_deck")
    assert response.json()["deck"]["name"] == "Short water"
    assert "deck_size" in {error["code"] for error in response.json()["errors"]}
    assert post(url, {**body, "allow_invalid": True}).status_code == 200


def test_an_illegal_deck_b_of_a_comparison_is_refused(catalogue):
    url = URLS[1]
    body = body_for(url)
    body["decks"][1] = {"list": "3 B01-003"}
    assert refusal(url, body) == (400, "invalid_deck")


@pytest.mark.parametrize("url", URLS)
@pytest.mark.parametrize("field", ["policy", "opponent_policy"])
def test_an_unknown_policy_of_either_side_is_refused(url, field, catalogue):
    assert refusal(url, body_for(url, **{field: "coin-flip-nonsense"})) == (400, "unknown_policy")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"opponents": [{"list": "x"}]}, "both opponent and opponents"),
        ({"opponent": None}, "no opponent"),
        ({"games": 0}, "no games"),
        ({"games": 100_001}, "more games than the goldfish allows"),
        ({"turn_cap": 0}, "a cap of no turns"),
        ({"first": "sometimes"}, "an order that is not true, false or null"),
        ({"game": "mtg"}, "an unknown game"),
        ({"opponent": "everyone"}, "a word that is not gauntlet"),
        ({"deck": {"list": "3 B01-003", "deck": "abc"}}, "a deck given twice"),
    ],
)
def test_bad_matchup_requests_are_invalid(catalogue, change, reason):
    body = {**body_for(URLS[0]), **change}
    if change.get("opponent", "") is None:
        del body["opponent"]
    assert refusal(URLS[0], body) == (400, "invalid"), reason


@pytest.mark.parametrize("count", [0, MAX_OPPONENTS + 1])
def test_zero_or_more_than_twelve_opponents_are_invalid(catalogue, count):
    body = body_for(URLS[0])
    del body["opponent"]
    body["opponents"] = [{"list": pad_list("water")}] * count
    assert refusal(URLS[0], body) == (400, "invalid")


def test_a_comparison_takes_exactly_two_decks(catalogue):
    body = body_for(URLS[1])
    body["decks"] = body["decks"][:1]
    assert refusal(URLS[1], body) == (400, "invalid")


def test_a_sample_plays_one_opponent_not_the_gauntlet(catalogue):
    assert refusal(URLS[2], body_for(URLS[2], opponent="gauntlet")) == (400, "invalid")


def test_a_run_past_the_time_limit_answers_503_time_limit(catalogue, settings):
    settings.GOLDFISH_API_TIME_LIMIT = 0
    # More than one chunk of games: the limit is checked between chunks.
    for url in URLS[:2]:
        assert refusal(url, body_for(url, games=3 * CHUNK)) == (503, "time_limit")


class TestBudget:
    """A matchup costs games × opponents of the goldfish budget, a comparison twice that."""

    BUDGET = 300

    @pytest.fixture(autouse=True)
    def small_budget(self, settings):
        settings.GOLDFISH_BUDGET_ANON = self.BUDGET
        settings.GOLDFISH_BUDGET_WINDOW = 60
        cache.clear()
        yield
        cache.clear()

    def test_games_times_opponents_are_charged(self, catalogue):
        body = body_for(URLS[0], games=100)
        del body["opponent"]
        body["opponents"] = [{"list": pad_list("water")}, {"list": pad_list("wood")}]
        assert post(URLS[0], body).status_code == 200  # 200 of 300 spent
        refused = post(URLS[0], body)
        assert (refused.status_code, refused.json()["code"]) == (429, "throttled")
        assert 1 <= int(refused["Retry-After"]) <= 120
        assert post(URLS[0], body_for(URLS[0], games=100)).status_code == 200  # 300 of 300

    def test_a_comparison_costs_both_decks_games(self, catalogue):
        # 160 games against one opponent: 320 games for two decks, more than the budget.
        refused = post(URLS[1], body_for(URLS[1], games=160))
        assert refused.status_code == 429
        assert "A run of 320 games" in refused.json()["message"]
        assert post(URLS[0], body_for(URLS[0], games=160)).status_code == 200

    def test_a_refused_deck_costs_nothing_and_a_sample_costs_one_game(self, catalogue):
        bad = body_for(URLS[0], games=self.BUDGET, opponent={"list": "3 B01-003"})
        assert refusal(URLS[0], bad) == (400, "invalid_deck")
        assert post(URLS[0], body_for(URLS[0], games=self.BUDGET - 1)).status_code == 200
        assert post(URLS[2], body_for(URLS[2])).status_code == 200
        assert refusal(URLS[2], body_for(URLS[2])) == (429, "throttled")


def test_the_three_matchup_paths_and_their_errors_are_documented(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for url in URLS:
        operation = schema["paths"][url]["post"]
        assert {"200", "400", "404", "429"} <= set(operation["responses"]), url
        assert operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    assert "503" in schema["paths"]["/api/matchups/"]["post"]["responses"]
    request = schema["components"]["schemas"]["MatchupRequestRequest"]["properties"]
    assert {"deck", "opponent", "opponents", "games", "first", "opponent_policy"} <= set(request)
