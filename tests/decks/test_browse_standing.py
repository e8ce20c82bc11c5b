"""The gauntlet standing job (decks/gauntlet_standing.py): a public legal deck is played
against its game's reference decks when published or changed, in the background (the
Celery task, run eagerly here when the write commits)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from cardsite.celery import app
from decks.gauntlet_standing import measure_standing, standing_view
from decks.models import Deck, GauntletStanding
from decks.reference import reference_decks
from decks.services import deck_update
from engine.core.intervals import wilson

from .browse_helpers import fire_rush, make
from .conftest import digimon_deck, pad_deck, pad_team

pytestmark = pytest.mark.django_db
GAMES = 10  # per reference deck: enough to check what is stored, quick to play


@pytest.fixture
def eager(settings, gauntlet):
    settings.DECK_BROWSER_GAUNTLET_GAMES = GAMES
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = False


def legal_pad(owner, visibility="public"):
    return make(owner, "Legal PAD", [*pad_team(), *pad_deck(40)], visibility=visibility)


def test_publishing_a_legal_deck_measures_it(owner, eager, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        deck = legal_pad(owner)
    standing = GauntletStanding.objects.get(deck=deck)
    opponents = reference_decks("pad").count()
    assert standing.revision == deck.revision == 1
    assert standing.games == GAMES * opponents
    assert standing.interval_low <= standing.win_rate <= standing.interval_high
    # The interval is the Wilson interval every matchup report gives (MATCH-1).
    wins = round(standing.win_rate * standing.games)
    low, high = wilson(wins, standing.games)
    assert (standing.interval_low, standing.interval_high) == (round(low, 4), round(high, 4))
    assert standing.measured_at is not None
    assert standing_view(
        Deck.objects.select_related("gauntlet_standing").get(pk=deck.pk)
    ).state == ("measured")


def test_a_reference_deck_is_measured_against_the_other_reference_decks(owner, eager):
    fire = Deck.objects.get(reference=True, game="pad", name="Reference: Fire")
    standing = measure_standing(fire.pk, fire.revision)
    # Seven PAD reference decks: Fire plays the six others, never its own mirror.
    assert reference_decks("pad").count() == 7
    assert standing.games == GAMES * 6


def test_a_change_makes_it_stale_until_measured_again(
    owner, eager, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        deck = legal_pad(owner)
    # The change without its job: the standing names the old revision.
    deck = deck_update(deck=deck, author=owner, revision=deck.revision, name="Renamed")
    deck = Deck.objects.select_related("gauntlet_standing").get(pk=deck.pk)
    assert deck.gauntlet_standing.revision == 1 and deck.revision == 2
    assert standing_view(deck).state == "measuring"
    with django_capture_on_commit_callbacks(execute=True):
        deck = deck_update(deck=deck, author=owner, revision=deck.revision, name="Again")
    assert GauntletStanding.objects.get(deck=deck).revision == 3


def test_private_and_illegal_decks_are_not_measured(
    owner, eager, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as queued:
        legal_pad(owner, visibility="private")
        legal_pad(owner, visibility="unlisted")
        fire_rush(owner)  # public, 5 cards: not legal
    assert queued == [] and not GauntletStanding.objects.exists()


def test_making_a_deck_public_measures_it(owner, eager, django_capture_on_commit_callbacks):
    deck = legal_pad(owner, visibility="private")
    with django_capture_on_commit_callbacks(execute=True):
        deck_update(deck=deck, author=owner, revision=deck.revision, visibility="public")
    assert GauntletStanding.objects.get(deck=deck).revision == 2


def test_an_outdated_job_stores_nothing(owner, eager):
    deck = legal_pad(owner)
    deck_update(deck=deck, author=owner, revision=deck.revision, name="Changed")
    assert measure_standing(deck.pk, 1) is None  # the job queued by revision 2 measures it
    assert measure_standing("nonexistent", 1) is None
    assert not GauntletStanding.objects.exists()


def test_a_digimon_deck_plays_the_digimon_gauntlet(owner, eager):
    deck = make(owner, "Digimon", digimon_deck(30), game="digimon")
    standing = measure_standing(deck.pk, deck.revision)
    assert standing.games == GAMES * reference_decks("digimon").count()


def test_the_refresh_command_measures_the_missing_standings(owner, eager):
    deck = legal_pad(owner)  # no job ran: the transaction never committed
    call_command("refresh_deck_browser", "--now", stdout=io.StringIO())
    assert GauntletStanding.objects.get(deck=deck).revision == deck.revision
    # Reference decks are public and legal: measured too.
    assert GauntletStanding.objects.filter(deck__reference=True).count() == (
        Deck.objects.filter(reference=True).count()
    )


def test_a_deck_changed_while_it_was_played_keeps_no_old_standing(owner, eager, monkeypatch):
    from engine import matchup_services

    deck = legal_pad(owner)
    played = matchup_services.matchup_report

    def change_meanwhile(request, **options):
        report = played(request, **options)
        deck_update(deck=deck, author=owner, revision=deck.revision, name="Changed meanwhile")
        return report

    monkeypatch.setattr(matchup_services, "matchup_report", change_meanwhile)
    assert measure_standing(deck.pk, 1) is None
    assert not GauntletStanding.objects.exists()
