"""Fair queue with real concurrency (issue 24, finding 7): workers taking chunks at once
never take one twice, and a small job is played within seconds while another client has a
big one queued, through a real worker process."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection

from engine.jobs import leases
from engine.models import JobChunk
from tests.clients import api
from tests.decklists import pad_list
from tests.jobs import workers as real
from tests.jobs.test_fair_queue import submit
from tests.jobs.workers import finished, running, submitted

pytestmark = pytest.mark.django_db(transaction=True)

workers = real.workers
filesystem_queue = real.filesystem_queue
committed_catalogue = real.committed_catalogue


def test_workers_taking_chunks_at_once_never_take_the_same_one(committed_catalogue, settings):
    settings.JOB_CHUNK_GAMES = 100
    submit(api(), 3000)  # 30 chunks
    taken: list[int] = []
    errors: list[BaseException] = []

    def worker(number: int) -> None:
        try:
            while (chunk := leases.claim(f"w{number}-{len(taken)}", f"host:{number}")) is not None:
                taken.append(chunk.pk)
        except BaseException as error:  # noqa: BLE001 - reported by the test
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert not errors, errors
    assert sorted(taken) == sorted(JobChunk.objects.values_list("pk", flat=True))
    assert set(JobChunk.objects.values_list("attempts", flat=True)) == {1}


def test_a_small_job_is_played_within_seconds_while_another_client_has_a_big_one_queued(
    committed_catalogue, settings, workers, filesystem_queue, django_user_model
):
    worker = workers.start(filesystem_queue)  # one process
    heavy = api(django_user_model.objects.create_user("heavy", password="pw-heavy-123"))
    settings.JOB_CHUNK_GAMES = 2000  # about half a second each: 30 s of games queued
    big = submitted(heavy, {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 60_000})
    running(heavy, big)
    worker.busy()
    settings.JOB_CHUNK_GAMES = 200
    light = api()

    start = time.monotonic()
    small = finished(
        light,
        submitted(light, {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 400}),
        seconds=10,
    )
    took = time.monotonic() - start

    assert small["state"] == "done", small["error"]
    # Its 2 chunks took turns with the big job's: it did not wait for the 29 queued before it.
    assert took < 8, took
    assert heavy.get(big).json()["progress"]["percent"] < 50
    assert heavy.delete(big).json()["state"] == "cancelled"
