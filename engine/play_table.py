"""The table of a browser game (issue 28) drawn from the reader's observation (PLAY-1.3:
engine/pad/search.py and engine/digimon/search.py `observe`), card names in the reader's
language. Only what the observation holds is drawn: a hidden zone is a count."""

from __future__ import annotations

from engine.reader_names import reader_names


def _names_in(value) -> set[str]:
    """Every string of the observation (card names, and a phase name that names no card)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return {name for item in value for name in _names_in(item)}
    return set()


def table(game: str, observation: dict | None) -> dict | None:
    """{"sides": [{"who": "opponent"|"me", …zones}], "turn", "phase", "points"}."""
    if observation is None:
        return None
    names = reader_names(game, sorted(_names_in(observation)))
    sides = []
    for who in ("opponent", "me"):
        side = observation.get(who)
        if side is None:
            continue
        if game == "pad":
            sides.append(_pad_side(who, side, names))
        else:
            sides.append(_digimon_side(who, side, names))
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
                "attacking": index in attacking,
            }
            for index, pet in enumerate(side["pets"])
        ],
    }


def _digimon_side(who: str, side: dict, names) -> dict:
    box = side.get("box")
    evolving = side.get("evolving")
    return {
        "who": who,
        "hand": _hand(side["hand"], names),
        "net_ocean": side["net_ocean"],
        "discard": names.many(side["dark_area"]),  # the Dark Area
        "box": None if box is None else names.many(box),
        "evolving": _hand(evolving, names) if evolving is not None else None,
        "slots": [None if slot is None else names(slot) for slot in side["slots"]],
    }
