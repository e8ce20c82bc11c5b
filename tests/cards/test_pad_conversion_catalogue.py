"""The converted PAD fixture through the project's own importer (issue 13, PAD-1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from cards.models import Card
from cards.search.text import fold
from tests.cards.test_pad_conversion import BASE_WITH_A_LINK, pet, scan_readings

pytestmark = pytest.mark.django_db


def test_load_catalogue_gives_the_listed_and_the_scanned_pad_cards(catalogue):
    # The list's 400 cards (52 skills) and the 31 its scans add (issue 26).
    added = [record for record in scan_readings() if not record["list_key"]]
    pad = Card.objects.filter(game="pad")
    assert pad.count() == 400 + len(added) == 431
    added_skills = sum(record["kind"] == "skill" for record in added)
    assert pad.filter(kind="skill").count() == 52 + added_skills


def test_every_evolved_pet_is_linked_to_the_pet_it_evolves_from(catalogue):
    # Including the ten pets the list stores as base and B01-058, whose link names the
    # dark knight the list mislabels as Mystic Stone Knight.
    unlinked = Card.objects.filter(game="pad", kind="pet").exclude(stage="base")
    assert list(unlinked.filter(evolves_from__isnull=True).values_list("number", flat=True)) == []
    assert Card.objects.get(number="B01-058").evolves_from.number == "B01-057"
    assert Card.objects.get(number="B03-072").evolves_from.name == "Golden Egg"


def test_stage_three_pets_are_told_apart_by_their_ultimate_requirement_pad_1_1(catalogue):
    # B01-004 prints no ultimate requirement (3進化); B02-045 needs Dub-Mythlit (究極進化),
    # printed ダブミスリット, the Japanese name of the same card (NAME-1).
    assert Card.objects.get(number="B01-004").stage == "evo3"
    hino = Card.objects.get(number="B02-045")
    assert (hino.stage, hino.ultimate_requirement) == ("ultimate", "Dub-Mythlit")
    assert Card.objects.get(name_ja="ダブミスリット").name == "Dub-Mythlit"


def evolution_contradictions(pets) -> set[str]:
    """PAD-1.1, worked out here: only an ultimate has an ultimate requirement; a pet sits
    one stage above a pet bearing the name it evolves from (an ultimate above any evolved
    pet, as the printed cards place them on evo1 and evo2 pets)."""
    rank = {"base": 0, "evo1": 1, "evo2": 2, "evo3": 3}
    stages: dict[str, set[str]] = {}
    for card in pets:
        for name in {card.name, *card.names.values()}:
            stages.setdefault(fold(name), set()).add(card.stage)
    found = set()
    for card in pets:
        if card.ultimate_requirement and card.stage != "ultimate":
            found.add(card.number)
        named = card.evolves_from_name
        parents = stages.get(fold(named), set()) if named else set()
        if not parents:
            continue
        if card.stage == "ultimate":
            fits = parents & {"evo1", "evo2", "evo3"}
        else:
            fits = {p for p in parents if p in rank and rank[p] + 1 == rank.get(card.stage, -9)}
        if not fits:
            found.add(card.number)
    return found


def unresolved_japanese_links(readings) -> set[str]:
    """Readings whose printed evolves-from name no readable Japanese name matches."""
    names = {
        fold(r["name_ja"]) for r in readings if r["name_ja"] and "name_ja" not in r["unreadable"]
    }
    return {
        r["number"]
        for r in readings
        if r.get("evolves_from_ja") and fold(r["evolves_from_ja"]) not in names and r["list_key"]
    }


def test_contradicted_cards_show_their_data_issues_and_are_searchable(client, catalogue):
    # Issue 26: the scans settle the list's contradictions (the ten base pets, B01-057's name,
    # B02-044/045's sign, the stages of the ultimates). Left: the fields a scan could not
    # read, printed links to a pet whose own Japanese name was unreadable (the list's link is
    # kept) and any chain contradiction — none in the printed data.
    readings = scan_readings()
    pad = Card.objects.filter(game="pad")
    assert evolution_contradictions(list(pad.filter(kind="pet"))) == set()
    flagged = {r["number"] for r in readings if r["unreadable"]} | unresolved_japanese_links(
        readings
    )
    assert {"B01-057", "B02-044", "B02-045"}.isdisjoint(flagged)
    for number in BASE_WITH_A_LINK:
        issues = Card.objects.get(number=number).data_issues
        assert "stage" not in [issue["field"] for issue in issues], number
    assert {card.number for card in pad if card.data_issues} == flagged
    response = client.get("/api/cards/", {"q": "is:conflict game:pad", "page_size": 100})
    assert {card["number"] for card in response.json()["results"]} == flagged
    [issue] = Card.objects.get(number="B01-100").data_issues  # its type icon is unreadable
    assert issue["field"] == "types" and issue["values"][0]["value"] == ["dragon"]


def test_every_fully_read_card_is_scan_verified(catalogue):
    expected = {r["number"] for r in scan_readings() if not r["unreadable"] or not r["list_key"]}
    scanned = Card.objects.filter(game="pad", verification="scan")
    assert set(scanned.values_list("number", flat=True)) == expected


@pytest.fixture
def mini_list(tmp_path: Path) -> Path:
    """A two-card fan list (Tyrra and a skill), so the command is tested without ../shared."""
    records = [
        pet(name="Tyrra", cardNumber="B01-021"),
        pet(
            name="Rubylit",
            cardNumber="B01-104",
            cardType="Skill",
            skillDesc="Orb card.",
            drops=["Heal", "Dark", "Wood"],
        ),
    ]
    path = tmp_path / "fan-list.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    (tmp_path / "overrides.json").write_text('{"cards": {}}', encoding="utf-8")
    return path


def convert(mini_list: Path, out: Path, *options: str) -> None:
    overrides = mini_list.parent / "overrides.json"
    scans = mini_list.parent / "no-scans"
    scans.mkdir(exist_ok=True)
    call_command(
        "convert_pad_list",
        str(mini_list),
        "--out",
        str(out),
        "--overrides",
        str(overrides),
        "--scans",
        str(scans),
        *options,
    )


def test_writing_then_checking_the_same_list_is_up_to_date(mini_list, tmp_path, capsys):
    out = tmp_path / "pad.json"
    convert(mini_list, out)
    written = [card["number"] for card in json.loads(out.read_text(encoding="utf-8"))]
    assert written == ["B01-021", "B01-104"]
    convert(mini_list, out, "--check")
    assert "up to date (2 cards)" in capsys.readouterr().out


def test_check_fails_when_the_fixture_was_edited_by_hand(mini_list, tmp_path):
    out = tmp_path / "pad.json"
    convert(mini_list, out)
    out.write_text(out.read_text(encoding="utf-8").replace('"Tyrra"', '"Tyra"', 1))
    with pytest.raises(CommandError, match="not the conversion's output"):
        convert(mini_list, out, "--check")
