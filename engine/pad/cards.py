"""PAD cards compiled for the hot path: colours as ints 0–5, masks as bits, attack tables
indexed by combo count, effect steps grouped by trigger (RULES.md PAD-1).

Copies of a card share one `PadCard`, so zones are plain lists of shared objects.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.cards import CardSpec
from engine.core.names import evolves_from_keys, group_by_name, name_keys, requirement_keys
from engine.pad.effects import DAMAGE_ONLY, NO_GOLDFISH_TARGET, STAGES, Step, compile_steps
from engine.pad.opponent import card_traits, lasting_play_steps

COLOURS = ("fire", "water", "wood", "light", "dark", "heart")  # PAD-1 orb colours
FIRE, WATER, WOOD, LIGHT, DARK, HEART = range(6)
COLOUR = {name: index for index, name in enumerate(COLOURS)}
ATTRIBUTES = COLOURS[:5]  # PAD-1: heart is an orb colour, never an attribute
STAGE_RANK = {name: rank for rank, name in enumerate(STAGES)}
NO_CARD = -1  # an identity no card has: a requirement that names no card at hand
PET_TYPES = ("god", "dragon", "healer", "attacker", "devil", "balanced", "physical", "machine")


def colour_mask(colours: Iterable[str | None]) -> int:
    mask = 0
    for colour in colours:
        if colour in COLOUR:
            mask |= 1 << COLOUR[colour]
    return mask


class PadCard:
    """One card of a deck or team, compiled (shared by all its copies)."""

    __slots__ = (
        "spec",
        "id",
        "identity",
        "name",
        "is_pet",
        "is_skill",
        "orbs",
        "orbs3",
        "orb_mask",
        "attr_mask",
        "attributes",
        "cost",
        "defense",
        "stage",
        "evolves_from",
        "attack",
        "bonus",
        "requirement",
        "needs",
        "types",
        "steps",
        "evolve_steps",
        "play_steps",
        "damage_steps",
        "defence_steps",
        "continuous_steps",
        "combo_steps",
        "turn_start_steps",
        "main_end_steps",
        "orb_start_steps",
        "attack_start_steps",
        "places_itself",
        "defence_evolves",
        "traits",
        "simulated",
        "root",
        "bit",
        "hostile",
    )

    def __init__(self, spec: CardSpec):
        self.spec = spec
        self.id = spec.id
        # NAME-1: the card it is, whatever the printing; ids until `link_lines` groups names.
        self.identity = spec.id
        self.name = spec.name
        self.is_pet = spec.kind == "pet"
        self.is_skill = spec.kind == "skill"
        # Orb order follows the card's fixed slots (PAD-1.1), so it is stable everywhere.
        self.orbs = tuple(sorted(COLOUR[c] for c in spec.orbs if c in COLOUR))
        # Padded with the always-empty colour 6 so hot loops add exactly three values.
        self.orbs3 = (self.orbs + (6, 6, 6))[:3]
        self.orb_mask = colour_mask(spec.orbs)
        self.attr_mask = colour_mask((spec.attribute, spec.sub_attribute))
        self.attributes = tuple(c for c in range(5) if self.attr_mask >> c & 1)
        self.cost = spec.cost or 0
        self.defense = spec.defense or 0
        self.stage = STAGE_RANK.get(spec.stage or "", 0)
        self.evolves_from = spec.evolves_from  # the identity of its pre-evolution
        rows = tuple(spec.attack[:6]) + ((0, 0),) * (6 - len(spec.attack[:6]))
        # Index = combo count: row 0 (no combo) never attacks (PAD-4.5.1).
        self.attack = (0,) + tuple(attack for attack, _ in rows)
        self.bonus = (0,) + tuple(bonus for _, bonus in rows)
        self.requirement = spec.ultimate_requirement  # as printed, for messages
        # The identity of the card it needs in hand (PAD-1.1); NO_CARD when no card at hand
        # bears that name, None when it needs none.
        self.needs: int | None = None if self.requirement is None else NO_CARD
        self.types = spec.types
        self.steps, self.simulated = compile_steps(spec)
        if any(step.action == "cannot_attack_or_guard" for step in self.steps):
            self.attack = self.bonus = (0,) * 7  # "cannot attack": PAD-4.5.3, no damage
        self.evolve_steps = self._steps("evolve")
        # a skill whose steps last the turn ("whenever your opponent takes damage") starts
        # them when played (engine/pad/opponent.py)
        self.play_steps = self._steps("play") + lasting_play_steps(self.steps, Step)
        self.damage_steps = self._steps("damage")
        self.defence_steps = self._steps("defence")
        self.continuous_steps = self._steps("continuous")
        self.combo_steps = self._steps("activate") + self._steps("combo")
        self.turn_start_steps = self._steps("turn_start")  # PAD-4.1
        self.main_end_steps = self._steps("main_end")  # end of PAD-4.3
        self.orb_start_steps = self._steps("orb_start")  # PAD-4.4.1
        self.attack_start_steps = self._steps("attack_start")  # start of PAD-4.5
        # A life card whose damage step puts it somewhere itself (a pet, an orb column):
        # the damage trigger does not discard it (PAD-4.5.3).
        self.places_itself = any(step.action in DAMAGE_ONLY for step in self.damage_steps)
        # PAD-1.3 defence type of a pet: it may be evolved into at the owner's guard
        # declarations in the opponent's turn (engine/pad/defence.py `defence_evolve`).
        self.defence_evolves = self.is_pet and any(
            step.action == "evolve_self" for step in self.defence_steps
        )
        self.traits = card_traits(self.steps)  # engine/pad/opponent.py, None: none
        self.root = spec.id  # the base of its evolution line, set by `link_lines`
        # A matchup's player deck: 1 << its index in the prepared match's `card_names`
        # (MATCH-1: drawn cards); 0 for every other card.
        self.bit = 0
        # Every play step acts on the opponent (PAD-7.2): worthless against the goldfish.
        self.hostile = bool(self.play_steps) and all(
            step.action in NO_GOLDFISH_TARGET for step in self.play_steps
        )

    def _steps(self, trigger: str) -> tuple[Step, ...]:
        return tuple(step for step in self.steps if step.trigger == trigger)

    def __repr__(self) -> str:
        return f"PadCard({self.name!r})"


def link_names(cards: Iterable[PadCard]) -> None:
    """NAME-1: give every card its identity (the smallest id of the cards that share a name
    with it, see engine.core.names) and point its evolves-from and ultimate requirement at
    identities. A pre-evolution is the catalogued card when it is at hand, else any card
    bearing one of its names; with several such groups, the first by identity."""
    cards = list(cards)
    owner: dict[str, int] = {}
    for group in group_by_name(cards, lambda card: name_keys(card.spec)):
        identity = min(card.id for card in group)
        for card in group:
            card.identity = identity
            for key in name_keys(card.spec):
                owner[key] = identity

    def named(keys: frozenset[str]) -> int | None:
        return min((owner[key] for key in keys if key in owner), default=None)

    by_id = {card.id: card for card in cards}
    for card in cards:
        parent = by_id.get(card.spec.evolves_from) if card.spec.evolves_from is not None else None
        if parent is not None:
            card.evolves_from = parent.identity
        else:
            by_name = named(evolves_from_keys(card.spec)) if card.is_pet else None
            card.evolves_from = by_name if by_name is not None else card.spec.evolves_from
        if card.requirement is not None:
            needed = named(requirement_keys(card.spec))
            card.needs = NO_CARD if needed is None else needed


def link_lines(cards: Iterable[PadCard]) -> None:
    """Link names (`link_names`), then set each card's `root`: the identity its line of
    evolves-from links starts from, as far as the deck and team show it."""
    cards = list(cards)
    link_names(cards)
    by_identity: dict[int, PadCard] = {}
    for card in cards:
        by_identity.setdefault(card.identity, card)
    for card in cards:
        seen = {card.identity}
        root = card
        while root.evolves_from is not None and root.evolves_from not in seen:
            seen.add(root.evolves_from)
            parent = by_identity.get(root.evolves_from)
            if parent is None:
                card.root = root.evolves_from
                break
            root = parent
        else:
            card.root = root.identity
