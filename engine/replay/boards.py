"""A log snapshot as a board: PAD's own layout, or labelled zones for any game."""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext_lazy

from cards import vocabulary as v
from engine.core.cards import CardSpec
from engine.reader_names import ReaderNames

SLOTS = v.ORB_COLOURS  # PAD-1.1: heart, dark, light, wood, water, fire, left to right
SNAPSHOT_KEYS = {"after_event", "turn", "round", "phase", "zones"}

# Zone names of logs the page has no dedicated board for (the Digimon engine's).
ZONE_LABELS = {
    "deck": gettext_lazy("Deck"),
    "hand": gettext_lazy("Hand"),
    "discard": gettext_lazy("Discard pile"),
    "net_ocean": gettext_lazy("Net Ocean"),
    "dark_area": gettext_lazy("Dark Area"),
    "digimon_box": gettext_lazy("Digimon box"),
    "evolving_box": gettext_lazy("Evolving box"),
    "requirement_box": gettext_lazy("Requirement box"),
    "support_box": gettext_lazy("Support box"),
    "option_slots": gettext_lazy("Option slots"),
    "point_gauge": gettext_lazy("Point gauge"),
    "points": gettext_lazy("Points"),
    "opponent_points": gettext_lazy("Opponent's points"),
}


def card_map(cards) -> dict[str, CardSpec]:
    """Card name → spec (the log names cards; copies share a spec)."""
    found: dict[str, CardSpec] = {}
    for card in cards:
        found.setdefault(card.name, card)
    return found


def orb_slots(card: CardSpec | None) -> list[dict]:
    """The six fixed slots of a card's orb bar (PAD-1.1), lit or not."""
    orbs = card.orbs if card is not None else frozenset()
    return [{"colour": colour, "lit": colour in orbs} for colour in SLOTS]


def _card(name: str, cards: dict[str, CardSpec], names: ReaderNames) -> dict:
    spec = cards.get(name)
    return {
        "name": names(name),
        "id": spec.id if spec else None,
        "stage": spec.stage if spec else None,
        "attribute": spec.attribute if spec else None,
        "kind": spec.kind if spec else None,
        "orbs": " ".join(c for c in SLOTS if spec and c in spec.orbs),
        "slots": orb_slots(spec),
    }


def _aligned(figures, count: int) -> list[dict]:
    """One figure per pet (a log written before pets had figures has none: empty ones)."""
    figures = list(figures or ())
    return figures if len(figures) == count else [{} for _ in range(count)]


def pad_board(snapshot: dict, cards: dict[str, CardSpec], names: ReaderNames | None = None) -> dict:
    names = names or ReaderNames()
    zones = snapshot["zones"]
    tapped = zones.get("tapped", [])
    stacks = zones.get("pets", [])
    aligned = len(tapped) == len(stacks)
    figures = zones.get("figures") or {}
    pet_figures = _aligned(figures.get("pets"), len(stacks))
    pets = []
    for index, stack in enumerate(stacks):
        cards_in = [_card(name, cards, names) for name in stack]
        pets.append(
            {
                "cards": cards_in,
                "top": cards_in[-1] if cards_in else None,
                "tapped": bool(aligned and tapped[index]),
                "defense": pet_figures[index].get("def"),
                "attack": pet_figures[index].get("atk"),
            }
        )
    columns = []
    for column in zones.get("orb_columns", []):
        column_cards = [_card(name, cards, names) for name in column]
        tally = Counter(c for card in column_cards for c in card["orbs"].split())
        columns.append(
            {
                "cards": column_cards,
                "tally": [{"colour": c, "count": tally[c], "combo": tally[c] >= 3} for c in SLOTS],
            }
        )
    return {
        "pets": pets,
        "columns": columns,
        "attack_area": [
            {
                "cards": [_card(name, cards, names) for name in stack],
                "top": names(stack[-1]) if stack else "",
                "defense": figure.get("def"),
                "attack": figure.get("atk"),
            }
            for stack, figure in zip(
                zones.get("attack_area", []),
                _aligned(figures.get("attack_area"), len(zones.get("attack_area", []))),
                strict=True,
            )
        ],
        "combos": figures.get("combos"),
        "hand": [_card(name, cards, names) for name in zones.get("hand", [])],
        "life": len(zones.get("life", [])),
        "deck": len(zones.get("deck", [])),
        "discard": names.many(zones.get("discard", [])),
        "opponent_life": snapshot.get("opponent_life"),
    }


def plain(value) -> str:
    """A log value as short text: lists joined, mappings as key: value, None as –."""
    if value is None:
        return "–"
    if isinstance(value, list | tuple):
        return ", ".join(plain(item) for item in value) or "–"
    if isinstance(value, dict):
        return "; ".join(f"{key}: {plain(item)}" for key, item in value.items()) or "–"
    return str(value)


def generic_board(snapshot: dict) -> list[dict]:
    """Any game's snapshot as labelled zones: names, stacks of names, or values."""
    zones = []
    items = {**snapshot.get("zones", {})}
    items.update({k: val for k, val in snapshot.items() if k not in SNAPSHOT_KEYS})
    for key, value in items.items():
        label = ZONE_LABELS.get(key, key.replace("_", " "))
        if isinstance(value, list) and value and all(isinstance(item, list) for item in value):
            zones.append({"key": key, "label": label, "stacks": value})
        elif isinstance(value, list) and all(isinstance(item, str) for item in value):
            zones.append({"key": key, "label": label, "names": value, "count": len(value)})
        else:
            zones.append({"key": key, "label": label, "value": plain(value)})
    return zones
