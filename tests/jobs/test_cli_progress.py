"""The progress bar of manage.py goldfish / matchup (local or --submit): games done of the
total and the percent, redrawn in place on a terminal, a line per step in a log."""

from __future__ import annotations

import io
from datetime import timedelta

from django.utils import timezone

from engine.jobs.cli import ProgressBar, age


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_in_a_log_each_step_is_a_line_and_a_repeated_step_is_not():
    log = io.StringIO()
    bar = ProgressBar(log)
    for done in (0, 0, 1000, 1000, 2000, 3000):
        bar(done, 3000)
    assert log.getvalue().splitlines() == [
        "[..............................] 0/3000 games (0 %)",
        "[##########....................] 1000/3000 games (33 %)",
        "[####################..........] 2000/3000 games (66 %)",
        "[##############################] 3000/3000 games (100 %)",
    ]


def test_a_log_gets_at_most_a_line_per_percent():
    log = io.StringIO()
    bar = ProgressBar(log)
    for done in range(0, 100_001, 250):
        bar(done, 100_000)
    assert len(log.getvalue().splitlines()) == 101


def test_on_a_terminal_the_bar_is_redrawn_in_place_and_ends_the_line_when_done():
    terminal = Terminal()
    bar = ProgressBar(terminal)
    bar(0, 200)
    bar(100, 200)
    bar(200, 200)
    assert terminal.getvalue() == (
        "\r[..............................] 0/200 games (0 %)"
        "\r[###############...............] 100/200 games (50 %)"
        "\r[##############################] 200/200 games (100 %)\n"
    )


def test_a_bar_stopped_half_way_ends_its_line_for_the_error_after_it():
    terminal = Terminal()
    bar = ProgressBar(terminal)
    bar(100, 200)
    bar.close()
    assert terminal.getvalue().endswith("(50 %)\n")
    finished = Terminal()
    bar = ProgressBar(finished)
    bar(200, 200)
    bar.close()
    assert finished.getvalue().endswith("(100 %)\n") and not finished.getvalue().endswith("\n\n")


def test_an_age_reads_in_its_largest_whole_unit():
    now = timezone.now()
    ages = [age(now - timedelta(seconds=s), now) for s in (5, 59, 60, 3599, 7200, 200_000)]
    assert ages == ["5 s", "59 s", "1 min", "59 min", "2 h", "2 d"]
