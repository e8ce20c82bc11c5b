"""Every chunk stops on time (issue 24, finding 1), played by a real worker: past its time
limit a chunk fails its job with a clear error, a cancelled job's playing chunk stops within
a second or two, the never-ending deck's games end as draws — and the next job runs."""

from __future__ import annotations

import time

import pytest

from engine.models import JobChunk
from tests.clients import api
from tests.decklists import pad_list
from tests.jobs import workers as real
from tests.jobs.workers import finished, running, submitted

pytestmark = pytest.mark.django_db(transaction=True)

workers = real.workers
filesystem_queue = real.filesystem_queue
committed_catalogue = real.committed_catalogue

# Issue 24: loops in one turn (Mythlit draws a Mythlit; issue 26 made Fire Orb Change, the
# finding's loop, a card whose printed orb test the engine does not run).
NEVER_ENDING = "Team:\n1 Lil' Black Dragon\nDeck:\n40 Mythlit"


def goldfish(games: int, text: str | None = None, **extra) -> dict:
    return {"kind": "goldfish", "game": "pad", "list": text or pad_list(), "games": games, **extra}


def test_a_chunk_past_its_time_limit_fails_its_job_and_the_next_job_runs(
    committed_catalogue, settings, workers, filesystem_queue
):
    worker = workers.start(filesystem_queue, env={"JOB_CHUNK_TIME_LIMIT": "1"})
    client = api()
    settings.JOB_CHUNK_GAMES = 40_000  # one chunk of 10 s at least
    slow = submitted(client, goldfish(40_000))
    settings.JOB_CHUNK_GAMES = 100
    after = submitted(client, goldfish(300))
    running(client, slow)
    started = time.monotonic()

    failed = finished(client, slow, seconds=15)
    took = time.monotonic() - started

    assert failed["state"] == "failed"
    assert failed["error"]["code"] == "chunk_time_limit"
    assert "after 1 s, its time limit" in failed["error"]["message"]
    assert took < 5, took
    assert finished(client, after, seconds=15)["state"] == "done"
    assert worker.played() == 4  # the slow chunk ended like any other


def test_a_cancelled_jobs_playing_chunk_stops_within_seconds(
    committed_catalogue, settings, workers, filesystem_queue
):
    worker = workers.start(filesystem_queue)
    client = api()
    settings.JOB_CHUNK_GAMES = 40_000  # one chunk of 10 s at least
    url = submitted(client, goldfish(40_000))
    running(client, url)
    worker.busy()

    assert client.delete(url).json()["state"] == "cancelled"
    cancelled = time.monotonic()
    real.wait_for(lambda: worker.played() == 1, 5, "the cancelled chunk kept playing")
    stopped = time.monotonic() - cancelled

    assert stopped < 3, stopped
    assert JobChunk.objects.get(job_id=client.get(url).json()["id"]).finished is None
    settings.JOB_CHUNK_GAMES = 100
    assert finished(client, submitted(client, goldfish(200)), seconds=15)["state"] == "done"


def test_the_never_ending_deck_as_a_job_ends_its_games_as_draws_and_the_next_job_runs(
    committed_catalogue, settings, workers, filesystem_queue
):
    workers.start(filesystem_queue)
    client = api()
    settings.JOB_CHUNK_GAMES = 200
    never = submitted(client, goldfish(400, NEVER_ENDING, allow_invalid=True, seed=1))
    after = submitted(client, goldfish(200))

    job = finished(client, never, seconds=30)

    assert job["state"] == "done", job["error"]
    assert job["report"]["games"] == 400
    assert sum(job["report"]["games_stopped"].values()) == 400
    assert finished(client, after, seconds=15)["state"] == "done"
