"""The job page, /goldfish/jobs/<id>/ (issue 14): a progress bar while the workers play,
then the report drawn exactly as the goldfish, matchup or compare page draws it; a shared
address follows the job's decks; only the creator cancels."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from engine.jobs import services
from engine.models import Job
from tests.decklists import pad_list
from tests.goldfish.saved_decks import make_deck

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]


def queue(client, body, capture=None) -> Job:
    """A job sent through the API by this client (played here when `capture` is given)."""
    if capture is None:
        response = client.post("/api/jobs/", body, content_type="application/json")
    else:
        with capture(execute=True):
            response = client.post("/api/jobs/", body, content_type="application/json")
    assert response.status_code == 202, response.json()
    return Job.objects.get(pk=response.json()["id"])


def job_page(client, job, **kwargs):
    return client.get(reverse("engine:job", args=[job.pk]), **kwargs)


def section(content: str, marker: str) -> str:
    return re.search(rf"<section [^>]*{marker}>.*?</section>", content, re.S)[0]


def test_an_unfinished_job_shows_its_progress_and_follows_it(
    client, owner, catalogue, django_assert_max_num_queries
):
    client.force_login(owner)
    deck = make_deck(owner, name="Fire rush")
    job = queue(client, {"kind": "goldfish", "game": "pad", "deck": deck.pk, "games": 3000})
    Job.objects.filter(pk=job.pk).update(state="running", games_done=1200)
    with django_assert_max_num_queries(5):  # session, user, job, its decks, a stall check
        response = job_page(client, job)
    content = response.content.decode()
    assert response.status_code == 200
    assert "<h1>Goldfish: Fire rush</h1>" in content
    assert "3000 games ·" in content and "seed 0" in content
    assert '<progress class="job-progress" max="3000" value="1200"' in content
    assert "1200 of 3000 games played (40%)" in content
    assert 'data-template="{done} of {total} games played ({percent}%)"' in content
    assert f'data-api="/api/jobs/{job.pk}/"' in content
    assert '<noscript><meta http-equiv="refresh" content="3"></noscript>' in content
    assert "js/jobs.js" in content
    assert 'name="cancel"' in content
    assert "data-report" not in content


def test_a_finished_job_stops_refreshing(
    client, catalogue, eager, django_capture_on_commit_callbacks
):
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 200}
    job = queue(client, body, django_capture_on_commit_callbacks)
    content = job_page(client, job).content.decode()
    assert "http-equiv" not in content and "js/jobs.js" not in content
    assert 'name="cancel"' not in content
    assert "200 of 200 games played (100%)" in content
    assert "<h1>Goldfish a deck list</h1>" in content


def test_a_goldfish_jobs_report_is_the_goldfish_pages_report(
    client, owner, catalogue, eager, django_capture_on_commit_callbacks
):
    deck = make_deck(owner, name="Fire rush")
    body = {"kind": "goldfish", "game": "pad", "deck": deck.pk, "games": 300, "seed": 4}
    job = queue(client, body, django_capture_on_commit_callbacks)
    shown = section(job_page(client, job).content.decode(), "data-report")
    params = {"run": "1", "games": 300, "seed": 4}
    page = client.get(reverse("engine:deck", args=[deck.pk]), params).content.decode()
    assert shown == section(page, "data-report")
    assert "Test against" in shown  # the deck's own links, as on its page


def test_a_matchup_jobs_report_is_the_matchup_pages_report_without_the_replay_links(
    client, owner, catalogue, eager, django_capture_on_commit_callbacks
):
    deck, rival, third = (make_deck(owner, name=name) for name in ("Mine", "Rival", "Third"))
    client.force_login(owner)
    body = {
        "kind": "matchup",
        "game": "pad",
        "deck": {"deck": deck.pk},
        "opponents": [{"deck": rival.pk}],
        "games": 60,
        "seed": 3,
    }
    job = queue(client, body, django_capture_on_commit_callbacks)
    content = job_page(client, job).content.decode()
    assert "<h1>Mine against Rival</h1>" in content
    shown = section(content, "data-report")
    params = {"run": "1", "games": 60, "seed": 3, "opponent": rival.pk}
    page = client.get(reverse("engine:matchup", args=[deck.pk]), params).content.decode()
    expected = re.sub(r"<a href=[^>]*data-watch=.*?</a>", "", section(page, "data-report"))
    assert "data-watch" in section(page, "data-report")
    assert shown == expected
    assert third.name not in content


def test_a_comparison_jobs_report_is_the_compare_pages_report(
    client, owner, catalogue, eager, django_capture_on_commit_callbacks
):
    a, b, rival = (make_deck(owner, name=name) for name in ("Alpha", "Beta", "Rival"))
    client.force_login(owner)
    body = {
        "kind": "compare",
        "game": "pad",
        "decks": [{"deck": a.pk}, {"deck": b.pk}],
        "opponents": [{"deck": rival.pk}],
        "games": 40,
        "seed": 8,
    }
    job = queue(client, body, django_capture_on_commit_callbacks)
    content = job_page(client, job).content.decode()
    assert "<h1>Alpha compared with Beta against Rival</h1>" in content
    params = {"run": "1", "games": 40, "seed": 8, "opponent": rival.pk, "other": b.pk}
    page = client.get(reverse("engine:compare", args=[a.pk]), params).content.decode()
    assert section(content, "data-comparison") == section(page, "data-comparison")


def test_a_gauntlet_job_is_named_by_its_gauntlet(client, gauntlet, owner):
    from decks.reference import reference_decks

    deck = make_deck(owner, name="Mine")
    body = {
        "kind": "matchup",
        "game": "pad",
        "deck": {"deck": deck.pk},
        "opponents": "gauntlet",
        "games": 10,
    }
    job = queue(client, body)
    content = job_page(client, job).content.decode()
    count = reference_decks("pad").count()
    assert f"<h1>Mine against the gauntlet ({count} reference decks)</h1>" in content


def test_a_job_no_worker_took_says_why_in_the_readers_language(client, catalogue, settings):
    settings.JOB_STALL_SECONDS = 60
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 300}
    job = queue(client, body)
    Job.objects.filter(pk=job.pk).update(moved=timezone.now() - timedelta(seconds=61))
    content = job_page(client, job, headers={"accept-language": "zh-hans"}).content.decode()
    assert "data-job-error" in content
    assert "60" in re.search(r"data-job-error>([^<]*)<", content)[1]
    assert "No worker" not in content  # translated
    english = job_page(client, job).content.decode()
    assert "No worker played any game for 60 seconds" in english


def test_an_unknown_failure_shows_the_workers_message(client, catalogue):
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 300}
    job = queue(client, body)
    services.fail(job.pk, "engine_error", "The engine stopped: boom")
    content = job_page(client, job, headers={"accept-language": "zh-hans"}).content.decode()
    assert "The engine stopped: boom" in content


def test_the_creator_cancels_and_nobody_else_may(client, owner, other, catalogue):
    deck = make_deck(owner, name="Public one")
    client.force_login(owner)
    job = queue(client, {"kind": "goldfish", "game": "pad", "deck": deck.pk, "games": 3000})
    url = reverse("engine:job", args=[job.pk])
    client.force_login(other)
    assert client.get(url).status_code == 200  # a public deck's job: the address is shared
    assert 'name="cancel"' not in client.get(url).content.decode()
    assert client.post(url, {"cancel": "1"}).status_code == 403
    client.force_login(owner)
    response = client.post(url, {"cancel": "1"})
    assert (response.status_code, response["Location"]) == (303, url)
    job.refresh_from_db()
    assert job.state == "cancelled"
    content = client.get(url).content.decode()
    assert "data-job-cancelled" in content and 'name="cancel"' not in content


def test_a_private_decks_job_is_not_found_by_others(client, owner, other, catalogue):
    deck = make_deck(owner, visibility="private")
    client.force_login(owner)
    job = queue(client, {"kind": "goldfish", "game": "pad", "deck": deck.pk, "games": 3000})
    assert job_page(client, job).status_code == 200
    client.force_login(other)
    assert job_page(client, job).status_code == 404
    assert client.post(reverse("engine:job", args=[job.pk]), {"cancel": "1"}).status_code == 404
    client.logout()
    assert job_page(client, job).status_code == 404
    assert client.get(reverse("engine:job", args=["nosuchjob"])).status_code == 404
