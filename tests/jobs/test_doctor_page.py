"""Issue 27's pages: the deck page's "Improve this deck" starts the doctor as a job, whose
page draws the swaps with their gains and the card values, and a swap is applied in one
click: a new revision of the reader's deck, or a fork of someone else's."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from cards.models import Card
from decks.models import Collection, CollectionCard, Deck
from decks.services import deck_fork
from engine.models import Job

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]


@pytest.fixture
def small_doctor(settings, eager):
    settings.DOCTOR_FIRST_GAMES = 1
    settings.DOCTOR_CONFIRM_GAMES = 12
    settings.JOB_CHUNK_GAMES = 60


@pytest.fixture
def my_light(gauntlet, owner):
    """The owner's copy of the Light reference deck, and a collection of two cards to try."""
    deck = deck_fork(deck=Deck.objects.get(name="Reference: Light"), owner=owner)
    collection = Collection.objects.create(owner=owner)
    for name in ("Holy Dragon", "Ancient Light Dragon, Laphroaig"):
        card = Card.objects.get(game="pad", name=name)
        CollectionCard.objects.create(collection=collection, card=card, quantity=1)
    return deck


def _quantities(deck: Deck) -> dict[tuple[int, str], int]:
    return {(e.card_id, e.zone): e.quantity for e in deck.entries.all()}


def _run(client, deck, capture) -> Job:
    water = Deck.objects.get(name="Reference: Water")
    form = {"opponent": water.pk, "policy": "greedy", "candidates": "owned", "max_swaps": 2,
            "seed": 1}  # fmt: skip
    with capture(execute=True):
        response = client.post(reverse("engine:doctor", args=[deck.pk]), form)
    assert response.status_code == 303, response.content.decode()[:2000]
    job = Job.objects.get()
    assert response["Location"] == reverse("engine:job", args=[job.pk])
    return job


def test_the_deck_page_links_to_the_doctor_and_its_form_offers_the_gauntlet(
    client, gauntlet, django_assert_max_num_queries
):
    light = Deck.objects.get(name="Reference: Light")
    page = client.get(reverse("decks:detail", args=[light.pk])).content.decode()
    assert reverse("engine:doctor", args=[light.pk]) in page
    with django_assert_max_num_queries(12):
        response = client.get(reverse("engine:doctor", args=[light.pk]))
    content = response.content.decode()
    assert response.status_code == 200
    assert 'value="gauntlet" selected' in content
    assert 'name="candidates"' in content and 'value="owned"' in content


def test_doctor_1_improve_this_deck_runs_a_job_and_a_swap_is_applied_as_a_new_revision(
    client, owner, my_light, small_doctor, django_capture_on_commit_callbacks
):
    client.force_login(owner)
    job = _run(client, my_light, django_capture_on_commit_callbacks)
    job.refresh_from_db()
    assert job.kind == "doctor" and job.state == "done"
    page = client.get(reverse("engine:job", args=[job.pk])).content.decode()
    assert "data-doctor" in page and "data-card-values" in page
    report = json.loads(job.report)
    assert page.count("data-apply") == len(report["swaps"])
    swap = report["swaps"][0]
    before = _quantities(my_light)
    revision = my_light.revision
    response = client.post(reverse("engine:doctor_apply", args=[job.pk]), {"swap": 0})
    assert response.status_code == 302
    assert response["Location"] == reverse("decks:detail", args=[my_light.pk])
    my_light.refresh_from_db()
    assert my_light.revision == revision + 1
    assert _quantities(my_light) == _after(before, swap)
    note = my_light.revisions.order_by("-number").first().note
    assert note.startswith("Deck doctor: −1 ")


def _after(before: dict, swap: dict) -> dict:
    """The deck's quantities once `swap` is applied, each card in the zone it names."""
    expected = dict(before)
    for card in swap["cuts"]:
        expected[(card["card"], card["zone"])] -= 1
    for card in swap["adds"]:
        key = (card["card"], card["zone"])
        expected[key] = expected.get(key, 0) + 1
    return {key: n for key, n in expected.items() if n}


def test_doctor_1_a_team_swap_is_shown_as_such_and_applied_to_the_team(
    client, owner, gauntlet, small_doctor, django_capture_on_commit_callbacks
):
    """PAD-2.3 / DOCTOR-1: Lil' Red Dragon (a fire base pet) can only join the Light team:
    every swap the doctor reports puts it there, in place of one team pet."""
    deck = deck_fork(deck=Deck.objects.get(name="Reference: Light"), owner=owner)
    red = Card.objects.get(game="pad", number="B01-001")
    collection = Collection.objects.create(owner=owner)
    CollectionCard.objects.create(collection=collection, card=red, quantity=1)
    client.force_login(owner)
    job = _run(client, deck, django_capture_on_commit_callbacks)
    job.refresh_from_db()
    report = json.loads(job.report)
    assert report["swaps"], report
    team = {card_id for (card_id, zone) in _quantities(deck) if zone == "team"}
    for swap in report["swaps"]:
        assert {card["zone"] for card in swap["cuts"] + swap["adds"]} == {"team"}
        assert {card["card"] for card in swap["adds"]} == {red.pk}
        assert {card["card"] for card in swap["cuts"]} <= team
    page = client.get(reverse("engine:job", args=[job.pk])).content.decode()
    assert page.count('class="doctor-zone"') >= 2 * len(report["swaps"])
    before = _quantities(deck)
    client.post(reverse("engine:doctor_apply", args=[job.pk]), {"swap": 0})
    deck.refresh_from_db()
    assert _quantities(deck) == _after(before, report["swaps"][0])
    assert (red.pk, "team") in _quantities(deck)
    note = deck.revisions.order_by("-number").first().note
    assert "(team)" in note


def test_doctor_1_a_swap_on_someone_elses_deck_is_applied_to_a_fork(
    client, owner, my_light, small_doctor, django_capture_on_commit_callbacks
):
    my_light.visibility = "public"
    my_light.save()
    client.force_login(owner)
    job = _run(client, my_light, django_capture_on_commit_callbacks)
    reader = User.objects.create_user("reader", password="pw-reader-123")
    client.force_login(reader)
    before = _quantities(my_light)
    response = client.post(reverse("engine:doctor_apply", args=[job.pk]), {"swap": 0})
    fork = Deck.objects.get(owner=reader)
    assert response["Location"] == reverse("decks:detail", args=[fork.pk])
    assert fork.forked_from_id == my_light.pk
    assert _quantities(my_light) == before  # the original is untouched
    assert _quantities(fork) != before


def test_without_an_account_the_report_shows_no_apply_button_and_applying_is_refused(
    client, owner, my_light, small_doctor, django_capture_on_commit_callbacks
):
    my_light.visibility = "public"
    my_light.save()
    client.force_login(owner)
    job = _run(client, my_light, django_capture_on_commit_callbacks)
    client.logout()
    decks = Deck.objects.count()
    page = client.get(reverse("engine:job", args=[job.pk])).content.decode()
    assert "data-doctor" in page and "data-apply" not in page
    response = client.post(reverse("engine:doctor_apply", args=[job.pk]), {"swap": 0})
    assert response.status_code == 403
    assert Deck.objects.count() == decks  # no fork
    assert my_light.revisions.count() == 1


@pytest.mark.parametrize(
    ("language", "heading", "apply"),
    [("zh-hant", "改良", "套用這個替換"), ("zh-hans", "改良", "应用这个替换")],
)
def test_the_doctor_pages_speak_chinese(
    client, owner, my_light, small_doctor, django_capture_on_commit_callbacks,
    language, heading, apply,
):  # fmt: skip
    client.force_login(owner)
    form = client.get(
        reverse("engine:doctor", args=[my_light.pk]), headers={"accept-language": language}
    ).content.decode()
    assert f"<h1>{heading} " in form and "Improve" not in form
    job = _run(client, my_light, django_capture_on_commit_callbacks)
    page = client.get(
        reverse("engine:job", args=[job.pk]), headers={"accept-language": language}
    ).content.decode()
    assert apply in page and "Apply this swap" not in page
