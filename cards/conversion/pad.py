"""The PAD fan card list → the card schema, with the project's curated facts laid on top.

Pure functions, no database: `convert_catalogue(fan_list, overrides)` gives the list of card
dicts that `fixtures/pad.json` holds (`manage.py convert_pad_list` writes or checks it).

What is decided here, and why (RULES.md PAD-1, the data README's known errors):
- The fan list stores 3進化 (evo3) and 究極進化 (ultimate) both as stage 3. A pet that prints
  an ultimate requirement ("evoCost", the 究極 effect type of PAD-1.1) is ultimate; a
  stage-3 pet without one is evo3.
- Ten pets are stored as base (stage 0) yet name the pet they evolve from. The link is
  kept; the stage is decided from the same evidence (ultimate requirement → ultimate, else
  the first stage above the linked pet's) and flagged in `data_issues` as contradicted.
- A sub-attribute equal to the attribute adds nothing (PAD-1.2) and is left out; "Green" is
  the list's other word for wood; an empty attribute or type stays empty (the Golden Egg
  prints none).
- Curated facts (names in other languages, corrected text, structured effect steps, scan
  fixes such as B05-021's ultimate requirement) come from the overlay and win.
- Effect steps are read from the (curated or listed) text by cards.conversion.pad_effects;
  a curated `effect` wins; a text no rule reads gets `not_simulated_reason` "needs: …", and
  a reading the text contradicts (a lost minus sign) adds its `data_issues` entry.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from cards.conversion import COMMON_KEY_ORDER
from cards.conversion.pad_effects import parse as parse_effect

FAN_LIST_SOURCE = "pad-tcg-cardlist.json (fan card list)"

# PAD-1: orbs are listed in the card's six fixed slots' printed order.
ORB_SLOTS = ("heart", "dark", "light", "wood", "water", "fire")
ORB_WORDS = {"heal": "heart"}
ATTRIBUTE_WORDS = {"green": "wood"}
EFFECT_TYPE_WORDS = {
    "evolve": "evolve",
    "activate": "activate",
    "permanent": "continuous",
    "damage": "damage",
    "defense": "defence",
    "awakening": "awaken",
    "use": None,  # a skill's plain "use" is not one of the PAD-1.3 effect types
}
STAGE_ORDER = ("base", "evo1", "evo2", "evo3", "ultimate")
LIST_STAGES = {0: "base", 1: "evo1", 2: "evo2"}

# The schema's key order for a PAD card, as the fixture has always been written.
KEY_ORDER = (
    *COMMON_KEY_ORDER,
    "attribute",
    "sub_attribute",
    "cost",
    "defense",
    "types",
    "attack",
    "effect_types",
    "stage",
    "evolves_from",
    "ultimate_requirement",
    "orbs",
    "data_issues",
)
# Keys a pet always carries (null when unknown); other keys are written only when known.
PET_ALWAYS = {"sub_attribute", "defense", "types", "attack", "stage"}
ALWAYS = {"game", "kind", "set", "number", "name", "names", "rarity", "provenance", "verification"}
ALWAYS |= {"attribute", "cost", "effect_types", "orbs"}


class FanListError(ValueError):
    """A fan-list record cannot be read at all (not a contradiction to flag)."""


def _word(value: Any) -> str:
    return value.strip().lower() if isinstance(value, str) else ""


def _attribute(value: Any) -> str | None:
    word = _word(value)
    return ATTRIBUTE_WORDS.get(word, word) or None


def _orbs(drops: Iterable[str]) -> list[str]:
    lit = {ORB_WORDS.get(_word(drop), _word(drop)) for drop in drops}
    return [slot for slot in ORB_SLOTS if slot in lit]


def _effect_types(skill_type: str, *, ultimate: bool) -> list[str]:
    found = []
    for part in skill_type.split("/"):
        word = _word(part)
        if not word:
            continue
        if word not in EFFECT_TYPE_WORDS:
            raise FanListError(f"unknown skill type {part.strip()!r}")
        if EFFECT_TYPE_WORDS[word] and EFFECT_TYPE_WORDS[word] not in found:
            found.append(EFFECT_TYPE_WORDS[word])
    if ultimate:
        found.append("ultimate")
    return sorted(found)


def _text(description: Any) -> str | None:
    # Two-part effects are written "first / second"; an empty part is an untranscribed one.
    parts = [part.strip() for part in str(description or "").split(" / ")]
    return " / ".join(part for part in parts if part) or None


def _issue(field: str, values: list[tuple[str, Any]], note: str) -> dict[str, Any]:
    return {
        "field": field,
        "values": [{"source": source, "value": value} for source, value in values],
        "note": note,
    }


def _stage(record: Mapping[str, Any], stages_by_name: Mapping[str, int]) -> tuple[str, list[dict]]:
    """The pet's stage and, when the list contradicts itself about it, the data issue."""
    listed = record.get("evoStage")
    evolves_from = (record.get("evosFrom") or "").strip()
    ultimate = bool((record.get("evoCost") or "").strip())
    if listed == 3:
        return ("ultimate" if ultimate else "evo3"), []
    if listed == 0 and evolves_from:
        if ultimate:
            stage = "ultimate"
            why = "it prints an ultimate requirement, so it is taken as ultimate"
        else:
            # One stage above the pet it is placed on (PAD-1.1 evolves from).
            below = stages_by_name.get(evolves_from.casefold(), 0)
            stage = STAGE_ORDER[min(below + 1, len(STAGE_ORDER) - 1)]
            why = f"it is taken as {stage}, the stage above the pet it evolves from"
        issue = _issue(
            "stage",
            [(FAN_LIST_SOURCE, "base"), (f"{FAN_LIST_SOURCE}, evolves from", evolves_from)],
            "The list stores this pet as base yet names the pet it evolves from, which a "
            f"base pet cannot have; {why}. Unverified until a card scan says which.",
        )
        return stage, [issue]
    if listed not in LIST_STAGES:
        raise FanListError(f"unknown evolution stage {listed!r}")
    return LIST_STAGES[listed], []


def convert_record(
    record: Mapping[str, Any], stages_by_name: Mapping[str, int] | None = None
) -> dict[str, Any]:
    """One fan-list record as a card of the schema, before curated facts are applied.

    `stages_by_name` maps a folded pet name to the list's stage number, to place a pet
    wrongly stored as base one stage above the pet it evolves from.
    """
    number = (record.get("cardNumber") or "").strip()
    if not number or "-" not in number:
        raise FanListError(f"a record has no card number: {record.get('name')!r}")
    name = (record.get("name") or "").strip()
    if not name:
        raise FanListError(f"{number} has no name")
    is_pet = record.get("cardType") == "Monster"
    requirement = (record.get("evoCost") or "").strip() if is_pet else ""
    attribute = _attribute(record.get("attribute"))
    sub_attribute = _attribute(record.get("subAttribute"))
    card: dict[str, Any] = {
        "game": "pad",
        "kind": "pet" if is_pet else "skill",
        "set": number.split("-")[0],
        "number": number,
        "name": name,
        "names": {"en": name},
        "rarity": None,
        "text": _text(record.get("skillDesc")),
        "provenance": "printed",
        # Checked against the fan card list only; the overlay names the scan-verified cards.
        "verification": "card_list",
        "attribute": attribute,
        "sub_attribute": sub_attribute if sub_attribute != attribute else None,
        "cost": record.get("cost"),
        "effect_types": _effect_types(record.get("skillType") or "", ultimate=bool(requirement)),
        "orbs": _orbs(record.get("drops") or []),
    }
    if is_pet:
        damage, bonus = record.get("damage") or [], record.get("damagePlus") or []
        stage, issues = _stage(record, stages_by_name or {})
        card |= {
            "defense": record.get("defense"),
            "types": [_word(t) for t in (record.get("type"), record.get("subType")) if _word(t)],
            "attack": [{"attack": a, "bonus": b} for a, b in zip(damage, bonus, strict=True)],
            "stage": stage,
            "evolves_from": (record.get("evosFrom") or "").strip() or None,
            "ultimate_requirement": requirement or None,
        }
        if issues:
            card["data_issues"] = issues
    return card


def apply_overrides(card: dict[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """The card with the curated values laid over the list's (a curated value always wins)."""
    merged = dict(card)
    for key, value in override.items():
        merged[key] = copy.deepcopy(value)
    return merged


def ordered(card: Mapping[str, Any]) -> dict[str, Any]:
    """The card in the schema's key order, unknown optional values left out."""
    unknown_keys = set(card) - set(KEY_ORDER)
    if unknown_keys:
        raise FanListError(f"{card.get('number')}: unknown keys {sorted(unknown_keys)}")
    always = ALWAYS | (PET_ALWAYS if card.get("kind") == "pet" else set())
    return {
        key: card.get(key)
        for key in KEY_ORDER
        if key in always or card.get(key) not in (None, [], {})
    }


def convert_catalogue(
    fan_list: Mapping[str, Mapping[str, Any]] | Iterable[Mapping[str, Any]],
    overrides: Mapping[str, Mapping[str, Any]],
) -> list[dict[str, Any]]:
    """Every card of the fan list, converted, overlaid and ordered by card number."""
    records = list(fan_list.values() if isinstance(fan_list, Mapping) else fan_list)
    stages_by_name = {
        (r.get("name") or "").strip().casefold(): r.get("evoStage") or 0
        for r in records
        if r.get("cardType") == "Monster"
    }
    cards: dict[str, dict[str, Any]] = {}
    for record in records:
        card = convert_record(record, stages_by_name)
        if card["number"] in cards:
            raise FanListError(f"{card['number']} is listed twice")
        cards[card["number"]] = card
    unmatched = set(overrides) - set(cards)
    if unmatched:
        raise FanListError(f"curated facts for cards the list lacks: {sorted(unmatched)}")
    return [
        ordered(with_effect(apply_overrides(cards[number], overrides.get(number, {}))))
        for number in sorted(cards)
    ]


def with_effect(card: dict[str, Any]) -> dict[str, Any]:
    """The card with the effect steps its text reads as, unless curated steps are given."""
    if card.get("effect") or not card.get("text"):
        return card
    reading = parse_effect(card["text"], card)
    if reading.reason:
        return card | {"not_simulated_reason": reading.reason}
    issues = list(card.get("data_issues") or []) + reading.issues
    return card | {"effect": reading.steps} | ({"data_issues": issues} if issues else {})
