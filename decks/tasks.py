"""Celery tasks of the decks app (found by `app.autodiscover_tasks()`)."""

from celery import shared_task

from decks import gauntlet_standing


@shared_task(name="decks.measure_gauntlet_standing", acks_late=True, reject_on_worker_lost=True)
def measure_gauntlet_standing(deck_id: str, revision: int) -> None:
    """Play a public deck's revision against its game's gauntlet and store its standing."""
    gauntlet_standing.measure_standing(deck_id, revision)
