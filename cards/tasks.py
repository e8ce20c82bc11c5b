"""Celery tasks of the cards app (found by `app.autodiscover_tasks()`)."""

from celery import shared_task

from cards import predraw


@shared_task(name="cards.draw_proxies", acks_late=True, reject_on_worker_lost=True)
def draw_proxies(card_ids: list[int]) -> None:
    """Draw the missing proxies of these cards (a batch of cards/predraw.py)."""
    predraw.predraw_proxies(card_ids)
