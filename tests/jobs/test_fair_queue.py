"""The workers are shared fairly between clients (issue 24, finding 7): a message names no
chunk, the worker takes the next one from the database — the client with the fewest chunks
playing, then the one served longest ago; a client's own jobs in order."""

from __future__ import annotations

import pytest

from engine.jobs import leases
from engine.models import JobChunk
from tests.clients import api
from tests.decklists import pad_list


def submit(client, games: int) -> str:
    """A goldfish job's id (queued: these tests take its chunks themselves)."""
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": games}
    response = client.post("/api/jobs/", body, format="json")
    assert response.status_code == 202, response.json()
    return response.json()["id"]


def finish(chunk: JobChunk) -> None:
    JobChunk.objects.filter(pk=chunk.pk).update(finished=chunk.job.created, leased_until=None)


@pytest.mark.django_db
def test_a_second_client_gets_the_next_free_process_however_much_the_first_queued(
    catalogue, owner, other, settings
):
    settings.JOB_CHUNK_GAMES = 100
    big = submit(api(owner), 2000)  # 20 chunks
    small = submit(api(other), 200)
    # Two processes: each takes a chunk, the third waits for a free one.
    taken = [leases.claim(f"m{n}", "host:1").job_id for n in range(4)]
    assert taken == [big, small, big, small]


@pytest.mark.django_db
def test_clients_take_turns_and_each_clients_jobs_play_in_order(catalogue, owner, other, settings):
    settings.JOB_CHUNK_GAMES = 100
    first = submit(api(owner), 300)
    second = submit(api(owner), 200)
    anonymous = submit(api(), 300)  # a browser session is a client too
    late = submit(api(other), 100)
    order = []
    for n in range(9):  # one process: each chunk is finished before the next is taken
        chunk = leases.claim(f"m{n}", "host:1")
        order.append(chunk.job_id)
        finish(chunk)
    assert order == [first, anonymous, late, first, anonymous, first, anonymous, second, second]
    assert leases.claim("m9", "host:1") is None
