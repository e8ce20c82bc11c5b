"""The converted PAD fixture through the project's own importer (issue 13, PAD-1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from cards.models import Card
from tests.cards.test_pad_conversion import BASE_WITH_A_LINK, FAN_LIST, FIXTURE

pytestmark = pytest.mark.django_db


def test_load_catalogue_gives_all_400_pad_cards(catalogue):
    pad = Card.objects.filter(game="pad")
    assert pad.count() == 400
    assert pad.filter(kind="skill").count() == 52


def test_every_evolved_pet_is_linked_to_the_pet_it_evolves_from(catalogue):
    # Including the ten pets the list stores as base and B01-058, whose link names the
    # dark knight the list mislabels as Mystic Stone Knight.
    unlinked = Card.objects.filter(game="pad", kind="pet").exclude(stage="base")
    assert list(unlinked.filter(evolves_from__isnull=True).values_list("number", flat=True)) == []
    assert Card.objects.get(number="B01-058").evolves_from.number == "B01-057"
    assert Card.objects.get(number="B03-072").evolves_from.name == "Golden Egg"


def test_stage_three_pets_are_told_apart_by_their_ultimate_requirement_pad_1_1(catalogue):
    # B01-004 prints no ultimate requirement (3進化); B02-045 needs Dub-Mythlit (究極進化).
    assert Card.objects.get(number="B01-004").stage == "evo3"
    hino = Card.objects.get(number="B02-045")
    assert (hino.stage, hino.ultimate_requirement) == ("ultimate", "Dub-Mythlit")


def test_contradicted_cards_show_their_data_issues_and_are_searchable(client, catalogue):
    # The ten base pets naming an evolves-from (data README) and B01-057's name.
    flagged = {*BASE_WITH_A_LINK, "B01-057"}
    pad = Card.objects.filter(game="pad")
    assert {card.number for card in pad if card.data_issues} == flagged
    response = client.get("/api/cards/", {"q": "is:conflict game:pad", "page_size": 100})
    assert {card["number"] for card in response.json()["results"]} == flagged
    [issue] = Card.objects.get(number="B03-031").data_issues
    assert issue["field"] == "stage" and issue["values"][0]["value"] == "base"


def test_only_the_scanned_examples_are_scan_verified(catalogue):
    scanned = Card.objects.filter(game="pad", verification="scan")
    assert set(scanned.values_list("number", flat=True)) == {
        "B01-021",
        "B01-100",
        "B01-104",
        "B05-021",
    }


def test_committed_fixture_is_the_conversions_output(capsys):
    call_command("convert_pad_list", str(FAN_LIST), "--check")
    assert "up to date (400 cards)" in capsys.readouterr().out


def test_check_fails_when_the_fixture_was_edited_by_hand(tmp_path: Path):
    edited = tmp_path / "pad.json"
    edited.write_text(FIXTURE.read_text(encoding="utf-8").replace('"Tyrra"', '"Tyra"', 1))
    with pytest.raises(CommandError, match="not the conversion's output"):
        call_command("convert_pad_list", str(FAN_LIST), "--check", "--out", str(edited))


def test_writing_gives_the_committed_fixture(tmp_path: Path):
    out = tmp_path / "pad.json"
    call_command("convert_pad_list", str(FAN_LIST), "--out", str(out))
    assert out.read_text(encoding="utf-8") == FIXTURE.read_text(encoding="utf-8")
