"""Digimon test cards and constructed game states. Database-free.

Named cards are the catalogue's real cards (fixtures/digimon.json, read through the card
schema); `digimon`, `option` and `combo` build cards in the shape engine/convert.py gives
`CardSpec.data` (the Django path) for synthetic cards that a test needs for one effect
or value no real card has — named as synthetic, never after a real card.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path
from random import Random

from engine.core.cards import CardSpec, DeckSpec, spec_from_schema
from engine.digimon.cards import DigimonCard, dummy_spec, link, read_other
from engine.digimon.policies import Policy
from engine.digimon.rules import DigimonGame

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "digimon.json"
GUARD = "A"  # most C attacks turn the opponent's A attack to 0 (DGM-1.1)


def digimon(
    id: int,
    name: str,
    level: str,
    battle_type: str,
    powers: tuple[int, int, int],
    *,
    guard: str | None = GUARD,
    lost: tuple | None = None,
    evolves_from: int | None = None,
    evolves_from_name: str | None = None,
    circles: int | None = None,
    crosses: int | None = None,
    other: str = "",
    effects=(),
    has_text: bool = False,
    **extra,
) -> CardSpec:
    attacks = {
        letter: {"name": f"{name} {letter}", "power": power, "cancels": None}
        for letter, power in zip("ABC", powers, strict=True)
    }
    attacks["C"]["cancels"] = guard
    if guard is None:  # a known C effect that guards nothing (unknown ones guard A, DGM-4.9)
        attacks["C"]["effect"] = "No guard."
    levels = ("III", "IV", "perfect", "ultimate")
    lost_points = dict(zip(levels, lost, strict=True)) if lost else dict.fromkeys(levels)
    return CardSpec(
        id=id,
        name=name,
        kind="digimon",
        game="digimon",
        evolves_from=evolves_from,
        effects=tuple(effects),
        has_text=has_text or bool(effects),
        data={
            "level": level,
            "battle_type": battle_type,
            "attacks": attacks,
            "lost_points": lost_points,
            "evolves_from_name": evolves_from_name,
            "circles": circles,
            "crosses": crosses,
            "other_requirements": other,
            "copy_limit": None,
            "special_keywords": (),
            **extra,
        },
    )


def option(id: int, name: str, option_type: str = "program", *, timing=None, effects=(), **extra):
    return CardSpec(
        id=id,
        name=name,
        kind="option",
        game="digimon",
        effects=tuple(effects),
        has_text=True,
        data={"option_type": option_type, "timing": timing, "components": (), **extra},
    )


def combo(id: int, name: str, parts: tuple[tuple[str, int], ...], *, effects=()):
    return CardSpec(
        id=id,
        name=name,
        kind="combo",
        game="digimon",
        effects=tuple(effects),
        has_text=True,
        data={
            "option_type": "",
            "timing": None,
            "components": tuple((n, q, None) for n, q in parts),
        },
    )


def step(trigger: str, action: str, amount=0, **keys) -> dict:
    return {"trigger": trigger, "action": action, "amount": amount, **keys}


LOST_III = (10, 10, 10, 10)


@cache
def catalogue() -> tuple[CardSpec, ...]:
    """Every card of fixtures/digimon.json as the card schema reads it."""
    cards = json.loads(FIXTURES.read_text(encoding="utf-8"))
    ids: dict[str, int] = {}
    for index, card in enumerate(cards, start=1):
        ids.setdefault(card["name"], index)
    return tuple(
        spec_from_schema(card, id=index, evolves_from=ids.get(card.get("evolves_from") or ""))
        for index, card in enumerate(cards, start=1)
    )


def real(number: str) -> CardSpec:
    """The catalogue's card `number` exactly as fixtures/digimon.json holds it, shown by its
    English name (one of its own names, NAME-1) so assertions read naturally."""
    for spec in catalogue():
        if spec.number == number:
            english = ((spec.data or {}).get("names") or {}).get("en")
            return replace(spec, name=english or spec.name)
    raise KeyError(number)


# Real cards (fixtures/digimon.json): printed powers, guards, loss tables and requirements
# where catalogued; the rest is the engine's documented defaults (DGM-4.3, DGM-1.1,
# DGM-4.9: Garurumon, Skull Greymon, War Greymon and Andromon guard A by assumption).
AGUMON = real("St-1")
GREYMON = real("St-2")  # Agumon ○○, loses 20 to a Level III
GABUMON = real("St-5")
GARURUMON = real("St-6")
KUNEMON = real("St-18")
SKULL_GREYMON = real("St-32")
WAR_GREYMON = real("St-61")
ANDROMON = real("St-78")
PLUG_B = real("St-51")  # High Speed Plug-In B: text only
PLUG_C = real("St-50")  # Defense Plug-In C: text only
FILLER = real("St-57")  # That Was a Good Time: a program without structured effect
# Synthetic, for their effects only: the catalogued plug-ins and combos have no structured
# effect, so the tests of power options and combos need cards that do. Not modelled on
# any real card.
PLUG_A = option(9001, "Synthetic +30 option", "item", effects=[step("play", "power_add", 30)])
BEGINNER = combo(
    9002,
    "Synthetic three-part combo",
    ((PLUG_A.name, 1), (PLUG_B.name, 1), (PLUG_C.name, 1)),
    effects=[step("combo", "power_percent", 25)],
)
EMERGENCY_STOP = real("R-026")  # 紧急中止!: stop_attacks, battle timing
STEEL_MINE = real("R-032")  # 钢铁矿山: +200 to earth-background Digimon (a scene)


def starter_deck() -> DeckSpec:
    """30 cards (DGM-2): two Level III lines, their evolutions and some options."""
    cards = (
        [AGUMON] * 3
        + [GABUMON] * 3
        + [KUNEMON] * 2
        + [GREYMON] * 3
        + [GARURUMON] * 3
        + [SKULL_GREYMON] * 3
        + [ANDROMON] * 2
        + [WAR_GREYMON] * 2
        + [PLUG_A] * 2
        + [PLUG_B] * 2
        + [PLUG_C] * 2
        + [BEGINNER]
        + [EMERGENCY_STOP]
        + [FILLER] * 1
    )
    assert len(cards) == 30
    return DeckSpec(game="digimon", deck=tuple(cards))


def compile_cards(specs, opponent: CardSpec | None = None, circles: int = 2):
    """{spec: DigimonCard} for the given specs, linked as a deck, and the opponent."""
    compiled: dict[CardSpec, DigimonCard] = {}
    for spec in specs:
        compiled.setdefault(spec, DigimonCard(spec, circles))
    names = {name for card in compiled.values() for name in card.names}
    for card in compiled.values():
        read_other(card, names)
    rival = DigimonCard(opponent or dummy_spec(), circles)
    link(compiled.values(), rival)
    return compiled, rival


def build_game(
    box=(AGUMON,),
    *,
    hand=(),
    net_ocean=(),
    dark_area=(),
    gauge=(FILLER,),
    slots=(),
    evolving=(),
    policy: Policy | None = None,
    opponent: CardSpec | None = None,
    going_first: bool = True,
    log: bool = False,
    round: int = 1,
    phase: str = "preparation",
    extra=(),
) -> DigimonGame:
    """A game in the given position. Card lists are specs, bottom → top (the Net
    Ocean's last card is its top). `slots` lists up to 3 option specs (None = empty).
    `evolving` are (spec, requirement specs) pairs already chosen. `extra` adds specs
    to the compiled deck without placing them (cards the deck holds elsewhere)."""
    everything = list(box) + list(hand) + list(net_ocean) + list(dark_area) + list(gauge)
    everything += [spec for spec in slots if spec is not None] + list(extra)
    for spec, group in evolving:
        everything += [spec, *group]
    compiled, rival = compile_cards(everything, opponent)

    def cards(specs):
        return [compiled[spec] for spec in specs]

    game = DigimonGame(
        [],
        Random(0),
        policy if policy is not None else Policy(),
        rival,
        going_first=going_first,
        log={"events": [], "snapshots": []} if log else None,
        cards=tuple(compiled.values()),
    )
    state = game.state
    state.box = cards(box)
    state.face_down = False
    state.hand = cards(hand)
    state.net_ocean = cards(net_ocean)
    state.dark_area = cards(dark_area)
    state.gauge = cards(gauge)
    for index, spec in enumerate(slots):
        state.slots[index] = compiled[spec] if spec is not None else None
    for spec, group in evolving:
        card = compiled[spec]
        state.evolving.append(card)
        state.requirements.append(cards(group))
        state.shortfalls.append(None)
        state.taken.append(len(group))
    game.round, game.phase = round, phase
    return game


def battle(game: DigimonGame) -> DigimonGame:
    """Run the battle and points phases of the game's round."""
    game.battle_phase()
    game.points_phase()
    return game
