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
from cards.conversion.pad_chain import with_chain_issues
from cards.conversion.pad_effects import parse as parse_effect
from cards.conversion.pad_scans import (
    ScanReadingError,
    apply_scans,
    clear_unprinted_links,
    resolve_links,
)
from cards.search.text import fold

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
    "scan_check",
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


# Fields a scan reads: a curated value for one of them must agree with the print.
PRINTED_KEYS = {
    "number",
    "kind",
    "rarity",
    "attribute",
    "sub_attribute",
    "cost",
    "defense",
    "stage",
    "types",
    "attack",
    "orbs",
    "effect_types",
    "text",
    "evolves_from",
    "ultimate_requirement",
}


class CuratedConflict(FanListError):
    """A curated value contradicts a value a scan read."""


def apply_overrides(
    card: dict[str, Any], override: Mapping[str, Any], same_card=None
) -> dict[str, Any]:
    """The card with the curated values laid over the list's: `names` adds languages,
    `data_issues` adds issues, any other key replaces the value. On a scanned card a
    printed field read from the scan may only be repeated (`same_card(a, b)` says whether
    two link names name the same card), never contradicted: the print wins, and a curator
    who doubts a reading marks it unreadable in the reading file instead."""
    merged = dict(card)
    scan = card.get("scan_check")
    unread = set(scan.get("unreadable") or []) if scan else set()
    for key, value in override.items():
        if key == "names":
            printed = (card.get("names") or {}).get("ja") if scan else None
            if printed and value.get("ja") not in (None, printed):
                raise CuratedConflict(
                    f"{card['number']}: curated Japanese name {value['ja']!r}, printed {printed!r}"
                )
            merged["names"] = _names_in_order({**card.get("names", {}), **value})
        elif key == "data_issues":
            merged["data_issues"] = list(card.get("data_issues") or []) + copy.deepcopy(value)
        elif scan and key in PRINTED_KEYS and key not in unread and not _wording(key, scan):
            same = card.get(key) == value or (
                key in ("evolves_from", "ultimate_requirement")
                and same_card is not None
                and same_card(card.get(key), value)
            )
            if not same:
                raise CuratedConflict(
                    f"{card['number']}: curated {key} {value!r}, but {scan['scan']} prints "
                    f"{card.get(key)!r}; drop the curated value or mark the field unreadable"
                )
            merged[key] = copy.deepcopy(value)  # it agrees with the print
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def _wording(key: str, scan: Mapping[str, Any]) -> bool:
    """A curated text over a list text the reader found to say what the card prints (no
    text correction) fixes the list's wording only (B01-050's "hen you place")."""
    return key == "text" and not any(c["field"] == "text" for c in scan["corrections"])


def _names_in_order(names: Mapping[str, str]) -> dict[str, str]:
    order = ("ja", "zh_hant", "zh_hans", "en")
    return {lang: names[lang] for lang in order if names.get(lang)}


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
    scans: Iterable[Mapping[str, Any]] = (),
) -> list[dict[str, Any]]:
    """Every card of the fan list and of the scan readings, converted, with the readings
    (cards.conversion.pad_scans) then the curated facts laid over it, checked for evolution
    contradictions (cards.conversion.pad_chain) and ordered by card number."""
    keyed = dict(fan_list) if isinstance(fan_list, Mapping) else {}
    records = list(keyed.values() if keyed else fan_list)
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
    list_numbers = {key: (r.get("cardNumber") or "").strip() for key, r in keyed.items()}
    try:
        cards, links = apply_scans(cards, list_numbers, scans)
    except ScanReadingError as error:
        raise FanListError(f"scan readings: {error}") from None
    unmatched = set(overrides) - set(cards)
    if unmatched:
        raise FanListError(f"curated facts for cards the list lacks: {sorted(unmatched)}")
    # Curated names first: a link may name a card by a name only the overlay gives.
    for number, override in overrides.items():
        if "names" in override:
            names = {**cards[number].get("names", {}), **override["names"]}
            cards[number] = {**cards[number], "names": _names_in_order(names)}
    clear_unprinted_links(cards, links)
    resolve_links(cards, [link for link in links if link[2]], fold)
    same_card = _same_card(cards)
    converted = [
        with_effect(apply_overrides(cards[number], overrides.get(number, {}), same_card))
        for number in sorted(cards)
    ]
    return [ordered(card) for card in with_chain_issues(converted, fold)]


def _same_card(cards: Mapping[str, Mapping[str, Any]]):
    """Whether two names name the same catalogued card (NAME-1)."""
    bearing: dict[str, set[str]] = {}
    for number, card in cards.items():
        for name in {card.get("name"), *(card.get("names") or {}).values()} - {None, ""}:
            bearing.setdefault(fold(name), set()).add(number)

    def same(first: str | None, second: str | None) -> bool:
        if not first or not second:
            return first == second
        return bool(bearing.get(fold(first), set()) & bearing.get(fold(second), set()))

    return same


def with_effect(card: dict[str, Any]) -> dict[str, Any]:
    """The card with the effect steps its text reads as, unless curated steps are given."""
    if card.get("effect") or not card.get("text"):
        return card
    reading = parse_effect(card["text"], card)
    if reading.reason:
        return card | {"not_simulated_reason": reading.reason}
    issues = list(card.get("data_issues") or []) + reading.issues
    return card | {"effect": reading.steps} | ({"data_issues": issues} if issues else {})
