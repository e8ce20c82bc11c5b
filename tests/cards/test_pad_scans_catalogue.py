"""The catalogue after the scans were read (issue 26): the issue's examples read as printed,
Japanese names and rarity searchable and shown, and the report's counts.

Expected values are the printed ones the issue quotes (checked on the scans), or counted
here from the committed readings and fixture with plain JSON, never from the code under test.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse

from cards.models import Card
from cards.search import search_cards
from cards.search.text import fold
from tests.cards.test_pad_conversion import scan_readings
from tests.conftest import create_card

pytestmark = pytest.mark.django_db


def card(number: str) -> Card:
    return Card.objects.get(game="pad", number=number)


def attack(number: str) -> list[int]:
    return [row.attack for row in card(number).attack_rows.order_by("combos")]


def corrections(number: str) -> dict[str, dict]:
    return {c["field"]: c for c in card(number).scan_check["corrections"]}


def found(query: str) -> set[str]:
    result = search_cards(query)
    assert result.warnings == [], result.warnings
    return set(result.cards.values_list("number", flat=True))


# --- The issue's examples ------------------------------------------------------------------


def test_caol_ila_reads_as_printed(catalogue):
    # B01-098: printed DEF 600 and attack 100/200/200/300/400/600 (the list: 300 and
    # 100/300/400/500/600/700), both kept as corrections.
    assert card("B01-098").defense == 600
    assert attack("B01-098") == [100, 200, 200, 300, 400, 600]
    found_corrections = corrections("B01-098")
    assert (found_corrections["defense"]["list_value"], found_corrections["defense"]["scan"]) == (
        300,
        "caol-ila.jpg",
    )
    listed = [row["attack"] for row in found_corrections["attack"]["list_value"]]
    assert listed == [100, 300, 400, 500, 600, 700]


@pytest.mark.parametrize(
    ("number", "printed"), [("B02-006", "water"), ("B04-033", "light")], ids=["bubblie", "unicorn"]
)
def test_attributes_read_as_printed(catalogue, number, printed):
    assert card(number).attribute == printed
    assert corrections(number)["attribute"]["list_value"] == "fire"


def test_blazing_ice_ogre_is_ultimate(catalogue):
    ogre = card("B02-022")
    assert (ogre.stage, ogre.name_en) == ("ultimate", "Blazing Ice Ogre")
    assert corrections("B02-022")["stage"]["list_value"] == "evo2"
    assert ogre.data_issues == []  # an ultimate with its requirement: nothing contradicts


def test_the_last_skills_of_b02_carry_their_printed_numbers(catalogue):
    # The list's B02-113…115 are printed B02-114…116; no scan prints B02-113.
    assert card("B02-114").name == "Guard Break"
    assert [card(f"B02-{n}").name for n in (115, 116)] == ["Miracle", "Poison Mist"]
    assert not Card.objects.filter(game="pad", number="B02-113").exists()
    assert corrections("B02-114")["number"]["list_value"] == "B02-113"


@pytest.mark.parametrize("number", ["B02-093", "B02-095", "B02-097"])
def test_valkyrie_ultimates_need_the_mystic_mask_as_printed(catalogue, number):
    valkyrie = card(number)
    assert (valkyrie.stage, valkyrie.ultimate_requirement) == ("ultimate", "神秘の仮面")
    # NAME-1: the requirement is the catalogued skill bearing that name.
    mask = Card.objects.get(game="pad", search_names__contains=f"\n{fold('神秘の仮面')}\n")
    assert (mask.number, mask.name_en) == ("B02-101", "Mystic Mask")


def test_keeper_of_rainbow_and_the_jewels_are_catalogued_so_their_ultimates_can_evolve(
    catalogue,
):
    added = {number: card(number) for number in ("B04-088", "B04-090", "B04-091", "B04-092")}
    assert {c.name_ja for c in added.values()} == {"虹の番人", "火の宝玉", "水の宝玉", "闇の宝玉"}
    assert all(c.kind == "skill" and c.scan_check["added"] for c in added.values())
    # Every ultimate requirement of the catalogue names a catalogued card.
    requirements = Card.objects.filter(game="pad").exclude(ultimate_requirement="")
    unmet = [
        (pet.number, pet.ultimate_requirement)
        for pet in requirements
        if not Card.objects.filter(
            game="pad", search_names__contains=f"\n{fold(pet.ultimate_requirement)}\n"
        ).exists()
    ]
    assert unmet == []
    needing_them = requirements.filter(ultimate_requirement__in=[c.name_ja for c in added.values()])
    assert needing_them.count() >= 5


@pytest.mark.parametrize("number", ["B01-116", "B02-101", "B04-057"])
def test_costs_printed_one(catalogue, number):
    assert card(number).cost == 1
    assert corrections(number)["cost"]["list_value"] == 0


def test_every_evolution_chain_links_and_no_stage_contradicts_it(catalogue):
    pets = Card.objects.filter(game="pad", kind="pet").exclude(stage="base")
    assert list(pets.filter(evolves_from__isnull=True).values_list("number", flat=True)) == []
    rank = {"base": 0, "evo1": 1, "evo2": 2, "evo3": 3}
    for pet in pets.select_related("evolves_from"):
        parent = pet.evolves_from.stage
        if pet.stage == "ultimate":
            assert parent != "base", pet.number
        else:
            assert rank[parent] + 1 == rank[pet.stage], pet.number


# --- Japanese names and rarity ---------------------------------------------------------------


def test_every_readable_japanese_name_is_stored_and_found_by_name(catalogue):
    readings = scan_readings()
    names = {r["number"]: r["name_ja"] for r in readings if "name_ja" not in r["unreadable"]}
    stored = dict(Card.objects.filter(game="pad").values_list("number", "name_ja"))
    assert {number: stored[number] for number in names} == names
    assert found('name:"神秘の仮面"') == {"B02-101"}
    assert found("name=ガードブレイク") == {"B02-114"}
    # An unreadable name stays empty, never the reader's guess.
    unreadable = [r["number"] for r in readings if "name_ja" in r["unreadable"]]
    assert unreadable and all(stored[number] == "" for number in unreadable)


@pytest.mark.parametrize(("query", "rarity"), [("r:sr", "SR"), ("rarity:ur", "UR"), ("r:c", "C")])
def test_rarity_filters_match_the_printed_rarity(catalogue, query, rarity):
    expected = {r["number"] for r in scan_readings() if r["rarity"] == rarity}
    assert expected and found(query) == expected


def test_the_api_filters_by_rarity_and_finds_japanese_names(client, catalogue):
    response = client.get("/api/cards/", {"q": "rarity:ur stage:ultimate", "page_size": 200})
    expected = {
        r["number"] for r in scan_readings() if r["rarity"] == "UR" and r["stage"] == "ultimate"
    }
    assert {c["number"] for c in response.json()["results"]} == expected
    response = client.get("/api/cards/", {"q": "name:虹の番人"})
    [result] = response.json()["results"]
    assert result["number"] == "B04-088" and result["rarity"] == "C"
    assert result["scan_check"]["added"] is True


def test_the_card_page_shows_the_japanese_name_rarity_and_what_the_scan_corrected(
    client, catalogue, django_assert_max_num_queries
):
    caol_ila = card("B01-098")
    with django_assert_max_num_queries(8 + 1):  # as every card page (test_page_detail)
        page = client.get(reverse("cards:detail", args=[caol_ila.pk])).content.decode()
    assert caol_ila.name_ja and caol_ila.name_ja in page
    assert f"<dt>Rarity</dt><dd>{caol_ila.rarity}</dd>" in page
    assert 'class="scan-check" data-scan="caol-ila.jpg"' in page
    assert "the list said 300, the card prints 600" in page
    assert "the list said 100/300/400/500/600/700, the card prints 100/200/200/300/400/600" in page
    keeper = client.get(reverse("cards:detail", args=[card("B04-088").pk])).content.decode()
    assert "The fan card list lacks this card: it was added from its scan." in keeper


def test_a_card_without_a_printed_rarity_shows_it_as_unknown(client, db):
    pet = create_card("pet", rarity=None)
    page = client.get(reverse("cards:detail", args=[pet.pk])).content.decode()
    assert "<dt>Rarity</dt><dd>unknown</dd>" in page


# --- The report ------------------------------------------------------------------------------


def test_the_report_counts_what_the_scans_did(catalogue, capsys):
    cards = json.loads((settings.BASE_DIR / "fixtures" / "pad.json").read_text("utf-8"))
    checks = [c["scan_check"] for c in cards if c.get("scan_check")]
    by_field = Counter(x["field"] for check in checks for x in check["corrections"])
    readings = scan_readings()
    call_command("catalogue_report", "--json")
    figures = json.loads(capsys.readouterr().out)["pad"]
    assert figures["scans"] == {
        "checked": len(readings),
        "added": sum(not r["list_key"] for r in readings),
        "cards_corrected": sum(bool(check["corrections"]) for check in checks),
        "corrections": sum(by_field.values()),
        "corrections_by_field": dict(sorted(by_field.items())),
        "with_unreadable_fields": sum(bool(r["unreadable"]) for r in readings),
    }
    assert figures["scans"]["added"] == 31
    assert figures["by_verification"] == dict(Counter(c["verification"] for c in cards))
    kinds = figures["data_issues_by_kind"]
    # One issue per field a reading could not read.
    unreadable_issues = sum(len(set(r["unreadable"])) for r in readings)
    assert kinds["unreadable on the scan"] == unreadable_issues
    assert "evolution contradiction" not in kinds
    call_command("catalogue_report")
    out = capsys.readouterr().out
    assert f"scans: {len(readings)} cards read from their printed scans, 31 of them added" in out
    assert f"fields corrected by the scans: {sum(by_field.values())} on " in out
