"""A player's job never waits behind the site's own upkeep (cardsite/job_queues.py).

Loading the catalogue queues proxy pictures and the reference decks' gauntlet standings;
a goldfish run submitted meanwhile is played first, on the embedded queue as on Redis,
and the upkeep is still done once no player's chunk is waiting.
"""

from __future__ import annotations

import re

import pytest

from cards.tasks import draw_proxies
from tests import conftest as suite
from tests.clients import api
from tests.decklists import pad_list
from tests.jobs import workers as real
from tests.jobs.workers import finished, submitted

pytestmark = pytest.mark.django_db(transaction=True)

workers = real.workers
filesystem_queue = real.filesystem_queue
redis_queue = real.redis_queue

UPKEEP_TASKS = 6
JOB_CHUNKS = 3


def tasks_taken(worker: real.Worker) -> list[str]:
    """The task names in the order the worker took them (its log at INFO level)."""
    return re.findall(r"Task (\S+)\[[^\]]+\] received", worker.text())


@pytest.mark.parametrize("queue", ["filesystem_queue", "redis_queue"])
def test_a_players_job_is_played_before_upkeep_queued_earlier(
    transactional_db, settings, workers, queue, request
):
    suite.load_catalogue_cards()  # committed: the worker reads the cards from the database
    broker = request.getfixturevalue(queue)
    for _ in range(UPKEEP_TASKS):
        draw_proxies.apply_async(([],))
    settings.JOB_CHUNK_GAMES = 200
    client = api()
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 200 * JOB_CHUNKS}
    url = submitted(client, body)

    worker = workers.start(broker)  # one process: it takes one task at a time
    job = finished(client, url)
    real.wait_for(
        lambda: worker.played() == JOB_CHUNKS + UPKEEP_TASKS,
        60,
        f"the upkeep was not done after the job:\n{worker.text()}",
    )

    assert job["state"] == "done", job["error"]
    assert tasks_taken(worker) == (
        ["engine.play_chunk"] * JOB_CHUNKS + ["cards.draw_proxies"] * UPKEEP_TASKS
    )
