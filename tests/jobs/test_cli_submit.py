"""manage.py goldfish / matchup --submit (issue 14): the run goes to the workers and the
command prints what a local run prints, byte for byte; Ctrl-C, --timeout and a stalled or
cancelled job end it with an error; --no-wait only says where the job is."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction

from engine.jobs import cli
from engine.models import Job
from tests.clients import api
from tests.decklists import pad_list
from tests.goldfish.saved_decks import make_deck

pytestmark = pytest.mark.django_db


@pytest.fixture
def committed(monkeypatch):
    """The test's transaction never commits: run on-commit work (queueing the chunks) at
    once, as it runs when the command's own transaction commits."""
    monkeypatch.setattr(transaction, "on_commit", lambda work, using=None, robust=False: work())


@pytest.fixture
def lists(catalogue, tmp_path):
    paths = {}
    for attribute in ("fire", "water", "wood"):
        paths[attribute] = tmp_path / f"{attribute}.txt"
        paths[attribute].write_text(pad_list(attribute), encoding="utf-8")
    return paths


def output(capsys, command: str, *args: str) -> str:
    capsys.readouterr()
    call_command(command, *args)
    return capsys.readouterr().out


def both_ways(capsys, command: str, *args: str) -> tuple[str, str]:
    """(the local run's stdout, the submitted run's stdout)."""
    return output(capsys, command, *args), output(capsys, command, *args, "--submit")


@pytest.mark.parametrize("form", [[], ["--json"]], ids=["text", "json"])
def test_a_submitted_goldfish_run_prints_the_local_report_byte_for_byte(
    lists, eager, committed, capsys, form
):
    args = ["--list", str(lists["fire"]), "--game", "pad", "--games", "450", "--seed", "3"]
    local, submitted = both_ways(capsys, "goldfish", *args, *form)
    assert "450 games of pad" in local or '"games": 450,' in local
    assert submitted == local
    job = Job.objects.get()
    assert (job.state, job.games_done, job.chunks.count()) == ("done", 450, 5)


def test_a_submitted_run_of_a_saved_deck_is_readable_as_the_deck_is(
    catalogue, owner, other, eager, committed, capsys
):
    deck = make_deck(owner, "pad", visibility="private")
    local, submitted = both_ways(capsys, "goldfish", "--deck", str(deck.pk), "--games", "150")
    assert submitted == local
    url = cli.paths(Job.objects.get())["url"]
    assert api(owner).get(url).json()["state"] == "done"
    assert api(other).get(url).status_code == 404


def test_a_submitted_matchup_prints_the_local_report_byte_for_byte(lists, eager, committed, capsys):
    args = ["--game", "pad", "--list", str(lists["fire"]), "--games", "120", "--seed", "4"]
    args += ["--opponent", str(lists["water"]), "--opponent", str(lists["wood"])]
    local, submitted = both_ways(capsys, "matchup", *args)
    assert "against all of them:" in local
    assert submitted == local
    assert Job.objects.get().kind == "matchup"


def test_a_submitted_comparison_prints_the_local_report_byte_for_byte(
    lists, eager, committed, capsys
):
    args = ["--game", "pad", "--list", str(lists["fire"]), "--compare", str(lists["wood"])]
    args += ["--opponent", str(lists["water"]), "--games", "100", "--seed", "2"]
    local, submitted = both_ways(capsys, "matchup", *args)
    assert "fire − wood, win rate:" in local
    assert submitted == local
    assert Job.objects.get().games_total == 2 * 100


def test_a_submitted_runs_progress_bar_ends_at_every_game_played(lists, eager, committed, capsys):
    call_command(
        "goldfish", "--list", str(lists["fire"]), "--game", "pad", "--games", "200", "--submit"
    )
    assert capsys.readouterr().err.splitlines()[-1].endswith("] 200/200 games (100 %)")


def test_no_wait_prints_the_job_id_and_its_paths_and_leaves_it_queued(lists, capsys):
    out = output(
        capsys, "goldfish", "--list", str(lists["fire"]), "--game", "pad", "--submit", "--no-wait"
    )
    job = Job.objects.get()
    assert out.splitlines() == [job.pk, f"/api/jobs/{job.pk}/", f"/goldfish/jobs/{job.pk}/"]
    answer = api().get(f"/api/jobs/{job.pk}/").json()
    assert (answer["state"], answer["progress"]["total"]) == ("queued", 1000)
    out = output(
        capsys, "goldfish", "--list", str(lists["fire"]), "--game", "pad", "--submit", "--no-wait",
        "--json",
    )  # fmt: skip
    second = Job.objects.latest("created")
    assert json.loads(out) == {
        "id": second.pk,
        "url": f"/api/jobs/{second.pk}/",
        "page": f"/goldfish/jobs/{second.pk}/",
    }


def submitted_goldfish(lists, *args: str) -> CommandError:
    """Submit a goldfish run that no worker plays (its chunks are never queued) and return
    the command's error."""
    with pytest.raises(CommandError) as raised:
        call_command("goldfish", "--list", str(lists["fire"]), "--game", "pad", "--submit", *args)
    return raised.value


def test_ctrl_c_cancels_the_job(lists, monkeypatch):
    def interrupt(_seconds):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "wait", interrupt)
    error = submitted_goldfish(lists)
    job = Job.objects.get()
    assert str(error) == f"Interrupted: job {job.pk} was cancelled."
    assert error.returncode == 130
    assert job.state == "cancelled"


def test_a_timeout_cancels_the_job(lists):
    error = submitted_goldfish(lists, "--timeout", "0.2")
    job = Job.objects.get()
    assert str(error) == f"Job {job.pk} did not finish within 0.2 s: cancelled."
    assert error.returncode == 1
    assert job.state == "cancelled"


def test_a_job_cancelled_elsewhere_ends_the_command_with_an_error(lists, monkeypatch, capsys):
    def cancel_it(_seconds):
        call_command("jobs", "--cancel", Job.objects.get().pk)

    monkeypatch.setattr(cli, "wait", cancel_it)
    error = submitted_goldfish(lists)
    assert str(error) == f"Job {Job.objects.get().pk} was cancelled."
    assert error.returncode == 1


def test_a_job_no_worker_plays_fails_as_stalled(lists, settings):
    settings.JOB_STALL_SECONDS = 0
    error = submitted_goldfish(lists)
    job = Job.objects.get()
    assert str(error).startswith(f"Job {job.pk} failed (workers_unavailable): No worker played")
    assert job.state == "failed"


def test_job_options_go_with_submit_and_local_options_without(lists):
    args = ["goldfish", "--list", str(lists["fire"]), "--game", "pad"]
    with pytest.raises(CommandError, match="--no-wait goes with --submit"):
        call_command(*args, "--no-wait")
    with pytest.raises(CommandError, match="--processes is for runs played here"):
        call_command(*args, "--submit", "--processes", "2")
    with pytest.raises(CommandError, match="--log is for runs played here"):
        call_command("matchup", *args[1:], "--gauntlet", "--submit", "--log")
    assert not Job.objects.exists()
