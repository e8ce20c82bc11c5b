"""Issue 24, finding 6: without REDIS_URL every limit counted per process (a gunicorn worker's
own memory): 40,000 anonymous goldfish games against a budget of 20,000 a minute, a log-in
locked after 7 to 10 failures instead of 5. Limits now count in the database when there
is no Redis; these tests count from separate processes at once, on the test database.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest
from django.conf import settings

from tests.jobs.workers import database_url

pytestmark = pytest.mark.django_db(transaction=True)

PROCESSES = 3


def run_at_once(code: str, **env: str) -> list:
    """Run `code` in PROCESSES fresh Pythons with the site's settings (no Redis) on the test
    database, all starting at the same instant; each prints a JSON list, returned joined."""
    start = time.time() + 4  # after every process has set Django up
    script = (
        "import json, sys, time\n"
        "import django\n"
        "django.setup()\n"
        f"{code}\n"
        f"time.sleep(max(0.0, {start} - time.time()))\n"
        "print(json.dumps(run()))\n"
    )
    environment = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY",)}
    environment |= {
        "DJANGO_SETTINGS_MODULE": "cardsite.settings",
        "DEBUG": "1",
        "DATABASE_URL": database_url(),
        "REDIS_URL": "",
        "REQUEST_LOG": "0",
        **env,
    }
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", script],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=environment,
            cwd=settings.BASE_DIR,
        )
        for _ in range(PROCESSES)
    ]
    results = []
    for process in processes:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        results.extend(json.loads(out.strip().splitlines()[-1]))
    return results


def test_a_counter_incremented_by_several_processes_at_once_holds_their_sum():
    """Every increment lands: the totals handed out are 1, 2, 3… with none twice (a read
    then a write, as Django's DatabaseCache.incr does, would hand out some twice)."""
    totals = run_at_once(
        "from cardsite.limits_cache import count, limits\n"
        "def run():\n"
        "    return [count(limits, 'cross-process-counter', 1, 60) for _ in range(40)]\n"
    )
    assert sorted(totals) == list(range(1, 40 * PROCESSES + 1))


def test_log_in_attempts_from_several_workers_at_once_stop_at_the_limit():
    """Issue 24, finding 6: "log-in lock after 7–10 failures" with a limit of 5."""
    allowed = run_at_once(
        "from django.test import RequestFactory\n"
        "from cardsite import login_limits\n"
        "request = RequestFactory().post('/accounts/login/', REMOTE_ADDR='203.0.113.5')\n"
        "def run():\n"
        "    return [login_limits.begin_attempt(request, 'victim') for _ in range(8)]\n",
        LOGIN_FAILURE_LIMIT="5",
    )
    assert allowed.count(True) == 5


def test_goldfish_games_charged_by_several_workers_at_once_stay_within_the_budget():
    """Issue 24, finding 6: "40,000 anonymous goldfish games accepted against a budget of
    20,000 per minute"."""
    charged = run_at_once(
        "from django.contrib.auth.models import AnonymousUser\n"
        "from django.test import RequestFactory\n"
        "from engine import budget\n"
        "request = RequestFactory().post('/api/goldfish/', REMOTE_ADDR='203.0.113.6')\n"
        "request.user = AnonymousUser()\n"
        "def run():\n"
        "    charged = []\n"
        "    for _ in range(12):\n"
        "        try:\n"
        "            charged.append(budget.charge(request, 1000).games)\n"
        "        except budget.BudgetExceeded:\n"
        "            charged.append(0)\n"
        "    return charged\n",
        GOLDFISH_BUDGET_ANON="20000",
        GOLDFISH_BUDGET_WINDOW="3600",  # one window for the whole test: no sliding
    )
    assert sum(charged) == 20_000
