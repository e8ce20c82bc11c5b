"""Matchup and compare runs are stored (issue 29): a run is played once, and every later
view of its address, or of a shared link, reads the stored report and plays no game; a run
above about a second's worth of games goes to the workers and shows the job page's bar,
and the job's report is the one its address then shows."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from django.conf import settings as site_settings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from cards.models import Card
from cardsite.celery import app
from decks.services import deck_update, entries_from_text
from engine.models import Job, StoredRun
from engine.views import match_runs
from tests.decklists import pad_list
from tests.goldfish.saved_decks import make_deck

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]

PLAYERS = ("matchup_report", "matchup_comparison", "matchup_sample")


@pytest.fixture
def played(monkeypatch):
    """How many times the page played a report and a sample game (the real functions run)."""
    calls = dict.fromkeys(PLAYERS, 0)
    for name in PLAYERS:
        real = getattr(match_runs, name)

        def counted(*args, _name=name, _real=real, **kwargs):
            calls[_name] += 1
            return _real(*args, **kwargs)

        monkeypatch.setattr(match_runs, name, counted)
    return calls


def section(content: str, marker: str) -> str:
    return re.search(rf"<section [^>]*{marker}>.*?</section>", content, re.S)[0]


def without_tokens(content: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", content)


def matchup_address(deck, **params) -> str:
    query = "&".join(f"{key}={value}" for key, value in {"run": 1, **params}.items())
    return f"{reverse('engine:matchup', args=[deck.pk])}?{query}"


def test_a_second_view_of_a_matchup_address_plays_no_game(client, owner, catalogue, played):
    deck, rival = make_deck(owner), make_deck(owner, name="Rival")
    address = matchup_address(deck, opponent=rival.pk, games=40, seed=5, sample=3)
    first = client.get(address).content.decode()
    assert played == {"matchup_report": 1, "matchup_comparison": 0, "matchup_sample": 1}
    again = Client().get(address).content.decode()  # a shared link, another reader
    assert played == {"matchup_report": 1, "matchup_comparison": 0, "matchup_sample": 1}
    assert "data-report" in first and "data-replay" in first
    assert without_tokens(again) == without_tokens(first)  # the report and its replay
    assert StoredRun.objects.count() == 1


def test_a_stored_run_costs_the_budget_nothing(client, owner, catalogue, played, settings):
    deck, rival = make_deck(owner), make_deck(owner, name="Rival")
    address = matchup_address(deck, opponent=rival.pk, games=40, seed=5)
    assert client.get(address).status_code == 200
    # 40 games and the sample: an anonymous budget of exactly that is spent by the first view
    settings.GOLDFISH_BUDGET_ANON = (41, 3600)
    reader = Client()
    for _ in range(3):
        assert reader.get(address).status_code == 200
    assert played["matchup_report"] == 1


def test_another_sample_game_of_a_stored_run_plays_only_that_game(client, owner, catalogue, played):
    deck, rival = make_deck(owner), make_deck(owner, name="Rival")
    client.get(matchup_address(deck, opponent=rival.pk, games=40, seed=5, sample=3))
    client.get(matchup_address(deck, opponent=rival.pk, games=40, seed=5, sample=4))
    assert played == {"matchup_report": 1, "matchup_comparison": 0, "matchup_sample": 2}
    client.get(matchup_address(deck, opponent=rival.pk, games=40, seed=5, sample=4, step=2))
    assert played["matchup_sample"] == 2  # stepping through it replays nothing


def test_what_decides_the_report_names_another_run(client, owner, catalogue, played):
    deck, rival = make_deck(owner), make_deck(owner, name="Rival")
    client.get(matchup_address(deck, opponent=rival.pk, games=40, seed=5))
    client.get(matchup_address(deck, opponent=rival.pk, games=40, seed=6))
    client.get(matchup_address(deck, opponent=rival.pk, games=41, seed=5))
    client.get(matchup_address(deck, opponent=rival.pk, games=40, seed=5, policy="store"))
    assert played["matchup_report"] == 4
    # The deck edited (one copy fewer: illegal, so allowed): another revision, another run.
    client.get(matchup_address(deck, opponent=rival.pk, games=40, seed=5, allow_invalid="on"))
    assert played["matchup_report"] == 5
    entries = entries_from_text("pad", pad_list())
    index = next(n for n, entry in enumerate(entries) if entry.quantity > 1)
    entries[index] = replace(entries[index], quantity=entries[index].quantity - 1)
    deck_update(deck=deck, author=owner, revision=deck.revision, entries=entries)
    client.get(matchup_address(deck, opponent=rival.pk, games=40, seed=5, allow_invalid="on"))
    assert played["matchup_report"] == 6


def test_a_corrected_card_plays_the_run_again(client, owner, catalogue, played):
    deck, rival = make_deck(owner), make_deck(owner, name="Rival")
    address = matchup_address(deck, opponent=rival.pk, games=40, seed=5)
    client.get(address)
    card = Card.objects.get(pk=deck.entries.first().card_id)
    card.save()  # a correction: the card's last change moves
    client.get(address)
    assert played["matchup_report"] == 2


def test_a_second_view_of_a_comparison_plays_no_game(client, owner, catalogue, played):
    a, b, rival = (make_deck(owner, name=name) for name in ("Alpha", "Beta", "Rival"))
    params = {"run": "1", "games": 30, "seed": 8, "opponent": rival.pk, "other": b.pk}
    url = reverse("engine:compare", args=[a.pk])
    first = client.get(url, params).content.decode()
    again = Client().get(url, params).content.decode()
    assert played["matchup_comparison"] == 1 and played["matchup_sample"] == 1
    assert section(again, "data-comparison") == section(first, "data-comparison")


@pytest.fixture
def site_sync_size(settings):
    """The site's own page size (about a second of PAD games), not the suite's
    (cardsite/test_settings.py)."""
    from cardsite import settings as site

    settings.PAGE_MATCH_SYNC_GAMES = site.PAGE_MATCH_SYNC_GAMES


def test_a_run_longer_than_a_second_shows_the_job_bar_then_its_address_reads_the_report(
    client,
    owner,
    gauntlet,
    played,
    site_sync_size,
    django_capture_on_commit_callbacks,
    settings,
):
    deck = make_deck(owner)
    client.force_login(owner)
    url = reverse("engine:matchup", args=[deck.pk])
    form = {"opponent": "gauntlet", "games": 300, "seed": 4}  # 7 decks x 300 = 2,100 games
    settings.JOB_CHUNK_GAMES = 700
    app.conf.task_always_eager = True  # the chunks play here once the job is committed
    try:
        with django_capture_on_commit_callbacks(execute=True):
            posted = client.post(url, form)
    finally:
        app.conf.task_always_eager = False
    assert posted.status_code == 303
    job = Job.objects.get(pk=re.fullmatch(r"/goldfish/jobs/([^/]+)/", posted["Location"])[1])
    assert job.state == "done"
    done = client.get(posted["Location"]).content.decode()
    assert 'class="job-progress"' in done
    link = re.search(r'data-stored-page><a href="([^"]+)#replay"', done)[1].replace("&amp;", "&")
    assert urlsplit(link).path == url
    shown = client.get(link).content.decode()
    assert played["matchup_report"] == 0  # the job's report, not played again
    assert played["matchup_sample"] == 1  # only the sample game the page steps through
    page_report = section(shown, "data-report")
    assert "data-watch" in page_report  # the page's own report, with its replay links
    assert re.sub(r"<a href=[^>]*data-watch=.*?</a>", "", page_report) == section(
        done, "data-report"
    )
    # Posting the same run again starts no second job: it goes to the stored address.
    again = client.post(url, form)
    assert again.status_code == 303 and urlsplit(again["Location"]).path == url
    assert Job.objects.count() == 1


def test_purge_deletes_the_runs_nobody_viewed_for_their_time(client, owner, catalogue, capsys):
    deck, rival = make_deck(owner), make_deck(owner, name="Rival")
    client.get(matchup_address(deck, opponent=rival.pk, games=20, seed=1))
    client.get(matchup_address(deck, opponent=rival.pk, games=20, seed=2))
    old, recent = StoredRun.objects.order_by("created")
    keep = site_settings.STORED_RUN_KEEP_DAYS
    StoredRun.objects.filter(pk=old.pk).update(
        viewed=timezone.now() - timedelta(days=keep, minutes=1)
    )
    StoredRun.objects.filter(pk=recent.pk).update(viewed=timezone.now() - timedelta(days=keep - 1))
    call_command("jobs", "--purge")
    assert "1 stored runs nobody viewed deleted." in capsys.readouterr().out
    assert list(StoredRun.objects.values_list("pk", flat=True)) == [recent.pk]
