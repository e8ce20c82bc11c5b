"""The Digimon starter list → the card schema (cards.conversion.digimon, issue 13), on sample
records: the suite does not need ../shared (CI may lack it)."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from cards.conversion.digimon import CardListError, convert_catalogue

AGUMON = {
    "id": "St-1",
    "name_en": "Agumon",
    "name_jp": "アグモン",
    "kind": "Digimon",
    "level": "III",
    "battle_type": "A",
    "attack_a": "360",
    "attack_b": "230",
    "attack_c": "160",
    "cancel_target": "A",
    "lost_iii": "10",
    "lost_iv": "10",
    "lost_perfect": "10",
    "lost_ultimate": "10",
    "evolution_requirements": "",
    "digimon_type": "Reptile",
    "attribute": "Vaccine",
    "field_code": "NSp",
    "attack_a_name": "Baby Flame",
    "attack_b_name": "Surudoi Tsume",
    "attack_c_name": "Guard (A->0)",
    "special_ability": "",
    "printed_bonus": "",
    "notes": "",
}
GREYMON = AGUMON | {
    "id": "St-2",
    "name_en": "Greymon",
    "name_jp": "グレイモン",
    "level": "IV",
    "lost_iii": "20",
    "evolution_requirements": "Agumon:OO",
}
SET_LIST_ONLY = AGUMON | {
    "id": "St-4",
    "name_en": "Birdramon",
    "name_jp": "バードラモン",
    "level": "IV",
    "cancel_target": "",
    "lost_iii": "",
    "attack_a_name": "",
    "attack_c_name": "",
    "special_ability": "sky",
}
PLUG_IN = {
    "id": "St-49",
    "name_en": "Offense Plug-In A",
    "name_jp": "攻撃プラグインＡ",
    "kind": "Option",
    "option_type": "Item",
    "printed_bonus": "30",
}
RULES_CARD = {"game": "digimon", "kind": "option", "set": "RULES", "number": "R-026"}
RULES_CARD |= {"name": "紧急中止!", "names": {"zh_hans": "紧急中止!"}, "rarity": None}
RULES_CARD |= {"provenance": "rules_text", "verification": "rules"}


def convert(records, cards=None, rules_cards=()):
    converted = convert_catalogue(records, {"cards": cards or {}, "rules_cards": rules_cards})
    return {card["number"]: card for card in converted}


def test_printed_values_lost_points_and_the_c_guard_dgm_1_1():
    card = convert([AGUMON])["St-1"]
    assert card["attacks"]["C"] == {
        "name": "Guard",
        "power": 160,
        "effect": "Turns the opponent's A attack to 0.",
        "cancels": "A",
    }
    assert card["lost_points"] == {"III": 10, "IV": 10, "perfect": 10, "ultimate": 10}
    assert (card["species"], card["digimon_type"], card["field"]) == ("Reptile", "vaccine", "NSp")
    assert card["verification"] == "card_list"


def test_a_requirement_names_the_japanese_printing_and_counts_circles_dgm_4_3():
    card = convert([AGUMON, GREYMON])["St-2"]
    assert card["evolves_from"] == "アグモン"
    assert card["evolution"] == {"circles": 2, "crosses": 0}
    assert card["lost_points"]["III"] == 20


def test_set_list_only_data_stays_unknown_never_guessed():
    card = convert([SET_LIST_ONLY])["St-4"]
    assert "lost_points" not in card and "evolution" not in card
    assert card["attacks"]["C"] == {"name": None, "power": 160}  # DGM-4.9 decides in play
    assert card["special_keywords"] == ["sky"]


def test_a_printed_bonus_is_the_bonus_and_not_text():
    card = convert([PLUG_IN])["St-49"]
    assert card["bonus"] == "30" and "text" not in card
    assert card["option_type"] == "item"


def test_curated_names_add_languages_and_a_contradiction_becomes_a_data_issue():
    cards = {"St-1": {"names": {"zh_hans": "亚古兽"}, "field": "DR"}}
    card = convert([AGUMON], cards)["St-1"]
    assert card["names"] == {"ja": "アグモン", "en": "Agumon", "zh_hans": "亚古兽"}
    assert card["field"] == "DR"  # the curated value is kept …
    [issue] = card["data_issues"]  # … and the list's is visible
    assert issue["field"] == "field" and [v["value"] for v in issue["values"]] == ["NSp", "DR"]


def test_two_sources_in_a_note_are_a_species_issue():
    note = "English set table labels Mutant; Japanese table and individual card page say Machine"
    card = convert([AGUMON | {"digimon_type": "Machine", "notes": note}])["St-1"]
    [issue] = card["data_issues"]
    assert issue["field"] == "species"
    assert [v["value"] for v in issue["values"]] == ["Mutant", "Machine"]


def test_rules_cards_are_kept_as_they_are_after_the_list():
    numbers = list(convert([GREYMON, AGUMON], rules_cards=[RULES_CARD]))
    assert numbers == ["St-1", "St-2", "R-026"]


def test_unreadable_records_are_refused():
    with pytest.raises(CardListError):
        convert([AGUMON | {"evolution_requirements": "Agumon??"}])
    with pytest.raises(CardListError):
        convert([AGUMON], {"St-9": {"names": {"en": "x"}}})


def test_the_command_writes_and_checks_the_fixture(tmp_path):
    source, out, overlay = tmp_path / "list.json", tmp_path / "out.json", tmp_path / "o.json"
    source.write_text(json.dumps([AGUMON, PLUG_IN]), encoding="utf-8")
    overlay.write_text(json.dumps({"cards": {}, "rules_cards": [RULES_CARD]}), encoding="utf-8")
    options = {"out": out, "overrides": overlay}
    call_command("convert_digimon_list", str(source), **options)
    assert [card["number"] for card in json.loads(out.read_text())] == ["St-1", "St-49", "R-026"]
    call_command("convert_digimon_list", str(source), check=True, **options)
    out.write_text("[]\n", encoding="utf-8")
    with pytest.raises(CommandError, match="not the conversion's output"):
        call_command("convert_digimon_list", str(source), check=True, **options)
