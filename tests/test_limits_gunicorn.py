"""Issue 24, findings 2, 6 and 7 end to end: the real `gunicorn -w 4` without REDIS_URL and
with DEBUG off, as the README's production example ran it. Each limit holds to its number
whichever worker answers: before, each worker counted in its own memory (a log-in locked
after 7 to 10 failures instead of 5, 9 reset mails against 5 an hour), look-alike
usernames were never locked, and sign-up had no limit at all.
"""

from __future__ import annotations

import contextlib
import http.cookiejar
import json
import re
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bench.collected_static import collected_static
from bench.prepared_db import prepared_sqlite
from tests.gunicorn_server import manage, production_env, serving
from tests.proc import wait_until

WORKERS = 4
FAILURE_LIMIT, ANON_RATE, SIGNUP_RATE, RESET_RATE = 5, 8, 3, 2
PASSWORD = "the-right-password-24"


@pytest.fixture(scope="module")
def site():
    """gunicorn -w 4 on a migrated SQLite database, with an account to guess at."""
    with tempfile.TemporaryDirectory(prefix="cardsite-limits-") as directory:
        env = production_env(
            directory,
            "limits",
            LOGIN_FAILURE_LIMIT=str(FAILURE_LIMIT),
            LOGIN_API_RATE="1000/minute",  # the failure limit is under test, not this
            API_ANON_RATE=f"{ANON_RATE}/minute",
            SIGNUP_RATE=f"{SIGNUP_RATE}/hour",
            PASSWORD_RESET_RATE=f"{RESET_RATE}/hour",
        )
        prepared_sqlite(Path(directory) / "db.sqlite3", catalogue=False)  # as `migrate` leaves it
        # pages name their files from the manifest
        env["STATIC_ROOT"] = str(collected_static(env))
        manage(
            env,
            "shell",
            "-c",
            "from django.contrib.auth.models import User; "
            f"User.objects.create_user('victim', 'victim@example.org', '{PASSWORD}')",
        )
        with serving(env, workers=WORKERS) as base:
            assert wait_until(lambda: _answers(f"{base}/healthz"), 60), "the site did not start"
            yield base


def _answers(url: str) -> bool:
    with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=2):
        return True
    return False


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def request(opener, url: str, data: dict | None = None, *, as_json: bool = False) -> int:
    body, headers = None, {"Connection": "close"}  # a new connection: any worker may answer
    if data is not None and as_json:
        body, headers["Content-Type"] = json.dumps(data).encode(), "application/json"
    elif data is not None:
        body = urllib.parse.urlencode(data).encode()
    try:
        with opener.open(urllib.request.Request(url, body, headers), timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def form_post(base: str, path: str, fields: dict) -> int:
    """A browser's POST: open the form for its CSRF token, then send it."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
    with opener.open(f"{base}{path}", timeout=30) as page:
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.read().decode())
    return request(opener, f"{base}{path}", {"csrfmiddlewaretoken": token[1], **fields})


def test_log_in_failures_lock_at_the_limit_whichever_worker_answers(site):
    """Findings 2 and 6: look-alike spellings of one account, guessed at on every worker at
    once, get exactly LOGIN_FAILURE_LIMIT tries; then the right password is refused too."""
    opener = urllib.request.build_opener()
    spellings = ["victim", "\uff56ictim", "\U0001d42fictim"] * 6

    def guess(name: str) -> int:
        body = {"username": name, "password": "a-guess"}
        return request(opener, f"{site}/api/auth/token/", body, as_json=True)

    with ThreadPoolExecutor(WORKERS) as clients:
        answers = list(clients.map(guess, spellings))
    assert answers.count(400) == FAILURE_LIMIT, answers
    assert answers.count(429) == len(spellings) - FAILURE_LIMIT, answers
    right = {"username": "victim", "password": PASSWORD}
    assert request(opener, f"{site}/api/auth/token/", right, as_json=True) == 429


def test_the_anonymous_api_rate_holds_whichever_worker_answers(site):
    """Finding 6: every limit counted per worker."""
    opener = urllib.request.build_opener()
    answers = [request(opener, f"{site}/api/cards/?page_size=1") for _ in range(2 * ANON_RATE)]
    assert answers == [200] * ANON_RATE + [429] * ANON_RATE


def test_password_reset_mails_stay_within_their_rate(site):
    """Finding 6: "9 reset mails against 5/hour"."""
    answers = [
        form_post(site, "/accounts/password_reset/", {"email": "victim@example.org"})
        for _ in range(3 * RESET_RATE)
    ]
    assert answers == [302] * RESET_RATE + [429] * (2 * RESET_RATE)


def test_sign_ups_from_one_address_stay_within_their_rate(site):
    """Finding 7: "15 accounts in 5.6 s from one address"."""
    started = time.monotonic()
    answers = [
        form_post(
            site,
            "/accounts/signup/",
            {"username": f"newcomer{n}", "password1": PASSWORD, "password2": PASSWORD},
        )
        for n in range(3 * SIGNUP_RATE)
    ]
    assert answers == [302] * SIGNUP_RATE + [429] * (2 * SIGNUP_RATE)
    assert time.monotonic() - started < 60
