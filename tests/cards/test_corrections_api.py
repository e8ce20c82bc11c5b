"""Players propose corrections of a card, curators accept or reject them (issue 13, API).

The card under test is the conftest's Tyrra (B01-021, a PAD pet, PAD-1.1): defence 200,
fire, one dragon type. A proposal never changes the card; an accepted one does, in one
transaction, and the card's history says who changed it and from which source.
"""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import Group, User
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image
from rest_framework.throttling import ScopedRateThrottle

from cards import corrections as c
from cards.models import Card
from tests.clients import api
from tests.conftest import create_card

pytestmark = pytest.mark.django_db

SCAN_LINK = "https://example.org/scans/B01-021.jpg"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture(autouse=True)
def _clean_throttles():
    cache.clear()
    yield
    cache.clear()


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


def scan_upload(name: str = "scan.png") -> SimpleUploadedFile:
    buffer = io.BytesIO()
    Image.new("RGB", (244, 340), "#c0392b").save(buffer, "PNG")
    return SimpleUploadedFile(name, buffer.getvalue(), content_type="image/png")


def propose(client, card, changes, **extra):
    body = {"changes": changes, "source_url": SCAN_LINK, "note": "My copy says so.", **extra}
    return client.post(f"/api/cards/{card.pk}/corrections/", body, format="json")


def test_a_proposal_is_recorded_pending_and_leaves_the_card_as_it_was(tyrra, player):
    response = propose(api(player), tyrra, {"defense": 300})

    assert response.status_code == 201
    body = response.json()
    assert (body["status"], body["proposer"], body["changes"]) == (
        "pending",
        "player",
        {"defense": 300},
    )
    assert Card.objects.get(pk=tyrra.pk).defense == 200


def test_anonymous_visitors_cannot_propose(tyrra):
    response = propose(api(), tyrra, {"defense": 300})

    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        # PAD-1.1: a defence is a number; the importer refuses text there.
        ({"defense": "lots"}, "defense"),
        ({"attribute": "plaid"}, "attribute"),
        # Which card it is cannot be "corrected" into another card.
        ({"number": "B01-022"}, "number"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_a_value_the_importer_would_refuse_is_refused_naming_the_field(
    tyrra, player, changes, field
):
    response = propose(api(player), tyrra, changes)

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert field in body["errors"]
    assert not c.CardCorrection.objects.exists()


def test_a_proposal_needs_a_source(tyrra, player):
    response = api(player).post(
        f"/api/cards/{tyrra.pk}/corrections/", {"changes": {"defense": 300}}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["code"] == "source_required"


def test_a_scan_must_be_a_picture_like_a_card_image(tyrra, player):
    not_a_picture = SimpleUploadedFile("scan.png", b"not a picture", content_type="image/png")
    response = api(player).post(
        f"/api/cards/{tyrra.pk}/corrections/",
        {"changes": '{"defense": 300}', "source_scan": not_a_picture},
        format="multipart",
    )

    assert response.status_code == 400
    assert response.json()["code"] == "invalid_source"
    assert "scan" in response.json()["errors"]


def test_proposing_what_the_card_already_says_is_refused(tyrra, player):
    response = propose(api(player), tyrra, {"defense": 200})

    assert response.status_code == 400
    assert response.json()["code"] == "unchanged"


def test_proposals_are_rate_limited_per_player(tyrra, player, monkeypatch):
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", {"corrections": "2/hour"})
    client = api(player)

    codes = [propose(client, tyrra, {"defense": 300 + 100 * n}).status_code for n in range(3)]

    assert codes == [201, 201, 429]
    # Reading the card's corrections is not a proposal and stays open.
    assert client.get(f"/api/cards/{tyrra.pk}/corrections/").status_code == 200


def test_a_curator_accepts_and_the_card_changes_with_a_history_entry(tyrra, player, curator):
    proposal = propose(api(player), tyrra, {"defense": 300, "types": ["dragon", "god"]}).json()

    response = api(curator).post(f"/api/corrections/{proposal['id']}/accept/", {}, format="json")

    assert response.status_code == 200
    assert (response.json()["status"], response.json()["reviewer"]) == ("accepted", "curator")
    card = Card.objects.get(pk=tyrra.pk)
    assert (card.defense, card.pet_type, card.pet_sub_type) == (300, "dragon", "god")
    history = api().get(f"/api/cards/{tyrra.pk}/history/").json()
    newest, first = history[0], history[-1]
    assert newest["source"] == f"accepted correction #{proposal['id']}"
    assert newest["user"] == "curator"
    assert "defense" in newest["changed_fields"]
    # The card was first written by the import of the test's catalogue row.
    assert (first["change"], first["source"]) == ("Created", "import")


def test_accepting_a_scan_sourced_correction_makes_the_card_scan_verified(tyrra, player, curator):
    response = api(player).post(
        f"/api/cards/{tyrra.pk}/corrections/",
        {"changes": '{"cost": 1}', "source_scan": scan_upload()},
        format="multipart",
    )
    assert response.status_code == 201
    assert response.json()["source_scan"]

    api(curator).post(f"/api/corrections/{response.json()['id']}/accept/", {}, format="json")

    card = Card.objects.get(pk=tyrra.pk)
    # The conftest's catalogue row gives no level: "from a card list" until a scan is seen.
    assert (card.cost, card.verification) == (1, "scan")


def test_accepting_a_link_sourced_correction_keeps_the_verification_level(tyrra, player, curator):
    proposal = propose(api(player), tyrra, {"cost": 1}).json()

    api(curator).post(f"/api/corrections/{proposal['id']}/accept/", {}, format="json")

    assert Card.objects.get(pk=tyrra.pk).verification == "card_list"


def test_accepting_is_all_or_nothing(tyrra, player, curator, monkeypatch):
    proposal = propose(api(player), tyrra, {"defense": 300}).json()

    def refuse(*args, **kwargs):
        raise RuntimeError("the database went away while marking the correction")

    # The card is written first, the correction marked accepted after it: a failure there
    # must undo the card change too.
    monkeypatch.setattr(c.CardCorrection, "save", refuse)
    with pytest.raises(RuntimeError):
        c.accept(c.CardCorrection.objects.get(pk=proposal["id"]), curator)

    assert Card.objects.get(pk=tyrra.pk).defense == 200
    assert c.CardCorrection.objects.get(pk=proposal["id"]).status == "pending"
    assert tyrra.history.count() == 1


def test_a_curator_rejects_with_a_reason_and_the_card_stays(tyrra, player, curator):
    proposal = propose(api(player), tyrra, {"defense": 300}).json()
    url = f"/api/corrections/{proposal['id']}/reject/"

    without_reason = api(curator).post(url, {"reason": ""}, format="json")
    response = api(curator).post(url, {"reason": "The scan shows 200."}, format="json")

    assert without_reason.status_code == 400
    assert without_reason.json()["code"] == "reason_required"
    assert (response.json()["status"], response.json()["reason"]) == (
        "rejected",
        "The scan shows 200.",
    )
    assert Card.objects.get(pk=tyrra.pk).defense == 200
    again = api(curator).post(f"/api/corrections/{proposal['id']}/accept/", {}, format="json")
    assert again.status_code == 409


def test_players_who_are_not_curators_cannot_review(tyrra, player):
    proposal = propose(api(player), tyrra, {"defense": 300}).json()

    own = api(player).post(f"/api/corrections/{proposal['id']}/accept/", {}, format="json")
    anonymous = api().post(f"/api/corrections/{proposal['id']}/accept/", {}, format="json")

    assert (own.status_code, anonymous.status_code) == (403, 401)
    assert Card.objects.get(pk=tyrra.pk).defense == 200


def test_staff_review_without_joining_the_curator_group(tyrra, player):
    staff = User.objects.create_user("staff", is_staff=True)
    proposal = propose(api(player), tyrra, {"defense": 300}).json()

    response = api(staff).post(f"/api/corrections/{proposal['id']}/accept/", {}, format="json")

    assert response.status_code == 200
    assert Card.objects.get(pk=tyrra.pk).defense == 300
