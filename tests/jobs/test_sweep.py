"""The workers' sweep (engine/jobs/sweeper.py): a dead worker's chunk is queued again, and
chunks whose messages were lost with a killed worker get new ones — but a job just queued,
whose messages are on their way to the workers, gets no spare ones."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from engine.jobs import leases, services
from engine.models import Job, JobChunk
from tests.clients import api
from tests.decklists import pad_list
from tests.jobs import workers as real

pytestmark = pytest.mark.django_db

filesystem_queue = real.filesystem_queue  # an empty queue of the test's own


def queued_job(settings, games: int = 300) -> str:
    """A job of 100-game chunks whose messages were never sent (the transaction of the test
    never commits)."""
    settings.JOB_CHUNK_GAMES = 100
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": games}
    return api().post("/api/jobs/", body, format="json").json()["id"]


def test_chunks_without_messages_get_new_ones_once_nobody_took_any_for_a_lease(
    catalogue, settings, filesystem_queue
):
    queued_job(settings)
    services.sweep()
    assert services.queued_messages() == 0  # just queued: its messages may be in flight

    Job.objects.update(moved=timezone.now() - timedelta(seconds=settings.JOB_LEASE_SECONDS + 1))
    services.sweep()
    assert services.queued_messages() == 3
    services.sweep()
    assert services.queued_messages() == 3  # never more than the chunks waiting


def test_a_dead_workers_chunk_is_queued_again_by_the_sweep(catalogue, settings, filesystem_queue):
    job_id = queued_job(settings)
    chunk = leases.claim("m1", "host:1")
    services.sweep()
    assert services.queued_messages() == 0  # its worker renews the lease

    JobChunk.objects.filter(pk=chunk.pk).update(leased_until=timezone.now() - timedelta(seconds=1))
    services.sweep()

    assert services.queued_messages() == 1
    released = JobChunk.objects.get(pk=chunk.pk)
    assert (released.leased_until, released.token, released.job_id) == (None, "", job_id)
    assert leases.claim("m2", "host:2").pk == chunk.pk  # the first in line again
