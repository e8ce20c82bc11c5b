"""A/B compare (/goldfish/deck/<id>/compare/, MATCH-1), what the matchup pages refuse and
charge, their languages, and the goldfish page's DGM-5 order (consistency first)."""

from __future__ import annotations

import html
import math
import re
import statistics

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from decks.reference import reference_decks
from engine.convert import deck_spec
from engine.core.matchup import play_match
from engine.core.result import WIN
from engine.core.seeds import game_seed
from engine.services import entries_for
from engine.views import match_runs
from tests.goldfish.saved_decks import make_deck
from tests.goldfish.test_matchup_pages import run

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]

GAMES = 40


def compare(client, deck, **params):
    url = reverse("engine:compare", args=[deck.pk])
    return client.get(url, {"run": "1", "games": GAMES, **params})


def nothing_may_run(monkeypatch):
    """Make any matchup the page starts fail the test."""

    def refuse(*args, **kwargs):
        raise AssertionError("a matchup ran")

    for name in ("matchup_report", "matchup_comparison", "matchup_sample"):
        monkeypatch.setattr(match_runs, name, refuse)


# --- A/B compare ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["pad", "digimon"])
def test_a_deck_against_itself_shows_no_measurable_difference(client, owner, gauntlet, game):
    deck = make_deck(owner, game=game, name="Fire A")
    twin = make_deck(owner, game=game, name="Fire B")  # the same list, seeds: the same games
    reference = reference_decks(game).first()
    response = compare(client, deck, other=twin.pk, opponent=reference.pk, seed=4)
    assert response.status_code == 200
    content = response.content.decode()
    verdict = re.search(r"data-verdict=\"(\w+)\">.*?</div>", content, re.S)
    assert verdict[1] == "none"
    assert "No measurable difference" in verdict[0]
    svg = re.search(r'<svg class="mu-bar mu-difference[^>]*>', verdict[0])[0]
    assert 'data-difference="0.0"' in svg and 'data-measurable="false"' in svg
    interval = re.search(r'data-low="(-?[\d.]+)" data-high="(-?[\d.]+)"', svg)
    # DOCTOR-1: paired on the same seeds, the twins play identical games, so every paired
    # difference is 0 and so is the interval's width
    assert float(interval[1]) == 0 == float(interval[2])
    # Both sides' win rates, with their intervals; the same counts on both rows.
    rows = re.findall(r'<tr data-deck="\d">.*?</tr>', content, re.S)
    assert len(rows) == 2
    assert "Fire A" in rows[0] and "Fire B" in rows[1]
    counts = [re.findall(r'<td class="num">(\d+)</td>', row) for row in rows]
    assert counts[0] == counts[1]


def test_the_difference_and_its_interval_come_from_the_paired_games(client, owner, gauntlet):
    """Two different lists on the same seeds: the difference's interval is the paired one
    (DOCTOR-1), worked out here from each seed's two games; "no measurable difference"
    shows exactly when it holds 0."""
    deck = make_deck(owner, name="Mine")
    other = reference_decks("pad").last()
    opponent = reference_decks("pad").first()
    response = compare(client, deck, other=other.pk, opponent=opponent.pk)
    content = response.content.decode()
    rows = re.findall(r'<tr data-deck="\d">.*?</tr>', content, re.S)
    wins = [int(re.findall(r'<td class="num">(\d+)</td>', row)[0]) for row in rows]
    spec = {d.pk: deck_spec("pad", entries_for("pad", deck=d)) for d in (deck, other, opponent)}
    differences = []
    for index in range(GAMES):
        seed, first = game_seed(0, index), index % 2 == 0
        a, b = (
            play_match(spec[d.pk], spec[opponent.pk], seed=seed, going_first=first).outcome == WIN
            for d in (deck, other)
        )
        differences.append(int(a) - int(b))
    assert sum(differences) == wins[0] - wins[1]
    mean = sum(differences) / GAMES
    spread = 1.959963984540054 * statistics.stdev(differences) / math.sqrt(GAMES)
    low, high = max(-1.0, mean - spread), min(1.0, mean + spread)
    svg = re.search(r'<svg class="mu-bar mu-difference[^>]*>', content)[0]
    assert f'data-low="{round(low, 4)}"' in svg and f'data-high="{round(high, 4)}"' in svg
    measurable = not low <= 0 <= high
    assert f'data-measurable="{str(measurable).lower()}"' in svg
    assert ("No measurable difference" in content.split("data-compare-total")[0]) != measurable


def test_compare_offers_other_decks_but_not_the_gauntlet(client, owner, gauntlet):
    deck = make_deck(owner)
    content = client.get(reverse("engine:compare", args=[deck.pk])).content.decode()
    other = re.search(r'<select name="other".*?</select>', content, re.S)[0]
    assert 'value="gauntlet"' not in other
    for reference in reference_decks("pad"):
        assert f'value="{reference.pk}"' in other


# --- Refusals and the budget ----------------------------------------------------------------


@pytest.mark.parametrize(
    "params",
    [
        {"games": 0},
        {"games": "many"},
        {"opponent": "NoSuchDeck"},
        {"policy": "nope"},
        {"order": "sideways"},
        {"games": 100_001},  # more than the API plays against each opponent
    ],
)
def test_bad_input_shows_errors_and_runs_nothing(client, owner, gauntlet, monkeypatch, params):
    deck = make_deck(owner)
    nothing_may_run(monkeypatch)
    response = run(client, deck, **params)
    assert response.status_code == 400
    content = response.content.decode()
    assert 'class="errorlist' in content
    assert "data-report" not in content and "data-replay" not in content


def test_a_private_deck_of_another_player_is_no_opponent(client, owner, gauntlet, monkeypatch):
    deck = make_deck(owner)
    stranger = User.objects.create_user("stranger", password="pw-stranger-123")
    private = make_deck(stranger, name="Secret", visibility="private")
    nothing_may_run(monkeypatch)
    response = run(client, deck, opponent=private.pk)
    assert response.status_code == 400
    assert "Secret" not in response.content.decode()


def test_an_illegal_deck_shows_why_and_plays_when_allowed(client, owner, gauntlet):
    from tests.decklists import pad_list

    deck = make_deck(owner, text=pad_list().rsplit("\n", 3)[0], name="Short")  # PAD-2.1
    reference = reference_decks("pad").first().pk
    content = run(client, deck, opponent=reference).content.decode()
    section = re.search(r"data-invalid>.*?</section>", content, re.S)[0]
    assert "Short is not legal" in section and "40" in section
    assert "data-report" not in content
    allowed = run(client, deck, opponent=reference, allow_invalid="on").content.decode()
    assert "data-invalid" not in allowed and "data-report" in allowed


def test_the_budget_refuses_a_run_it_cannot_cover(client, owner, gauntlet, settings, monkeypatch):
    settings.GOLDFISH_BUDGET_ANON = 100
    deck = make_deck(owner)
    nothing_may_run(monkeypatch)
    reference = reference_decks("pad").first().pk
    response = run(client, deck, opponent=reference, games=150)
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    content = html.unescape(response.content.decode())
    assert "more than the goldfish budget of 100 games" in content
    assert "Signed-in players have a larger budget." in content
    assert "data-report" not in content


def test_a_run_is_charged_to_the_goldfish_budget(client, owner, gauntlet, settings):
    """Every game against every opponent, plus the sample game, as the goldfish page does."""
    settings.GOLDFISH_BUDGET_ANON = 2 * GAMES + 1
    settings.GOLDFISH_BUDGET_WINDOW = 3600  # a busy machine's slow runs stay in the window
    deck = make_deck(owner)
    reference = reference_decks("pad").first().pk
    assert run(client, deck, opponent=reference).status_code == 200  # GAMES + 1
    # The same address again: the report is kept, only the sample game is charged.
    assert run(client, deck, opponent=reference, step=1).status_code == 200
    assert run(client, deck, opponent=reference, seed=1).status_code == 429


# --- Languages ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("zh-hant", ["對戰測試", "勝率", "95% 區間", "範例對局", "對手"]),
        ("zh-hans", ["对战测试", "胜率", "95% 区间", "示例对局", "对手"]),
    ],
)
def test_the_matchup_page_is_translated(client, owner, gauntlet, language, words):
    deck = make_deck(owner)
    client.post(reverse("set_language"), {"language": language, "next": "/"})
    reference = reference_decks("pad").first().pk
    content = run(client, deck, opponent=reference).content.decode()
    for word in words:
        assert word in content, word
    assert "Win rate" not in content and "Test against" not in content


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("zh-hant", ["沒有可測量的差異", "比較"]),
        ("zh-hans", ["没有可测量的差异", "比较"]),
    ],
)
def test_the_compare_page_is_translated(client, owner, gauntlet, language, words):
    deck = make_deck(owner)
    client.post(reverse("set_language"), {"language": language, "next": "/"})
    reference = reference_decks("pad").first().pk
    twin = make_deck(owner, name="Twin")
    content = compare(client, deck, other=twin.pk, opponent=reference).content.decode()
    for word in words:
        assert word in content, word
