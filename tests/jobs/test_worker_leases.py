"""A worker that dies loses nothing on any broker (issue 24, finding 8): the database leases
each playing chunk to its worker, and once a dead worker's lease has run out another worker
plays the chunk — on the embedded queue too, which loses the message of a killed worker."""

from __future__ import annotations

import time

import pytest

from engine.models import JobChunk
from tests.clients import api
from tests.jobs import test_workers
from tests.jobs import workers as real
from tests.jobs.test_workers import LONG_CHUNKS, long_matchup, long_matchup_in_process, text
from tests.jobs.workers import finished, running, submitted

pytestmark = pytest.mark.django_db(transaction=True)

workers = real.workers
filesystem_queue = real.filesystem_queue
committed_gauntlet = test_workers.committed_gauntlet

LEASE = 2  # seconds


def test_a_whole_worker_killed_mid_chunk_on_the_embedded_queue_is_replaced_within_its_lease(
    committed_gauntlet, settings, workers, filesystem_queue
):
    settings.JOB_CHUNK_GAMES = LONG_CHUNKS  # 4 chunks of a few seconds
    env = {"JOB_LEASE_SECONDS": str(LEASE)}
    first, second = [workers.start(filesystem_queue, env=env, wait=False) for _ in range(2)]
    first.wait_ready(), second.wait_ready()
    client = api()
    url = submitted(client, long_matchup())
    running(client, url)
    pool = first.busy()
    lost = JobChunk.objects.get(worker__endswith=f":{pool}", finished__isnull=True)

    first.kill()  # main process and pool at once: its message dies with it
    killed = time.monotonic()
    real.wait_for(
        lambda: JobChunk.objects.filter(pk=lost.pk, attempts=2).exists(),
        LEASE + 5,
        "the dead worker's chunk was not taken again",
    )
    taken_again = time.monotonic() - killed

    job = finished(client, url, seconds=60)
    assert job["state"] == "done", job["error"]
    assert text(job["report"]) == long_matchup_in_process()
    assert LEASE - 1 < taken_again < LEASE + 5
    assert JobChunk.objects.get(pk=lost.pk).finished is not None
