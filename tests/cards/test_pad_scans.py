"""The scan readings laid over the PAD fan list (issue 26, cards.conversion.pad_scans).

Small hand-made lists and readings, so each rule of the overlay is tested on its own; the
expected values are the readings' own (what the card prints), written out here.
"""

from __future__ import annotations

import pytest

from cards.conversion.pad import FanListError, convert_catalogue
from tests.cards.test_pad_conversion import pet

SCAN_SOURCE = "card scan"


def reading(**fields) -> dict:
    """A reader's record of a base fire dragon that agrees with `pet()` in every field."""
    record = {
        "scan": "testDragon.jpg",
        "list_key": "testDragon",
        "number": "B09-001",
        "kind": "pet",
        "name_ja": "テストドラゴン",
        "name_en": None,
        "rarity": "R",
        "attribute": "fire",
        "sub_attribute": None,
        "cost": 0,
        "defense": 200,
        "stage": "base",
        "evolves_from_ja": None,
        "types": ["dragon"],
        "attack": [[0, 0], [100, 0], [200, 0], [300, 0], [400, 0], [500, 0]],
        "orbs": ["fire", "dark", "heart"],
        "effect_types": [],
        "text_ja": None,
        "ultimate_requirement_ja": None,
        "text_matches_list": True,
        "text_en": None,
        "unreadable": [],
        "note": "",
    }
    return record | fields


def convert(fan_list: dict, *records, overrides=None) -> dict[str, dict]:
    cards = convert_catalogue(fan_list, overrides or {}, list(records))
    return {card["number"]: card for card in cards}


def test_a_card_that_agrees_with_its_scan_gets_its_japanese_name_rarity_and_scan_level():
    card = convert({"testDragon": pet()}, reading())["B09-001"]
    assert card["names"] == {"ja": "テストドラゴン", "en": "Test Dragon"}
    assert card["name"] == "Test Dragon"  # the list's name stays the display name
    assert (card["rarity"], card["verification"]) == ("R", "scan")
    assert card["scan_check"] == {
        "scan": "testDragon.jpg",
        "added": False,
        "unreadable": [],
        "corrections": [],
    }
    # The list alone: no scan, no Japanese name, no rarity.
    alone = convert({"testDragon": pet()})["B09-001"]
    assert (alone["verification"], alone["rarity"], "scan_check" in alone) == (
        "card_list",
        None,
        False,
    )


def test_a_printed_value_wins_and_the_difference_is_recorded():
    printed_attack = [[100, 0], [200, 0], [200, 0], [300, 0], [400, 0], [600, 0]]
    record = reading(defense=600, attribute="water", attack=printed_attack, cost=1)
    card = convert({"testDragon": pet(cost=0)}, record)["B09-001"]
    assert (card["defense"], card["attribute"], card["cost"]) == (600, "water", 1)
    assert [row["attack"] for row in card["attack"]] == [100, 200, 200, 300, 400, 600]
    corrections = {c["field"]: c for c in card["scan_check"]["corrections"]}
    assert set(corrections) == {"attribute", "cost", "defense", "attack"}
    assert corrections["defense"] == {
        "field": "defense",
        "list_value": 200,
        "printed_value": 600,
        "scan": "testDragon.jpg",
    }
    assert corrections["attribute"]["list_value"] == "fire"
    assert card["verification"] == "scan"


def test_types_in_another_order_and_an_equal_sub_attribute_are_no_correction():
    record = reading(types=["balanced", "dragon"], sub_attribute="fire")
    card = convert({"testDragon": pet(subType="Balanced")}, record)["B09-001"]
    assert card["types"] == ["dragon", "balanced"]  # the list's order is kept
    assert card["sub_attribute"] is None  # PAD-1.2: the same attribute adds nothing
    assert card["scan_check"]["corrections"] == []


def test_an_unreadable_field_keeps_the_list_value_and_says_so():
    record = reading(defense=900, unreadable=["defense"], note="smudged DEF box")
    card = convert({"testDragon": pet()}, record)["B09-001"]
    assert card["defense"] == 200  # the list's value, not the guess
    assert card["verification"] == "card_list"  # not every field was read
    [issue] = card["data_issues"]
    assert issue["field"] == "defense"
    assert issue["values"] == [{"source": "pad-tcg-cardlist.json (fan card list)", "value": 200}]
    assert "testDragon.jpg" in issue["note"] and "could not be read" in issue["note"]
    assert card["scan_check"]["unreadable"] == ["defense"]
    assert card["scan_check"]["corrections"] == []


def test_a_card_the_list_lacks_is_added_from_its_record():
    record = reading(
        scan="jewelOfWater.jpg",
        list_key=None,
        number="B09-002",
        kind="skill",
        name_ja="水の宝玉",
        rarity="C",
        attribute="water",
        cost=1,
        orbs=["water", "heart"],
        text_ja="カードを1枚引く。",
        text_matches_list=False,
        text_en="Draw a card from your deck.",
    )
    cards = convert({"testDragon": pet()}, record)
    card = cards["B09-002"]
    assert (card["kind"], card["set"], card["name"], card["names"]) == (
        "skill",
        "B09",
        "水の宝玉",
        {"ja": "水の宝玉"},
    )
    assert (card["verification"], card["provenance"], card["rarity"]) == ("scan", "printed", "C")
    assert card["scan_check"]["added"] is True
    assert card["orbs"] == ["heart", "water"]  # PAD-1: slot order
    assert "stage" not in card and "attack" not in card
    # Its text is read by the effect parser like every other.
    assert card["effect"] == [{"trigger": "play", "action": "draw", "amount": 1}]


def test_an_added_card_is_named_in_english_only_when_the_reader_was_sure():
    record = reading(list_key=None, number="B09-003", name_ja="赤ずきん", name_en="Red Riding Hood")
    card = convert({}, record)["B09-003"]
    assert card["name"] == "Red Riding Hood"
    assert card["names"] == {"ja": "赤ずきん", "en": "Red Riding Hood"}


def test_japanese_links_point_at_the_card_bearing_the_printed_name():
    fan_list = {
        "mask": pet(name="Mystic Mask", cardNumber="B09-010", cardType="Skill"),
        "keeper": pet(name="Keeper of Rainbow", cardNumber="B09-011", cardType="Skill"),
        "base": pet(name="Little Valkyrie", cardNumber="B09-020"),
        "evo": pet(
            name="Great Valkyrie",
            cardNumber="B09-021",
            evoStage=3,
            evosFrom="Wrong Name",
            evoCost="Keeper of Rainbow",
        ),
    }
    records = [
        reading(scan="mask.jpg", list_key="mask", number="B09-010", kind="skill")
        | {"name_ja": "神秘の仮面"},
        reading(scan="base.jpg", list_key="base", number="B09-020", name_ja="ちびヴァルキリー"),
        reading(
            scan="evo.jpg",
            list_key="evo",
            number="B09-021",
            name_ja="大ヴァルキリー",
            stage="evo1",
            evolves_from_ja="ちびヴァルキリー",
            ultimate_requirement_ja=None,
        ),
    ]
    # The skill reading agrees on everything the test list says of it but the stage fields.
    records[0] = records[0] | {"stage": None, "types": [], "defense": None, "attack": None}
    cards = convert(fan_list, *records)
    evo = cards["B09-021"]
    assert evo["evolves_from"] == "ちびヴァルキリー"  # the base pet's printed name
    assert "ultimate_requirement" not in evo  # it prints none: the list's goes
    fields = {c["field"] for c in evo["scan_check"]["corrections"]}
    assert fields == {"stage", "effect_types", "evolves_from", "ultimate_requirement"}


def test_a_printed_requirement_links_the_card_that_bears_it():
    fan_list = {
        "mask": pet(name="Mystic Mask", cardNumber="B09-010", cardType="Skill"),
        "evo": pet(name="Great Valkyrie", cardNumber="B09-021", evoStage=3, evoCost="Keeper"),
    }
    mask = reading(scan="mask.jpg", list_key="mask", number="B09-010", kind="skill")
    mask |= {"name_ja": "神秘の仮面", "stage": None, "types": [], "defense": None, "attack": None}
    evo = reading(
        scan="evo.jpg",
        list_key="evo",
        number="B09-021",
        stage="ultimate",
        effect_types=["ultimate"],
        ultimate_requirement_ja="神秘の仮面",
    )
    card = convert(fan_list, mask, evo)["B09-021"]
    assert card["ultimate_requirement"] == "神秘の仮面"
    [correction] = card["scan_check"]["corrections"]
    assert (correction["list_value"], correction["printed_value"]) == ("Keeper", "神秘の仮面")


def test_the_same_card_named_in_japanese_is_no_correction():
    fan_list = {
        "base": pet(name="Tyrra", cardNumber="B09-001"),
        "evo": pet(name="Tyran", cardNumber="B09-002", evoStage=1, evosFrom="Tyrra", cost=1),
    }
    base = reading(scan="base.jpg", list_key="base", number="B09-001", name_ja="ティラ")
    evo = reading(
        scan="evo.jpg",
        list_key="evo",
        number="B09-002",
        name_ja="ティラン",
        stage="evo1",
        cost=1,
        evolves_from_ja="ティラ",
    )
    card = convert(fan_list, base, evo)["B09-002"]
    assert card["evolves_from"] == "Tyrra"  # the list's name of the same card stays
    assert card["scan_check"]["corrections"] == []


def test_a_printed_name_no_card_bears_keeps_the_list_link_with_a_data_issue():
    fan_list = {
        "base": pet(name="Tyrra", cardNumber="B09-001"),
        "evo": pet(name="Tyran", cardNumber="B09-002", evoStage=1, evosFrom="Tyrra", cost=1),
    }
    evo = reading(scan="evo.jpg", list_key="evo", number="B09-002", stage="evo1", cost=1)
    evo["evolves_from_ja"] = "ティラ"
    card = convert(fan_list, evo)["B09-002"]  # B09-001 has no reading: nobody bears ティラ
    assert card["evolves_from"] == "Tyrra"
    [issue] = card["data_issues"]
    assert issue["field"] == "evolves_from"
    assert [value["value"] for value in issue["values"]] == ["Tyrra", "ティラ"]


def test_a_printed_number_renumbers_the_listed_card():
    record = reading(number="B09-002", note="printed B09-002")
    cards = convert({"testDragon": pet()}, record)
    assert set(cards) == {"B09-002"}
    [correction] = cards["B09-002"]["scan_check"]["corrections"]
    assert (correction["field"], correction["list_value"]) == ("number", "B09-001")


def test_text_en_replaces_the_list_text_without_the_requirement_sentence():
    record = reading(
        text_ja="…",
        text_matches_list=False,
        text_en=(
            "To evolve into this card, you must discard a Keeper of Gold from your hand. "
            "When you place this card to evolve one of your monsters, draw a card from your deck."
        ),
    )
    card = convert({"testDragon": pet(skillDesc="Draw.")}, record)["B09-001"]
    assert card["text"] == (
        "When you place this card to evolve one of your monsters, draw a card from your deck."
    )
    assert card["effect"] == [{"trigger": "evolve", "action": "draw", "amount": 1}]
    [correction] = card["scan_check"]["corrections"]
    assert (correction["field"], correction["list_value"]) == ("text", "Draw.")


def test_a_curated_value_that_contradicts_the_print_stops_the_conversion():
    overrides = {"B09-001": {"defense": 300}}
    with pytest.raises(FanListError, match="prints 600"):
        convert({"testDragon": pet()}, reading(defense=600), overrides=overrides)
    # … but it may fill a field the scan could not read, and repeat a printed one.
    unread = reading(defense=600, unreadable=["defense"])
    assert convert({"testDragon": pet()}, unread, overrides=overrides)["B09-001"]["defense"] == 300
    repeated = {"B09-001": {"defense": 600}}
    same = convert({"testDragon": pet()}, reading(defense=600), overrides=repeated)
    assert same["B09-001"]["defense"] == 600


def test_a_reading_outside_the_vocabulary_is_refused():
    with pytest.raises(FanListError, match="stage"):
        convert({"testDragon": pet()}, reading(stage="evo9"))
    with pytest.raises(FanListError, match="no key"):
        convert({"testDragon": pet()}, reading(list_key="nobody"))
    with pytest.raises(FanListError, match="unreadable field"):
        convert({"testDragon": pet()}, reading(unreadable=["colour of the sky"]))
