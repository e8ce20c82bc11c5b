"""manage.py jobs (issue 14): the recent jobs listed; --purge, --fail-stalled (for a cron)
and --cancel tend them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from engine.models import Job, JobChunk, PlayedGame

pytestmark = pytest.mark.django_db


def make_job(
    *, state="queued", done=0, total=3000, age=0, moved=0, expires_in=7 * 86400, client=""
):
    """A job of `client` created `age` seconds ago, last moved `moved` seconds ago."""
    now = timezone.now()
    job = Job.objects.create(
        kind="goldfish",
        game="pad",
        client=client,
        state=state,
        games_total=total,
        games_done=done,
        plan=b"",
        moved=now - timedelta(seconds=moved),
        expires=now + timedelta(seconds=expires_in),
    )
    Job.objects.filter(pk=job.pk).update(created=now - timedelta(seconds=age))
    return job


def jobs(capsys, *args: str) -> list[str]:
    call_command("jobs", *args)
    return capsys.readouterr().out.splitlines()


def test_the_list_shows_the_newest_jobs_first_with_their_progress_and_age(capsys):
    old = make_job(state="done", done=3000, age=7200)
    new = make_job(state="running", done=1000, age=30)
    header, *rows = jobs(capsys)
    assert header.split() == ["id", "kind", "state", "progress", "age"]
    assert rows[0].split() == [new.pk, "goldfish", "running", "1000/3000", "(33", "%)", "30", "s"]
    assert rows[1].split() == [old.pk, "goldfish", "done", "3000/3000", "(100", "%)", "2", "h"]
    assert [row.split() for row in jobs(capsys, "--limit", "1")[1:]] == [rows[0].split()]


def test_an_empty_list_says_so(capsys):
    assert jobs(capsys) == ["No jobs."]


def test_listing_is_one_query_however_many_jobs(capsys, django_assert_num_queries):
    for _ in range(5):
        make_job()
    with django_assert_num_queries(1):
        assert len(jobs(capsys)) == 6


def test_purge_deletes_the_finished_jobs_past_their_time_only(capsys):
    expired = make_job(state="done", expires_in=-60)
    kept = make_job(state="done")
    unfinished = make_job(state="running", expires_in=-60)
    assert jobs(capsys, "--purge") == [
        "1 expired jobs deleted.",
        "0 games started signed out deleted.",
        "0 stored runs nobody viewed deleted.",
    ]
    assert set(Job.objects.values_list("pk", flat=True)) == {kept.pk, unfinished.pk}
    assert not Job.objects.filter(pk=expired.pk).exists()


def test_fail_stalled_fails_the_jobs_no_worker_moved_for_the_stall_time(capsys, settings):
    settings.JOB_STALL_SECONDS = 300
    stalled = make_job(state="running", moved=301)
    queued = make_job(state="queued", moved=400)
    moving = make_job(state="running", moved=10)
    done = make_job(state="done", moved=4000)
    assert jobs(capsys, "--fail-stalled") == ["2 stalled jobs failed."]
    states = dict(Job.objects.values_list("pk", "state"))
    assert states == {
        stalled.pk: "failed",
        queued.pk: "failed",
        moving.pk: "running",
        done.pk: "done",
    }
    assert Job.objects.get(pk=stalled.pk).error_code == "workers_unavailable"


def chunk(job, *, leased=None, finished=None):
    """A chunk of `job` leased until `leased` seconds from now, finished `finished` s ago."""
    now = timezone.now()
    return JobChunk.objects.create(
        job=job,
        number=job.chunks.count(),
        recipe=0,
        start=0,
        stop=1000,
        leased_until=None if leased is None else now + timedelta(seconds=leased),
        token="m" if leased is not None else "",
        finished=None if finished is None else now - timedelta(seconds=finished),
    )


def test_fail_stalled_fails_a_job_whose_worker_died_while_other_jobs_move(capsys, settings):
    # Issue 24, finding 8: a job is judged by its own chunks, not by the whole queue's.
    settings.JOB_STALL_SECONDS = 300
    lost = make_job(state="running", moved=600, age=700, client="session:abc")
    chunk(lost, leased=-500)  # its worker died 500 s ago, nobody took the chunk since
    busy = make_job(state="running", moved=5, age=60, client="user:1")
    chunk(busy, finished=5)
    assert jobs(capsys, "--fail-stalled") == [
        "1 chunks of dead workers queued again.",
        "1 stalled jobs failed.",
    ]
    assert Job.objects.get(pk=lost.pk).error_code == "workers_unavailable"
    assert Job.objects.get(pk=busy.pk).state == "running"
    assert JobChunk.objects.get(job=lost).leased_until is None


def test_fail_stalled_spares_a_job_waiting_behind_its_clients_earlier_job(capsys, settings):
    # A client's jobs play in order: the later one waits while the first one moves.
    settings.JOB_STALL_SECONDS = 300
    make_job(state="running", moved=5, age=900, client="user:1")
    waiting = make_job(state="queued", moved=600, age=600, client="user:1")
    assert jobs(capsys, "--fail-stalled") == ["0 stalled jobs failed."]
    assert Job.objects.get(pk=waiting.pk).state == "queued"


def test_fail_stalled_spares_a_job_whose_long_chunk_is_playing(capsys, settings):
    settings.JOB_STALL_SECONDS = 300
    playing = make_job(state="running", moved=400, age=400)
    chunk(playing, leased=20)  # its worker renews the lease
    assert jobs(capsys, "--fail-stalled") == ["0 stalled jobs failed."]
    assert Job.objects.get(pk=playing.pk).state == "running"


def test_cancel_stops_an_unfinished_job(capsys):
    job = make_job(state="running", done=1000)
    assert jobs(capsys, "--cancel", job.pk) == [f"Job {job.pk} cancelled."]
    assert Job.objects.get(pk=job.pk).state == "cancelled"


def test_cancel_refuses_a_finished_or_unknown_job():
    done = make_job(state="done", done=3000)
    with pytest.raises(CommandError, match=f"Job {done.pk} is already done."):
        call_command("jobs", "--cancel", done.pk)
    with pytest.raises(CommandError, match="No job has the id nope."):
        call_command("jobs", "--cancel", "nope")


def test_purge_deletes_the_games_started_signed_out_nobody_touched_for_their_time(
    capsys, settings, owner
):
    """PLAY_ANONYMOUS_KEEP_DAYS (30) after its last move a game started signed out goes;
    a newer one stays, and an account's game stays however old."""
    settings.PLAY_ANONYMOUS_KEEP_DAYS = 30
    old = timezone.now() - timedelta(days=31)
    games = {
        name: PlayedGame.objects.create(game="pad", opponent_kind="goldfish", seed=1, owner=who)
        for name, who in (("stale", None), ("fresh", None), ("account", owner))
    }
    PlayedGame.objects.filter(pk__in=[games["stale"].pk, games["account"].pk]).update(updated=old)
    assert jobs(capsys, "--purge")[1] == "1 games started signed out deleted."
    left = set(PlayedGame.objects.values_list("pk", flat=True))
    assert left == {games["fresh"].pk, games["account"].pk}
