"""Settings for in-process benchmarks: the site's settings with the benchmark's own rates.

The site throttles anonymous API clients (API_ANON_RATE, 300/minute by default), and a
benchmark is one client making thousands of requests: with the site's rates it measures
429 answers after the first few hundred. Here every throttle scope of the site is kept
(its cache look-ups stay part of the latency measured) but set to BENCH_THROTTLE_RATE
(environment variable; default 1000000/minute), which a benchmark never reaches.
"""

from __future__ import annotations

import os

from cardsite import settings as site
from cardsite.settings import *  # noqa: F403

BENCH_THROTTLE_RATE = os.environ.get("BENCH_THROTTLE_RATE", "1000000/minute")

REST_FRAMEWORK = {
    **site.REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": dict.fromkeys(
        site.REST_FRAMEWORK.get("DEFAULT_THROTTLE_RATES", {}), BENCH_THROTTLE_RATE
    ),
}

# Pages rendered in-process name their static files without a collectstatic run first.
STORAGES = {
    **site.STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# The render budget (decks/render_budget.py) stays on, as the throttles do, at a size no
# benchmark reaches: its bookkeeping is measured, never a 429.
RENDER_BUDGET_ANON = RENDER_BUDGET_USER = 10**12

# The limits store: the site puts it in the database when there is no Redis, and a request
# would then time a handful of row-locked writes of its throttle counter. A benchmark is one
# process, as if the site had Redis: its counters live in this process's memory.
CACHES = {
    **site.CACHES,
    "limits": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "limits"},
}
