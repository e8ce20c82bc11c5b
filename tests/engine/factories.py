"""Real cards of fixtures/pad.json (by number), synthetic cards for effects no real card
prints, and constructed game states.

Database-free: the engine is pure Python, so these tests never touch Django models.
A card named after a real card IS that card, as the catalogue holds it (issue 12);
a test that needs another value builds a synthetic card (`pet`, `skill`, `orb`) under a
name no catalogued card bears.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path
from random import Random

from engine.core.cards import CardSpec, DeckSpec, spec_from_schema
from engine.pad.cards import PadCard, link_lines
from engine.pad.policies import GreedyPolicy, Policy
from engine.pad.rules import PadGame

ROWS = ((0, 0), (100, 0), (200, 0), (300, 0), (400, 0), (600, 0))
CATALOGUE = Path(__file__).resolve().parents[2] / "fixtures" / "pad.json"


@cache
def _catalogue() -> dict[str, dict]:
    return {card["number"]: card for card in json.loads(CATALOGUE.read_text(encoding="utf-8"))}


@cache
def _numbers_by_name() -> dict[str, str]:
    numbers: dict[str, str] = {}
    for number, card in _catalogue().items():
        numbers.setdefault(card["name"], number)
    return numbers


def catalogue_entry(number: str) -> dict:
    """The card object of fixtures/pad.json printed as `number` (the card schema)."""
    return dict(_catalogue()[number])


_ids: dict[str, int] = {}


def real_id(number: str) -> int:
    """The id every spec of catalogue card `number` gets in these tests (2000, 2001, …)."""
    return _ids.setdefault(number, len(_ids) + 2000)


# The fan list's reading of cards whose printed scans changed their effect (issue 26), kept
# for tests of an engine mechanism no printed card shows any more: the list's B01-109 reveals
# a card and tests its attribute; its B01-084 triggers when its owner takes damage.
LISTED_EFFECTS = {
    "B01-109": (
        {
            "trigger": "play",
            "action": "reveal_top",
            "amount": 1,
            "colour": "fire",
            "if_match": "hand",
            "otherwise": "orb",
        },
    ),
    "B01-084": (
        {"trigger": "damaged", "action": "opponent_hand_discard", "amount": 1, "random": True},
    ),
}


def as_listed(number: str) -> CardSpec:
    """Catalogue card `number` with the effect the fan list gave it (LISTED_EFFECTS), under
    an id of its own."""
    return replace(
        real(number),
        id=real_id(f"{number} as listed"),
        effects=LISTED_EFFECTS[number],
        not_simulated_reason=None,
    )


def real(number: str, *, evolves_from: int | None = None) -> CardSpec:
    """The catalogue card printed as `number` (fixtures/pad.json), as a `CardSpec`, its
    effect steps included. It evolves from the card its printed evolves-from names
    (by that card's id), unless `evolves_from` says otherwise."""
    data = _catalogue()[number]
    if evolves_from is None and data.get("evolves_from"):
        parent = _numbers_by_name().get(data["evolves_from"])
        evolves_from = real_id(parent) if parent else None
    return spec_from_schema(data, id=real_id(number), evolves_from=evolves_from)


# Real cards (fixtures/pad.json). Lines: B01-001 … B01-004 fire dragons, B01-005 … B01-007
# water, B01-009 … B01-011 wood; B01-060 … B01-062 Titan → Gigas → Red Giant Gigas;
# B01-025 … B01-027 Plessie → Plesiel → Plesios; B01-042 … B01-044 Mermaid → Siren →
# Enchantress of the Sea, Siren.
LIL_RED = real("B01-001")  # DEF 100, attack 0/100/200/300/400/600
RED = real("B01-002")  # evo1, DEF 200, draws on evolving
VOLCANO = real("B01-003")  # evo2, DEF 300
METEOR = real("B01-004")  # evo3, DEF 500, bonus damage; damage text not simulated
LIL_BLUE = real("B01-005")  # DEF 500, attack 0/100/100/200/200/400
BLUE = real("B01-006")  # evo1, DEF 600, draws on evolving
AURORA = real("B01-007")  # evo2, DEF 800
LIL_GREEN = real("B01-009")  # DEF 400
GREEN = real("B01-010")  # evo1, DEF 500, draws on evolving
EARTH = real("B01-011")  # evo2, DEF 700
TITAN = real("B01-060")
GIGAS = real("B01-061")  # evo1 of Titan
RED_GIANT = real("B01-062")  # evo2 of Gigas, cost 1
PLESSIE = real("B01-025")
PLESIEL = real("B01-026")  # evo1 of Plessie: deck to orb on evolving
PLESIOS = real("B01-027")
MERMAID = real("B01-042")
SIREN = real("B01-043")  # evo1 of Mermaid: draws on evolving
ENCHANTRESS = real("B01-044")  # evo2 of Siren: heals on evolving
# Skills
RUBYLIT = real("B01-104")  # fire: evolve a fire pet from hand now, for 1 less
SAPPHILIT = real("B01-105")
EMELIT = real("B01-106")
MYTHLIT = real("B02-099")  # dark: draw a card
QUICK_BOOST = real("B01-121")  # dark: a card from hand to an orb column
HEALING = real("B01-120")  # Light Of Mighty Healing, light, cost 1: discard to hand
FIRE_ORB_CHANGE = real("B01-109")  # a card with a fire orb to the drop area, else to hand
DEFENSIVE_STANCE = real("B01-115")  # water defence skill: untap a pet


# Synthetic cards, for positions and effects no real card gives; never named after one.
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


# Plain orb cards for constructed columns: one per colour set.
ORB_IDS = iter(range(900, 1000))


def orb(*colours: str) -> CardSpec:
    number = next(ORB_IDS)
    return skill(number, f"Orb {number} {'/'.join(colours)}", None, colours)


LIFE = orb("heart", "fire")  # life cards of constructed games


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
    """A 40-card deck of real cards: the three Lil' dragon lines, Titan's and Plessie's
    lines, and skills; five team pets, one per line."""
    team = (LIL_RED, LIL_BLUE, LIL_GREEN, TITAN, PLESSIE)
    deck = (
        [RED] * 3
        + [VOLCANO] * 2
        + [METEOR]
        + [BLUE] * 3
        + [AURORA]
        + [GREEN] * 3
        + [EARTH]
        + [GIGAS] * 2
        + [RED_GIANT] * 2
        + [PLESIEL] * 2
        + [PLESIOS]
        + [RUBYLIT] * 3
        + [SAPPHILIT] * 2
        + [EMELIT] * 2
        + [MYTHLIT] * 2
        + [QUICK_BOOST] * 2
        + [HEALING]
        + [FIRE_ORB_CHANGE] * 2
        + [DEFENSIVE_STANCE] * 2
        + [LIL_RED, LIL_BLUE, LIL_GREEN]
    )
    assert len(deck) == 40
    return DeckSpec(game="pad", deck=tuple(deck), team=team)


# --- matchups (PAD-7) -----------------------------------------------------------------


def rival_deck() -> DeckSpec:
    """A 40-card opponent of real cards that reach the other side (PAD-7.2): the light,
    dark, Tyra and Naga lines with Tyrannos (taps a wood pet at 6 combos) and Echidna
    (returns a top card), Blizzard Breath, Poison Mist, Intimidation, Cure and
    Defensive Stance."""
    line = {base: [real(n) for n in numbers] for base, numbers in _RIVAL_LINES.items()}
    team = tuple(real(base) for base in _RIVAL_LINES)
    deck: list[CardSpec] = []
    for cards in line.values():
        for card, copies in zip(cards, (3, 2, 1), strict=False):
            deck += [card] * copies
    for number, copies in _RIVAL_SKILLS:
        deck += [real(number)] * copies
    deck += [real("B01-013"), real("B01-017")]
    assert len(deck) == 40, len(deck)
    return DeckSpec(game="pad", deck=tuple(deck), team=team)


_RIVAL_LINES = {
    "B01-013": ("B01-014", "B01-015", "B01-016"),  # Lil' White Dragon line
    "B01-017": ("B01-018", "B01-019", "B01-020"),  # Lil' Black Dragon line
    "B01-021": ("B01-022", "B01-023", "B01-024"),  # ティラ → Firedragon Tyrannos
    "B01-039": ("B01-040", "B01-041"),  # Naga → Empress of Serpents, Echidna
}
_RIVAL_SKILLS = (
    ("B01-116", 3),  # Blizzard Breath
    ("B02-116", 3),  # Poison Mist (printed B02-116; the fan list says B02-115)
    ("B01-114", 2),  # Intimidation
    ("B01-118", 3),  # Cure
    ("B01-115", 2),  # Defensive Stance
    ("B02-099", 2),  # Mythlit
)


def face(player: PadGame, opponent: PadGame) -> None:
    """Seat two constructed games against each other (seat 0 the player), as a matchup."""
    player.opponent, opponent.opponent = opponent, player
    player.seat, opponent.seat = 0, 1
    opponent.going_first = not player.going_first
    opponent.turn = player.turn


def stack_on(game: PadGame, index: int, *specs) -> None:
    """Evolve pet `index` by hand: the cards of `specs` go on top of its stack, as if they
    had been dealt from the deck."""
    stack = game.state.pets[index]
    for spec in specs:
        card = PadCard(spec)
        stack.cards.append(card)
        stack.top = card
    game.init_opposition(game.state.all_cards())
