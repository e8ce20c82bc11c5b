"""Issue 11 item 3: a goldfish run is stopped (503 time_limit) before the server's worker
timeout kills the worker, so the client always gets an answer."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_goldfish_time_limit_is_below_the_readme_gunicorn_worker_timeout():
    commands = [
        line for line in README.read_text().splitlines() if "gunicorn cardsite.wsgi" in line
    ]
    production = [line for line in commands if "-w " in line or "--workers" in line]
    assert production, "the README shows no production gunicorn command"
    for line in production:
        timeout = re.search(r"(?:--timeout[ =]|-t )(\d+)", line)
        assert timeout, f"the README's gunicorn command sets no worker timeout: {line}"
        assert int(timeout.group(1)) > settings.GOLDFISH_API_TIME_LIMIT
