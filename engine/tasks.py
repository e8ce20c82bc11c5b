"""Celery tasks of the job workers (found by `app.autodiscover_tasks()`), and the workers'
watch over dead workers' chunks (engine/jobs/sweeper.py), started with each worker."""

from celery import shared_task
from celery.signals import worker_ready, worker_shutdown
from django.conf import settings

from engine.jobs import services, sweeper

# A chunk stops itself at JOB_CHUNK_TIME_LIMIT (engine/core/limits.py); this hard limit only
# ends a process that stopped listening (its chunk is then taken again, MAX_ATTEMPTS times).
HARD_TIME_LIMIT = settings.JOB_CHUNK_TIME_LIMIT + 60


@shared_task(
    bind=True,
    name="engine.play_chunk",
    acks_late=True,
    reject_on_worker_lost=True,
    time_limit=HARD_TIME_LIMIT,
)
def play_chunk(self, *_chunk) -> None:
    """Play the next chunk the database gives (messages queued before issue 24 named their
    job and chunk: they count as any other)."""
    services.play_next(self.request.id or "")


@worker_ready.connect
def _start_sweeper(**_kwargs) -> None:
    sweeper.start()


@worker_shutdown.connect
def _stop_sweeper(**_kwargs) -> None:
    sweeper.stop()


@shared_task(name="engine.refresh_ladder", acks_late=True)
def refresh_ladder(game: str, games: int, players: list[str], seed: int = 0) -> int:
    """Measure PLAY-2's ladder of `game` on the worker and store it for the ladder page;
    returns the stored run's id."""
    from engine.ladder import run_ladder
    from engine.models import LadderRun

    report = run_ladder(game, games=games, players=tuple(players), seed=seed)
    return LadderRun.objects.create(game=game, games=games, report=report).pk
