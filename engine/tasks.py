"""Celery tasks of the job workers (found by `app.autodiscover_tasks()`)."""

from celery import shared_task

from engine.jobs import services


@shared_task(name="engine.play_chunk", acks_late=True, reject_on_worker_lost=True)
def play_chunk(job_id: str, number: int) -> None:
    services.play_chunk(job_id, number)
