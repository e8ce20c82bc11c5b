"""Jobs played by real worker processes (`celery -A cardsite worker`), faults included
(issue 14): the report is the in-process one byte for byte whoever plays the chunks, a
worker killed mid-chunk loses nothing, a queue without workers fails the job with a clear
error, and a cancelled job stops its workers at the next chunk."""

from __future__ import annotations

import functools
import json
import os
import signal
import time

import pytest

from decks.reference import load_reference_decks
from engine.matchup_services import MatchupRequest, gauntlet, match_deck, matchup_report
from engine.models import JobChunk
from engine.services import GoldfishRequest, entries_for, goldfish_report
from tests import conftest as suite
from tests.clients import api
from tests.decklists import pad_list
from tests.jobs import workers as real
from tests.jobs.workers import finished, running, submitted

pytestmark = pytest.mark.django_db(transaction=True)

workers = real.workers
filesystem_queue = real.filesystem_queue
redis_queue = real.redis_queue


@pytest.fixture
def committed_gauntlet(transactional_db):
    """The catalogue and reference decks, committed: the workers read them from the database
    (the suite's `gauntlet` fixture keeps them in a transaction no other process sees)."""
    suite.load_catalogue_cards()
    load_reference_decks()


def text(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def matchup_body(games: int, seed: int) -> dict:
    return {
        "kind": "matchup",
        "game": "pad",
        "deck": {"list": pad_list("fire"), "name": "Fire"},
        "opponents": "gauntlet",
        "games": games,
        "seed": seed,
    }


def matchup_in_process(games: int, seed: int) -> str:
    run = MatchupRequest(
        game="pad",
        deck=match_deck("pad", text=pad_list("fire"), name="Fire"),
        opponents=gauntlet("pad"),
        games=games,
        seed=seed,
    )
    return text(matchup_report(run, processes=1))


def test_two_worker_processes_give_the_in_process_reports_byte_for_byte(
    committed_gauntlet, settings, workers, filesystem_queue
):
    settings.JOB_CHUNK_GAMES = 300
    first, second = [workers.start(filesystem_queue, wait=False) for _ in range(2)]
    first.wait_ready(), second.wait_ready()
    client = api()
    goldfish = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 1200, "seed": 3}
    goldfish_url = submitted(client, goldfish)
    matchup_url = submitted(client, matchup_body(games=300, seed=8))  # 7 opponents: 7 chunks

    goldfish_job = finished(client, goldfish_url)
    matchup_job = finished(client, matchup_url)

    assert goldfish_job["state"] == "done", goldfish_job["error"]
    assert goldfish_job["progress"] == {"done": 1200, "total": 1200, "percent": 100}
    run = GoldfishRequest("pad", entries_for("pad", text=pad_list()), games=1200, seed=3)
    assert text(goldfish_job["report"]) == text(goldfish_report(run, processes=1))
    assert matchup_job["state"] == "done", matchup_job["error"]
    assert matchup_job["progress"]["total"] == 300 * len(gauntlet("pad"))
    assert text(matchup_job["report"]) == matchup_in_process(games=300, seed=8)
    # Both workers took part: the 11 chunks were shared, not played by one of them.
    assert first.played() > 0 and second.played() > 0
    assert first.played() + second.played() == 4 + 7


# Two opponents, 2,000 games each in chunks of 1,000: a chunk takes seconds, time enough to
# kill the process playing it.
LONG_CHUNKS = 1000


def long_matchup() -> dict:
    return {
        "kind": "matchup",
        "game": "pad",
        "deck": {"list": pad_list("fire"), "name": "Fire"},
        "opponents": [{"list": pad_list("water")}, {"list": pad_list("wood")}],
        "games": 2000,
        "seed": 5,
    }


@functools.cache
def long_matchup_in_process() -> str:
    body = long_matchup()
    run = MatchupRequest(
        game="pad",
        deck=match_deck("pad", text=pad_list("fire"), name="Fire"),
        opponents=[
            match_deck("pad", text=pad_list("water"), name="Opponent 1"),
            match_deck("pad", text=pad_list("wood"), name="Opponent 2"),
        ],
        games=body["games"],
        seed=body["seed"],
    )
    return text(matchup_report(run, processes=1))


def long_matchup_started(settings, workers, queue, env=None):
    """The long matchup submitted, a worker of `queue` in the middle of one of its chunks:
    (that worker, its busy pool process, the client, the job's URL)."""
    settings.JOB_CHUNK_GAMES = LONG_CHUNKS
    worker = workers.start(queue, env=env)
    client = api()
    url = submitted(client, long_matchup())
    running(client, url)
    return worker, worker.busy(), client, url


def test_a_pool_process_killed_mid_chunk_loses_nothing(
    committed_gauntlet, settings, workers, filesystem_queue
):
    worker, pool, client, url = long_matchup_started(settings, workers, filesystem_queue)

    os.kill(pool, signal.SIGKILL)

    job = finished(client, url, seconds=60)
    assert job["state"] == "done", job["error"]
    assert text(job["report"]) == long_matchup_in_process()
    log = worker.text()
    assert f"pid:{pool} exited with 'signal 9 (SIGKILL)'" in log, log[-2000:]
    assert "WorkerLostError" in log  # the chunk it was playing went back to the queue
    assert pool not in worker.pool()  # a new pool process took over


@pytest.mark.parametrize("redis_queue", [5], indirect=True)  # visibility timeout, seconds
def test_a_whole_worker_killed_mid_chunk_loses_nothing_once_another_worker_starts(
    committed_gauntlet, settings, workers, redis_queue
):
    first, _pool, client, url = long_matchup_started(settings, workers, redis_queue)

    first.kill()  # main process and pool at once: nobody is left to give the chunk back
    killed = time.monotonic()
    stuck = client.get(url).json()
    assert stuck["state"] == "running" and stuck["progress"]["done"] < 4000, stuck
    # Redis hands an unacknowledged chunk out again once its visibility timeout is over; a
    # worker looks for such chunks when it starts (then only every few minutes).
    time.sleep(max(0.0, killed + redis_queue.visibility_timeout + 0.5 - time.monotonic()))
    second = workers.start(redis_queue)

    job = finished(client, url, seconds=60)
    assert job["state"] == "done", job["error"]
    assert text(job["report"]) == long_matchup_in_process()
    assert second.played() >= 3  # the lost chunk and the two nobody had taken


def test_a_job_no_worker_takes_fails_with_workers_unavailable(
    committed_gauntlet, settings, filesystem_queue
):
    settings.JOB_STALL_SECONDS = 2
    client = api()
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 600}
    url = submitted(client, body)
    assert client.get(url).json()["state"] == "queued"

    job = finished(client, url, seconds=20)

    assert job["state"] == "failed"
    assert job["error"]["code"] == "workers_unavailable"
    assert "2 s" in job["error"]["message"]
    assert job["progress"]["done"] == 0


def test_a_running_job_whose_workers_are_gone_fails_instead_of_running_forever(
    committed_gauntlet, settings, workers, filesystem_queue
):
    lease = {"JOB_LEASE_SECONDS": "2"}  # the killed worker's chunk is free again after 2 s
    worker, _pool, client, url = long_matchup_started(settings, workers, filesystem_queue, lease)
    worker.kill()
    settings.JOB_STALL_SECONDS = 3

    job = finished(client, url, seconds=20)

    assert job["state"] == "failed"
    assert job["error"]["code"] == "workers_unavailable"
    assert job["started"] is not None  # a worker had taken a chunk
    assert job["progress"]["done"] < job["progress"]["total"]


def test_a_cancelled_job_stops_its_workers_at_the_next_chunk(
    committed_gauntlet, settings, workers, redis_queue
):
    # On Redis, the production broker: a worker of the embedded queue polls its folder once a
    # second, which would make skipping the queued chunks as slow as playing them.
    settings.JOB_CHUNK_GAMES = 200  # 40 chunks of about half a second each
    body = {**long_matchup(), "games": 8000, "opponents": [{"list": pad_list("water")}]}
    first, second = [workers.start(redis_queue, wait=False) for _ in range(2)]
    first.wait_ready(), second.wait_ready()
    client = api()
    url = submitted(client, body)
    running(client, url)

    cancelled = client.delete(url)
    assert cancelled.status_code == 200, cancelled.json()
    assert cancelled.json()["state"] == "cancelled"
    at_cancel = cancelled.json()["progress"]["done"]

    # The workers go through the 40 queued chunks, skipping each one: in far less time than
    # playing them would take (10 s on two processes).
    real.wait_for(lambda: first.played() + second.played() == 40, 5, "the queue never drained")
    job = client.get(url).json()
    assert job["state"] == "cancelled"
    assert job["progress"]["done"] == at_cancel < 1000
    played = JobChunk.objects.filter(job_id=job["id"], finished__isnull=False).count()
    assert played <= at_cancel // 200 + 2  # at most the chunks in hand when it was cancelled
