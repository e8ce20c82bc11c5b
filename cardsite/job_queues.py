"""Two job queues: players' runs first, the site's own background work after.

The site queues work of its own (proxy pictures after an import, the deck browser's gauntlet
standings after a deck is published or changed; loading the catalogue queues both for dozens
of cards and decks). On one queue, a player's job queued behind them would wait for all of
them. So that work goes to `<CELERY_QUEUE>.background`, and every worker reads the players'
queue first: it takes background work only while no player's chunk is waiting.

Redis has that order built in (`queue_order_strategy: priority`); the embedded queue's kombu
transport serves its queues in turn, so `PriorityFilesystemTransport` always asks the first
one first.
"""

from __future__ import annotations

from queue import Empty

from kombu import Exchange, Queue
from kombu.transport import filesystem
from kombu.utils.scheduling import FairCycle

# The embedded queue's transport (settings: CELERY_BROKER_TRANSPORT with a filesystem:// URL).
FILESYSTEM_TRANSPORT = "cardsite.job_queues:PriorityFilesystemTransport"

# Tasks of the site's own upkeep: nobody waits on the page for them.
BACKGROUND_TASKS = frozenset({"cards.draw_proxies", "decks.measure_gauntlet_standing"})


def background_queue(default_queue: str) -> str:
    return f"{default_queue}.background"


def queues(default_queue: str) -> list[Queue]:
    """The queues a worker reads, in the order it reads them. Each has an exchange and a
    routing key of its own, so that a message sent to one never lands in the other."""
    return [
        Queue(name, Exchange(name, type="direct"), routing_key=name)
        for name in (default_queue, background_queue(default_queue))
    ]


def route_task(name, args, kwargs, options, task=None, **_):
    """Celery router: background tasks to the background queue of the app's default queue,
    read when the task is sent (tests and benchmarks point the app at their own queue)."""
    if name not in BACKGROUND_TASKS:
        return None
    from cardsite.celery import app

    return {"queue": background_queue(app.conf.task_default_queue)}


class FirstQueueFirstCycle(FairCycle):
    """Asks the queues in their order every time, instead of taking turns."""

    def get(self, callback, **kwargs):
        self.pos = 0
        return super().get(callback, **kwargs)


class PriorityFilesystemChannel(filesystem.Channel):
    def _reset_cycle(self):
        self._cycle = FirstQueueFirstCycle(self._get_and_deliver, self._active_queues, Empty)


class PriorityFilesystemTransport(filesystem.Transport):
    Channel = PriorityFilesystemChannel
