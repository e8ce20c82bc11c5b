"""Curation in the Django admin: every kind lists, searches, adds and edits (issue 2)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.models import Card, CardSet
from tests.conftest import create_card

pytestmark = pytest.mark.django_db

KIND_ADMINS = {
    "pet": "petcard",
    "skill": "skillcard",
    "digimon": "digimoncard",
    "option": "optioncard",
    "combo": "combocard",
}


@pytest.fixture
def staff(admin_client):
    return admin_client


@pytest.mark.parametrize(("kind", "model"), KIND_ADMINS.items())
def test_every_kind_has_a_changelist_add_and_change_page(staff, kind, model):
    card = create_card(kind)
    for url in (
        reverse(f"admin:cards_{model}_changelist"),
        reverse(f"admin:cards_{model}_add"),
        reverse(f"admin:cards_{model}_change", args=[card.pk]),
    ):
        response = staff.get(url)
        assert response.status_code == 200, url
    listing = staff.get(reverse(f"admin:cards_{model}_changelist"))
    assert card.number in listing.content.decode()


def test_changelists_show_only_their_kind(staff):
    create_card("pet")
    create_card("skill")
    page = staff.get(reverse("admin:cards_petcard_changelist")).content.decode()
    assert "B01-021" in page and "B01-104" not in page


@pytest.mark.parametrize("term", ["ティラ", "Tyrra", "B01-021"])
def test_search_by_any_name_or_number(staff, term):
    create_card("pet")
    page = staff.get(reverse("admin:cards_card_changelist"), {"q": term}).content.decode()
    assert "B01-021" in page


def test_filters_by_game_kind_and_level(staff):
    create_card("pet")
    create_card("digimon")
    url = reverse("admin:cards_card_changelist")
    assert "St-2" not in staff.get(url, {"game__exact": "pad"}).content.decode()
    assert "St-2" in staff.get(url, {"level__exact": "IV"}).content.decode()


def test_opening_a_card_from_all_cards_goes_to_its_kind(staff):
    card = create_card("digimon")
    response = staff.get(reverse("admin:cards_card_change", args=[card.pk]))
    assert response.url == reverse("admin:cards_digimoncard_change", args=[card.pk])


def pet_form(card_set: CardSet, rows: int) -> dict:
    data = {
        "card_set": card_set.pk,
        "number": "B01-001",
        "provenance": "printed",
        "name": "Lil' Red Dragon",
        "name_en": "Lil' Red Dragon",
        "attribute": "fire",
        "cost": 0,
        "defense": 100,
        "pet_type": "dragon",
        "stage": "base",
        "orbs": ["fire", "water", "heart"],
        "attack_rows-TOTAL_FORMS": rows,
        "attack_rows-INITIAL_FORMS": 0,
        "attack_rows-MIN_NUM_FORMS": 0,
        "attack_rows-MAX_NUM_FORMS": 6,
    }
    for index in range(rows):
        data[f"attack_rows-{index}-combos"] = index + 1
        data[f"attack_rows-{index}-attack"] = index * 100
        data[f"attack_rows-{index}-bonus"] = 0
    return data


def test_adding_a_pet_with_its_six_attack_rows_inline(staff):
    card_set = CardSet.objects.create(game="pad", code="B01")
    response = staff.post(reverse("admin:cards_petcard_add"), pet_form(card_set, 6))
    assert response.status_code == 302
    pet = Card.objects.get(number="B01-001")
    assert (pet.game, pet.kind) == ("pad", "pet")
    assert [row.attack for row in pet.attack_rows.all()] == [0, 100, 200, 300, 400, 500]


def test_a_pet_with_five_attack_rows_is_refused(staff):
    card_set = CardSet.objects.create(game="pad", code="B01")
    response = staff.post(reverse("admin:cards_petcard_add"), pet_form(card_set, 5))
    assert response.status_code == 200
    assert "exactly 6 rows" in response.content.decode()
    assert not Card.objects.exists()


def test_the_admin_reports_field_rules(staff):
    card_set = CardSet.objects.create(game="pad", code="B01")
    data = pet_form(card_set, 6) | {"orbs": ["fire"]}
    response = staff.post(reverse("admin:cards_petcard_add"), data)
    assert "2 or 3 distinct orb colours" in response.content.decode()


def test_digimon_lost_points_and_attacks_are_edited_on_the_card_page(staff):
    card = create_card("digimon")
    page = staff.get(reverse("admin:cards_digimoncard_change", args=[card.pk])).content.decode()
    assert 'name="lost_iii" value="20"' in page
    assert 'name="attacks-0-power" value="440"' in page


def test_image_preview_is_shown_for_a_card_with_an_image(staff, tmp_path, settings):
    from io import BytesIO

    from django.core.files.uploadedfile import SimpleUploadedFile
    from PIL import Image

    buffer = BytesIO()
    Image.new("RGB", (60, 84), "red").save(buffer, "PNG")
    card = create_card("pet")
    card.image = SimpleUploadedFile("tyrra.png", buffer.getvalue(), "image/png")
    card.save()
    page = staff.get(reverse("admin:cards_petcard_change", args=[card.pk])).content.decode()
    assert f'<img src="{card.image.url}"' in page
