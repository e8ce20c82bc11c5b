"""The PAD fan card list becomes fixtures/pad.json through cards.conversion.pad (issue 13).

Expected values are read off the data README's verified examples and RULES.md PAD-1 by
hand, never from the conversion's own output.
"""

from __future__ import annotations

import json

import pytest
from django.conf import settings

from cards.conversion.pad import FAN_LIST_SOURCE, apply_overrides
from cards.conversion.pad import convert_record as convert

FIXTURE = settings.BASE_DIR / "fixtures" / "pad.json"
OVERRIDES = settings.BASE_DIR / "fixtures" / "curated" / "pad_overrides.json"
SCANS = settings.BASE_DIR / "fixtures" / "curated" / "pad_scans"
BEFORE_ISSUE_13 = settings.BASE_DIR / "fixtures" / "curated" / "pad_catalogue_before_issue13.json"

# The data README: ten pets stored as base that name the pet they evolve from.
BASE_WITH_A_LINK = (
    "B03-019",
    "B03-023",
    "B03-027",
    "B03-031",
    "B03-035",
    "B03-044",
    "B03-048",
    "B03-051",
    "B03-059",
    "B03-072",
)


def scan_readings() -> list[dict]:
    """Every record of the committed scan readings (fixtures/curated/pad_scans/)."""
    return [
        record
        for path in sorted(SCANS.glob("reading-*.json"))
        for record in json.loads(path.read_text(encoding="utf-8"))["cards"]
    ]


def pet(**fields) -> dict:
    """A fan-list pet record: a base fire dragon unless the test says otherwise."""
    record = {
        "name": "Test Dragon",
        "evosFrom": "",
        "cost": 0,
        "type": "Dragon",
        "subType": "",
        "attribute": "Fire",
        "subAttribute": "",
        "damage": [0, 100, 200, 300, 400, 500],
        "damagePlus": [0, 0, 0, 0, 0, 0],
        "defense": 200,
        "evoStage": 0,
        "evoCost": "",
        "skillType": "",
        "skillDesc": "",
        "skillShort": "",
        "drops": ["Fire", "Dark", "Heal"],
        "cardNumber": "B09-001",
        "cardType": "Monster",
    }
    return record | fields


@pytest.fixture(scope="module")
def catalogue_cards() -> dict[str, dict]:
    """The committed fixture: `make check-fixtures` (run by CI next to ../shared) proves it
    is the conversion's output, so a clone without ../shared still tests the catalogue."""
    return {card["number"]: card for card in json.loads(FIXTURE.read_text(encoding="utf-8"))}


def test_tyrra_converts_to_the_scan_verified_card_pad_1_1():
    # Data README: B01-021 base, fire, DEF 200, attack 0/100/…/500, orbs fire, dark, heart.
    card = convert(pet(name="Tyrra", cardNumber="B01-021"))
    assert (card["kind"], card["set"], card["stage"], card["attribute"], card["defense"]) == (
        "pet",
        "B01",
        "base",
        "fire",
        200,
    )
    assert [row["attack"] for row in card["attack"]] == [0, 100, 200, 300, 400, 500]
    # PAD-1: orbs in the card's slot order heart, dark, light, wood, water, fire.
    assert card["orbs"] == ["heart", "dark", "fire"]
    assert card["names"] == {"en": "Tyrra"} and card["types"] == ["dragon"]
    # The list alone vouches for it until the overlay says a scan was seen.
    assert card["verification"] == "card_list"


def test_bonus_damage_rows_and_cost_pad_1_1():
    # Data README: B01-100, cost 3, 100/200/400/600/800+1/1000+1, orbs water, light, dark.
    record = pet(
        evosFrom="Heavy Metal Dragon",
        evoStage=2,
        cost=3,
        attribute="Dark",
        damage=[100, 200, 400, 600, 800, 1000],
        damagePlus=[0, 0, 0, 0, 1, 1],
        drops=["Water", "Light", "Dark"],
    )
    card = convert(record)
    assert card["attack"][3:] == [
        {"attack": 600, "bonus": 0},
        {"attack": 800, "bonus": 1},
        {"attack": 1000, "bonus": 1},
    ]
    assert (card["cost"], card["stage"], card["evolves_from"]) == (3, "evo2", "Heavy Metal Dragon")
    assert card["orbs"] == ["dark", "light", "water"]


def test_a_skill_has_no_pet_fields_pad_1_2():
    record = {
        "name": "Rubylit",
        "cost": 0,
        "attribute": "Fire",
        "subAttribute": "",
        "skillType": "Use",
        "skillDesc": "Choose a fire monster from your hand and evolve it for 1 less cost.",
        "drops": ["Wood", "Dark", "Heal"],
        "cardNumber": "B01-104",
        "cardType": "Skill",
    }
    card = convert(record)
    assert card["kind"] == "skill" and card["orbs"] == ["heart", "dark", "wood"]
    # "Use" is how a skill is played, not one of the PAD-1.3 effect types.
    assert card["effect_types"] == []
    assert not {"stage", "attack", "defense", "types"} & set(card)


def test_stage_three_with_an_ultimate_requirement_is_ultimate_pad_1_1():
    card = convert(pet(evoStage=3, evosFrom="Flare Drall", evoCost="Dub-Mythlit"))
    assert card["stage"] == "ultimate"
    assert card["ultimate_requirement"] == "Dub-Mythlit"
    # PAD-1.1: the requirement is the 究極 effect type.
    assert "ultimate" in card["effect_types"]
    assert "data_issues" not in card


def test_stage_three_without_an_ultimate_requirement_is_evo3_pad_1_1():
    card = convert(pet(evoStage=3, evosFrom="Volcano Dragon", skillType="Damage"))
    assert (card["stage"], card["effect_types"]) == ("evo3", ["damage"])


def test_base_pet_naming_what_it_evolves_from_keeps_the_link_and_flags_the_stage():
    record = pet(evoStage=0, evosFrom="Sun Deity Ra", evoCost="Twinlits")
    card = convert(record, {"sun deity ra": 2})
    assert card["evolves_from"] == "Sun Deity Ra"
    assert card["stage"] == "ultimate"  # it prints an ultimate requirement
    [issue] = card["data_issues"]
    assert issue["field"] == "stage"
    assert issue["values"][0] == {"source": FAN_LIST_SOURCE, "value": "base"}
    assert "Sun Deity Ra" in [value["value"] for value in issue["values"]]


def test_base_pet_without_a_requirement_sits_one_stage_above_its_link():
    # B03-072 Apocalypse: stored as base, evolves from the base Golden Egg.
    card = convert(pet(evoStage=0, evosFrom="Golden Egg"), {"golden egg": 0})
    assert card["stage"] == "evo1"
    assert [issue["field"] for issue in card["data_issues"]] == ["stage"]


def test_list_quirks_are_read_as_what_they_mean_pad_1():
    card = convert(
        pet(
            attribute="Green",
            subAttribute="Green",
            skillType="Defense / Permanent",
            skillDesc=" / At the beginning of your turn, this monster becomes Active.",
        )
    )
    # "Green" is wood; a sub-attribute equal to the attribute adds nothing (PAD-1.2).
    assert (card["attribute"], card["sub_attribute"]) == ("wood", None)
    assert card["effect_types"] == ["continuous", "defence"]
    # An untranscribed half of a two-part effect is left out, not kept as " / ".
    assert card["text"] == "At the beginning of your turn, this monster becomes Active."
    assert convert(pet(skillDesc=" / "))["text"] is None


def test_golden_egg_keeps_its_missing_attribute_and_type_empty():
    card = convert(pet(attribute="", type="", subType=""))
    assert (card["attribute"], card["types"]) == (None, [])


def test_a_curated_value_wins_over_the_list():
    card = convert(pet(name="Tyrra"))
    curated = apply_overrides(card, {"name": "ティラ", "names": {"ja": "ティラ", "en": "Tyrra"}})
    assert curated["name"] == "ティラ" and curated["names"]["en"] == "Tyrra"
    assert curated["defense"] == 200


def test_catalogue_holds_the_400_listed_cards_and_the_31_read_from_scans(catalogue_cards):
    # Issue 13: the list's 400 cards (348 pets, 52 skills). Issue 26: every scan reading is
    # a card of the catalogue under the number it prints; 31 of them the list lacks.
    readings = scan_readings()
    assert len(readings) == 431
    listed = [record for record in readings if record["list_key"]]
    added = [record for record in readings if not record["list_key"]]
    assert (len(listed), len(added)) == (400, 31)
    assert sorted(catalogue_cards) == sorted(record["number"] for record in readings)
    kinds = [card["kind"] for card in catalogue_cards.values()]
    added_pets = sum(record["kind"] == "pet" for record in added)
    assert (kinds.count("pet"), kinds.count("skill")) == (348 + added_pets, 52 + 31 - added_pets)
    assert all(card["provenance"] == "printed" for card in catalogue_cards.values())
    assert {n for n, card in catalogue_cards.items() if card["scan_check"]["added"]} == {
        record["number"] for record in added
    }


def test_errata_win_over_the_list(catalogue_cards):
    # Data README: B05-021's ultimate requirement is 神秘の仮面, not Keeper of Rainbow.
    assert catalogue_cards["B05-021"]["ultimate_requirement"] == "神秘の仮面"
    # The ten pets the list stores as base: the scans print their stage, which settles the
    # list's contradiction (no stage issue is left).
    printed = {record["number"]: record["stage"] for record in scan_readings()}
    for number in BASE_WITH_A_LINK:
        card = catalogue_cards[number]
        assert card["evolves_from"], number
        assert card["stage"] == printed[number] != "base", number
        assert "stage" not in [issue["field"] for issue in card.get("data_issues", [])], number


def test_cards_whose_every_field_was_read_are_scan_verified(catalogue_cards):
    # Issue 26: a card is `scan` when its reading left no field unreadable, or when the list
    # lacks it (its reading is its only source); the others keep the list's level.
    readings = scan_readings()
    expected = {r["number"] for r in readings if not r["unreadable"] or not r["list_key"]}
    scanned = {n for n, card in catalogue_cards.items() if card.get("verification") == "scan"}
    assert scanned == expected
    assert len(scanned) >= 400
    unread = {n for n, card in catalogue_cards.items() if card["scan_check"]["unreadable"]}
    assert unread == {r["number"] for r in readings if r["unreadable"]}


def test_every_evolved_pet_links_a_pet_of_the_list(catalogue_cards):
    names = {
        name.casefold()
        for card in catalogue_cards.values()
        if card["kind"] == "pet"
        for name in card["names"].values()
    }
    missing = [
        number
        for number, card in catalogue_cards.items()
        if card.get("evolves_from") and card["evolves_from"].casefold() not in names
    ]
    assert missing == []


def same_card(first: str | None, second: str | None) -> bool:
    """Whether one catalogued card bears both names (NAME-1, folded by case)."""
    if first == second:
        return True
    wanted = {(first or "").casefold(), (second or "").casefold()}
    return any(
        wanted <= {name.casefold() for name in (card["name"], *card["names"].values())}
        for card in json.loads(FIXTURE.read_text(encoding="utf-8"))
    )


def test_the_159_cards_curated_before_keep_every_field_their_scan_did_not_correct(
    catalogue_cards,
):
    # Issue 13 kept every curated field; issue 26 lets the print correct one (recorded in
    # the card's scan_check), add its Japanese name and rarity, and set its level.
    before = json.loads(BEFORE_ISSUE_13.read_text(encoding="utf-8"))
    assert len(before) == 159
    renumbered = {
        correction["list_value"]: card
        for card in catalogue_cards.values()
        for correction in card["scan_check"]["corrections"]
        if correction["field"] == "number"
    }
    for card in before:
        converted = renumbered.get(card["number"]) or catalogue_cards[card["number"]]
        corrected = {c["field"] for c in converted["scan_check"]["corrections"]}
        # A corrected text is read again, so its steps follow the print.
        if "text" in corrected:
            corrected |= {"effect", "not_simulated_reason", "data_issues"}
        for field, value in card.items():
            if field in corrected or field in ("verification", "rarity"):
                continue
            if field == "names":
                assert value.items() <= converted["names"].items(), card["number"]
                continue
            if field in ("evolves_from", "ultimate_requirement"):
                # Now written as printed (Japanese): the same card by another of its names.
                assert same_card(converted.get(field), value), (card["number"], field)
                continue
            assert converted.get(field) == value, (card["number"], field)
