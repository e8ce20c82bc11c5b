"""The Digimon starter card list → the card schema, with the project's curated facts on top.

Pure functions, no database: `convert_catalogue(card_list, overrides)` gives the list of card
dicts that `fixtures/digimon.json` holds (`manage.py convert_digimon_list` writes or checks
it), in the same way as `cards.conversion.pad`.

What is decided here, and why (RULES.md DGM-1, the data README):
- Only what the list states is written; a field it leaves blank stays unknown (left out),
  never guessed: most cards have only set-list data (no lost points, no requirements, no
  attack names or C effect), and the engine plays those with its documented, reported
  defaults (DGM-4.3, DGM-1.1, Decision DGM-4.9).
- Lost points are written only when the list gives all four; an evolution requirement
  `Agumon:OO` is the evolves-from name (written as the list's own Japanese name of that
  card when the list holds it: the starter cards are Japanese printings) and the counts of
  ○ (`O`) and × (`X`) (DGM-4.3).
- `cancel_target` is the letter the C attack turns to 0 (DGM-1.1 "C is a guard that turns
  the opponent's A attack to 0"); the list's C name "Guard (A->0)" is the name "Guard".
- The list's `digimon_type` is the species (Reptile …), its `attribute` the schema's
  `digimon_type` (vaccine / data / virus), its `field_code` the family (DGM-1.1).
- Verification: every card of the list is `card_list` (a transcription, not a scan): its
  `verification_level` only says whether the wikimon page or the set table was read.
- `printed_bonus` (St-49 … St-51, the plug-ins' printed number) is printed data, not
  effect text: it goes to the schema's `bonus` ("the bonus as printed") and `text` stays
  empty (issue 13).
- A note of the list naming two sources that disagree (St-64: the English set table says
  Mutant, the Japanese table and the card page Machine) becomes a `data_issues` entry.
- Curated facts (names in other languages, structured effect steps and the reasons a
  printed effect is not simulated) come from the overlay and win; a curated value that
  the list contradicts is kept and the contradiction listed in `data_issues`. The cards the
  list does not hold (the RULES cards R-…, named in RULES.md only) are the overlay's
  `rules_cards`, written as they are.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Mapping
from typing import Any

from cards.conversion import COMMON_KEY_ORDER

CARD_LIST_SOURCE = "digimon-starter-cards.json (fan card list)"
CURATED_SOURCE = "fixtures/curated/digimon_overrides.json (curated)"

LEVEL_WORDS = {"iii": "III", "iv": "IV", "perfect": "perfect", "ultimate": "ultimate"}
LOST_KEYS = (("III", "lost_iii"), ("IV", "lost_iv"), ("perfect", "lost_perfect"))
LOST_KEYS += (("ultimate", "lost_ultimate"),)
KEYWORDS = ("sky", "underwater", "underground")  # DGM-1.1 special keywords
KINDS = {"digimon": "digimon", "option": "option"}
REQUIREMENT = re.compile(r"^\s*(?P<name>[^:]+?)\s*:\s*(?P<marks>[OoXx○×]*)\s*$")
GUARD_NAME = re.compile(r"\s*\([A-C]\s*->\s*0\)\s*$")
TWO_SOURCES = re.compile(
    r"^English set table labels (?P<en>\w+); Japanese table and individual card page say "
    r"(?P<ja>\w+)$"
)

KEY_ORDER = (
    *COMMON_KEY_ORDER,
    "level",
    "battle_type",
    "attacks",
    "lost_points",
    "species",
    "digimon_type",
    "field",
    "background",
    "special_keywords",
    "special_ability",
    "support",
    "evolves_from",
    "evolution",
    "copy_limit",
    "option_type",
    "timing",
    "duration",
    "targets",
    "components",
    "bonus",
    "incompatible",
    "data_issues",
)
ALWAYS = {"game", "kind", "set", "number", "name", "names", "rarity", "provenance"}
ALWAYS |= {"verification"}


class CardListError(ValueError):
    """A record of the list cannot be read at all (not a contradiction to flag)."""


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _int(value: Any, what: str, number: str) -> int | None:
    text = _text(value) if not isinstance(value, int) else str(value)
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise CardListError(f"{number}: {what} {value!r} is not a number") from None


def _issue(field: str, values: list[tuple[str, Any]], note: str) -> dict[str, Any]:
    return {
        "field": field,
        "values": [{"source": source, "value": value} for source, value in values],
        "note": note,
    }


def _attacks(record: Mapping[str, Any], number: str) -> dict[str, dict[str, Any]]:
    attacks = {}
    cancels = _text(record.get("cancel_target")).upper() or None
    for letter in "ABC":
        key = f"attack_{letter.lower()}"
        attack: dict[str, Any] = {
            "name": _text(record.get(f"{key}_name")) or None,
            "power": _int(record.get(key), f"attack {letter}", number),
        }
        if letter == "C" and cancels:
            if cancels not in "AB":
                raise CardListError(f"{number}: cancel target {cancels!r} is not A or B")
            attack["name"] = GUARD_NAME.sub("", attack["name"] or "") or None
            attack["effect"] = f"Turns the opponent's {cancels} attack to 0."
            attack["cancels"] = cancels
        attacks[letter] = attack
    return attacks


def _requirement(text: str, names_by_english: Mapping[str, str], number: str):
    """(evolves_from, evolution) of a requirement such as `Agumon:OO` (DGM-4.3)."""
    if not text:
        return None, None
    match = REQUIREMENT.match(text)
    if not match:
        raise CardListError(f"{number}: evolution requirement {text!r} cannot be read")
    marks = match.group("marks").upper()
    name = match.group("name")
    evolution = {
        "circles": sum(mark in "O○" for mark in marks),
        "crosses": sum(mark in "X×" for mark in marks),
    }
    return names_by_english.get(name.casefold(), name), evolution


def _species_issue(note: str, listed: str | None) -> list[dict[str, Any]]:
    match = TWO_SOURCES.match(note)
    if not match:
        return []
    return [
        _issue(
            "species",
            [
                ("wikimon English set table", match.group("en")),
                ("wikimon Japanese set table and card page", match.group("ja")),
            ],
            f"The sources disagree; the card list keeps {listed}, as the card page says.",
        )
    ]


def convert_record(
    record: Mapping[str, Any], names_by_english: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """One record of the list as a card of the schema, before curated facts are applied.
    `names_by_english` maps a folded English name to the card's Japanese name (the name an
    evolution requirement is written with)."""
    number = _text(record.get("id"))
    if not number or "-" not in number:
        raise CardListError(f"a record has no card number: {record.get('name_en')!r}")
    kind = KINDS.get(_text(record.get("kind")).lower())
    if kind is None:
        raise CardListError(f"{number}: unknown kind {record.get('kind')!r}")
    ja, en = _text(record.get("name_jp")), _text(record.get("name_en"))
    names = {key: value for key, value in (("ja", ja), ("en", en)) if value}
    if not names:
        raise CardListError(f"{number} has no name")
    card: dict[str, Any] = {
        "game": "digimon",
        "kind": kind,
        "set": number.split("-")[0],
        "number": number,
        "name": ja or en,
        "names": names,
        "rarity": None,
        "provenance": "printed",
        "verification": "card_list",
    }
    note = _text(record.get("notes"))
    if kind == "digimon":
        level = LEVEL_WORDS.get(_text(record.get("level")).lower())
        if level is None:
            raise CardListError(f"{number}: unknown level {record.get('level')!r}")
        lost = {key: _int(record.get(column), column, number) for key, column in LOST_KEYS}
        evolves_from, evolution = _requirement(
            _text(record.get("evolution_requirements")), names_by_english or {}, number
        )
        keyword = _text(record.get("special_ability")).lower()
        if keyword and keyword not in KEYWORDS:
            raise CardListError(f"{number}: unknown special ability {keyword!r}")
        card |= {
            "level": level,
            "battle_type": _text(record.get("battle_type")).upper() or None,
            "attacks": _attacks(record, number),
            "lost_points": lost if None not in lost.values() else None,
            "species": _text(record.get("digimon_type")) or None,
            "digimon_type": _text(record.get("attribute")).lower() or None,
            "field": _text(record.get("field_code")) or None,
            "special_keywords": [keyword] if keyword else [],
            "evolves_from": evolves_from,
            "evolution": evolution,
            "data_issues": _species_issue(note, _text(record.get("digimon_type"))),
        }
    else:
        card |= {
            "option_type": _text(record.get("option_type")).lower() or None,
            "bonus": _text(record.get("printed_bonus")) or None,
        }
    return card


def _contradictions(listed: Mapping[str, Any], override: Mapping[str, Any]) -> list[dict]:
    """A curated value that replaces a value the list states (other than a name the list
    gives in fewer languages) is a contradiction to keep visible."""
    issues = []
    for key, value in override.items():
        if key in ("names", "data_issues", "effect", "not_simulated_reason", "name"):
            continue
        known = listed.get(key)
        if known in (None, [], {}) or known == value:
            continue
        issues.append(
            _issue(
                key,
                [(CARD_LIST_SOURCE, known), (CURATED_SOURCE, value)],
                "The curated value is kept; the list says otherwise.",
            )
        )
    return issues


def apply_overrides(card: dict[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """The card with the curated values laid over the list's (a curated value wins; a
    name the list gives stays unless the overlay names that language)."""
    merged = dict(card)
    issues = list(card.get("data_issues") or []) + _contradictions(card, override)
    for key, value in override.items():
        if key == "names":
            merged["names"] = {**card.get("names", {}), **value}
        elif key == "data_issues":
            issues += copy.deepcopy(value)
        else:
            merged[key] = copy.deepcopy(value)
    merged["data_issues"] = issues
    return merged


def ordered(card: Mapping[str, Any]) -> dict[str, Any]:
    """The card in the schema's key order, unknown optional values left out."""
    unknown_keys = set(card) - set(KEY_ORDER)
    if unknown_keys:
        raise CardListError(f"{card.get('number')}: unknown keys {sorted(unknown_keys)}")
    return {
        key: card.get(key)
        for key in KEY_ORDER
        if key in ALWAYS or card.get(key) not in (None, [], {}, "")
    }


def _sort_key(card: Mapping[str, Any]) -> tuple:
    """St before RULES, then by the number after the dash (St-2 before St-10)."""
    set_code, _, serial = card["number"].partition("-")
    return (set_code != "St", set_code, int(serial) if serial.isdigit() else 0, serial)


def convert_catalogue(
    card_list: Iterable[Mapping[str, Any]], overlay: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """Every card of the list, converted and overlaid, then the overlay's RULES cards;
    ordered by set (St first) and card number."""
    records = list(card_list)
    names_by_english = {}
    for record in records:
        en, ja = _text(record.get("name_en")), _text(record.get("name_jp"))
        if en and ja:
            names_by_english.setdefault(en.casefold(), ja)
    overrides = overlay.get("cards", {})
    cards: dict[str, dict[str, Any]] = {}
    for record in records:
        card = convert_record(record, names_by_english)
        if card["number"] in cards:
            raise CardListError(f"{card['number']} is listed twice")
        cards[card["number"]] = card
    unmatched = set(overrides) - set(cards)
    if unmatched:
        raise CardListError(f"curated facts for cards the list lacks: {sorted(unmatched)}")
    converted = [
        ordered(apply_overrides(card, overrides.get(number, {}))) for number, card in cards.items()
    ]
    for rules_card in overlay.get("rules_cards", []):
        if rules_card.get("number") in cards:
            raise CardListError(f"{rules_card['number']} is both listed and a RULES card")
        converted.append(ordered(copy.deepcopy(rules_card)))
    return sorted(converted, key=_sort_key)
