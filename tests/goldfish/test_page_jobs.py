"""The goldfish, matchup and compare pages above the synchronous size (issue 14): the run
forms POST; a small run is redirected to its shareable address and played there, a large
one is queued as a job (charged to the goldfish budget) and redirected to the job's page;
a GET address above the size starts nothing."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from decks.reference import reference_decks
from engine.models import Job
from tests.decklists import pad_list
from tests.goldfish.saved_decks import make_deck

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]

SYNC = 300  # JOB_SYNC_GAMES in these tests


@pytest.fixture(autouse=True)
def small_sync_size(settings):
    settings.JOB_SYNC_GAMES = SYNC


def nothing_may_play(monkeypatch):
    """Make any game the page would play in the request fail the test."""

    def refuse(*args, **kwargs):
        raise AssertionError("the page played games in the request")

    for name in ("matchup_report", "matchup_comparison", "matchup_sample"):
        monkeypatch.setattr(f"engine.views.match_runs.{name}", refuse)
    for name in ("goldfish_report", "goldfish_sample"):
        monkeypatch.setattr(f"engine.views.goldfish.{name}", refuse)


def job_of(response) -> Job:
    assert response.status_code == 303, response.content.decode()[:2000]
    match = re.fullmatch(r"/goldfish/jobs/([^/]+)/", response["Location"])
    assert match, response["Location"]
    return Job.objects.get(pk=match[1])


def test_a_small_posted_run_is_redirected_to_its_shareable_address(client, owner, catalogue):
    deck = make_deck(owner)
    url = reverse("engine:deck", args=[deck.pk])
    posted = client.post(url, {"games": SYNC, "seed": 7, "policy": "store", "run": "1"})
    assert posted.status_code == 303
    location = urlsplit(posted["Location"])
    assert location.path == url
    assert parse_qs(location.query) == {
        "games": [str(SYNC)],
        "seed": ["7"],
        "policy": ["store"],
        "run": ["1"],
    }
    assert not Job.objects.exists()
    shown = client.get(posted["Location"])
    assert "data-report" in shown.content.decode() and "data-replay" in shown.content.decode()
    assert f"{SYNC} games" in shown.content.decode()


def test_the_run_forms_post_with_a_csrf_token(owner, catalogue):
    deck = make_deck(owner)
    browser = Client(enforce_csrf_checks=True)
    for name in ("engine:deck", "engine:matchup", "engine:compare"):
        content = browser.get(reverse(name, args=[deck.pk])).content.decode()
        form = re.search(
            r'<form method="post" action="" class="panel gf-form[^>]*>.*?</form>', content, re.S
        )
        assert form and 'name="csrfmiddlewaretoken"' in form[0], name
    refused = browser.post(reverse("engine:deck", args=[deck.pk]), {"games": SYNC + 1})
    assert refused.status_code == 403
    assert not Job.objects.exists()


def test_a_large_goldfish_run_becomes_a_job_and_its_page(client, owner, catalogue, monkeypatch):
    nothing_may_play(monkeypatch)
    deck = make_deck(owner, name="Fire rush")
    url = reverse("engine:deck", args=[deck.pk])
    job = job_of(client.post(url, {"games": SYNC + 1, "seed": 3, "order": "first"}))
    assert (job.kind, job.state, job.games_total) == ("goldfish", "queued", SYNC + 1)
    assert job.parameters["deck"] == {"name": "Fire rush", "deck": deck.pk}
    assert (job.parameters["seed"], job.parameters["going_first"]) == (3, True)
    # anonymous: the job is this browser session's, and its page says what runs
    content = client.get(reverse("engine:job", args=[job.pk])).content.decode()
    assert "<h1>Goldfish: Fire rush</h1>" in content and 'name="cancel"' in content


def test_a_pasted_list_above_the_size_becomes_a_job(client, catalogue, monkeypatch):
    nothing_may_play(monkeypatch)
    body = {"game": "pad", "list": pad_list(), "games": 1000}
    job = job_of(client.post(reverse("engine:list"), body))
    assert (job.kind, job.games_total, job.parameters["deck"]["deck"]) == ("goldfish", 1000, None)


def test_the_page_takes_as_many_games_as_the_api(client, owner, catalogue, monkeypatch):
    nothing_may_play(monkeypatch)
    deck = make_deck(owner)
    url = reverse("engine:deck", args=[deck.pk])
    assert job_of(client.post(url, {"games": 100_000})).games_total == 100_000
    refused = client.post(url, {"games": 100_001})
    assert refused.status_code == 400 and Job.objects.count() == 1


def test_a_200000_game_gauntlet_from_the_matchup_page_is_one_job(
    client, owner, gauntlet, monkeypatch
):
    nothing_may_play(monkeypatch)
    client.force_login(owner)
    deck = make_deck(owner, name="Mine")
    opponents = reference_decks("pad").count()
    games = -(-200_000 // opponents)  # the fewest games per opponent making 200,000
    url = reverse("engine:matchup", args=[deck.pk])
    job = job_of(client.post(url, {"opponent": "gauntlet", "games": games, "seed": 2}))
    assert (job.kind, job.games_total) == ("matchup", games * opponents)
    assert job.games_total >= 200_000
    assert job.owner == owner
    assert len(job.parameters["opponents"]) == opponents


def test_a_large_comparison_becomes_a_job_playing_both_decks(client, owner, gauntlet, monkeypatch):
    nothing_may_play(monkeypatch)
    deck, other = make_deck(owner, name="A"), make_deck(owner, name="B")
    rival = make_deck(owner, name="Rival")
    url = reverse("engine:compare", args=[deck.pk])
    body = {"other": other.pk, "opponent": rival.pk, "games": SYNC // 2 + 1}
    job = job_of(client.post(url, body))
    assert (job.kind, job.games_total) == ("compare", 2 * (SYNC // 2 + 1))
    assert [d["name"] for d in job.parameters["decks"]] == ["A", "B"]


def test_a_small_matchup_post_is_redirected_to_its_address(client, owner, gauntlet):
    deck, rival = make_deck(owner), make_deck(owner, name="Rival")
    url = reverse("engine:matchup", args=[deck.pk])
    posted = client.post(url, {"opponent": rival.pk, "games": SYNC})
    assert posted.status_code == 303
    assert parse_qs(urlsplit(posted["Location"]).query)["run"] == ["1"]
    assert "data-report" in client.get(posted["Location"]).content.decode()
    assert not Job.objects.exists()


def test_an_address_above_the_size_starts_nothing_and_says_so(client, owner, gauntlet, monkeypatch):
    nothing_may_play(monkeypatch)
    deck = make_deck(owner)
    for name, params in (
        ("engine:deck", {"games": SYNC + 1}),
        ("engine:matchup", {"opponent": "gauntlet", "games": SYNC}),
    ):
        for _ in range(2):  # a reload neither
            response = client.get(reverse(name, args=[deck.pk]), {"run": "1", **params})
            content = response.content.decode()
            assert response.status_code == 200
            assert "data-workers-notice" in content and "Press Run to start it" in content
            assert f'value="{params["games"]}"' in content  # the form keeps the options
            assert "data-report" not in content
    assert not Job.objects.exists()


def test_a_large_run_past_the_budget_gets_the_429_page_and_no_job(
    client, owner, catalogue, settings
):
    settings.GOLDFISH_BUDGET_ANON = 500
    deck = make_deck(owner)
    url = reverse("engine:deck", args=[deck.pk])
    refused = client.post(url, {"games": 501})
    assert refused.status_code == 429
    assert "goldfish budget" in refused.content.decode()
    assert int(refused["Retry-After"]) >= 1
    assert job_of(client.post(url, {"games": 400})).games_total == 400
    assert client.post(url, {"games": 400}).status_code == 429  # queued games count
    assert Job.objects.count() == 1


def test_an_illegal_deck_is_refused_before_any_job(client, catalogue, monkeypatch):
    nothing_may_play(monkeypatch)
    body = {"game": "pad", "list": "1 Red Dragon", "games": 1000}
    response = client.post(reverse("engine:list"), body)
    assert response.status_code == 200  # as for a small run: the page shows the violations
    assert "data-invalid" in response.content.decode()
    assert not Job.objects.exists()


def test_a_queue_that_cannot_be_reached_is_said_in_the_readers_language(
    client, owner, gauntlet, monkeypatch
):
    from engine.jobs.services import JobRefused

    def unreachable(request, submission):
        raise JobRefused("queue_unavailable", "The job queue could not be reached.", 503)

    monkeypatch.setattr("engine.views.job_runs.submit", unreachable)
    deck = make_deck(owner)
    for name in ("engine:deck", "engine:matchup"):
        url = reverse(name, args=[deck.pk])
        body = {"games": SYNC + 1, "opponent": "gauntlet"}
        english = client.post(url, body)
        assert english.status_code == 503
        assert "The job queue could not be reached; try again later." in english.content.decode()
        chinese = client.post(url, body, headers={"accept-language": "zh-hant"})
        assert "無法連上工作佇列" in chinese.content.decode()
