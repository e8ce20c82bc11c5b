"""manage.py matchup (issue 12): text and JSON reports, several opponents, the gauntlet,
A/B comparisons, one game's log and the errors a player can make (PAD-7, DGM-6, MATCH-1)."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from decks.services import deck_create, entries_from_text
from tests.decklists import digimon_list, pad_list

pytestmark = pytest.mark.django_db


@pytest.fixture
def lists(catalogue, tmp_path):
    """{attribute: path of a legal PAD list of it}."""
    paths = {}
    for attribute in ("fire", "water", "wood"):
        paths[attribute] = tmp_path / f"{attribute}.txt"
        paths[attribute].write_text(pad_list(attribute), encoding="utf-8")
    return paths


def matchup(*args: str) -> None:
    call_command("matchup", "--game", "pad", "--seed", "4", *args)


def test_the_text_summary_gives_the_win_rate_with_its_interval_per_opponent(lists, capsys):
    matchup("--list", str(lists["fire"]), "--opponent", str(lists["water"]), "--games", "30")
    out = capsys.readouterr().out
    assert "fire: 30 games of pad against each opponent" in out
    assert "against water:" in out
    assert "win rate " in out and " lost, " in out and " drawn of 30" in out
    assert "going first " in out and "going second " in out
    assert "length: mean " in out
    # MATCH-1: with 15 games in each order no card side reaches 30 games both ways.
    assert "too few games" in out


def test_json_report_on_stdout(lists, capsys):
    matchup(
        "--list", str(lists["fire"]), "--opponent", str(lists["water"]), "--games", "20", "--json"
    )
    report = json.loads(capsys.readouterr().out)
    assert (report["game"], report["games"], report["seed"]) == ("pad", 20, 4)
    assert report["deck"]["name"] == "fire"
    assert [row["opponent"]["name"] for row in report["opponents"]] == ["water"]


def test_several_opponents_and_a_total(lists, capsys):
    matchup(
        "--list",
        str(lists["fire"]),
        "--opponent",
        str(lists["water"]),
        "--opponent",
        str(lists["wood"]),
        "--games",
        "20",
    )
    out = capsys.readouterr().out
    assert "against water:" in out and "against wood:" in out
    assert "against all of them:" in out and "drawn of 40" in out


def test_the_second_order_plays_every_game_second(lists, capsys):
    args = ("--list", str(lists["fire"]), "--opponent", str(lists["water"]), "--games", "10")
    matchup(*args, "--second", "--json")
    report = json.loads(capsys.readouterr().out)
    assert (report["going_first"]["games"], report["going_second"]["games"]) == (0, 10)


def test_a_saved_opponent_deck_by_id(lists, owner, capsys):
    deck = deck_create(
        owner=owner,
        game="pad",
        name="Tidal",
        visibility="private",
        entries=entries_from_text("pad", pad_list("water")),
    )
    matchup("--list", str(lists["fire"]), "--opponent-deck", deck.pk, "--games", "10")
    assert "against Tidal:" in capsys.readouterr().out


def test_the_gauntlet_plays_each_reference_deck(lists, gauntlet, capsys):
    from decks.reference import reference_decks

    matchup("--list", str(lists["fire"]), "--gauntlet", "--games", "10", "--json")
    report = json.loads(capsys.readouterr().out)
    expected = [deck.name for deck in reference_decks("pad")]
    assert [row["opponent"]["name"] for row in report["opponents"]] == expected


def test_a_comparison_with_itself_says_no_measurable_difference(lists, capsys):
    args = ("--list", str(lists["fire"]), "--opponent", str(lists["water"]), "--games", "30")
    matchup(*args, "--compare", str(lists["fire"]))
    out = capsys.readouterr().out
    assert "fire − fire, win rate:" in out
    assert "against water: no measurable difference" in out
    assert "overall: no measurable difference" in out


def test_a_comparison_as_json_has_both_reports_and_the_difference(lists, capsys):
    args = ("--list", str(lists["fire"]), "--opponent", str(lists["water"]), "--games", "20")
    matchup(*args, "--compare", str(lists["wood"]), "--json")
    result = json.loads(capsys.readouterr().out)
    assert [report["deck"]["name"] for report in result["decks"]] == ["fire", "wood"]
    a, b = result["decks"]
    assert result["difference"]["value"] == pytest.approx((a["wins"] - b["wins"]) / 20, abs=1e-4)


def test_one_games_log_holds_both_players(lists, capsys):
    matchup("--list", str(lists["fire"]), "--opponent", str(lists["water"]), "--log")
    log = json.loads(capsys.readouterr().out)
    assert log["events"] and log["snapshots"]


def test_long_runs_draw_a_progress_bar_on_stderr(lists, capsys):
    args = ("--list", str(lists["fire"]), "--opponent", str(lists["water"]), "--games", "1000")
    matchup(*args, "--opponent", str(lists["wood"]), "--processes", "1", "--json")
    assert "2000/2000 games" in capsys.readouterr().err


def test_a_digimon_matchup(catalogue, tmp_path, capsys):
    paths = []
    for offset in (0, 3):
        paths.append(tmp_path / f"digimon{offset}.txt")
        paths[-1].write_text(digimon_list(offset), encoding="utf-8")
    call_command(
        "matchup", "--game", "digimon", "--list", str(paths[0]), "--opponent", str(paths[1]),
        "--games", "20", "--json",
    )  # fmt: skip
    report = json.loads(capsys.readouterr().out)
    assert (report["game"], report["turn_cap"]) == ("digimon", 60)  # DGM-6.3


def test_an_illegal_opponent_lists_the_violations(lists, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("3 B01-003", encoding="utf-8")
    with pytest.raises(CommandError, match="bad is not legal") as raised:
        matchup("--list", str(lists["fire"]), "--opponent", str(bad))
    assert "40" in str(raised.value)


def test_a_list_needs_its_game(lists):
    with pytest.raises(CommandError, match="--game"):
        call_command("matchup", "--list", str(lists["fire"]), "--opponent", str(lists["water"]))


def test_an_unknown_deck_id(lists):
    with pytest.raises(CommandError, match="No deck has the id nope"):
        matchup("--list", str(lists["fire"]), "--opponent-deck", "nope")


def test_a_missing_file(lists, tmp_path):
    with pytest.raises(CommandError, match="missing.txt"):
        matchup("--list", str(lists["fire"]), "--opponent", str(tmp_path / "missing.txt"))


def test_an_unknown_opponent_policy(lists):
    with pytest.raises(CommandError, match="policy is one of"):
        args = ("--list", str(lists["fire"]), "--opponent", str(lists["water"]))
        matchup(*args, "--opponent-policy", "nonsense")


def test_an_opponent_is_required(lists):
    with pytest.raises(CommandError, match="--opponent"):
        matchup("--list", str(lists["fire"]))


def test_the_text_summary_gives_each_cards_match_2_rates(lists, capsys):
    """MATCH-2 in the CLI: per card, IWD and the OH, GD, GIH, GNS and Played win rates
    with their games, each pair of game counts adding up to the games played."""
    matchup("--list", str(lists["fire"]), "--opponent", str(lists["water"]), "--games", "60")
    out = capsys.readouterr().out
    assert "correlations, not causes" in out and "deck doctor" in out
    report_lines = out.splitlines()
    first = next(
        i
        for i, line in enumerate(report_lines)
        if line.endswith(": IWD too few games") or ": IWD " in line
    )
    block = report_lines[first + 1 : first + 7]
    counts = {
        line.split(" in ")[0].strip(): int(line.split(" in ")[1].split(":")[0]) for line in block
    }
    assert set(counts) == {"OH", "GD", "GIH", "GNS", "Played", "not played"}
    assert counts["OH"] + counts["GD"] == counts["GIH"]
    assert counts["GIH"] + counts["GNS"] == 60
    assert counts["Played"] + counts["not played"] == 60
