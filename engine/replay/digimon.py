"""A Digimon log snapshot as the battle sheet (RULES.md DGM-3), zone by zone.

The sheet has the point gauge, the Digimon box (the Level III at the bottom and at most one
evolution on it, DGM-4.2), the evolving box and the requirement box (DGM-4.1 step 3, its
cards marked ○ or × when taken from the Net Ocean, DGM-4.3), the support box, the three
option slots, the Net Ocean (the deck) and the Dark Area (the discard pile); the hand is
drawn beside it. The goldfish log only has the dummy's Digimon (DGM-5): its sheet is the
Digimon box and the points, and says the rest is empty by the rules.

Cards are drawn by the reader's name (engine/reader_names.py) with their level and battle
type, from the deck's `CardSpec`s.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from engine.core.cards import CardSpec
from engine.reader_names import ReaderNames

SLOT_COUNT = 3  # DGM-3: three option slots
MARKS = {
    "○": gettext_lazy("○: taken from the Net Ocean, upright"),
    "×": gettext_lazy("×: taken from the Net Ocean, sideways"),
}


def _chip(name: str | None, cards: dict[str, CardSpec], names: ReaderNames) -> dict | None:
    """One card as the sheet draws it: the reader's name, level and battle type."""
    if not name:
        return None
    spec = cards.get(name)
    data = spec.data if spec is not None and spec.data else {}
    return {
        "name": names(name),
        "id": spec.id if spec is not None and isinstance(spec.id, int) else None,
        "kind": spec.kind if spec is not None else "digimon",
        "level": data.get("level"),
        "battle_type": data.get("battle_type"),
    }


def _chips(found, cards, names) -> list[dict]:
    return [chip for chip in (_chip(name, cards, names) for name in found or ()) if chip]


def _requirements(zones: dict, cards, names) -> list[dict]:
    marks = zones.get("requirement_marks") or []
    shown = []
    for index, chip in enumerate(_chips(zones.get("requirement_box"), cards, names)):
        mark = marks[index] if index < len(marks) else "card"
        shown.append({**chip, "mark": mark if mark in MARKS else "", "mark_text": MARKS.get(mark)})
    return shown


def digimon_sheet(
    zones: dict, points, cards: dict[str, CardSpec], names: ReaderNames, *, is_dummy=False
) -> dict:
    """One side's battle sheet from its snapshot zones and its points."""
    box = _chips(zones.get("digimon_box"), cards, names)
    slots = list(zones.get("option_slots") or [])[:SLOT_COUNT]
    slots += [None] * (SLOT_COUNT - len(slots))
    return {
        "is_dummy": is_dummy,
        "points": points,
        "gauge": len(zones.get("point_gauge") or ()),
        "box": box,
        "top": box[-1] if box else None,
        "face_down": bool(zones.get("box_face_down")),
        "evolving": _chips(zones.get("evolving_box"), cards, names),
        "requirements": _requirements(zones, cards, names),
        "support": _chips(zones.get("support_box"), cards, names),
        "slots": [
            {"number": number, "card": _chip(name, cards, names)}
            for number, name in enumerate(slots, start=1)
        ],
        "hand": _chips(zones.get("hand"), cards, names),
        "net_ocean": len(zones.get("net_ocean") or ()),
        "dark_area": _chips(zones.get("dark_area"), cards, names),
    }


def goldfish_sheets(
    snapshot: dict, cards, names: ReaderNames, opponent: dict | None = None
) -> list[dict]:
    """The dummy's sheet above, the player's below, as across a table (DGM-5);
    `opponent` is the log's description of the dummy (its level and battle type)."""
    points = snapshot.get("points") or {}
    dummy_zones = {**(snapshot.get("opponent") or {}), "box_face_down": False}
    sheets = [
        {
            "is_opponent": True,
            "sheet": digimon_sheet(
                dummy_zones, points.get("opponent"), cards, names, is_dummy=True
            ),
        },
        {
            "is_opponent": False,
            "sheet": digimon_sheet(snapshot.get("zones") or {}, points.get("player"), cards, names),
        },
    ]
    top = sheets[0]["sheet"]["top"]
    if top is not None and opponent and top["level"] is None:  # the dummy is no deck card
        top.update(level=opponent.get("level"), battle_type=opponent.get("battle_type"))
    return sheets
