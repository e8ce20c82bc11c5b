"""Card literals modelled on real cards of fixtures/pad.json, and constructed game states.

Database-free: the engine is pure Python, so these tests never touch Django models.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from random import Random

from engine.core.cards import CardSpec, DeckSpec, spec_from_schema
from engine.pad.cards import PadCard, link_lines
from engine.pad.policies import GreedyPolicy, Policy
from engine.pad.rules import PadGame

ROWS = ((0, 0), (100, 0), (200, 0), (300, 0), (400, 0), (600, 0))


def pet(id: int, name: str, attribute: str | None, orbs: tuple[str, ...], **fields) -> CardSpec:
    fields.setdefault("stage", "base")
    fields.setdefault("cost", 0)
    fields.setdefault("defense", 300)
    fields.setdefault("attack", ROWS)
    fields.setdefault("types", frozenset({"dragon"}))
    effects = tuple(fields.pop("effects", ()))
    return CardSpec(
        id=id,
        name=name,
        kind="pet",
        game="pad",
        attribute=attribute,
        orbs=frozenset(orbs),
        effects=effects,
        has_text=fields.pop("has_text", bool(effects)),
        **fields,
    )


def skill(id: int, name: str, attribute: str | None, orbs: tuple[str, ...], **fields):
    effects = tuple(fields.pop("effects", ()))
    return CardSpec(
        id=id,
        name=name,
        kind="skill",
        game="pad",
        attribute=attribute,
        cost=fields.pop("cost", 0),
        orbs=frozenset(orbs),
        effects=effects,
        has_text=fields.pop("has_text", bool(effects)),
        **fields,
    )


def step(trigger: str, action: str, amount: int = 1, **keys) -> dict:
    return {"trigger": trigger, "action": action, "amount": amount, **keys}


# B01-001 … B01-004 (fire dragons), B01-005/006 (water), B01-009 (wood)
LIL_RED = pet(1, "Lil' Red Dragon", "fire", ("heart", "water", "fire"), defense=100)
RED = pet(
    2,
    "Red Dragon",
    "fire",
    ("light", "water", "fire"),
    stage="evo1",
    evolves_from=1,
    defense=200,
    attack=((100, 0), (100, 0), (200, 0), (300, 0), (400, 0), (700, 0)),
    effects=[step("evolve", "draw")],
)
VOLCANO = pet(
    3,
    "Volcano Dragon",
    "fire",
    ("dark", "wood", "fire"),
    stage="evo2",
    evolves_from=2,
    attack=((100, 0), (200, 0), (400, 0), (600, 0), (700, 0), (800, 0)),
)
METEOR = pet(
    4,
    "Meteor Volcano Dragon",
    "fire",
    ("heart", "fire"),
    stage="evo3",
    evolves_from=3,
    defense=500,
    attack=((200, 0), (300, 0), (500, 0), (700, 0), (800, 1), (1000, 1)),
    effect_types=frozenset({"damage"}),
    has_text=True,  # text only: not simulated
)
LIL_BLUE = pet(5, "Lil' Blue Dragon", "water", ("heart", "wood", "water"), defense=500)
BLUE = pet(
    6,
    "Blue Dragon",
    "water",
    ("light", "wood", "water"),
    stage="evo1",
    evolves_from=5,
    attack=((100, 0), (100, 0), (100, 0), (200, 0), (300, 0), (400, 0)),
    effects=[step("evolve", "draw")],
)
LIL_GREEN = pet(9, "Lil' Green Dragon", "wood", ("heart", "wood", "fire"), defense=400)
GREEN = pet(
    10,
    "Green Dragon",
    "wood",
    ("light", "wood", "fire"),
    stage="evo1",
    evolves_from=9,
    attack=((100, 0), (100, 0), (100, 0), (200, 0), (400, 0), (500, 0)),
    effects=[step("evolve", "draw")],
)
# B01-062 Red Giant Gigas (cost 1), on a B01-061 Gigas-like evo1
GIGAS = pet(61, "Gigas", "fire", ("dark", "water", "fire"), stage="evo1", evolves_from=1)
RED_GIANT = pet(
    62,
    "Red Giant Gigas",
    "fire",
    ("wood", "fire"),
    stage="evo2",
    evolves_from=61,
    cost=1,
    attack=((100, 0), (200, 0), (300, 0), (400, 0), (600, 0), (700, 0)),
)
# B01-044 Siren (heal), B01-026 Plesiel (deck to orb)
SIREN = pet(
    44,
    "Enchantress of the Sea, Siren",
    "water",
    ("dark", "light", "water"),
    stage="evo1",
    evolves_from=5,
    effects=[step("evolve", "heal")],
)
PLESIEL = pet(
    26,
    "Plesiel",
    "water",
    ("dark", "water", "fire"),
    stage="evo1",
    evolves_from=5,
    effects=[step("evolve", "deck_to_orb")],
)
# Skills: B01-104 Rubylit, B02-099 Mythlit, B01-121 Quick Boost, B01-120 Light Of
# Mighty Healing, B01-109 Fire Orb Change (text only), B01-115 Defensive Stance.
RUBYLIT = skill(
    104, "ルビリット", "fire", ("heart", "dark", "wood"), effects=[step("play", "cost_reduction")]
)
MYTHLIT = skill(199, "Mythlit", "dark", ("light", "water", "fire"), effects=[step("play", "draw")])
QUICK_BOOST = skill(
    121, "Quick Boost", "dark", ("wood", "fire"), effects=[step("play", "hand_to_orb")]
)
HEALING = skill(
    120,
    "Light Of Mighty Healing",
    "light",
    ("heart", "dark", "water"),
    cost=1,
    effects=[step("play", "discard_to_hand")],
)
FIRE_ORB_CHANGE = skill(109, "Fire Orb Change", "fire", ("heart", "water"), has_text=True)
DEFENSIVE_STANCE = skill(
    115, "Defensive Stance", "water", ("light", "wood", "fire"), effects=[step("defence", "untap")]
)
# Plain orb cards for constructed columns: one per colour set.
ORB_IDS = iter(range(900, 1000))


def orb(*colours: str) -> CardSpec:
    number = next(ORB_IDS)
    return skill(number, f"Orb {number} {'/'.join(colours)}", None, colours)


LIFE = orb("heart", "fire")
LIGHT_DARK_HEART = orb("light", "dark", "heart")
WOOD_LIGHT = orb("wood", "light")


def compile_cards(*specs: CardSpec) -> list[PadCard]:
    cards = [PadCard(spec) for spec in specs]
    link_lines(cards)
    return cards


def build_game(
    team: list[CardSpec],
    *,
    deck=(),
    hand=(),
    columns=((), (), ()),
    life=None,
    discard=(),
    policy: Policy | None = None,
    going_first: bool = True,
    turn: int = 1,
    phase: str = "main",
    log: bool = False,
) -> PadGame:
    """A game in the given position. Card lists are specs (bottom → top); the deck's last
    card is its top. Copies of a spec share one compiled card, as in real games."""
    life = list(life) if life is not None else [LIFE] * 5
    everything = list(team) + list(deck) + list(hand) + life + list(discard)
    for column in columns:
        everything += list(column)
    compiled: dict[CardSpec, PadCard] = {}
    for spec in everything:
        compiled.setdefault(spec, PadCard(spec))
    link_lines(compiled.values())

    def cards(specs):
        return [compiled[spec] for spec in specs]

    game = PadGame(
        cards(team),
        cards(deck),
        Random(0),
        policy if policy is not None else Policy(),
        going_first=going_first,
        log={"events": [], "snapshots": []} if log else None,
    )
    state = game.state
    state.hand = cards(hand)
    state.life = cards(life)
    state.discard = cards(discard)
    for index, column in enumerate(columns):
        for card in cards(column):
            state.place_orb(index, card)
    game.turn, game.phase = turn, phase
    return game


class Scripted(GreedyPolicy):
    """Greedy, except that orb placements follow a script of columns, in order."""

    def __init__(self, columns=(), **options):
        super().__init__(**options)
        self.script = list(columns)

    def choose_column(self, game, card):
        return self.script.pop(0) if self.script else super().choose_column(game, card)


def starter_deck() -> DeckSpec:
    """A small legal-looking deck: three dragon lines and some skills (40 cards)."""
    team = (LIL_RED, LIL_BLUE, LIL_GREEN, LIL_RED, LIL_BLUE)
    deck = (
        [RED] * 3
        + [VOLCANO] * 2
        + [METEOR]
        + [BLUE] * 3
        + [PLESIEL] * 2
        + [SIREN]
        + [GREEN] * 3
        + [GIGAS] * 2
        + [RED_GIANT] * 2
        + [RUBYLIT] * 3
        + [MYTHLIT] * 2
        + [QUICK_BOOST] * 2
        + [HEALING]
        + [FIRE_ORB_CHANGE] * 2
        + [DEFENSIVE_STANCE] * 2
        + [LIL_RED, LIL_BLUE, LIL_GREEN]
        + [LIGHT_DARK_HEART] * 3
        + [WOOD_LIGHT] * 3
    )
    return DeckSpec(game="pad", deck=tuple(deck), team=team)


# --- real catalogue cards and matchups (PAD-7) ---------------------------------------
CATALOGUE = Path(__file__).resolve().parents[2] / "fixtures" / "pad.json"


@cache
def _catalogue() -> dict[str, dict]:
    return {card["number"]: card for card in json.loads(CATALOGUE.read_text(encoding="utf-8"))}


def real(number: str, *, id: int | None = None, evolves_from: int | None = None, **extra):
    """The catalogue card printed as `number` (fixtures/pad.json), as a `CardSpec`;
    `extra` adds schema fields the fixture does not hold yet (e.g. `effect` steps)."""
    data = {**_catalogue()[number], **extra}
    return spec_from_schema(
        data, id=id or _ids.setdefault(number, len(_ids) + 2000), evolves_from=evolves_from
    )


_ids: dict[str, int] = {}


def face(player: PadGame, opponent: PadGame) -> None:
    """Seat two constructed games against each other (seat 0 the player), as a matchup."""
    player.opponent, opponent.opponent = opponent, player
    player.seat, opponent.seat = 0, 1
    opponent.going_first = not player.going_first
    opponent.turn = player.turn
