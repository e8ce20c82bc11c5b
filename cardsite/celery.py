"""The Celery application of the job workers: `celery -A cardsite worker` (README, Jobs)."""

from __future__ import annotations

import os
from pathlib import Path

from celery import Celery
from celery.signals import worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")

app = Celery("cardsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.on_after_configure.connect
def _make_queue_folders(sender, **_kwargs) -> None:
    """The embedded queue (kombu's filesystem transport) expects its folders to exist."""
    if not str(sender.conf.broker_url).startswith("filesystem:"):
        return
    options = sender.conf.broker_transport_options or {}
    for key in ("data_folder_in", "data_folder_out", "control_folder"):
        if options.get(key):
            Path(options[key]).mkdir(parents=True, exist_ok=True)


@worker_process_init.connect
def _yield_to_the_site(**_kwargs) -> None:
    """Games run at a lower CPU priority (JOB_WORKER_NICE, 10) so that a worker sharing a
    machine with the web server (`make run`, a small site) never slows its pages down."""
    os.nice(int(os.environ.get("JOB_WORKER_NICE", "10")))
