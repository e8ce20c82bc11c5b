"""The one card schema (docs/card-schema.md): model ↔ plain dict.

Used by import/export, the fixtures and the REST API, so a card reads the same everywhere.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from cards import vocabulary as v
from cards.models import Card

NULLABLE_TEXT = {"rarity": "rarity", "text": "text"}
PAD_FIELDS = {"attribute": "attribute", "sub_attribute": "sub_attribute", "cost": "cost"}
PET_FIELDS = {
    "defense": "defense",
    "stage": "stage",
    "evolves_from": "evolves_from_name",
    "ultimate_requirement": "ultimate_requirement",
}
DIGIMON_FIELDS = {
    "level": "level",
    "battle_type": "battle_type",
    "species": "species",
    "digimon_type": "digimon_type",
    "field": "field_code",
    "background": "background",
    "special_ability": "special_ability",
    "support": "support",
    "evolves_from": "evolves_from_name",
    "copy_limit": "copy_limit",
}
OPTION_FIELDS = {"option_type": "option_type", "timing": "timing", "duration": "duration"}
INT_ATTRS = {"cost", "defense", "copy_limit"}
LIST_FIELDS = {"orbs", "effect_types", "special_keywords", "types", "targets", "incompatible"}
JSON_FIELDS = {
    "names",
    "attack",
    "attacks",
    "lost_points",
    "evolution",
    "components",
    "effect",
    "data_issues",
    "scan_check",
}
# A reason is a short phrase ("needs: choosing cards in the opponent's orb area").
NOT_SIMULATED_REASON_MAX = 300
READ_ONLY = {"id", "image", "image_url", "images", "url"}


class CardDataError(ValueError):
    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def _blank_to_none(value):
    return value if value not in ("", None) else None


def card_to_dict(card: Card) -> dict[str, Any]:
    """Every field of the card's kind, unknown values as null (relations must be prefetched)."""
    data: dict[str, Any] = {
        "game": card.game,
        "kind": card.kind,
        "set": card.card_set.code,
        "set_name": card.card_set.name or None,
        "number": card.number,
        "name": card.name,
        "names": card.names,
        "rarity": card.rarity or None,
        "provenance": card.provenance,
        "verification": card.verification,
        "data_issues": card.data_issues or [],
        "scan_check": card.scan_check,
        "text": card.text or None,
        "effect": card.effect,
        "not_simulated_reason": card.not_simulated_reason or None,
    }
    if card.game == v.PAD:
        data.update({key: _blank_to_none(getattr(card, attr)) for key, attr in PAD_FIELDS.items()})
        if card.kind == v.PET:
            data.update(
                {key: _blank_to_none(getattr(card, attr)) for key, attr in PET_FIELDS.items()}
            )
            data["types"] = card.types
            data["attack"] = [
                {"attack": row.attack, "bonus": row.bonus}
                for row in card.related_rows("attack_rows")
            ]
        else:
            data["skill_icon"] = card.skill_icon or None
        data["effect_types"] = card.effect_types
        data["orbs"] = card.orbs
    elif card.kind == v.DIGIMON_CARD:
        data.update(
            {key: _blank_to_none(getattr(card, attr)) for key, attr in DIGIMON_FIELDS.items()}
        )
        data["special_keywords"] = card.special_keywords
        data["attacks"] = {
            attack.letter: {
                "name": attack.name or None,
                "power": attack.power,
                "effect": attack.effect or None,
                "cancels": attack.cancels or None,
            }
            for attack in card.related_rows("attacks")
        }
        lost = card.lost_points
        data["lost_points"] = lost if any(value is not None for value in lost.values()) else None
        has_requirement = card.evo_circles is not None or card.evo_crosses is not None
        data["evolution"] = (
            {
                "circles": card.evo_circles,
                "crosses": card.evo_crosses,
                "other": card.evo_other or None,
            }
            if has_requirement or card.evo_other
            else None
        )
    elif card.kind == v.OPTION:
        data.update(
            {key: _blank_to_none(getattr(card, attr)) for key, attr in OPTION_FIELDS.items()}
        )
        data["targets"] = card.targets
        data["bonus"] = card.combo_bonus or None  # a plug-in's printed bonus (St-49 … St-51)
    else:
        data["components"] = [
            {"name": part.name, "quantity": part.quantity}
            for part in card.related_rows("components")
        ]
        data["incompatible"] = card.incompatible
        data["bonus"] = card.combo_bonus or None
    return data


@dataclass
class CardRecord:
    """A card read from the schema, ready to be written by cards.services."""

    game: str
    set_code: str
    set_name: str
    number: str
    attrs: dict[str, Any]
    attack_rows: list[tuple[int, int]] | None = None
    attacks: dict[str, dict[str, Any]] = field(default_factory=dict)
    components: list[tuple[str, int]] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.game, self.set_code, self.number)


def _text(data: dict, key: str, max_length: int | None = None) -> str:
    value = data.get(key)
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise CardDataError(key, "must be text.")
    value = str(value).strip()
    if max_length and len(value) > max_length:
        raise CardDataError(key, f"is longer than {max_length} characters.")
    return value


def _int(data: dict, key: str) -> int | None:
    value = data.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise CardDataError(key, "must be a whole number.")
    try:
        number = int(str(value).strip())
    except ValueError:
        raise CardDataError(key, f"must be a whole number, not {value!r}.") from None
    if number < 0:
        raise CardDataError(key, f"cannot be negative ({number}).")
    if number > 32767:
        raise CardDataError(key, f"is too large ({number}).")
    return number


def _list(data: dict, key: str) -> list[str]:
    value = data.get(key)
    if value is None or value == "":
        return []
    if isinstance(value, str):
        value = [part.strip() for part in value.replace("|", ",").split(",") if part.strip()]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise CardDataError(key, "must be a list of names.")
    return [item.strip() for item in value]


def _names(data: dict) -> dict[str, str]:
    names = data.get("names") or {}
    if not isinstance(names, dict):
        raise CardDataError("names", 'must be an object such as {"en": "Agumon"}.')
    unknown = set(names) - set(v.NAME_LANGUAGES)
    if unknown:
        raise CardDataError(
            "names", f"unknown language {sorted(unknown)[0]!r}; use {', '.join(v.NAME_LANGUAGES)}."
        )
    cleaned = {lang: _text(names, lang, 200) for lang in v.NAME_LANGUAGES}
    display = _text(data, "name", 200)
    if not any(cleaned.values()):
        if not display:
            raise CardDataError("names", "a card needs a name in at least one language.")
        cleaned["en"] = display
    return cleaned


def _attack_rows(data: dict) -> list[tuple[int, int]]:
    rows = data.get("attack")
    if isinstance(rows, str):  # compact CSV form: 100/200/400/600/800+1/1000+1
        rows = [
            dict(zip(("attack", "bonus"), (part.split("+") + ["0"])[:2], strict=True))
            for part in rows.split("/")
        ]
    if not isinstance(rows, list):
        raise CardDataError("attack", "must be a list of six {attack, bonus} rows.")
    if len(rows) != v.ATTACK_ROWS:
        raise CardDataError(
            "attack", f"the attack table has exactly 6 rows (one per combo count), not {len(rows)}."
        )
    parsed = []
    for number, row in enumerate(rows, start=1):
        if isinstance(row, int | str):
            row = {"attack": row}
        if not isinstance(row, dict) or set(row) - {"attack", "bonus", "combos"}:
            raise CardDataError("attack", f"row {number} must be {{attack, bonus}}.")
        attack = _int(row, "attack")
        if attack is None:
            raise CardDataError("attack", f"row {number} has no attack value.")
        parsed.append((attack, _int(row, "bonus") or 0))
    return parsed


def _attacks(data: dict) -> dict[str, dict[str, Any]]:
    attacks = data.get("attacks") or {}
    if not isinstance(attacks, dict) or set(attacks) - set(v.ATTACK_LETTERS):
        raise CardDataError("attacks", "must be an object with the letters A, B and C.")
    parsed = {}
    for letter, attack in attacks.items():
        if attack is None:
            continue
        if not isinstance(attack, dict) or set(attack) - {"name", "power", "effect", "cancels"}:
            raise CardDataError("attacks", f"attack {letter} must be {{name, power, effect}}.")
        cancels = _text(attack, "cancels")
        if cancels and cancels not in v.ATTACK_LETTERS:
            raise CardDataError("attacks", f"attack {letter} cancels A, B or C, not {cancels!r}.")
        parsed[letter] = {
            "name": _text(attack, "name", 100),
            "power": _int(attack, "power"),
            "effect": _text(attack, "effect"),
            "cancels": cancels,
        }
    return parsed


def _lost_points(data: dict) -> dict[str, int | None]:
    lost = data.get("lost_points") or {}
    if not isinstance(lost, dict) or set(lost) - set(v.LEVEL_VALUES):
        raise CardDataError("lost_points", "must be an object with III, IV, perfect, ultimate.")
    try:
        return {f"lost_{level.lower()}": _int(lost, level) for level in v.LEVEL_VALUES}
    except CardDataError as error:
        raise CardDataError("lost_points", f"{error.field} {error.message}") from None


def _evolution(data: dict) -> dict[str, Any]:
    evolution = data.get("evolution") or {}
    if not isinstance(evolution, dict) or set(evolution) - {"circles", "crosses", "other"}:
        raise CardDataError("evolution", "must be {circles, crosses, other}.")
    return {
        "evo_circles": _int(evolution, "circles"),
        "evo_crosses": _int(evolution, "crosses"),
        "evo_other": _text(evolution, "other"),
    }


def _components(data: dict) -> list[tuple[str, int]]:
    parts = data.get("components") or []
    if not isinstance(parts, list):
        raise CardDataError("components", "must be a list of {name, quantity}.")
    parsed = []
    for number, part in enumerate(parts, start=1):
        if isinstance(part, str):
            part = {"name": part}
        if not isinstance(part, dict) or not _text(part, "name"):
            raise CardDataError("components", f"part {number} needs a name.")
        quantity = _int(part, "quantity") or 1
        parsed.append((_text(part, "name", 200), quantity))
    return parsed


def _data_issues(data: dict) -> list[dict[str, Any]]:
    """Fields the sources contradict: each names a schema field and what each source says."""
    issues = data.get("data_issues")
    if issues in (None, []):
        return []
    if not isinstance(issues, list):
        raise CardDataError("data_issues", "must be a list of issues.")
    parsed = []
    for issue in issues:
        if not isinstance(issue, dict) or set(issue) - {"field", "values", "note"}:
            raise CardDataError(
                "data_issues", "each issue is an object with field, values and note."
            )
        field = issue.get("field")
        if field not in KNOWN_KEYS:
            raise CardDataError("data_issues", f"{field!r} is not a field of the card schema.")
        values = issue.get("values")
        if not isinstance(values, list) or len(values) < 1:
            raise CardDataError("data_issues", f"the issue on {field} lists no source values.")
        for value in values:
            if (
                not isinstance(value, dict)
                or set(value) != {"source", "value"}
                or not isinstance(value["source"], str)
                or not value["source"].strip()
            ):
                raise CardDataError(
                    "data_issues",
                    f"each value of the issue on {field} is {{source, value}} with a source.",
                )
        note = issue.get("note") or ""
        if not isinstance(note, str):
            raise CardDataError("data_issues", f"the note of the issue on {field} is text.")
        parsed.append(
            {
                "field": field,
                "values": [{"source": x["source"].strip(), "value": x["value"]} for x in values],
                "note": note.strip(),
            }
        )
    return parsed


SCAN_CHECK_KEYS = {"scan", "added", "unreadable", "corrections"}
CORRECTION_KEYS = {"field", "list_value", "printed_value", "scan"}


def _scan_check(data: dict) -> dict[str, Any] | None:
    """What a reading of the printed scan found (issue 26), or None."""
    check = data.get("scan_check")
    if check in (None, {}):
        return None
    if not isinstance(check, dict) or set(check) - SCAN_CHECK_KEYS:
        raise CardDataError("scan_check", "is {scan, added, unreadable, corrections}.")
    if not isinstance(check.get("scan"), str) or not check["scan"].strip():
        raise CardDataError("scan_check", "names the scan file it was read from.")
    unreadable = check.get("unreadable") or []
    if not isinstance(unreadable, list) or set(unreadable) - KNOWN_KEYS:
        raise CardDataError("scan_check", "unreadable lists fields of the card schema.")
    corrections = check.get("corrections") or []
    if not isinstance(corrections, list):
        raise CardDataError("scan_check", "corrections is a list.")
    for correction in corrections:
        if not isinstance(correction, dict) or set(correction) != CORRECTION_KEYS:
            raise CardDataError(
                "scan_check", "each correction is {field, list_value, printed_value, scan}."
            )
        if correction["field"] not in KNOWN_KEYS:
            raise CardDataError(
                "scan_check", f"{correction['field']!r} is not a field of the card schema."
            )
    return {
        "scan": check["scan"].strip(),
        "added": bool(check.get("added")),
        "unreadable": list(unreadable),
        "corrections": corrections,
    }


def _decode_json_cells(data: dict) -> dict:
    """CSV cells hold nested values as JSON text; JSON input already has them decoded."""
    decoded = dict(data)
    for key in JSON_FIELDS | LIST_FIELDS:
        value = decoded.get(key)
        if isinstance(value, str) and value.strip()[:1] in ("[", "{"):
            try:
                decoded[key] = json.loads(value)
            except json.JSONDecodeError as error:
                raise CardDataError(key, f"is not valid JSON ({error.msg}).") from None
        elif value == "":
            decoded[key] = None
    return decoded


KNOWN_KEYS = (
    {"game", "kind", "set", "set_name", "number", "name", "names", "rarity", "provenance", "text"}
    | {"effect", "not_simulated_reason", "skill_icon", "bonus", "verification"}
    | set(PAD_FIELDS)
    | set(PET_FIELDS)
    | set(DIGIMON_FIELDS)
    | set(OPTION_FIELDS)
    | LIST_FIELDS
    | JSON_FIELDS
)


def record_from_dict(raw: dict[str, Any]) -> CardRecord:
    """Read one card of the schema; raises CardDataError naming the field at fault."""
    if not isinstance(raw, dict):
        raise CardDataError("card", "each card must be an object.")
    data = _decode_json_cells(raw)
    unknown = set(data) - KNOWN_KEYS - READ_ONLY
    if unknown:
        raise CardDataError(sorted(unknown)[0], "is not a field of the card schema.")
    game, kind = _text(data, "game"), _text(data, "kind")
    if game not in v.KINDS_BY_GAME:
        raise CardDataError("game", f"must be pad or digimon, not {game!r}.")
    if kind not in v.KINDS_BY_GAME[game]:
        allowed = ", ".join(v.KINDS_BY_GAME[game])
        raise CardDataError("kind", f"a {game} card is one of {allowed}, not {kind!r}.")
    set_code, number = _text(data, "set", 16), _text(data, "number", 32)
    if not set_code:
        raise CardDataError("set", "is required.")
    if not number:
        raise CardDataError("number", "is required.")

    names = _names(data)
    attrs: dict[str, Any] = {
        "game": game,
        "kind": kind,
        "number": number,
        "name": _text(data, "name", 200),
        **{f"name_{lang}": value for lang, value in names.items()},
        "rarity": _text(data, "rarity", 4),
        "provenance": _text(data, "provenance") or v.PRINTED,
        "verification": _text(data, "verification") or v.CARD_LIST,
        "data_issues": _data_issues(data),
        "scan_check": _scan_check(data),
        "text": _text(data, "text"),
        "effect": data.get("effect"),
        "not_simulated_reason": _text(data, "not_simulated_reason", NOT_SIMULATED_REASON_MAX),
        "skill_icon": _text(data, "skill_icon", 32),
        "orbs": _list(data, "orbs"),
        "effect_types": _list(data, "effect_types"),
        "special_keywords": _list(data, "special_keywords"),
        "targets": _list(data, "targets"),
        "incompatible": _list(data, "incompatible"),
        "combo_bonus": _text(data, "bonus"),
        **_lost_points(data),
        **_evolution(data),
    }
    for mapping in (PAD_FIELDS, PET_FIELDS, DIGIMON_FIELDS, OPTION_FIELDS):
        for key, attr in mapping.items():
            attrs[attr] = _int(data, key) if attr in INT_ATTRS else _text(data, key, 200)
    for key in ("special_ability", "support"):
        attrs[key] = _text(data, key)
    types = _list(data, "types")
    if len(types) > 2:
        raise CardDataError("types", "a pet has one or two type icons.")
    attrs["pet_type"], attrs["pet_sub_type"] = (types + ["", ""])[:2]

    record = CardRecord(
        game=game,
        set_code=set_code,
        set_name=_text(data, "set_name", 100),
        number=number,
        attrs=attrs,
    )
    if kind == v.PET:
        record.attack_rows = _attack_rows(data)
    elif data.get("attack") not in (None, []):
        raise CardDataError("attack", f"a {kind} card has no attack table.")
    record.attacks = _attacks(data)
    if record.attacks and kind != v.DIGIMON_CARD:
        raise CardDataError("attacks", f"a {kind} card has no A/B/C attacks.")
    record.components = _components(data)
    if record.components and kind != v.COMBO:
        raise CardDataError("components", f"a {kind} card has no combo components.")
    return record
