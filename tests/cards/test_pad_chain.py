"""Self-consistency of PAD evolution data (issue 26): a stage, link or ultimate requirement
that contradicts the chain is a data issue — in the conversion, the importer and the report.

Expected outcomes follow RULES.md PAD-1.1 (a pet is placed on the pet it evolves from: one
stage up; the 究極 requirement belongs to ultimate evolutions) and the printed cards
(ultimates evolve from evo1, evo2 or evo3 pets: B02-022 on an evo1, B05-021 on an evo2),
written out here for each case.
"""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from cards.conversion.pad_chain import chain_issues, is_check_issue
from cards.models import Card
from cards.search.text import fold
from cards.services import import_cards


def pad_pet(number: str, name: str, stage: str, **fields) -> dict:
    return {
        "game": "pad",
        "kind": "pet",
        "set": number.split("-")[0],
        "number": number,
        "name": name,
        "names": {"en": name},
        "attribute": "fire",
        "cost": 0 if stage == "base" else 1,
        "defense": 200,
        "types": ["dragon"],
        "attack": [{"attack": 100 * n, "bonus": 0} for n in range(6)],
        "stage": stage,
        "orbs": ["heart", "fire"],
        "effect_types": ["ultimate"] if fields.get("ultimate_requirement") else [],
        **fields,
    }


def line(*stages_and_links) -> list[dict]:
    """A chain of pets X0, X1 … each evolving from the one before (unless told)."""
    cards = []
    for index, (stage, fields) in enumerate(stages_and_links):
        link = {"evolves_from": f"X{index - 1}"} if index else {}
        cards.append(pad_pet(f"B09-{index:03d}", f"X{index}", stage, **(link | fields)))
    return cards


def issues(cards) -> dict[str, list[str]]:
    return {
        number: [issue["field"] for issue in found]
        for number, found in chain_issues(cards, fold).items()
    }


def test_a_chain_one_stage_at_a_time_is_consistent():
    cards = line(("base", {}), ("evo1", {}), ("evo2", {}), ("evo3", {}))
    assert issues(cards) == {}
    ultimate = pad_pet("B09-009", "U", "ultimate", evolves_from="X2", ultimate_requirement="M")
    assert issues([*cards, ultimate]) == {}  # from an evo2
    from_evo3 = ultimate | {"evolves_from": "X3"}
    assert issues([*cards, from_evo3]) == {}


def test_an_evo2_evolving_from_an_evo2_is_flagged():
    cards = line(("base", {}), ("evo1", {}), ("evo2", {}), ("evo2", {}))
    assert issues(cards) == {"B09-003": ["stage"]}
    [issue] = chain_issues(cards, fold)["B09-003"]
    assert [value["value"] for value in issue["values"]] == ["evo2", "evo2"]
    assert "B09-002 X2" in issue["values"][1]["source"]
    assert is_check_issue(issue)


def test_an_evo1_from_an_evo1_and_an_ultimate_from_a_base_pet_are_flagged():
    cards = line(("base", {}), ("evo1", {}), ("evo1", {}))
    assert issues(cards) == {"B09-002": ["stage"]}
    ultimate = pad_pet("B09-009", "U", "ultimate", evolves_from="X0", ultimate_requirement="M")
    assert issues([*cards[:2], ultimate]) == {"B09-009": ["stage"]}
    # On an evo1 pet, as B02-022 on B02-021 prints it.
    assert issues([*cards[:2], ultimate | {"evolves_from": "X1"}]) == {}


def test_an_ultimate_requirement_on_a_pet_that_is_not_ultimate_is_flagged():
    cards = line(("base", {}), ("evo1", {}), ("evo2", {"ultimate_requirement": "Mythlit"}))
    assert issues(cards) == {"B09-002": ["ultimate_requirement"]}


def test_a_base_pet_that_evolves_from_a_pet_is_flagged():
    cards = [pad_pet("B09-001", "A", "base"), pad_pet("B09-002", "B", "base", evolves_from="A")]
    assert issues(cards) == {"B09-002": ["stage"]}


def test_a_link_to_an_uncatalogued_name_or_in_another_language_is_judged_by_name():
    cards = line(("base", {}), ("evo2", {"evolves_from": "Nobody"}))
    assert issues(cards) == {}  # nothing contradicts it
    japanese = pad_pet("B09-000", "X0", "base", names={"ja": "エックス", "en": "X0"})
    evo2 = pad_pet("B09-001", "Y", "evo2", evolves_from="ｴｯｸｽ")  # NAME-1: width folded
    assert issues([japanese, evo2]) == {"B09-001": ["stage"]}


@pytest.mark.django_db
def test_the_importer_flags_a_contradiction_and_drops_it_once_fixed():
    cards = line(("base", {}), ("evo1", {}), ("evo1", {}))
    import_cards(enumerate(cards, start=1), source="test")
    flagged = Card.objects.get(number="B09-002")
    assert [issue["field"] for issue in flagged.data_issues] == ["stage"]
    assert Card.objects.get(number="B09-001").data_issues == []
    # The file is fixed: the issue goes, and a curated issue of another kind stays.
    other = {"field": "name", "values": [{"source": "a list", "value": "Z"}], "note": ""}
    cards[2] = cards[2] | {"stage": "evo2", "data_issues": [other]}
    import_cards(enumerate(cards, start=1), source="test")
    assert Card.objects.get(number="B09-002").data_issues == [other]


@pytest.mark.django_db
def test_importing_the_converters_issues_again_changes_nothing():
    from cards.conversion.pad_chain import with_chain_issues

    cards = with_chain_issues(line(("base", {}), ("evo1", {}), ("evo1", {})), fold)
    assert [issue["field"] for issue in cards[2]["data_issues"]] == ["stage"]
    summary = import_cards(enumerate(cards, start=1), source="test")
    again = import_cards(enumerate(cards, start=1), source="test")
    assert (summary.created, again.unchanged) == (3, 3)
    assert len(Card.objects.get(number="B09-002").data_issues) == 1


@pytest.mark.django_db
def test_the_report_counts_contradictions_and_names_unflagged_ones(capsys):
    cards = line(("base", {}), ("evo1", {}), ("evo2", {}), ("evo2", {}))
    import_cards(enumerate(cards, start=1), source="test")
    # An admin edit bypasses the importer: the report still finds it.
    Card.objects.filter(number="B09-001").update(stage="evo3")
    call_command("catalogue_report", "--json")
    figures = json.loads(capsys.readouterr().out)["pad"]
    expected = {"cards": 3, "not_flagged": ["B09-001", "B09-002"]}
    assert figures["evolution_contradictions"] == expected
    assert figures["data_issues_by_kind"] == {"evolution contradiction": 1}
    call_command("catalogue_report")
    out = capsys.readouterr().out
    assert "evolution contradictions: 3 pets, not flagged as data issues: B09-001, B09-002" in out
