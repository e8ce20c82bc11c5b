"""PLAY-2's ladder: the ratings' arithmetic, `manage.py ladder`'s JSON contract and the
stored ladder page."""

from __future__ import annotations

import json
from io import StringIO
from math import log, sqrt

import pytest
from django.core.management import CommandError, call_command

from engine.core.ratings import fit
from engine.models import LadderRun

ELO = 400 / log(10)


def test_two_players_three_wins_in_four_rate_by_the_bradley_terry_formula():
    # by hand: with the prior's half game each, A has 3.5 of 5 points, so the fitted
    # P(A beats B) is 0.7 and the gap is ln(0.7 / 0.3) log-odds; the information is
    # w = 5 · 0.7 · 0.3 and each rating's variance (sum-to-zero) 1 / (4w)
    gap = log(0.7 / 0.3) * ELO
    spread = 1.959963984540054 * sqrt(1 / (4 * 5 * 0.7 * 0.3)) * ELO
    a, b = fit(["a", "b"], {("a", "b"): (3.0, 4)})
    assert a["rating"] == round(1500 + gap / 2) and b["rating"] == round(1500 - gap / 2)
    assert a["low"] == round(1500 + gap / 2 - spread)
    assert a["high"] == round(1500 + gap / 2 + spread)
    assert a["games"] == b["games"] == 4


def test_a_clean_sweep_still_has_a_finite_rating():
    top, bottom = fit(["greedy", "random"], {("greedy", "random"): (100.0, 100)})
    # 100.5 of 101 points: the gap is ln(100.5 / 0.5) log-odds, about 921 points
    assert top["rating"] - bottom["rating"] in range(920, 923)


def test_three_players_in_a_chain_are_ordered():
    rows = fit(
        ["random", "greedy", "search"],
        {
            ("random", "greedy"): (2.0, 100),
            ("random", "search"): (1.0, 100),
            ("greedy", "search"): (30.0, 100),
        },
    )
    ratings = {row["policy"]: row["rating"] for row in rows}
    assert ratings["random"] < ratings["greedy"] < ratings["search"]
    assert round(sum(ratings.values()) / 3) == 1500


def _ladder(*args: str) -> dict:
    out = StringIO()
    call_command("ladder", *args, "--json", "--processes", "1", stdout=out)
    return json.loads(out.getvalue())


def test_play_2_the_ladder_command_prints_the_contract(gauntlet):
    report = _ladder("--game", "pad", "--games", "6", "--players", "random,greedy")
    assert report["game"] == "pad"
    assert [row["policy"] for row in report["players"]] == ["greedy", "random"]
    for row in report["players"]:
        assert set(row) == {"policy", "rating", "low", "high", "games"}
        assert row["low"] < row["rating"] < row["high"] and row["games"] == 6
    pairs = {(p["policy"], p["opponent"]): p for p in report["pairs"]}
    assert set(pairs) == {("random", "greedy"), ("greedy", "random")}
    assert pairs[("greedy", "random")]["games"] == 6
    won, lost = pairs[("greedy", "random")]["win_rate"], pairs[("random", "greedy")]["win_rate"]
    assert set(won) == {"value", "low", "high"}
    assert won["value"] + lost["value"] == pytest.approx(1.0)
    assert len(report["decks"]) == 7  # the PAD reference decks


def test_the_ladder_is_the_same_for_the_same_seed(gauntlet):
    args = ("--game", "digimon", "--games", "4", "--players", "random,greedy", "--seed", "3")
    first, again = _ladder(*args), _ladder(*args)
    first.pop("measured"), again.pop("measured")
    assert first == again


def test_the_ladder_command_refuses_unknown_players(gauntlet):
    with pytest.raises(CommandError, match="two or more players"):
        call_command("ladder", "--game", "pad", "--players", "greedy,nobody")
    assert not LadderRun.objects.exists()


def test_the_ladder_page_shows_the_stored_ladder_in_bounded_queries(
    gauntlet, client, django_assert_max_num_queries
):
    response = client.get("/goldfish/ladder/?game=pad")
    assert b"data-ladder-empty" in response.content
    call_command(
        "ladder",
        "--game",
        "pad",
        "--games",
        "4",
        "--players",
        "random,greedy",
        "--store",
        stdout=StringIO(),
    )
    with django_assert_max_num_queries(4):
        response = client.get("/goldfish/ladder/?game=pad")
    page = response.content.decode()
    assert "data-ladder-ratings" in page and "data-ladder-pairs" in page
    assert 'data-policy="greedy"' in page and 'data-policy="random"' in page
    assert client.get("/goldfish/ladder/?game=digimon").content.count(b"data-ladder-empty") == 1


def test_a_fresh_site_stores_the_shipped_ladders_once(gauntlet, tmp_path, client):
    from engine.ladder import load_measured_ladders

    report = _ladder("--game", "pad", "--games", "2", "--players", "random,greedy")
    report["measured"] = "2026-12-01T10:00:00+00:00"
    (tmp_path / "pad.json").write_text(json.dumps(report), encoding="utf-8")
    assert load_measured_ladders(tmp_path) == ["pad"]
    assert load_measured_ladders(tmp_path) == []  # a stored ladder is kept
    run = LadderRun.objects.get(game="pad")
    assert run.created.isoformat() == "2026-12-01T10:00:00+00:00" and run.games == 2
    assert "2026-12-01 10:00" in client.get("/goldfish/ladder/").content.decode()


def test_the_ladder_page_speaks_the_readers_language(gauntlet, client):
    call_command(
        "ladder", "--game", "pad", "--games", "2", "--players", "random,greedy", "--store",
        stdout=StringIO(),
    )  # fmt: skip
    page = client.get("/goldfish/ladder/", HTTP_ACCEPT_LANGUAGE="zh-hant").content.decode()
    assert "玩家天梯" in page and "對戰成績" in page and "貪婪" in page
    assert "95 % 區間" in page and "評分採 Elo 制" in page  # the texts with a % sign too
