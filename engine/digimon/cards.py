"""Digimon cards compiled for the hot path (RULES.md DGM-1), and the defaults the engine
assumes where the catalogue does not know a value.

Levels are ints 0–3 (`III`, `IV`, `perfect`, `ultimate`), attack letters ints 0–2
(`A`, `B`, `C`). Copies of a card share one `DigimonCard`, so zones are plain lists of
shared objects.

Reading `CardSpec.data`: the Django app (engine/convert.py) fills `evolves_from_name`,
`circles`, `crosses`, `other_requirements`; the card schema (`spec_from_schema`: fixtures,
exports) keeps `evolves_from` (a name) and `evolution` {circles, crosses, other}. Both
shapes are read. Option components are `(name, quantity, card_id[, key])` tuples (convert)
or `{"name", "quantity"}` objects (schema).

Names are compared as folded keys (RULES.md Decision NAME-1, engine/core/names.py): a
card's `names` are the keys of every card of the deck that shares a name with it (set by
`link`), and evolves-from names, combo components and card names in other requirements are
keys too, so a requirement written in Japanese is met by a printing catalogued in English.

**Decisions for unknown data** (most printed cards lack them; listed per deck in the
report under `assumed_requirements`, `assumed_lost_points` and `assumed_guards`):

- Evolution requirement (DGM-4.3) unknown — no evolves-from card (a blank name, as the
  site stores it, is no name), or no ○/× counts: a
  Digimon evolves from **any Digimon of the previous level** (IV from a Level III,
  perfect from a IV, ultimate from a perfect), and its unknown ○/× count is
  `DEFAULT_CIRCLES` ○ — the only printed requirement, St-2 Greymon `Agumon ○○` — so an
  evolution always costs Net Ocean cards as printed ones do. The deck option
  `assumed_circles` (0–10) changes the count; 0 is the "free evolution" reading. When
  only one of ○ and × is known the other is 0. "Cannot evolve into it" would leave every
  starter deck but one card without evolutions, so it is not the reading.
- Other requirements (free text) are read when they name a card of the deck (that card
  from hand, put upright), "discard N" / "舍弃N" (N hand cards), or a crest / armor
  (徽章 / 装甲: any option of that type from hand); parts the engine cannot read are
  ignored, and the card is listed under `assumed_requirements`.
- Lost points (DGM-1.1) unknown: per level, a Level III loses 10 / 10 / 10 / 10 (what
  every printed Level III prints), a IV 20 / 10 / 10 / 10 (St-2 Greymon, the only printed
  IV), a perfect or ultimate 30 / 20 / 10 / 10 (the DGM-5 dummy's table; RULES.md's
  perfect Andromon also loses 30 to a Level III). Only printed values are replaced: a
  table with one unknown level takes that level's default. Against the default dummy
  (attack 0) this never matters unless the player's own power is 0.
- C attack effect unknown (RULES.md Decision DGM-4.9) — a C attack with neither a
  `cancels` letter nor effect text (blank, as the site stores it, is unknown): the C
  attack guards A, as most printed C attacks do (`cancels` A), and the card is listed
  under `assumed_guards`. A C attack with printed effect text but no `cancels` is known
  not to guard.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from engine.core.cards import CardSpec
from engine.core.names import evolves_from_keys, fold_key, group_by_name, name_keys
from engine.digimon.effects import Step, compile_steps

GAME = "digimon"
LEVELS = ("III", "IV", "perfect", "ultimate")  # DGM-1
LEVEL = {name: index for index, name in enumerate(LEVELS)}
III, IV, PERFECT, ULTIMATE = range(4)
LETTERS = ("A", "B", "C")  # DGM-1.1 battle types and attack letters
LETTER = {name: index for index, name in enumerate(LETTERS)}
NO_LETTER = -1
DEFAULT_CIRCLES = 2  # St-2 Greymon `Agumon ○○`
ASSUMED_GUARD = 0  # DGM-4.9: an unknown C effect turns the opponent's A attack to 0
DEFAULT_LOST = (
    (10, 10, 10, 10),  # Level III
    (20, 10, 10, 10),  # IV
    (30, 20, 10, 10),  # perfect
    (30, 20, 10, 10),  # ultimate
)
DUMMY_LOST = (30, 20, 10, 10)  # DGM-5
DUMMY_NAME = "Goldfish dummy"
LIFESPAN_WORDS = ("lifespan", "寿命")
CREST_WORDS = ("crest", "徽章", "紋章")
ARMOR_WORDS = ("armor", "armour", "装甲", "digi-egg", "数码蛋", "デジメンタル")
DISCARD = re.compile(r"^(?:discard|舍弃|丢弃|捨て|弃)\D{0,12}?(\d+)", re.IGNORECASE)
SPLIT = re.compile(r"[+,、，;；/]")


class DigimonCard:
    """One card of a deck (or the opponent), compiled; shared by all its copies."""

    __slots__ = (
        "spec",
        "id",
        "name",
        "names",
        "kind",
        "is_digimon",
        "is_option",
        "is_combo",
        "level",
        "letter",
        "power",
        "cancels",
        "lost",
        "from_id",
        "from_names",
        "circles",
        "crosses",
        "need",
        "other",
        "assumed_requirement",
        "assumed_lost",
        "assumed_guard",
        "option_type",
        "evolution_timing",
        "lifespan",
        "components",
        "background",
        "field",
        "keywords",
        "digimon_type",
        "steps",
        "play_steps",
        "battle_steps",
        "support_steps",
        "evolve_steps",
        "combo_steps",
        "simulated",
        "helpful",
        "score",
        "children",
        "line",
        "bit",
        "versus",
    )

    def __init__(self, spec: CardSpec, assumed_circles: int = DEFAULT_CIRCLES):
        data = spec.data or {}
        self.spec = spec
        self.id = spec.id
        self.name = spec.name
        self.names = name_keys(spec)  # widened to its NAME-1 group by `link`
        self.kind = spec.kind
        self.is_digimon = spec.kind == "digimon"
        self.is_option = spec.kind == "option"
        self.is_combo = spec.kind == "combo"
        self.level = LEVEL.get(data.get("level") or "", -1) if self.is_digimon else -1
        self.letter = LETTER.get(data.get("battle_type") or "", NO_LETTER)
        attacks = data.get("attacks") or {}
        power, cancels = [0, 0, 0], [NO_LETTER] * 3
        for letter, index in LETTER.items():
            attack = attacks.get(letter) or {}
            power[index] = int(attack.get("power") or 0)
            cancels[index] = LETTER.get(attack.get("cancels") or "", NO_LETTER)
        guard = attacks.get("C") or {}
        self.assumed_guard = (
            self.is_digimon
            and cancels[2] == NO_LETTER
            and not str(guard.get("effect") or "").strip()
        )
        if self.assumed_guard:  # DGM-4.9
            cancels[2] = ASSUMED_GUARD
        self.power = tuple(power)
        self.cancels = tuple(cancels)
        self.lost, self.assumed_lost = _lost_points(data.get("lost_points"), self.level)
        self._requirement(spec, data, assumed_circles)
        self.option_type = data.get("option_type") or ""
        timing = data.get("timing") or ("evolution" if self.option_type == "scene" else "")
        self.evolution_timing = timing == "evolution"  # DGM-4.2; scenes too (DGM-1.2)
        duration = str(data.get("duration") or "").lower()
        self.lifespan = any(word in duration for word in LIFESPAN_WORDS)
        self.components = tuple(_components(data.get("components") or ()))
        self.background = (data.get("background") or "").lower() or None
        self.field = data.get("field") or None
        self.keywords = frozenset(data.get("special_keywords") or ())  # DGM-1.1
        self.digimon_type = (data.get("digimon_type") or "").lower() or None
        self.steps, self.simulated = compile_steps(spec)
        # an option that evolves is used when Digimon evolve (effects.py decisions)
        self.evolution_timing |= any(step.action == "evolve" for step in self.steps)
        self.play_steps = self._steps("play")
        self.battle_steps = self._steps("battle") + self._steps("continuous")
        self.support_steps = self._steps("support")
        self.evolve_steps = self._steps("evolve")
        self.combo_steps = self._steps("combo") + (self.play_steps if self.is_combo else ())
        self.helpful = any(step.helps for step in self.steps)
        self.score = 0  # power against the opponent, set by the deck (`score_against`)
        self.children: frozenset = frozenset()  # deck Digimon that evolve from it
        self.line: frozenset = frozenset()  # deck Digimon reachable from it
        self.bit = 0  # its name's bit in a match's `drawn` mask (set by the match)
        # the policies' battle values against each rival met (policies.battle_value): a
        # card's printed attacks and loss table never change once compiled
        self.versus: dict[DigimonCard, tuple[int, int]] = {}

    def _requirement(self, spec: CardSpec, data: Mapping, assumed_circles: int) -> None:
        evolution = data.get("evolution") or {}
        self.from_id = spec.evolves_from
        # a blank name ("" from the site, or spaces an import kept) is unknown, not a name
        self.from_names = frozenset(k for k in evolves_from_keys(spec) if k.strip()) or None
        circles = data.get("circles", evolution.get("circles"))
        crosses = data.get("crosses", evolution.get("crosses"))
        text = data.get("other_requirements", evolution.get("other")) or ""
        self.other: tuple = ()
        self.assumed_requirement = False
        if self.level <= III:
            self.circles = self.crosses = self.need = 0
            return
        if self.from_names is None and spec.evolves_from is None:
            self.assumed_requirement = True  # any Digimon of the previous level
        if circles is None and crosses is None:
            self.assumed_requirement = True
            circles = assumed_circles
        self.circles, self.crosses = int(circles or 0), int(crosses or 0)
        self.need = self.circles + self.crosses
        self.other = (text,) if text else ()  # parsed by `read_other` once the deck is known

    def _steps(self, trigger: str) -> tuple[Step, ...]:
        return tuple(step for step in self.steps if step.trigger == trigger)

    def evolves_from(self, base: DigimonCard) -> bool:
        """DGM-4.3: this card can be placed on `base` (its evolves-from card by id or name,
        or, when unknown, any Digimon of the previous level)."""
        if base.level != self.level - 1 or self.level <= III:
            return False
        if self.from_names is None and self.from_id is None:
            return True
        return base.id == self.from_id or (
            self.from_names is not None and not self.from_names.isdisjoint(base.names)
        )

    def __repr__(self) -> str:
        return f"DigimonCard({self.name!r})"


def _lost_points(table, level: int) -> tuple[tuple[int, ...], bool]:
    default = DEFAULT_LOST[level] if 0 <= level <= 3 else DEFAULT_LOST[0]
    table = table or {}
    values, assumed = [], False
    for index, name in enumerate(LEVELS):
        value = table.get(name)
        if value is None:
            assumed = True
            value = default[index]
        values.append(int(value))
    return tuple(values), assumed


def _components(parts: Iterable) -> Iterable[tuple[str, int]]:
    """(name key, quantity) per component: the app's folded key when given, else folded here."""
    for part in parts:
        if isinstance(part, Mapping):
            yield fold_key(part.get("name") or ""), int(part.get("quantity") or 1)
        else:
            key = part[3] if len(part) > 3 and part[3] else fold_key(part[0])
            yield key, int(part[1] or 1)


def read_other(card: DigimonCard, names: set[str]) -> None:
    """Parse the card's free-text other requirements against the deck's name keys into
    items ("discard", n) / ("card", name) / ("type", "crest" | "armor"). Unreadable parts
    are dropped and mark the requirement as assumed."""
    if not card.other or not isinstance(card.other[0], str):
        return
    items = []
    for part in SPLIT.split(card.other[0]):
        part = part.strip()
        if not part:
            continue
        lower = part.lower()
        match = DISCARD.match(part)
        if match:
            items.append(("discard", int(match.group(1))))
        elif fold_key(part) in names:
            items.append(("card", part))  # as printed; matched by its key (NAME-1)
        elif any(word in lower for word in CREST_WORDS):
            items.append(("type", "crest"))
        elif any(word in lower for word in ARMOR_WORDS):
            items.append(("type", "armor"))
        else:
            card.assumed_requirement = True
    card.other = tuple(items)


def dummy_spec() -> CardSpec:
    """DGM-5: a Level III with battle letter A, attack power 0 and the loss table
    III 30 / IV 20 / perfect 10 / ultimate 10."""
    zero = {"name": "", "power": 0, "cancels": None, "effect": "None (the DGM-5 dummy)."}
    return CardSpec(
        id=0,
        name=DUMMY_NAME,
        kind="digimon",
        game=GAME,
        data={
            "level": "III",
            "battle_type": "A",
            "attacks": {letter: dict(zero) for letter in LETTERS},
            "lost_points": dict(zip(LEVELS, DUMMY_LOST, strict=True)),
        },
    )


def link_names(cards: Iterable[DigimonCard]) -> None:
    """NAME-1: every card answers to the names of all the cards that share a name with it,
    directly or through others (engine/core/names.py), so "Agumon" in a requirement finds
    St-1 アグモン and an English-only reprint alike."""
    for group in group_by_name(list(cards), lambda card: card.names):
        keys = frozenset().union(*(card.names for card in group))
        for card in group:
            card.names = keys


def link(cards: Iterable[DigimonCard], opponent: DigimonCard | None) -> None:
    """Per Digimon: its `children` (deck Digimon that evolve from it), its `line` (all deck
    Digimon reachable through evolutions) and its `score` against the opponent: the
    power of its attack of the opponent's letter, 0 when the opponent's attack cancels
    it (DGM-4.4). Against another deck, see `score_against_deck`; with no opponent known
    the score is the mean of its three attacks."""
    cards = list(cards)
    link_names(cards)
    digimon = [card for card in cards if card.is_digimon]
    for card in digimon:
        card.children = frozenset(other for other in digimon if other.evolves_from(card))
        card.score = score_against(card, opponent)
    for card in sorted(digimon, key=lambda c: -c.level):
        line = set(card.children)
        for child in card.children:
            line |= child.line
        card.line = frozenset(line)


def score_against(card: DigimonCard, opponent: DigimonCard | None) -> int:
    if opponent is None:
        return sum(card.power) // 3
    if isinstance(opponent, list | tuple):
        return score_against_deck(card, opponent)
    if opponent.letter == NO_LETTER:
        return 0
    if card.letter != NO_LETTER and opponent.cancels[card.letter] == opponent.letter:
        return 0
    return card.power[opponent.letter]


def score_against_deck(card: DigimonCard, rivals: list[DigimonCard]) -> int:
    """The card's mean score against the Digimon of the opposing deck list, copies
    counted: the letters it will most likely face (DGM-4.4), guards included. A deck list
    is public (PLAY-1.3 hides only hands, orders and face-down cards); its Digimon change
    every round, so each counts by its copies."""
    if not rivals:
        return sum(card.power) // 3
    return sum(score_against(card, rival) for rival in rivals) // len(rivals)


def compile_deck(
    specs: Iterable[CardSpec], circles: int, opponent: DigimonCard | list | None
) -> tuple[list[DigimonCard], tuple[DigimonCard, ...]]:
    """(the deck's cards in list order, its distinct cards): copies share one compiled
    card; other requirements read against the deck's names; linked against `opponent`
    (a card, the opposing deck's Digimon with copies, or None: unknown)."""
    compiled: dict[CardSpec, DigimonCard] = {}
    deck = [compiled.setdefault(spec, DigimonCard(spec, circles)) for spec in specs]
    cards = tuple(compiled.values())
    names = {name for card in cards for name in card.names}
    for card in cards:
        read_other(card, names)
    link(cards, opponent)
    return deck, cards


def assumed(cards: Iterable[DigimonCard]) -> dict[str, list[str]]:
    """The deck's cards played with the defaults above (DGM-4.3, DGM-1.1, DGM-4.9), and
    the cards whose effect is speed, which the rules text never says how to use (the
    decision of engine/digimon/effects.py: speed decides a tie of powers)."""
    cards = list(cards)
    digimon = [card for card in cards if card.is_digimon]
    return {
        "assumed_requirements": sorted({c.name for c in digimon if c.assumed_requirement}),
        "assumed_lost_points": sorted({c.name for c in digimon if c.assumed_lost}),
        "assumed_guards": sorted({c.name for c in digimon if c.assumed_guard}),
        "assumed_speed": sorted(
            {c.name for c in cards if any(s.action.startswith("speed_") for s in c.steps)}
        ),
    }
