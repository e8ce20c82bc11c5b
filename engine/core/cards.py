"""Immutable card and deck specifications: what the engines are fed.

The Django app builds these from its models; benchmarks and tests build them from the
card schema (docs/card-schema.md) with `spec_from_schema` / `specs_from_schema`.
A deck lists one `CardSpec` per copy; copies of a card are the same (equal) spec.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class CardSpec:
    id: int
    name: str
    kind: str  # "pet" | "skill" (PAD); "digimon" | "option" | "combo" (Digimon)
    game: str
    attribute: str | None = None
    sub_attribute: str | None = None
    cost: int | None = None
    defense: int | None = None
    stage: str | None = None
    evolves_from: int | None = None  # card id of the pet this one is placed on
    attack: tuple[tuple[int, int], ...] = ()  # six (attack, bonus) rows, row n = n combos
    orbs: frozenset[str] = frozenset()
    effect_types: frozenset[str] = frozenset()
    effects: tuple[dict, ...] = field(default=(), hash=False)  # structured steps
    has_text: bool = False  # the card prints an effect text
    # Why the catalogue gives no steps for a printed effect ("needs: …"); None when it does
    # or when nothing is said (issue 13).
    not_simulated_reason: str | None = None
    ultimate_requirement: str | None = None  # a card name, as printed
    types: frozenset[str] = frozenset()  # PAD pet type icons (dragon, healer, …)
    number: str | None = None  # as printed, for logs
    # NAME-1 (RULES.md): the card's catalogued names, the names of the card it evolves from
    # and of the card its ultimate requirement names, each folded (T→S, NFKC, case) by the
    # app. Empty: engine.core.names derives them from the texts above.
    name_keys: frozenset[str] = frozenset()
    evolves_from_keys: frozenset[str] = frozenset()
    requirement_keys: frozenset[str] = frozenset()
    # Game-specific extras (Digimon: level, battle type, attacks, lost points, …).
    # Read-only by convention; a plain dict so specs pickle into worker processes.
    data: Mapping[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class DeckSpec:
    game: str
    deck: tuple[CardSpec, ...]  # one element per copy
    team: tuple[CardSpec, ...] = ()

    def cards(self) -> tuple[CardSpec, ...]:
        """Every card the player owns: team first, then the deck."""
        return self.team + self.deck


_SCHEMA_KEYS = {
    "attribute",
    "sub_attribute",
    "cost",
    "defense",
    "stage",
    "ultimate_requirement",
    "number",
}


def spec_from_schema(data: Mapping, *, id: int, evolves_from: int | None = None) -> CardSpec:
    """A `CardSpec` from one card object of the card schema (fixtures, exports, the API).

    `evolves_from` is the id of the pre-evolution: the schema names it, so the caller
    resolves the name (see `specs_from_schema`). Unknown schema fields go to `data`.
    """
    attack = tuple((int(r["attack"]), int(r.get("bonus") or 0)) for r in data.get("attack") or ())
    known = {"game", "kind", "name", "attack", "orbs", "effect_types", "effect", "text", "types"}
    extras = {k: v for k, v in data.items() if k not in known and k not in _SCHEMA_KEYS}
    return CardSpec(
        id=id,
        name=data.get("name") or next(iter((data.get("names") or {}).values()), ""),
        kind=data["kind"],
        game=data["game"],
        attack=attack,
        orbs=frozenset(data.get("orbs") or ()),
        effect_types=frozenset(data.get("effect_types") or ()),
        effects=tuple(dict(step) for step in data.get("effect") or ()),
        has_text=bool(data.get("text")),
        not_simulated_reason=data.get("not_simulated_reason") or None,
        types=frozenset(data.get("types") or ()),
        evolves_from=evolves_from,
        data=extras,
        **{k: data.get(k) for k in _SCHEMA_KEYS},
    )


def specs_from_schema(cards: Iterable[Mapping]) -> dict[str, CardSpec]:
    """Card objects of the schema → {name: CardSpec}, ids 1, 2, … in list order and
    `evolves_from` linked by name (the first card of that name of the same game)."""
    cards = list(cards)
    ids: dict[tuple[str, str], int] = {}
    for number, card in enumerate(cards, start=1):
        ids.setdefault((card["game"], card["name"]), number)
    specs: dict[str, CardSpec] = {}
    for number, card in enumerate(cards, start=1):
        parent = card.get("evolves_from")
        parent_id = ids.get((card["game"], parent)) if parent else None
        specs.setdefault(card["name"], spec_from_schema(card, id=number, evolves_from=parent_id))
    return specs


# --- a deck kept as plain JSON (a browser game's decks as they were when it started) -----
_SET_FIELDS = frozenset(
    {"orbs", "effect_types", "types", "name_keys", "evolves_from_keys", "requirement_keys"}
)


def _plain(value):
    if isinstance(value, (frozenset, set)):
        return sorted(value)
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    return value


def _frozen(value):
    """A JSON value back as the engines keep it: lists as tuples (hashable, read-only)."""
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        return {key: _frozen(item) for key, item in value.items()}
    return value


def deck_to_json(deck: DeckSpec) -> dict:
    """{"deck": [ids], "team": [ids], "cards": {id: fields}}: JSON that `deck_from_json`
    turns back into an equal DeckSpec."""
    cards = {}
    for spec in deck.cards():
        if str(spec.id) not in cards:
            cards[str(spec.id)] = {name: _plain(getattr(spec, name)) for name in _FIELD_NAMES}
    return {
        "deck": [str(spec.id) for spec in deck.deck],
        "team": [str(spec.id) for spec in deck.team],
        "cards": cards,
    }


def deck_from_json(game: str, data: Mapping) -> DeckSpec:
    specs = {}
    for key, fields in data["cards"].items():
        values = {}
        for name, value in fields.items():
            if name in _SET_FIELDS:
                values[name] = frozenset(value)
            elif name == "data":
                values[name] = {key: _frozen(item) for key, item in value.items()}
            elif name == "effects":
                values[name] = tuple(value)  # each step stays the dict it was
            elif isinstance(value, list):
                values[name] = _frozen(value)
            else:
                values[name] = value
        specs[key] = CardSpec(**values)
    return DeckSpec(
        game=game,
        deck=tuple(specs[key] for key in data["deck"]),
        team=tuple(specs[key] for key in data["team"]),
    )


_FIELD_NAMES = tuple(CardSpec.__dataclass_fields__)
