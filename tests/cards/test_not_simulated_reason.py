"""A card says why its printed effect has no structured steps (issue 13): the reason goes
through import, export, the REST API and the admin like every other field of the schema."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from cards.models import Card
from tests.conftest import card_data, create_card

pytestmark = pytest.mark.django_db

# B01-104's reason as a curator would write it; the text is illustrative, not the card's.
REASON = "needs: choosing cards in the opponent's orb area"


def test_a_card_without_a_reason_exports_null():
    create_card("skill")
    assert Card.objects.get().not_simulated_reason == ""


def test_the_reason_survives_export_and_reimport(tmp_path):
    create_card(
        "skill",
        text="Discard a card from your opponent's orb area.",
        **{"not_simulated_reason": REASON},
    )
    create_card("pet")
    target = tmp_path / "export.json"
    call_command("export_cards", "-o", str(target))
    exported = {card["number"]: card for card in json.loads(target.read_text("utf-8"))}
    assert exported["B01-104"]["not_simulated_reason"] == REASON
    assert exported["B01-021"]["not_simulated_reason"] is None

    Card.objects.all().delete()
    call_command("import_cards", str(target), verbosity=0)
    assert Card.objects.get(number="B01-104").not_simulated_reason == REASON


@pytest.mark.parametrize(
    ("value", "reason"),
    [({"needs": "x"}, "must be text"), ("x" * 301, "longer than 300")],
)
def test_a_bad_reason_rejects_the_file_naming_the_field(tmp_path, value, reason):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([card_data("skill", not_simulated_reason=value)]), "utf-8")
    with pytest.raises(CommandError) as raised:
        call_command("import_cards", str(path), verbosity=0)
    assert "'not_simulated_reason'" in str(raised.value)
    assert reason in str(raised.value)
    assert not Card.objects.exists()


def test_the_api_card_carries_the_reason(client):
    card = create_card("skill", not_simulated_reason=REASON)
    plain = create_card("pet")
    body = client.get(reverse("api:card-detail", args=[card.pk])).json()
    assert body["not_simulated_reason"] == REASON
    assert (
        client.get(reverse("api:card-detail", args=[plain.pk])).json()["not_simulated_reason"]
        is None
    )


def test_a_curator_edits_the_reason_in_the_admin(admin_client):
    card = create_card("skill")
    page = admin_client.get(reverse("admin:cards_skillcard_change", args=[card.pk]))
    assert 'name="not_simulated_reason"' in page.content.decode()
