"""PAD cards read from their printed scans (issue 26), laid over the fan list's cards.

The readings are `fixtures/curated/pad_scans/reading-*.json` (format: that folder's README):
one record per scan of the public repository AustinGhigliotty/pad-tcg (`cards/`), holding
what the card prints. `cards.conversion.pad.convert_catalogue` applies them after the fan
list and before the curated overlay (`pad_overrides.json`):

    fan list  →  scans (printed values win)  →  curated overlay (adds what no scan prints)

Decisions, and why:
- A printed value wins over the list's, and every difference is kept on the card as a
  correction in `scan_check` (`{"scan", "added", "unreadable": [field, …], "corrections":
  [{"field", "list_value", "printed_value", "scan"}]}`), so the card page and
  `catalogue_report` show and count them.
  Only a real difference counts: pet types in another order, orbs (always written in slot
  order) or an evolves-from written in another language that names the same card are not.
- A field the reader could not read (`unreadable`) keeps the list's value and the card gets
  a data issue saying so; a card whose every field was read is verification `scan`, one
  with an unreadable field keeps the list's level. A card the list lacks is built from its
  record alone (verification `scan`: it has no other source; an unreadable field of it stays
  unknown, with the same data issue).
- The list's own contradictions about a field the scan read (the ten "base" pets that name
  what they evolve from) are settled by the print, so their data issues go.
- `evolves_from_ja` / `ultimate_requirement_ja` name a card by its Japanese name. When the
  list's name and the printed one name the same catalogued card (NAME-1: the card's own
  scan gave it that Japanese name), the list's name stays: nothing is corrected, and pages
  and deck statistics keep naming it as before. When they name different cards, or the
  list names none, the field takes the printed name (a correction), and chains and
  requirements link by NAME-1, as B01-100's curated ヘビーメタルドラゴン always did. A
  printed name no card bears leaves the list's link in place, with a data issue, unless
  the list's name links nothing either (then the print wins).
- `text_en` replaces the list's English text when the reader found that they differ. Its
  opening "To evolve into this card, you must discard … from your hand." is the ultimate
  requirement, which the card holds in `ultimate_requirement` (the list's texts never
  repeat it), so it is left out of `text`.
- The list's `name` (its English name) stays the card's `name`; the Japanese one joins
  `names`. A card the list lacks is named by `name_en` when the reader was sure of it, else
  by its Japanese name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

SCAN_REPOSITORY = "AustinGhigliotty/pad-tcg"
FAN_LIST_SOURCE = "pad-tcg-cardlist.json (fan card list)"
ATTRIBUTES = ("fire", "water", "wood", "light", "dark")
ORB_SLOTS = ("heart", "dark", "light", "wood", "water", "fire")  # PAD-1, printed order
STAGES = ("base", "evo1", "evo2", "evo3", "ultimate")
PET_TYPES = ("god", "dragon", "healer", "attacker", "devil", "balanced", "physical", "machine")
RARITIES = ("C", "R", "SR", "UR")
# The readers' effect-type words (the printed labels) → the catalogue's; 使用 "use" is how
# a skill is played, not one of the PAD-1.3 effect types (the list's "Use" is dropped too).
EFFECT_TYPE_WORDS = {
    "evolve": "evolve",
    "activate": "activate",
    "continuous": "continuous",
    "damage": "damage",
    "defense": "defence",
    "defence": "defence",
    "ultimate": "ultimate",
    "awaken": "awaken",
    "use": None,
}
# A reader's field → the card schema's field it fills.
READER_FIELDS = {
    "number": "number",
    "kind": "kind",
    "name_ja": "names",
    "name_en": "names",
    "rarity": "rarity",
    "attribute": "attribute",
    "sub_attribute": "sub_attribute",
    "cost": "cost",
    "defense": "defense",
    "stage": "stage",
    "evolves_from_ja": "evolves_from",
    "types": "types",
    "attack": "attack",
    "orbs": "orbs",
    "effect_types": "effect_types",
    "text_ja": "text",
    "text_en": "text",
    "text_matches_list": "text",
    "ultimate_requirement_ja": "ultimate_requirement",
}
# Printed fields compared with the list's, in the order corrections are written.
COMPARED = (
    "number",
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
)
LINKS = ("evolves_from", "ultimate_requirement")
REQUIREMENT_SENTENCE = re.compile(
    r"^\s*To evolve into this card, you must discard [^.]*? from your hand\.\s*", re.IGNORECASE
)


UNREADABLE_NOTE = "could not be read for this field with confidence"


class ScanReadingError(ValueError):
    """A reading record cannot be used as it is (the message names its scan)."""


def scan_source(scan: str) -> str:
    return f"card scan {scan} ({SCAN_REPOSITORY}, cards/)"


def _issue(field: str, values: list[tuple[str, Any]], note: str) -> dict[str, Any]:
    return {
        "field": field,
        "values": [{"source": source, "value": value} for source, value in values],
        "note": note,
    }


def unreadable_fields(record: Mapping[str, Any]) -> list[str]:
    """The schema fields of a record that could not be read, in the order first named."""
    found: list[str] = []
    for name in record.get("unreadable") or []:
        key = re.split(r"[\[.(\s]", str(name).strip(), maxsplit=1)[0]
        field = READER_FIELDS.get(key)
        if field is None:
            raise ScanReadingError(f"{record.get('scan')}: unknown unreadable field {name!r}")
        if field not in found:
            found.append(field)
    return found


def _choice(record, key: str, allowed: Iterable[str | None]) -> Any:
    value = record.get(key)
    if value not in allowed:
        raise ScanReadingError(f"{record.get('scan')}: {key} {value!r} is not one of {allowed}")
    return value


def _attack(record) -> list[dict[str, int]] | None:
    rows = record.get("attack")
    if rows is None:
        return None
    if len(rows) != 6 or not all(isinstance(row, list) and len(row) == 2 for row in rows):
        raise ScanReadingError(f"{record.get('scan')}: attack is six [value, bonus] rows")
    return [{"attack": value, "bonus": bonus} for value, bonus in rows]


def _text(record) -> str | None:
    text = record.get("text_en")
    if not text:
        return None
    text = REQUIREMENT_SENTENCE.sub("", re.sub(r"\s+", " ", text).strip())
    return text or None


def printed_values(record: Mapping[str, Any]) -> dict[str, Any]:
    """What the record says the card prints, in the schema's vocabulary (the Japanese
    links as `evolves_from_ja` / `ultimate_requirement_ja`, resolved later)."""
    scan = record.get("scan")
    kind = _choice(record, "kind", ("pet", "skill"))
    attribute = _choice(record, "attribute", (*ATTRIBUTES, None))
    sub_attribute = _choice(record, "sub_attribute", (*ATTRIBUTES, None))
    words = [str(word).lower() for word in record.get("effect_types") or []]
    if set(words) - set(EFFECT_TYPE_WORDS):
        raise ScanReadingError(f"{scan}: unknown effect types {sorted(set(words))}")
    orbs = set(record.get("orbs") or [])
    if orbs - set(ORB_SLOTS):
        raise ScanReadingError(f"{scan}: unknown orbs {sorted(orbs)}")
    values: dict[str, Any] = {
        "number": str(record.get("number") or "").strip(),
        "kind": kind,
        "name_ja": (record.get("name_ja") or "").strip() or None,
        "name_en": (record.get("name_en") or "").strip() or None,
        "rarity": _choice(record, "rarity", (*RARITIES, None)),
        "attribute": attribute,
        # PAD-1.2: a sub-attribute equal to the attribute adds nothing.
        "sub_attribute": sub_attribute if sub_attribute != attribute else None,
        "cost": record.get("cost"),
        "orbs": [slot for slot in ORB_SLOTS if slot in orbs],
        "effect_types": sorted({EFFECT_TYPE_WORDS[w] for w in words} - {None}),
        "text_matches_list": bool(record.get("text_matches_list")),
        "printed_text": bool((record.get("text_ja") or "").strip()),
        "text": _text(record),
        "ultimate_requirement_ja": (record.get("ultimate_requirement_ja") or "").strip() or None,
    }
    if not re.fullmatch(r"B\d\d-\d{3}", values["number"]):
        raise ScanReadingError(f"{scan}: number {values['number']!r} is not like B01-021")
    if kind == "pet":
        types = [str(word).lower() for word in record.get("types") or []]
        if set(types) - set(PET_TYPES) or len(types) > 2:
            raise ScanReadingError(f"{scan}: pet types {types}")
        values |= {
            "defense": record.get("defense"),
            "stage": _choice(record, "stage", STAGES),
            "types": types,
            "attack": _attack(record),
            "evolves_from_ja": (record.get("evolves_from_ja") or "").strip() or None,
        }
    return values


def _same(field: str, listed: Any, printed: Any) -> bool:
    if field == "types":
        return sorted(listed or []) == sorted(printed or [])
    if field == "text":
        return _plain(listed) == _plain(printed)
    return listed == printed


def _plain(text: str | None) -> str:
    return re.sub(r"\s+", " ", text or "").strip().rstrip(".").casefold()


def _printed_text(printed: Mapping[str, Any], listed: str | None, scan: str) -> Any:
    """The English text of what the card prints (None: it prints none), or ... when the
    reading does not give it (it differs from the list's and has no English reading)."""
    if printed["text_matches_list"]:
        return listed
    if not printed["printed_text"]:
        return None  # the card prints no effect text
    return printed["text"] if printed["text"] else ...


def overlay_listed(card: dict[str, Any], record: Mapping[str, Any]) -> dict[str, Any]:
    """The list's card with what its scan prints laid over it (links resolved later)."""
    scan = record["scan"]
    printed = printed_values(record)
    if printed["kind"] != card["kind"]:
        raise ScanReadingError(
            f"{scan}: printed as a {printed['kind']}, listed as a {card['kind']}"
        )
    unreadable = unreadable_fields(record)
    merged = dict(card)
    corrections: list[dict[str, Any]] = []
    for field in COMPARED:
        if field in unreadable or (field not in printed and field != "text"):
            continue
        if field == "text":
            value = _printed_text(printed, card.get("text"), scan)
            if value is ...:
                unreadable.append("text")
                continue
        else:
            value = printed[field]
        if not _same(field, card.get(field), value):
            corrections.append(_correction(field, card.get(field), value, scan))
            merged[field] = value
    merged["set"] = merged["number"].split("-")[0]
    if "names" not in unreadable and printed["name_ja"]:
        merged["names"] = {**card.get("names", {}), "ja": printed["name_ja"]}
    if "rarity" not in unreadable:
        merged["rarity"] = printed["rarity"]
    read = set(READER_FIELDS.values()) - set(unreadable)
    merged["data_issues"] = [
        issue for issue in card.get("data_issues") or [] if issue["field"] not in read
    ]
    merged["data_issues"] += [
        _unreadable_issue(field, card.get(field), scan, listed=True) for field in unreadable
    ]
    if not unreadable:
        merged["verification"] = "scan"
    merged["scan_check"] = _scan_check(scan, added=False, unreadable=unreadable)
    merged["scan_check"]["corrections"] = corrections
    return merged


def added_card(record: Mapping[str, Any]) -> dict[str, Any]:
    """A card the list lacks, from its record alone (links resolved later)."""
    scan = record["scan"]
    printed = printed_values(record)
    unreadable = unreadable_fields(record)
    known = {field: printed.get(field) for field in COMPARED if field not in unreadable}
    names = {"ja": printed["name_ja"], "en": printed["name_en"]}
    names = {lang: name for lang, name in names.items() if name and "names" not in unreadable}
    if not names:
        raise ScanReadingError(f"{scan}: a card the list lacks needs a readable name")
    text = _printed_text(printed, None, scan) if "text" not in unreadable else ...
    if text is ...:
        text = None
        if "text" not in unreadable:
            unreadable.append("text")
    card = {
        "game": "pad",
        "kind": printed["kind"],
        "set": printed["number"].split("-")[0],
        **known,
        "number": printed["number"],
        "name": names.get("en") or names["ja"],
        "names": names,
        "rarity": printed["rarity"] if "rarity" not in unreadable else None,
        "text": text,
        "provenance": "printed",
        "verification": "scan",
        "data_issues": [_unreadable_issue(field, None, scan, listed=False) for field in unreadable],
        "scan_check": _scan_check(scan, added=True, unreadable=unreadable),
    }
    if printed["kind"] == "skill":
        for field in ("defense", "stage", "types", "attack"):
            card.pop(field, None)
    return card


def _scan_check(scan: str, *, added: bool, unreadable: list[str]) -> dict[str, Any]:
    return {"scan": scan, "added": added, "unreadable": list(unreadable), "corrections": []}


def _correction(field: str, listed: Any, printed: Any, scan: str) -> dict[str, Any]:
    return {"field": field, "list_value": listed, "printed_value": printed, "scan": scan}


def _unreadable_issue(field: str, value: Any, scan: str, *, listed: bool) -> dict[str, Any]:
    if listed:
        return _issue(
            field,
            [(FAN_LIST_SOURCE, value)],
            f"The scan {scan} could not be read for this field with confidence: the list's "
            "value is kept, unchecked.",
        )
    return _issue(
        field,
        [(scan_source(scan), None)],
        f"The scan {scan} could not be read for this field with confidence and the fan list "
        "lacks the card: the value is unknown.",
    )


# --- Links by Japanese name ------------------------------------------------------------


def resolve_links(
    cards: Mapping[str, dict[str, Any]],
    pending: Iterable[tuple[str, str, str]],
    fold,
) -> None:
    """Point each card's printed link (`pending`: number, field, printed Japanese name) at
    the catalogue, in place, recording corrections and data issues (module docstring)."""
    pets: dict[str, set[str]] = {}
    any_card: dict[str, set[str]] = {}
    for number, card in cards.items():
        for name in {card.get("name"), *(card.get("names") or {}).values()} - {None, ""}:
            any_card.setdefault(fold(name), set()).add(number)
            if card["kind"] == "pet":
                pets.setdefault(fold(name), set()).add(number)
    for number, field, printed in pending:
        card = cards[number]
        index = pets if field == "evolves_from" else any_card
        listed = card.get(field)
        scan = card["scan_check"]["scan"]
        printed_targets = index.get(fold(printed), set()) - {number}
        listed_targets = (index.get(fold(listed), set()) - {number}) if listed else set()
        added = card["scan_check"]["added"]  # nothing listed to correct
        if printed_targets & listed_targets:
            continue  # the list names the same card: its name stays (module docstring)
        if printed_targets:
            if not added:
                card["scan_check"]["corrections"].append(_correction(field, listed, printed, scan))
            card[field] = printed
        elif listed_targets:
            card["data_issues"].append(
                _issue(
                    field,
                    [(FAN_LIST_SOURCE, listed), (scan_source(scan), printed)],
                    "No catalogued card bears the printed name, so the list's link is kept "
                    "until the card it names is read.",
                )
            )
        elif listed != printed:
            if listed is not None and not added:
                card["scan_check"]["corrections"].append(_correction(field, listed, printed, scan))
            card[field] = printed


def pending_links(number: str, record: Mapping[str, Any]) -> list[tuple[str, str, str | None]]:
    """The printed links of a record still to resolve: (number, field, Japanese name)."""
    printed = printed_values(record)
    unreadable = unreadable_fields(record)
    if printed["kind"] != "pet":
        return []
    return [
        (number, field, printed[key])
        for field, key in (
            ("evolves_from", "evolves_from_ja"),
            ("ultimate_requirement", "ultimate_requirement_ja"),
        )
        if field not in unreadable
    ]


def clear_unprinted_links(cards: Mapping[str, dict[str, Any]], links) -> None:
    """A link the card does not print (None) is no link: the list's goes, as a correction."""
    for number, field, printed in links:
        card = cards[number]
        if printed is None and card.get(field) is not None:
            card["scan_check"]["corrections"].append(
                _correction(field, card[field], None, card["scan_check"]["scan"])
            )
            card[field] = None


def apply_scans(
    cards: Mapping[str, dict[str, Any]],
    list_numbers: Mapping[str, str],
    records: Iterable[Mapping[str, Any]],
) -> tuple[dict[str, dict[str, Any]], list[tuple[str, str, str | None]]]:
    """(the cards by number with every reading applied, the printed links to resolve).

    `list_numbers` maps a fan-list key to the number the list gives that card."""
    scanned: dict[str, dict[str, Any]] = {}
    replaced: dict[str, str] = {}
    links: list[tuple[str, str, str | None]] = []
    for record in records:
        key = record.get("list_key")
        if key is None:
            card = added_card(record)
        else:
            number = list_numbers.get(key)
            if number is None:
                raise ScanReadingError(f"{record.get('scan')}: the list has no key {key!r}")
            if number in replaced:
                raise ScanReadingError(
                    f"{record.get('scan')}: {key} was read from {replaced[number]} too"
                )
            replaced[number] = record["scan"]
            card = overlay_listed(cards[number], record)
        if card["number"] in scanned:
            raise ScanReadingError(
                f"{record['scan']}: {card['number']} is read from "
                f"{scanned[card['number']]['scan_check']['scan']} too"
            )
        scanned[card["number"]] = card
        links += pending_links(card["number"], record)
    kept = {number: card for number, card in cards.items() if number not in replaced}
    clash = sorted(set(kept) & set(scanned))
    if clash:
        raise ScanReadingError(
            f"{clash}: a scan prints the number of a listed card that no scan read"
        )
    return kept | scanned, links
