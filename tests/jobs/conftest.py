"""Jobs played by the Celery task in this process (task_always_eager): the queue's
contract is tested with real worker processes in test_workers.py."""

from __future__ import annotations

import pytest

from cardsite.celery import app


@pytest.fixture
def eager(settings):
    """Chunks run as soon as they are queued, i.e. when the submitting transaction commits
    (captured and executed by the test)."""
    settings.JOB_CHUNK_GAMES = 100
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False
