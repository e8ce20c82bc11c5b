"""Every benchmark in bench/ still runs: each one's --smoke mode, in its own process (issue 11).

A benchmark is not a test and is seldom run, so it can break unnoticed (search_latency.py
answered 429 once API throttles arrived). --smoke runs each one with tiny sizes in seconds;
the figures mean nothing, only that the run completes and reports sane values.
bench/load/run.py needs PostgreSQL and Redis on 127.0.0.1 (as the rest of the suite and CI
do); without locust (the optional `bench` extra) its smoke stops after the HTTP warm-up.
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import pstats
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
# A ceiling for a hung smoke, not a speed target: each takes seconds to a minute, but on a
# slow machine (single-core speed 40 % below the usual) under the suite's other workers the
# load smoke once took over 120 s the first time it built its template database.
SMOKE_SECONDS = 300
SMOKED = {
    "goldfish_pad.py",
    "goldfish_digimon.py",
    "matchup.py",
    "jobs.py",
    "search_latency.py",
    "decks_pages.py",
    "heavy_renders.py",
    "import_dry_run.py",
    "load/run.py",
    "load/profile_endpoints.py",
    "search.py",
    "doctor.py",
    "gauntlet.py",
    "play.py",
}
# Scripts that are parts of another benchmark and run inside its smoke.
PARTS = {"load/seed.py": "load/run.py"}


def stop_group(process: subprocess.Popen) -> None:
    """A smoke that ran out of time: SIGTERM lets it stop what it started (gunicorn, workers)
    and drop its database; whatever of its process group is left after that is killed, so
    no server outlives the test holding a port and a database."""
    process.terminate()
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.communicate(timeout=30)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def smoke(script: str, *extra: str, timeout: int = SMOKE_SECONDS) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    env.pop("DATABASE_URL", None)  # every benchmark chooses its own database
    with subprocess.Popen(
        [sys.executable, str(BENCH / script), "--smoke", *extra],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    ) as process:
        try:
            stdout, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            stop_group(process)
            raise
    result = subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
    assert result.returncode == 0, f"{script} --smoke failed:\n{result.stderr[-3000:]}"
    return result


def test_every_benchmark_script_has_a_smoke_run_in_this_file():
    scripts = {
        path.relative_to(BENCH).as_posix()
        for path in BENCH.rglob("*.py")
        if 'if __name__ == "__main__":' in path.read_text(encoding="utf-8")
    }
    assert scripts == SMOKED | set(PARTS)


def test_every_benchmark_file_is_valid_python():
    # The locustfile only runs when locust is installed: at least it must still parse.
    for path in BENCH.rglob("*.py"):
        ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


@pytest.mark.parametrize("game", ["pad", "digimon"])
def test_the_goldfish_benchmark_smoke_plays_its_games_the_same_on_one_and_all_cores(game):
    report = json.loads(smoke(f"goldfish_{game}.py").stdout)
    assert report["games"] > 0
    assert report["same_report"] is True
    assert report["one_process"]["games_per_s"] > 0
    assert report["all_cores"]["games_per_s"] > 0
    assert sum(report["turns_to_win"]["histogram"].values()) <= report["games"]


def test_the_matchup_benchmark_smoke_plays_both_games_the_same_on_one_and_all_cores():
    report = json.loads(smoke("matchup.py").stdout)
    for game in ("pad", "digimon"):
        figures = report[game]
        assert figures["games"] > 0
        assert figures["same_report"] is True
        assert figures["one_process"]["games_per_s"] > 0
        assert figures["all_cores"]["games_per_s"] > 0
        assert figures["floor_shuffle_deal_both"]["games_per_s"] > 0
        assert 0 <= figures["win_rate"]["value"] <= 1


def test_the_jobs_benchmark_smoke_plays_one_job_on_real_workers_as_in_process():
    report = json.loads(smoke("jobs.py").stdout)
    assert report["games"] == report["chunks"] * 60 > 0  # 60 games a chunk in the smoke
    assert report["same_report"] is True
    for where in ("in_process", "workers"):
        assert report[where]["one_process"]["games_per_s"] > 0
        assert report[where]["two_processes"]["games_per_s"] > 0
    assert report["million_game_gauntlet_in_one_minute"]["worker_cores"] >= 1


def test_the_search_benchmark_smoke_outlasts_the_sites_anonymous_rate_with_its_own_rates():
    report = json.loads(smoke("search_latency.py").stdout)
    assert report["cards"] > 100
    # More requests than the site's default anonymous API rate (300/minute) allows.
    assert report["requests"] > 300
    assert set(report["throttle_rates"].values()) == {"1000000/minute"}
    assert 0 < report["p50_ms"] <= report["p95_ms"]
    assert report["max_sql_queries_per_request"] >= 1


def test_the_play_search_benchmark_smoke_reports_both_games():
    lines = [json.loads(line) for line in smoke("search.py").stdout.splitlines()]
    assert [line["game"] for line in lines] == ["digimon", "pad"]
    for line in lines:
        assert line["level"] == "search" and line["games"] == 2
        assert line["seconds_per_game_one_core"] > 0
        assert 0 <= line["win_rate_vs_greedy"]["value"] <= 1


def test_the_gauntlet_smoke_counts_each_pair_once_for_both_decks():
    lines = [json.loads(line) for line in smoke("gauntlet.py").stdout.splitlines()]
    assert [line["game"] for line in lines] == ["digimon", "pad"]
    for line in lines:
        decks = len(line["decks"])
        assert len(line["pairs"]) == decks * (decks - 1) // 2  # each pair played once
        assert {deck["games"] for deck in line["decks"]} == {2 * (decks - 1)}
        # Every game is one deck's win and the other's loss (or a draw, half each).
        won = sum(deck["win_rate"]["value"] * deck["games"] for deck in line["decks"])
        assert won == pytest.approx(len(line["pairs"]) * 2, abs=0.01)  # rates are rounded


def test_the_play_benchmark_smoke_answers_whole_games_of_both_games():
    lines = [json.loads(line) for line in smoke("play.py").stdout.splitlines()]
    assert [(line["game"], line["policy"]) for line in lines] == [
        ("pad", "greedy"),
        ("digimon", "greedy"),
    ]
    for line in lines:
        assert line["actions"] > 5 and 0 < line["p50_ms"] <= line["p95_ms"] <= line["max_ms"]


def test_the_load_benchmark_smoke_serves_every_endpoint_of_its_mix_with_gunicorn():
    out = smoke("load/run.py").stdout
    assert "creating database cardsite_bench_smoke_" in out
    # Without locust the smoke ends after one request to every endpoint answered 200;
    # with it, after a short load with no failure (a failure is exit status 1).
    assert "smoke: set-up, gunicorn and one request" in out or "failures over the whole run" in out
    # Issue 30: gunicorn's CPU per request, endpoint by endpoint, from its request log; the
    # warm-up calls each of these, and every request it made is sorted into one of them.
    table = out[out.index("CPU by endpoint") :]
    for name in ("home html", "search html", "card html", "deck html", "card api", "goldfish api"):
        assert f"\n{name} " in table, name
    assert "\nother " not in table
    # The machine's single-core speed, measured in the same run, stated beside the figures.
    assert re.search(r"machine: [1-9]\d* PAD goldfish games/s on one process", out)


def test_the_profile_tool_smoke_replays_every_endpoint_of_the_mix_in_one_process(tmp_path):
    stats = tmp_path / "card.pstats"
    out = smoke(
        "load/profile_endpoints.py", "--profile", "card html", "--profile-out", str(stats)
    ).stdout
    # Issue 30: CPU per request endpoint by endpoint, no request failed (exit 0), and the
    # profile of the one endpoint asked for, also kept for pstats.
    for name in ("home html", "search html", "card html", "deck html", "card api", "goldfish api"):
        assert f"\n{name} " in out, name
    assert "--- card html: top " in out
    assert any(
        "card_detail" in function for _file, _line, function in pstats.Stats(str(stats)).stats
    )


def test_the_deck_pages_benchmark_smoke_prints_both_games_and_browses_in_few_queries():
    report = json.loads(smoke("decks_pages.py").stdout)
    for game in ("pad", "digimon"):
        figures = report["printing"][game]
        assert figures["pages"] == -(-figures["copies"] // 9) > 0  # nine cards a page
        assert figures["pdf_bytes"] > 0 and figures["png_bytes"] > 0
        assert (
            min(
                figures[f"{kind}_{state}_s"]
                for kind in ("pdf", "png")
                for state in ("drawn", "stored")
            )
            > 0
        )
    assert report["public_decks"] > 20  # the reference decks and the benchmark's own
    for name, figures in report["browser"].items():
        assert 0 < figures["p50_ms"] <= figures["p95_ms"], name
        assert 1 <= figures["sql_queries"] <= 4, name


def test_the_heavy_renders_benchmark_smoke_sends_stored_files_and_caps_the_list():
    report = json.loads(smoke("heavy_renders.py").stdout)
    for name in ("pdf_en", "png_en"):
        assert report[f"{name}_first"]["bytes"] == report[f"{name}_again"]["bytes"] > 0
    assert report["pdf_zh_hant_first"]["bytes"] > 0
    listed = report["list_page_size_200"]
    assert 0 < listed["decks"] <= 50 and listed["entries"] > 0


def test_the_import_dry_run_benchmark_smoke_counts_every_row_in_both_catalogues():
    report = json.loads(smoke("import_dry_run.py").stdout)
    rows = report["rows"]
    assert report["new"]["would_create"] == rows and report["new"]["exit"] == 0
    assert report["catalogued"]["would_update"] == rows and report["catalogued"]["exit"] == 0
    for run in ("new", "catalogued"):
        assert report[run]["counts_as_expected"] and not report[run]["timed_out"]
        assert report[run]["peak_rss_mb"] > 0


def test_the_doctor_benchmark_smoke_reports_every_part_and_the_job_reports_as_in_process():
    report = json.loads(smoke("doctor.py", "--json").stdout)
    assert report["cpu_count"] >= 1 and "load_average_before" in report
    for game in ("pad", "digimon"):
        row = report["throughput"][game]
        assert row["screened"] > 0 and row["confirmed"] > 0 and row["paired_games"] > 0
        assert row["same_report"] is True  # 1 and 2 processes give the same report
        for label in ("one_process", "two_processes"):
            figures = row[label]
            assert figures["paired_games_per_s"] > 0
            assert figures["swaps_screened_per_minute"] > 0
            assert figures["confirmation_games_per_s"] > 0
        assert row["speedup_screening"] > 0
    for where in ("full_in_process", "full_on_workers"):
        run = report[where]["pad"]
        assert run["screened"] > 0 and run["confirmed"] > 0
        assert isinstance(run["pruned"], dict) and run["pruned_total"] >= 0
        assert run["games"] > 0 and run["seconds"] > 0 and run["ms_per_game"] > 0
        assert isinstance(run["meets_target"], bool)
    assert report["same_report"] is True  # the job's report is the in-process one
    calibration = report["calibration"]
    assert {row["game"] for row in calibration["swaps"]} == {"pad", "digimon"}
    for row in calibration["swaps"]:
        low, high = row["gain"]["low"], row["gain"]["high"]
        assert low <= row["gain"]["value"] <= high
        assert row["remeasured_games"] == calibration["factor"] * row["games"]
        assert row["inside"] == (low <= row["remeasured"]["value"] <= high)
    assert calibration["inside"] == sum(row["inside"] for row in calibration["swaps"])
    assert calibration["of"] == len(calibration["swaps"]) == 2
