# The job queue's application, loaded with Django so `shared_task`s bind to it.
from cardsite.celery import app as celery_app

__all__ = ("celery_app",)
