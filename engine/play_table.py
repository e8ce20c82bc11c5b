"""The table of a browser game (issue 28) drawn from the reader's observation (PLAY-1.3:
engine/pad/search.py and engine/digimon/search.py `observe`), card names in the reader's
language. Only what the observation holds is drawn: a hidden zone is a count."""

from __future__ import annotations

from engine.reader_names import reader_names
from engine.replay.boards import card_map
from engine.replay.digimon import MARKS, digimon_sheet


def _names_in(value) -> set[str]:
    """Every string of the observation (card names, and a phase name that names no card)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return {name for item in value for name in _names_in(item)}
    return set()


def table(game: str, observation: dict | None, cards=()) -> dict | None:
    """{"sides": [{"who": "opponent"|"me", …zones}], "turn", "phase", "points"};
    `cards`: the decks' `CardSpec`s (a Digimon card's level and battle type)."""
    if observation is None:
        return None
    names = reader_names(game, sorted(_names_in(observation)))
    specs = card_map(cards)
    sides = []
    for who in ("opponent", "me"):
        side = observation.get(who)
        if side is None:
            continue
        if game == "pad":
            sides.append(_pad_side(who, side, names))
        else:
            points = (observation.get("points") or {}).get(who)
            sides.append(_digimon_side(who, side, names, points, specs))
    return {
        "sides": sides,
        "turn": observation.get("turn") or observation.get("round"),
        "phase": observation.get("phase"),
        "points": observation.get("points"),
    }


def _hand(value, names):
    return (
        {"count": value}
        if isinstance(value, int)
        else {"cards": names.many(value), "count": len(value)}
    )


def _pad_side(who: str, side: dict, names) -> dict:
    attacking = set(side.get("attack_area") or ())
    return {
        "who": who,
        "hand": _hand(side["hand"], names),
        "life": side["life"],
        "deck": side["deck"],
        "discard": names.many(side["discard"]),
        "columns": [names.many(column) for column in side["columns"]],
        "pets": [
            {
                "slot": index + 1,
                "name": names(pet["name"]),
                "cards": pet["cards"],
                "tapped": pet["tapped"],
                "defense": pet.get("defense"),
                "attacking": index in attacking,
            }
            for index, pet in enumerate(side["pets"])
        ],
    }


# A card the reader may not see, drawn as its back (engine/templates' _digimon_card.html).
FACE_DOWN = {"name": "", "face_down": True, "kind": "digimon", "id": None, "level": None}


def _backs(count) -> list[dict]:
    return [dict(FACE_DOWN) for _ in range(count if isinstance(count, int) else 0)]


def _digimon_side(who: str, side: dict, names, points, cards) -> dict:
    """The battle sheet of DGM-3 (the replay's, engine/replay/digimon.py) from one side of
    the observation: what it hides (the opponent's hand, face-down boxes and requirement
    cards) drawn as card backs, the ○/× orientation of requirement cards shown."""
    requirements = side.get("requirements")
    zones = {
        "digimon_box": side.get("box") or [],
        "box_face_down": bool(side.get("box_face_down")),
        "evolving_box": side["evolving"] if isinstance(side["evolving"], list) else [],
        "requirement_box": requirements if isinstance(requirements, list) else [],
        "requirement_marks": side.get("requirement_marks") or [],
        "support_box": side.get("support") or [],
        "option_slots": side.get("slots") or [],
        "hand": side["hand"] if isinstance(side["hand"], list) else [],
        "net_ocean": [None] * side["net_ocean"],
        "dark_area": side["dark_area"],
    }
    sheet = digimon_sheet(zones, points, cards, names)
    if side.get("box") is None:  # face down (DGM-3.1) until it is turned up (DGM-4.2)
        sheet["box"] = _backs(side.get("box_size", 1))
        sheet["top"] = sheet["box"][-1] if sheet["box"] else None
    if not isinstance(side["hand"], list):
        sheet["hand"] = _backs(side["hand"])
    if not isinstance(side["evolving"], list):
        sheet["evolving"] = _backs(side["evolving"])
    if not isinstance(requirements, list):
        marks = zones["requirement_marks"]
        sheet["requirements"] = [
            {**back, "mark": mark if mark in MARKS else "", "mark_text": MARKS.get(mark)}
            for back, mark in zip(_backs(requirements), marks + [""] * requirements, strict=False)
        ]
    return {"who": who, "sheet": sheet}
