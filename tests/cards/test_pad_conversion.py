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


def test_catalogue_holds_all_400_cards_of_the_list(catalogue_cards):
    # Issue 13: 400 cards, 348 pets and 52 skills; B01 121, B02 114, B03 89, B04 73, B05 3.
    kinds = [card["kind"] for card in catalogue_cards.values()]
    assert (kinds.count("pet"), kinds.count("skill")) == (348, 52)
    sets = [card["set"] for card in catalogue_cards.values()]
    assert [sets.count(code) for code in ("B01", "B02", "B03", "B04", "B05")] == [
        121,
        114,
        89,
        73,
        3,
    ]
    assert all(card["provenance"] == "printed" for card in catalogue_cards.values())


def test_errata_win_over_the_list(catalogue_cards):
    # Data README: B05-021's ultimate requirement is 神秘の仮面, not Keeper of Rainbow.
    assert catalogue_cards["B05-021"]["ultimate_requirement"] == "神秘の仮面"
    for number in BASE_WITH_A_LINK:
        card = catalogue_cards[number]
        assert card["evolves_from"], number
        assert card["stage"] != "base", number
        assert "stage" in [issue["field"] for issue in card["data_issues"]], number


def test_scan_verified_cards_say_so(catalogue_cards):
    scanned = {n for n, card in catalogue_cards.items() if card.get("verification") == "scan"}
    assert scanned == {
        "B01-021",
        "B01-100",
        "B01-104",
        "B05-021",
    }  # the data README's scan-checked cards


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


def test_the_159_cards_curated_before_keep_every_field(catalogue_cards):
    before = json.loads(BEFORE_ISSUE_13.read_text(encoding="utf-8"))
    assert len(before) == 159
    for card in before:
        converted = catalogue_cards[card["number"]]
        for field, value in card.items():
            assert converted.get(field) == value, (card["number"], field)
