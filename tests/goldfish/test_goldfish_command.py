"""manage.py goldfish (issue 5): text and JSON reports, logs, errors."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from tests.decklists import pad_list

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck_file(catalogue, tmp_path):
    path = tmp_path / "fire.txt"
    path.write_text(pad_list(), encoding="utf-8")
    return path


def test_json_report_on_stdout(deck_file, capsys):
    call_command(
        "goldfish",
        "--list",
        str(deck_file),
        "--game",
        "pad",
        "--games",
        "50",
        "--seed",
        "9",
        "--json",
    )
    report = json.loads(capsys.readouterr().out)
    assert (report["games"], report["seed"], report["game"]) == (50, 9, "pad")
    assert "turns_to_win" in report


def test_the_text_summary_names_the_kill_turn(deck_file, capsys):
    call_command("goldfish", "--list", str(deck_file), "--game", "pad", "--games", "20")
    out = capsys.readouterr().out
    assert "turns to win: mean" in out


def test_the_text_summary_gives_each_idle_card_its_reason(deck_file, capsys):
    # B01-024 Firedragon Tyrannos rolls an opponent's Wood monster at 6 combos (PAD-7.2):
    # the goldfish has none (DGM-5), so it is listed apart, with why, not as unsimulated.
    call_command("goldfish", "--list", str(deck_file), "--game", "pad", "--games", "5")
    out = capsys.readouterr().out
    idle = out.split("no effect against the goldfish:\n", 1)[1]
    assert "  Firedragon Tyrannos — acts on the opponent\n" in idle + "\n"
    assert "Firedragon Tyrannos" not in out.split("no effect against the goldfish:")[0]


def test_going_second_changes_the_games(deck_file, capsys):
    call_command(
        "goldfish", "--list", str(deck_file), "--game", "pad", "--games", "30", "--first", "--json"
    )
    first = json.loads(capsys.readouterr().out)
    call_command(
        "goldfish", "--list", str(deck_file), "--game", "pad", "--games", "30", "--second", "--json"
    )
    second = json.loads(capsys.readouterr().out)
    assert first != second


def test_one_games_log(deck_file, capsys):
    call_command("goldfish", "--list", str(deck_file), "--game", "pad", "--log", "--seed", "2")
    log = json.loads(capsys.readouterr().out)
    assert log["events"] and log["snapshots"]


def test_long_runs_draw_a_progress_bar_on_stderr(deck_file, capsys):
    call_command(
        "goldfish",
        "--list",
        str(deck_file),
        "--game",
        "pad",
        "--games",
        "2000",
        "--processes",
        "1",
        "--json",
    )
    assert "2000/2000 games" in capsys.readouterr().err


def test_an_illegal_deck_lists_the_violations(catalogue, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("3 Red Dragon", encoding="utf-8")
    with pytest.raises(CommandError, match="not legal") as raised:
        call_command("goldfish", "--list", str(path), "--game", "pad")
    assert "40" in str(raised.value)


def test_a_list_needs_its_game(deck_file):
    with pytest.raises(CommandError, match="--game"):
        call_command("goldfish", "--list", str(deck_file))


def test_an_unknown_deck_id(catalogue):
    with pytest.raises(CommandError, match="No deck"):
        call_command("goldfish", "--deck", "nope")


def test_digimon_against_a_named_opponent(catalogue, tmp_path, capsys):
    from tests.decklists import digimon_list

    path = tmp_path / "digimon.txt"
    path.write_text(digimon_list(), encoding="utf-8")
    call_command(
        "goldfish",
        "--list",
        str(path),
        "--game",
        "digimon",
        "--games",
        "50",
        "--opponent",
        "アンドロモン",
        "--json",
    )
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "digimon" and report["games"] == 50
    assert "アンドロモン" in json.dumps(report["opponent"], ensure_ascii=False)
