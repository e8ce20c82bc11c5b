"""POST /api/jobs/, GET and DELETE /api/jobs/{id}/ (issue 14): a run queued as chunks gives
the in-process report byte for byte; jobs belong to their creator and follow their decks'
visibility."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from engine.jobs import leases, services
from engine.matchup_services import MatchupRequest, match_deck, matchup_comparison, matchup_report
from engine.models import Job, JobChunk
from engine.services import GoldfishRequest, entries_for, goldfish_report
from tests.clients import api
from tests.decklists import digimon_list, pad_list
from tests.goldfish.saved_decks import make_deck

pytestmark = pytest.mark.django_db


def submit(client, body, capture):
    with capture(execute=True):
        return client.post("/api/jobs/", body, format="json")


def text(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def test_a_goldfish_job_in_chunks_gives_the_in_process_report_byte_for_byte(
    catalogue, owner, eager, django_capture_on_commit_callbacks
):
    deck = make_deck(owner, "pad")
    client = api(owner)
    body = {"kind": "goldfish", "game": "pad", "deck": deck.pk, "games": 450, "seed": 9}
    response = submit(client, body, django_capture_on_commit_callbacks)
    assert response.status_code == 202, response.json()
    assert response["Location"] == response.json()["url"]
    job = client.get(response["Location"]).json()
    assert job["state"] == "done"
    assert job["progress"] == {"done": 450, "total": 450, "percent": 100}
    assert JobChunk.objects.filter(job_id=job["id"]).count() == 5  # 100 games a chunk
    run = GoldfishRequest("pad", entries_for("pad", deck=deck), games=450, seed=9)
    assert text(job["report"]) == text(goldfish_report(run, processes=1))


def test_a_gauntlet_comparison_job_gives_the_in_process_report_byte_for_byte(
    gauntlet, eager, django_capture_on_commit_callbacks
):
    body = {
        "kind": "compare",
        "game": "digimon",
        "decks": [{"list": digimon_list(), "name": "A"}, {"list": digimon_list(), "name": "B"}],
        "opponents": "gauntlet",
        "games": 130,
        "seed": 4,
    }
    response = submit(api(), body, django_capture_on_commit_callbacks)
    assert response.status_code == 202, response.json()
    job = Job.objects.get(pk=response.json()["id"])
    assert job.state == "done", job.error_message
    from engine.matchup_services import gauntlet as reference

    opponents = reference("digimon")
    run = MatchupRequest(
        game="digimon",
        deck=match_deck("digimon", text=digimon_list(), name="A"),
        other=match_deck("digimon", text=digimon_list(), name="B"),
        opponents=opponents,
        games=130,
        seed=4,
    )
    assert job.games_total == 130 * len(opponents) * 2
    assert job.report == text(matchup_comparison(run, processes=1))


def test_the_matchup_endpoint_queues_a_run_above_the_synchronous_size(
    catalogue, settings, eager, django_capture_on_commit_callbacks
):
    settings.JOB_SYNC_GAMES = 200
    body = {
        "game": "pad",
        "deck": {"list": pad_list("fire"), "name": "Fire"},
        "opponent": {"list": pad_list("water"), "name": "Water"},
        "games": 201,
        "seed": 5,
    }
    with django_capture_on_commit_callbacks(execute=True):
        queued = api().post("/api/matchups/", body, format="json")
    assert queued.status_code == 202, queued.json()
    assert queued.json()["kind"] == "matchup"
    job = Job.objects.get(pk=queued.json()["id"])
    run = MatchupRequest(
        game="pad",
        deck=match_deck("pad", text=pad_list("fire"), name="Fire"),
        opponents=[match_deck("pad", text=pad_list("water"), name="Water")],
        games=201,
        seed=5,
    )
    assert job.report == text(matchup_report(run, processes=1))
    body["games"] = 200
    assert api().post("/api/matchups/", body, format="json").status_code == 200


def test_the_goldfish_endpoint_queues_a_run_above_the_synchronous_size(catalogue, settings):
    settings.JOB_SYNC_GAMES = 300
    body = {"game": "pad", "list": pad_list(), "games": 301}
    response = api().post("/api/goldfish/", body, format="json")
    assert response.status_code == 202
    assert response.json()["state"] == "queued"
    assert response.json()["progress"] == {"done": 0, "total": 301, "percent": 0}
    body["games"] = 300
    assert api().post("/api/goldfish/", body, format="json").status_code == 200


def test_a_job_on_a_private_deck_is_its_creators_only(catalogue, owner, other):
    deck = make_deck(owner, "pad", visibility="private")
    body = {"kind": "goldfish", "game": "pad", "deck": deck.pk, "games": 10}
    url = api(owner).post("/api/jobs/", body, format="json").json()["url"]
    assert api(owner).get(url).status_code == 200
    for stranger in (api(other), api()):
        response = stranger.get(url)
        assert response.status_code == 404
        assert response.json()["code"] == "not_found"


def test_a_shared_job_url_shows_a_public_decks_report_to_anyone_until_it_turns_private(
    catalogue, owner, other
):
    deck = make_deck(owner, "pad", visibility="public")
    body = {"kind": "goldfish", "game": "pad", "deck": deck.pk, "games": 10}
    url = api(owner).post("/api/jobs/", body, format="json").json()["url"]
    assert api(other).get(url).status_code == 200
    deck.visibility = "private"
    deck.save()
    assert api(other).get(url).status_code == 404


def test_an_anonymous_job_belongs_to_its_session(catalogue, client):
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 10}
    created = client.post("/api/jobs/", body, content_type="application/json")
    assert created.status_code == 202
    url = created.json()["url"]
    # the list is no saved deck: the URL itself is the share, but only the session cancels
    assert api().delete(url).status_code == 403
    cancelled = client.delete(url)
    assert cancelled.status_code == 200
    assert cancelled.json()["state"] == "cancelled"


def test_a_cancelled_job_plays_none_of_its_queued_chunks(catalogue, owner, eager):
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 300}
    created = api(owner).post("/api/jobs/", body, format="json")  # queued, not yet played
    url = created.json()["url"]
    assert api(owner).delete(url).json()["state"] == "cancelled"
    job = Job.objects.get(pk=created.json()["id"])
    for message in ("m1", "m2", "m3"):  # the workers get to the queued messages afterwards
        services.play_next(message)
    job.refresh_from_db()
    assert (job.state, job.games_done, job.report) == ("cancelled", 0, "")
    assert not JobChunk.objects.filter(job=job, attempts__gt=0).exists()
    again = api(owner).delete(url)
    assert (again.status_code, again.json()["code"]) == (409, "already_finished")


def test_a_chunk_played_twice_counts_once(catalogue, owner, settings):
    settings.JOB_CHUNK_GAMES = 100
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 300}
    job_id = api(owner).post("/api/jobs/", body, format="json").json()["id"]
    slow = leases.claim("m1", "host:1")
    # Taken for dead: its lease ran out, the chunk went back to the queue, another took it.
    JobChunk.objects.filter(pk=slow.pk).update(leased_until=timezone.now() - timedelta(seconds=1))
    assert services.recover(job_id) == 1
    again = leases.claim("m2", "host:2")
    assert (again.number, again.attempts) == (slow.number, 2)
    services.play(again)
    services.play(slow)  # it was only slow: it finishes too
    job = Job.objects.get(pk=job_id)
    assert (job.state, job.games_done) == ("running", 100)
    services.play_next("m3")
    services.play_next("m3")  # the same message delivered again after its ack was lost
    services.play_next("m4")
    job.refresh_from_db()
    assert (job.state, job.games_done) == ("done", 300)


def test_a_chunk_whose_worker_died_three_times_fails_its_job(catalogue, owner):
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 300}
    job_id = api(owner).post("/api/jobs/", body, format="json").json()["id"]
    # Three workers took it and died (out of memory, say): each time its lease ran out.
    JobChunk.objects.filter(job_id=job_id).update(attempts=services.MAX_ATTEMPTS)
    services.play_next("m4")
    job = Job.objects.get(pk=job_id)
    assert (job.state, job.error_code, job.games_done) == ("failed", "chunk_failed", 0)
    assert "started 3 times" in job.error_message


def test_bad_input_queues_nothing_and_costs_nothing(catalogue, owner, settings):
    settings.GOLDFISH_BUDGET_USER = 1000
    illegal = {"kind": "goldfish", "game": "pad", "list": "1 Red Dragon", "games": 900}
    response = api(owner).post("/api/jobs/", illegal, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "invalid_deck")
    unknown = api(owner).post("/api/jobs/", {"kind": "tournament"}, format="json")
    assert (unknown.status_code, unknown.json()["code"]) == (400, "invalid")
    assert not Job.objects.exists()
    legal = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 900}
    assert api(owner).post("/api/jobs/", legal, format="json").status_code == 202


def test_queued_games_count_against_the_goldfish_budget(catalogue, owner, settings, empty_cache):
    settings.GOLDFISH_BUDGET_USER = 1000
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 600}
    assert api(owner).post("/api/jobs/", body, format="json").status_code == 202
    refused = api(owner).post("/api/jobs/", body, format="json")  # 1,200 > 1,000
    assert (refused.status_code, refused.json()["code"]) == (429, "throttled")
    assert Job.objects.count() == 1


def test_a_job_no_worker_takes_fails_with_a_clear_error_after_the_stall_time(
    catalogue, owner, settings
):
    settings.JOB_STALL_SECONDS = 60
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 300}
    url = api(owner).post("/api/jobs/", body, format="json").json()["url"]
    assert api(owner).get(url).json()["state"] == "queued"
    Job.objects.update(moved=timezone.now() - timedelta(seconds=61))
    job = api(owner).get(url).json()
    assert job["state"] == "failed"
    assert job["error"]["code"] == "workers_unavailable"
    assert "60 s" in job["error"]["message"]


def test_reading_a_job_takes_a_bounded_number_of_queries(
    catalogue, owner, django_assert_max_num_queries
):
    decks = [make_deck(owner, "pad", name=f"D{n}") for n in range(3)]
    body = {
        "kind": "matchup",
        "game": "pad",
        "deck": {"deck": decks[0].pk},
        "opponents": [{"deck": deck.pk} for deck in decks[1:]],
        "games": 10,
    }
    url = api(owner).post("/api/jobs/", body, format="json").json()["url"]
    with django_assert_max_num_queries(6):
        assert api(owner).get(url).status_code == 200


def test_expired_jobs_are_purged(catalogue, owner, eager, django_capture_on_commit_callbacks):
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 10}
    submit(api(owner), body, django_capture_on_commit_callbacks)
    assert services.purge(timezone.now() + timedelta(days=6)) == 0
    assert services.purge(timezone.now() + timedelta(days=8)) == 1
    assert not Job.objects.exists() and not JobChunk.objects.exists()


def test_a_search_goldfish_job_plays_one_game_a_chunk(
    catalogue, owner, eager, django_capture_on_commit_callbacks, settings
):
    # a PAD `search` game counts for 40 simulations × 20 = 800 greedy games, so a chunk of
    # JOB_CHUNK_GAMES = 100 greedy games' worth holds one game (never zero)
    assert settings.JOB_CHUNK_GAMES == 100
    deck = make_deck(owner, "pad")
    client = api(owner)
    body = {"kind": "goldfish", "game": "pad", "deck": deck.pk, "games": 3, "seed": 9}
    response = submit(client, {**body, "policy": "search"}, django_capture_on_commit_callbacks)
    assert response.status_code == 202, response.json()
    job = client.get(response["Location"]).json()
    assert job["state"] == "done" and job["progress"]["total"] == 3
    assert JobChunk.objects.filter(job_id=job["id"]).count() == 3
