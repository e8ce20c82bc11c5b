"""Self-consistency of PAD evolution data (issue 26): stages, links and ultimate requirements
that contradict each other become data issues, never silent.

`chain_issues(cards, fold)` reads schema dicts (`number`, `kind`, `name`, `names`, `stage`,
`evolves_from`, `ultimate_requirement`) and gives `{number: [issue, …]}`. The same function
runs in the conversion (`convert_pad_list` writes the issues into fixtures/pad.json), in
the importer (`cards.consistency.flag_pad_chains`, after every import, for cards from any
file) and in `catalogue_report`, so all three agree.

The rules (RULES.md PAD-1.1: stages base 初期, evo1 1進化, evo2 2進化, evo3 3進化, ultimate
究極進化; the card evolves on the pet named as "evolves from"; the 究極 effect type is the
extra requirement of an ultimate evolution):
- an ultimate requirement on a pet that is not ultimate;
- a base pet that names a pet it evolves from;
- an evo1, evo2 or evo3 pet whose pre-evolution is not exactly one stage below it, or an
  ultimate whose pre-evolution is a base pet. RULES.md sets no stage for an ultimate's
  pre-evolution, and the printed cards place ultimates on evo1 pets (17 of them, e.g.
  B02-022 on B02-021 アイスオーガ, B04-034 on B04-033) as well as on evo2 pets (47), so an
  ultimate may evolve from any evolved pet. The pre-evolution is every catalogued pet
  bearing the name (NAME-1); the chain holds when any of them fits, and a name no
  catalogued pet bears is not checked (nothing contradicts it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

CHECK_SOURCE = "consistency check"
STAGE_BELOW = {
    "evo1": ("base",),
    "evo2": ("evo1",),
    "evo3": ("evo2",),
    "ultimate": ("evo1", "evo2", "evo3"),
}


def is_check_issue(issue: Mapping[str, Any]) -> bool:
    """Whether a data issue was written by these checks (and is rewritten by them)."""
    return any(
        str(value.get("source", "")).startswith(CHECK_SOURCE) for value in issue.get("values", [])
    )


def _issue(field: str, values: list[tuple[str, Any]], note: str) -> dict[str, Any]:
    return {
        "field": field,
        "values": [{"source": f"{CHECK_SOURCE}: {what}", "value": value} for what, value in values],
        "note": note,
    }


def _names(card: Mapping[str, Any]) -> set[str]:
    return {card.get("name"), *(card.get("names") or {}).values()} - {None, ""}


def chain_issues(
    cards: Iterable[Mapping[str, Any]], fold: Callable[[str], str]
) -> dict[str, list[dict[str, Any]]]:
    """{card number: the contradictions the card's evolution data shows}."""
    pets = [card for card in cards if card.get("kind") == "pet"]
    by_name: dict[str, list[Mapping[str, Any]]] = {}
    for pet in pets:
        for name in _names(pet):
            by_name.setdefault(fold(name), []).append(pet)
    found: dict[str, list[dict[str, Any]]] = {}
    for pet in pets:
        issues = _pet_issues(pet, by_name, fold)
        if issues:
            found[pet["number"]] = issues
    return found


def _pet_issues(pet, by_name, fold) -> list[dict[str, Any]]:
    stage, requirement = pet.get("stage"), pet.get("ultimate_requirement")
    evolves_from = pet.get("evolves_from")
    issues = []
    if requirement and stage != "ultimate":
        issues.append(
            _issue(
                "ultimate_requirement",
                [("this card's stage", stage), ("this card's ultimate requirement", requirement)],
                "Only an ultimate (究極進化) pet has an ultimate requirement (PAD-1.1): either "
                "the stage or the requirement is wrong.",
            )
        )
    if not evolves_from:
        return issues
    if stage == "base":
        issues.append(
            _issue(
                "stage",
                [("this card's stage", stage), ("this card evolves from", evolves_from)],
                "A base pet evolves from nothing (PAD-1.1): either the stage or the link is wrong.",
            )
        )
        return issues
    below = STAGE_BELOW.get(stage)
    parents = [p for p in by_name.get(fold(evolves_from), []) if p["number"] != pet["number"]]
    if below and parents and not any(p.get("stage") in below for p in parents):
        parent = min(parents, key=lambda p: p["number"])
        issues.append(
            _issue(
                "stage",
                [
                    ("this card's stage", stage),
                    (
                        f"{parent['number']} {evolves_from}, the pet it evolves from",
                        parent["stage"],
                    ),
                ],
                "A pet is one stage above the pet it evolves from, an ultimate above an "
                f"evolved pet (PAD-1.1): a {stage} cannot evolve from a {parent['stage']}, so "
                "one of the two stages is wrong.",
            )
        )
    return issues


def with_chain_issues(
    cards: list[dict[str, Any]], fold: Callable[[str], str]
) -> list[dict[str, Any]]:
    """The cards with their check issues in `data_issues` (earlier check issues replaced)."""
    found = chain_issues(cards, fold)
    result = []
    for card in cards:
        kept = [issue for issue in card.get("data_issues") or [] if not is_check_issue(issue)]
        issues = kept + found.get(card["number"], [])
        result.append({**card, "data_issues": issues})
    return result
