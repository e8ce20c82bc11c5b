"""Browser tests: Playwright drives Debian's Chromium against a live server of the site.

The browser is the system one (`apt-get install chromium-headless-shell`, or `chromium`, or
CHROMIUM=/path/to/it): no browser is ever downloaded. Every page a test looks at is saved
as a screenshot under E2E_ARTIFACTS (default `artifacts/e2e/<database>/`), and the last
page of a failing test too, so a CI run leaves pictures of what the user saw.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import django.utils.asyncio
import pytest
from django.conf import settings
from django.db import connections
from playwright.sync_api import Page, expect, sync_playwright

from engine.ladder import load_measured_ladders
from tests.conftest import load_catalogue_cards, load_reference_deck_rows
from tests.e2e.artifacts import artifacts_root

CHROMIUM_FLAGS = [
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox cannot start
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--no-default-browser-check",
    "--metrics-recording-only",
]

# Screenshots as JPEG: Chromium encodes a whole phone page's PNG in about twice the time,
# and the suite saves some 400 of them (issue 29: the suite's time); text stays readable.
SCREENSHOT = {"type": "jpeg", "quality": 75}

# Anything the page script throws, or a resource the CSP refused, fails the test.
CONSOLE_PROBLEM = re.compile(r"Content Security Policy|Uncaught|Refused to", re.IGNORECASE)


# Debian's headless shell first: the headless-only build of Chromium, the one Playwright
# itself runs headless. The full browser rendered the same pages for about half as much CPU
# again (the browser tests on two workers: 409 against 271 CPU-seconds, issue 29).
BROWSERS = ("chromium-headless-shell", "chromium", "chromium-browser")


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM") or next(filter(None, map(shutil.which, BROWSERS)), None)
    if not path:
        pytest.fail(
            "The browser tests need Chromium from the system packages: "
            "`apt-get install chromium-headless-shell` (or chromium, or set CHROMIUM to its "
            "path). `make test` installs it when run as root."
        )
    return path


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """Where this run's screenshots go (emptied once when the run started, not by each
    parallel worker: tests/conftest.py's pytest_sessionstart)."""
    directory = artifacts_root()
    directory.mkdir(parents=True, exist_ok=True)
    return directory


@pytest.fixture(scope="session")
def browser():
    # One browser a worker: starting Playwright's driver and Chromium took about a second of
    # CPU for every test module that used them (issue 29: the suite's time). Playwright's
    # sync API keeps an event loop running in this thread from the first browser test to the
    # end of the worker's session, and Django refuses ORM calls in a thread with a running
    # loop (the browser tests' own calls, and those of the tests the worker runs after them):
    # only that check is told there is none. The site has no async code, so the check has
    # nothing to find in the tests; DJANGO_ALLOW_ASYNC_UNSAFE would lift it as well, but
    # reach the processes later tests start (and fail their `check --deploy`).
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(django.utils.asyncio, "get_running_loop", _no_running_loop)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=chromium_path(), args=CHROMIUM_FLAGS
            )
            yield browser
            browser.close()
            # While that loop runs, asgiref keeps this thread's Django connections apart from
            # those opened before it (a thread-critical Local has a storage per context in a
            # thread with a running loop): the ones opened since are closed here, before the
            # loop stops and hides them. Left open, one kept the PostgreSQL test database
            # from being dropped at the end of the run (CI failed so, 2026-12-05).
            connections.close_all()


def _no_running_loop():
    raise RuntimeError("no running event loop")


@pytest.fixture
def site(live_server, transactional_db):
    """The live site with the starter catalogue loaded as `manage.py load_catalogue` loads it
    (cards, reference decks, measured ladders); its address. The cards are the rows the
    command wrote the first time, inserted in bulk: the command itself takes seconds, and a
    transactional test's flush empties the tables after every test."""
    load_catalogue_cards()
    load_reference_deck_rows()
    load_measured_ladders(settings.BASE_DIR / "fixtures" / "ladders")
    return live_server.url


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.e2e_failed = report.failed
    return report


class Visitor:
    """One person's browser session, which saves a screenshot of every page it checks."""

    def __init__(self, page: Page, site: str, shots: Path, prefix: str):
        self.page, self.site, self.shots, self.prefix = page, site, shots, prefix
        self.problems: list[str] = []
        self.count = 0
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on(
            "console",
            lambda message: (
                self.problems.append(f"console: {message.text}")
                if message.type == "error" and CONSOLE_PROBLEM.search(message.text)
                else None
            ),
        )

    def open(self, path: str) -> Page:
        self.page.goto(self.site + path)
        return self.page

    def log_in(self, username: str, password: str) -> Page:
        """Log in through the form, as a player would; back on the page it leads to."""
        page = self.open("/accounts/login/")
        page.locator("input[name=username]").fill(username)
        page.locator("input[name=password]").fill(password)
        page.locator("main form [type=submit]").click()
        expect(page.locator(".site-header form.logout")).to_have_count(1)
        return page

    def shot(self, name: str) -> Path:
        self.count += 1
        path = self.shots / f"{self.prefix}-{self.count:02d}-{name}.jpg"
        self.page.screenshot(path=path, full_page=True, **SCREENSHOT)
        return path


@pytest.fixture
def visitor_factory(browser, site, artifacts_dir, request):
    """Make visitors: each has its own browser context (cookies), like separate people."""
    visitors: list[Visitor] = []

    def make(name: str = "visitor", locale: str = "en-GB") -> Visitor:
        context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
        context.set_default_timeout(15_000)
        prefix = f"{request.node.name.removeprefix('test_')}-{name}"
        visitor = Visitor(context.new_page(), site, artifacts_dir, prefix)
        visitors.append(visitor)
        return visitor

    yield make
    for visitor in visitors:
        if getattr(request.node, "e2e_failed", False):
            visitor.shot("FAILED")
        visitor.page.context.close()
    problems = [problem for visitor in visitors for problem in visitor.problems]
    assert not problems, "the browser reported problems:\n" + "\n".join(problems)


@pytest.fixture
def visitor(visitor_factory) -> Visitor:
    return visitor_factory()


# The phone visitor's fixture, for every browser test module (tests/e2e/test_play.py too),
# defined beside the layout checks it measures with.
from tests.e2e.test_phone_layout import phone_factory as phone_factory  # noqa: E402
