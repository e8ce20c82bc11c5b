"""Corrections on the site's pages, the card history, and catalogue reloads (issue 13).

Cards: the conftest's Tyrra (B01-021, PAD pet, defence 200, PAD-1.1) and the real starter
catalogue's Lil' Red Dragon (B01-001) for the reload rule.
"""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from cards import corrections as c
from cards.models import Card, CardSet
from tests.cards.test_admin import pet_form
from tests.conftest import create_card

pytestmark = pytest.mark.django_db

SCAN_LINK = "https://example.org/scans/B01-021.jpg"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def tyrra():
    return create_card("pet")


@pytest.fixture
def player():
    return User.objects.create_user("player", password="pw-player-123")


@pytest.fixture
def curator():
    user = User.objects.create_user("curator", password="pw-curator-123")
    # get_or_create: a transactional test before this one may have flushed the data migration.
    user.groups.add(Group.objects.get_or_create(name=c.CURATOR_GROUP)[0])
    return user


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_card_page_offers_a_correction_and_shows_the_history(tyrra):
    page = Client().get(f"/cards/{tyrra.pk}/").content.decode()

    assert f"/cards/{tyrra.pk}/corrections/new/" in page
    assert "Propose a correction" in page
    assert "data-card-history" in page
    # The import that created the card is its first history entry.
    assert 'Created · <span translate="no">import' in page


def test_anonymous_visitors_are_sent_to_sign_in(tyrra):
    propose = Client().get(f"/cards/{tyrra.pk}/corrections/new/")
    queue = Client().get("/cards/corrections/")

    assert propose.status_code == queue.status_code == 302
    assert "/accounts/login/" in propose["Location"]


def test_a_player_proposes_on_the_page_and_the_card_waits_for_review(tyrra, player):
    client = signed_in(player)
    form = client.get(f"/cards/{tyrra.pk}/corrections/new/").content.decode()
    assert 'name="field-defense" value="200"' in form

    response = client.post(
        f"/cards/{tyrra.pk}/corrections/new/",
        {"field-defense": "300", "field-attribute": "fire", "source_url": SCAN_LINK},
    )

    assert response.status_code == 302
    correction = c.CardCorrection.objects.get()
    # Only the field the player changed is proposed; the unchanged attribute is not.
    assert correction.changes == {"defense": 300}
    assert Card.objects.get(pk=tyrra.pk).defense == 200
    # Back on the card page the player reads that the proposal waits for a curator.
    page = client.get(response["Location"]).content.decode()
    assert "a curator will review your correction" in page


def test_the_page_shows_what_is_wrong_next_to_the_field(tyrra, player):
    response = signed_in(player).post(
        f"/cards/{tyrra.pk}/corrections/new/",
        {"field-defense": "a lot", "source_url": SCAN_LINK},
    )

    assert response.status_code == 400
    assert "Write a whole number." in response.content.decode()
    assert not c.CardCorrection.objects.exists()


def test_players_who_are_not_curators_get_no_queue(player):
    assert signed_in(player).get("/cards/corrections/").status_code == 403


def propose(card, player, changes) -> c.CardCorrection:
    return c.propose(card, player, changes, url=SCAN_LINK, note="From my copy.")


def test_the_queue_shows_each_field_now_and_proposed(tyrra, player, curator):
    propose(tyrra, player, {"defense": 300})

    page = signed_in(curator).get("/cards/corrections/").content.decode()

    assert '<th scope="row">defense</th>' in page
    assert "<del>200</del>" in page and "<ins>300</ins>" in page


def test_the_queue_reads_a_fixed_number_of_queries_however_many_corrections(tyrra, player, curator):
    client = signed_in(curator)
    propose(tyrra, player, {"defense": 300})
    with CaptureQueriesContext(connection) as one:
        client.get("/cards/corrections/")
    greymon = create_card("digimon")
    for n in range(5):
        propose(tyrra, player, {"defense": 400 + 100 * n})
        propose(greymon, player, {"species": f"Dinosaur {n}"})
    with CaptureQueriesContext(connection) as eleven:
        page = client.get("/cards/corrections/").content.decode()

    assert page.count("data-correction=") == 11
    assert len(eleven) == len(one)


def test_a_curator_accepts_on_the_queue_page(tyrra, player, curator):
    correction = propose(tyrra, player, {"defense": 300})

    response = signed_in(curator).post(
        f"/cards/corrections/{correction.pk}/review/", {"decision": "accept"}, follow=True
    )

    assert f"Correction #{correction.pk} accepted" in response.content.decode()
    assert Card.objects.get(pk=tyrra.pk).defense == 300
    newest = tyrra.history.order_by("-history_date", "-pk").first()
    assert (newest.history_user, newest.history_change_reason) == (
        curator,
        f"accepted correction #{correction.pk}",
    )


def test_a_curator_rejects_on_the_queue_page_only_with_a_reason(tyrra, player, curator):
    correction = propose(tyrra, player, {"defense": 300})
    client = signed_in(curator)
    url = f"/cards/corrections/{correction.pk}/review/"

    client.post(url, {"decision": "reject", "reason": ""})
    assert c.CardCorrection.objects.get(pk=correction.pk).status == "pending"
    client.post(url, {"decision": "reject", "reason": "The scan shows 200."})

    rejected = c.CardCorrection.objects.get(pk=correction.pk)
    assert (rejected.status, rejected.reason) == ("rejected", "The scan shows 200.")
    assert Card.objects.get(pk=tyrra.pk).defense == 200


def test_an_admin_edit_is_recorded_with_its_editor():
    admin = User.objects.create_superuser("admin", password="pw-admin-123")
    card_set = CardSet.objects.create(game="pad", code="B01")

    response = signed_in(admin).post("/admin/cards/petcard/add/", pet_form(card_set, 6))

    assert response.status_code == 302
    entry = Card.objects.get(number="B01-001").history.get()
    assert (entry.history_type, entry.history_user, entry.history_change_reason) == (
        "+",
        admin,
        "admin edit",
    )


def test_a_reload_keeps_a_corrected_field_and_says_so(catalogue, player, curator):
    dragon = Card.objects.get(number="B01-001")
    correction = propose(dragon, player, {"defense": 400})
    c.accept(correction, curator)
    waiting = propose(dragon, player, {"rarity": "SR"})
    output = io.StringIO()

    call_command("load_catalogue", reference_decks=False, stdout=output)

    assert Card.objects.get(pk=dragon.pk).defense == 400
    assert (
        f"pad.json: kept 'defense' of B01-001 as corrected by accepted correction "
        f"#{correction.pk} (400)"
    ) in output.getvalue()
    # A pending proposal survives the reload, still pending, still about the same card.
    assert c.CardCorrection.objects.get(pk=waiting.pk).status == "pending"
    assert c.CardCorrection.objects.get(pk=waiting.pk).card_id == dragon.pk
    # The reload changed nothing of the card, so it wrote no history row: the newest is
    # still the accepted correction's (issue 13: unchanged cards are not saved).
    newest = dragon.history.order_by("-history_date", "-pk").first()
    assert newest.history_change_reason.startswith("accepted ")
    assert newest.defense == 400


def test_staff_accept_from_the_admin_through_the_same_checks(tyrra, player):
    admin = User.objects.create_superuser("admin", password="pw-admin-123")
    correction = propose(tyrra, player, {"defense": 300})
    rejected_without_reason = propose(tyrra, player, {"defense": 500})

    client = signed_in(admin)
    client.post(
        "/admin/cards/cardcorrection/",
        {"action": "accept_selected", "_selected_action": [correction.pk]},
    )
    client.post(
        "/admin/cards/cardcorrection/",
        {"action": "reject_selected", "_selected_action": [rejected_without_reason.pk]},
    )

    assert Card.objects.get(pk=tyrra.pk).defense == 300
    assert c.CardCorrection.objects.get(pk=correction.pk).status == "accepted"
    # A rejection needs a reason: without one the correction stays in the queue.
    assert c.CardCorrection.objects.get(pk=rejected_without_reason.pk).status == "pending"


@pytest.mark.parametrize(
    ("language", "created", "changed"),
    [
        ("zh-hant", "已建立", "已修改"),
        ("zh-hans", "已创建", "已修改"),
        ("en", "Created", "Changed"),
    ],
)
def test_the_history_says_created_and_changed_in_the_readers_script(
    tyrra, language, created, changed
):
    """Issue 29 item 9: 繁體 read 建立者 ("creator") for a card's creation."""
    tyrra.defense = (tyrra.defense or 0) + 100
    tyrra.save()  # a second entry: a change
    client = Client()
    client.cookies["django_language"] = language
    page = client.get(f"/cards/{tyrra.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    history = page.split("data-card-history", 1)[1].split("</section>", 1)[0]
    assert f"· {created} ·" in history and f"· {changed} ·" in history
    assert "建立者" not in history
