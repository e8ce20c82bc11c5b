"""A gauntlet above the synchronous size, started from the matchup page in a real browser
and played by a real worker process (`celery -A cardsite worker`, tests/jobs/workers.py):
the job page's progress bar fills live, then the report appears (issue 14). Without
JavaScript the page gets there by refreshing itself; the creator may cancel."""

from __future__ import annotations

import re
import time

from django.contrib.auth.models import User
from playwright.sync_api import expect

from decks.reference import reference_decks
from decks.services import deck_create, entries_from_text
from engine.models import Job
from tests.decklists import pad_list
from tests.e2e.conftest import Visitor
from tests.jobs import workers as real

workers = real.workers
filesystem_queue = real.filesystem_queue

SYNC = 500  # JOB_SYNC_GAMES: a gauntlet of 7 × 400 games is a job
CHUNK = 200


def make_deck(name: str):
    owner = User.objects.create_user(f"owner-{name.lower()}", password="pw-owner-123")
    return deck_create(
        owner=owner,
        game="pad",
        name=name,
        visibility="public",
        entries=entries_from_text("pad", pad_list()),
    )


def start_gauntlet(page, games: int) -> None:
    expect(page.get_by_label("Opponent", exact=True)).to_have_value("gauntlet")
    page.get_by_label("Games against each opponent").fill(str(games))
    page.get_by_label("Seed", exact=True).fill("5")
    page.get_by_role("button", name="Run", exact=True).click()
    expect(page).to_have_url(re.compile(r"/goldfish/jobs/[^/]+/$"))


def test_a_gauntlet_job_from_the_page_fills_its_progress_bar_on_a_real_worker(
    visitor_factory, settings, workers, filesystem_queue
):
    settings.JOB_SYNC_GAMES = SYNC
    settings.JOB_CHUNK_GAMES = CHUNK
    deck = make_deck("Fire rush")
    opponents = [d.name for d in reference_decks("pad")]
    total = 400 * len(opponents)
    workers.start(filesystem_queue)
    visitor = visitor_factory("player")

    page = visitor.open(f"/goldfish/deck/{deck.pk}/matchup/")
    start_gauntlet(page, 400)
    bar = page.locator("[data-job-progress]")
    expect(bar).to_have_attribute("max", str(total))
    expect(page.locator("h1")).to_contain_text(f"Fire rush against the gauntlet ({len(opponents)}")
    page.evaluate("window.stayed = true")  # gone if the page reloads
    visitor.shot("job-started")

    # Read the bar as it moves until the report replaces it (jobs.js reloads the page then).
    seen, deadline = [], time.monotonic() + 90
    while time.monotonic() < deadline and not page.locator("[data-report]").count():
        try:
            value = page.evaluate(
                "() => window.stayed && document.querySelector('[data-job-progress]').value"
            )
        except Exception:  # the page is reloading: no document to read for a moment
            value = None
        if value:
            if 0 < value < total and not any(0 < v < total for v in seen):
                visitor.shot("job-running")
            seen.append(int(value))
        time.sleep(0.1)

    moving = sorted({value for value in seen if 0 < value < total})
    assert moving, f"the bar never showed a part of the games: {seen}"
    assert seen == sorted(seen), seen  # it only fills
    assert all(value % CHUNK == 0 for value in moving)  # a chunk at a time
    expect(page.locator("[data-job-count]")).to_have_text(f"{total} of {total} games played (100%)")
    rows = page.locator("[data-opponents] tbody tr")
    expect(rows).to_have_count(len(opponents))
    expect(page.locator("[data-total]")).to_contain_text("95% interval")
    expect(page.get_by_role("button", name="Cancel the job")).to_have_count(0)
    job = Job.objects.get()
    assert (job.state, job.games_done) == ("done", total)
    visitor.shot("job-done")

    # The address is the share: another person sees the same report.
    shared = visitor_factory("friend").open(page.url.removeprefix(visitor.site))
    expect(shared.locator("[data-opponents] tbody tr")).to_have_count(len(opponents))
    expect(shared.get_by_role("button", name="Cancel the job")).to_have_count(0)


def test_without_javascript_the_job_page_refreshes_itself_until_the_report(
    browser, site, artifacts_dir, settings, workers, filesystem_queue
):
    settings.JOB_SYNC_GAMES = SYNC
    settings.JOB_CHUNK_GAMES = CHUNK
    deck = make_deck("Water wall")
    context = browser.new_context(java_script_enabled=False, locale="en-GB")
    context.set_default_timeout(15_000)
    visitor = Visitor(context.new_page(), site, artifacts_dir, "no-javascript")

    page = visitor.open(f"/goldfish/deck/{deck.pk}/")
    page.get_by_label("Games", exact=True).fill(str(SYNC + 100))
    page.get_by_role("button", name="Run", exact=True).click()
    expect(page).to_have_url(re.compile(r"/goldfish/jobs/[^/]+/$"))
    expect(page.locator("[data-job-progress]")).to_have_attribute("value", "0")
    visitor.shot("queued-no-js")
    workers.start(filesystem_queue)  # the page was drawn before any worker ran
    expect(page.locator("[data-report]")).to_be_visible(timeout=60_000)
    expect(page.locator("[data-job-count]")).to_have_text(
        f"{SYNC + 100} of {SYNC + 100} games played (100%)"
    )
    visitor.shot("done-no-js")
    context.close()


def test_the_creator_cancels_a_queued_job_from_its_page(visitor, settings, filesystem_queue):
    settings.JOB_SYNC_GAMES = SYNC
    deck = make_deck("Wood swarm")
    page = visitor.open(f"/goldfish/deck/{deck.pk}/")
    page.get_by_label("Games", exact=True).fill("4000")
    page.get_by_role("button", name="Run", exact=True).click()
    expect(page.locator("[data-job-state-text]")).to_have_text("Queued: waiting for a worker")
    page.get_by_role("button", name="Cancel the job").click()
    expect(page.locator("[data-job-cancelled]")).to_be_visible()
    expect(page.locator("[data-job-state-text]")).to_have_text("Cancelled")
    assert Job.objects.get().state == "cancelled"
    visitor.shot("cancelled")
