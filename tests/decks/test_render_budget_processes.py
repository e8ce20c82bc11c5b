"""Issue 24, finding 5: the render budget holds across processes (gunicorn workers, app
servers): it counts in the limits store, Redis or else the database, never in a process's
own memory. Three processes charge one anonymous client at once."""

from __future__ import annotations

import pytest

from tests.test_limits_across_processes import PROCESSES, run_at_once

pytestmark = pytest.mark.django_db(transaction=True)


def test_renders_charged_by_several_workers_at_once_stay_within_the_budget():
    charged = run_at_once(
        "from django.contrib.auth.models import AnonymousUser\n"
        "from django.test import RequestFactory\n"
        "from decks import render_budget\n"
        "request = RequestFactory().get('/api/decks/x/proxies.pdf', REMOTE_ADDR='203.0.113.7')\n"
        "request.user = AnonymousUser()\n"
        "def run():\n"
        "    charged = []\n"
        "    for _ in range(12):\n"
        "        try:\n"
        "            charged.append(render_budget.charge(request, 100).units)\n"
        "        except render_budget.RenderBudgetExceeded:\n"
        "            charged.append(0)\n"
        "    return charged\n",
        RENDER_BUDGET_ANON="2000",
        RENDER_BUDGET_WINDOW="3600",  # one window for the whole test: no sliding
    )
    assert len(charged) == 12 * PROCESSES
    assert sum(charged) == 2000
