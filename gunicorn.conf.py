"""gunicorn's settings for this site: `gunicorn cardsite.wsgi` started in this folder reads
them (gunicorn reads ./gunicorn.conf.py by default; `-c gunicorn.conf.py` names it from
elsewhere). Command-line options (`-w`, `-b`, `--timeout`) still apply on top.
"""

# The request line (method, address, protocol) may hold 8190 bytes, gunicorn's most (its
# default, 4094, answered any /api/ address over 4 KB with an HTML 400 the site never saw).
# Addresses up to that size reach the site, which answers an /api/ address longer than
# API_MAX_URL_BYTES (4096) with JSON 414 `uri_too_long` (cardsite/middleware.py); only a
# request line over 8190 bytes still gets gunicorn's own HTML 400.
limit_request_line = 8190


def post_worker_init(worker):
    """Load every view of the site as the worker starts, not in its first request: that
    request paid the imports (0.15 s of CPU; a /healthz answer on a busy machine took
    1.4 s), and so did the first after every worker restart. Then freeze what the worker
    holds (cardsite/gc_freeze.py), so the full collection after its first request is short."""
    from django.urls import get_resolver

    from cardsite.gc_freeze import freeze_now

    get_resolver().url_patterns  # noqa: B018 - importing the URLconf imports every view
    freeze_now()


# gunicorn's sync worker, woken alone for a connection rather than with every idle worker
# (cardsite/gunicorn_worker.py; `-k sync` on the command line still picks gunicorn's own).
worker_class = "cardsite.gunicorn_worker.ExclusiveSyncWorker"
