"""gunicorn.conf.py's worker start: each worker loads every view of the site before it takes
a request, so no request (the first after a worker starts or restarts) pays those imports,
and freezes what it then holds, so no full collection after its first request walks it."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.gunicorn_server import ROOT, production_env

# Modules of views from each part of the site: pages, the API, deck pages, play.
VIEWS = ["cards.views", "cards.api.views", "decks.urls", "engine.api_views", "engine.play_urls"]
# As a gunicorn worker starts: the WSGI application is loaded (cardsite.wsgi), then the
# configuration's post_worker_init hook is called with the worker.
WORKER_START = f"""
import gc, json, runpy, sys
import cardsite.wsgi
loaded = lambda: [name for name in {VIEWS!r} if name in sys.modules]
before, frozen_before = loaded(), gc.get_freeze_count()
runpy.run_path("gunicorn.conf.py")["post_worker_init"](None)
print(json.dumps([before, loaded(), frozen_before, gc.get_freeze_count(), gc.get_count()[2]]))
"""


def test_a_worker_loads_the_views_before_its_first_request(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", WORKER_START],
        cwd=ROOT,
        env=production_env(str(tmp_path), "worker-start"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    before, after, frozen_before, frozen_after, old_generation = json.loads(done.stdout)
    assert before == []  # the application alone loads none of them
    assert after == VIEWS
    # ... and what it holds then is frozen: the full collection after its first request
    # walks only what that request made
    assert frozen_before == 0 and frozen_after > 50_000 and old_generation == 0
