"""The rule tables of the PAD effect parser, part 1: shared pieces, whole texts, triggers
and timing words (cards/conversion/pad_effects.py reads texts with them; see its docstring
for the order and the decisions)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

COLOURS = ("fire", "water", "wood", "light", "dark")
PET_TYPES = ("god", "dragon", "healer", "attacker", "devil", "balanced", "physical", "machine")
STAGE_NUMBERS = {"1": "evo1", "2": "evo2", "3": "evo3"}
NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}

COL = r"(?:fire|water|wood|light|dark)"
TYPE = r"(?:god|dragon|healer|attacker|devil|balanced|physical|machine)"
NUM = r"(?:a|an|one|two|three|\d+)"
# Step keys in the order the fixture writes them.
STEP_KEYS = (
    "trigger",
    "action",
    "amount",
    "up_to",
    "scope",
    "target",
    "colour",
    "colours",
    "min_combos",
    "max_defense",
    "max_total_defense",
    "max_stage",
    "max_attack",
    "max_life",
    "tapped_only",
    "while_active",
    "random",
    "test",
    "if_match",
    "otherwise",
    "discard_cost",
    "phase",
    "when",
    "cards",
    "keep_life",
)
READING_SOURCE = "reading of the effect (cards/conversion/pad_effects.py)"


def number(word: str) -> int:
    word = word.lower()
    return NUMBER_WORDS[word] if word in NUMBER_WORDS else int(word)


def colour_list(words: str) -> list[str]:
    """The colours a list such as "Fire, Wood, and Light" names; Heal is the heart orb."""
    found = re.findall(r"fire|water|wood|light|dark|heal", words.lower())
    return ["heart" if word == "heal" else word for word in found]


def step(action: str, amount: int | str = 1, **fields: Any) -> dict[str, Any]:
    return {"action": action, "amount": amount, **fields}


@dataclass(frozen=True)
class Rule:
    """One text family: `pattern` (compiled, case-insensitive) and what it reads as.

    `build(match, card)` gives the steps (for a TRIGGERS rule: the trigger's fields);
    `issue(match)`, when given, a data issue the reading records on the card.
    """

    name: str
    pattern: re.Pattern[str]
    build: Callable[[re.Match[str], Mapping[str, Any]], Any]
    examples: tuple[str, ...]
    issue: Callable[[re.Match[str]], dict[str, Any]] | None = None


def rule(name: str, pattern: str, examples: str, issue=None):
    def register(build):
        return Rule(name, re.compile(pattern, re.IGNORECASE), build, tuple(examples.split()), issue)

    return register


# --- 1. Whole texts ----------------------------------------------------------------------


@rule("guard_multiple", r"this monster can guard against multiple monsters", "B01-062")
def _guard_multiple(m, card):
    return [step("guard_multiple", trigger="continuous")]


@rule(
    "unblockable",
    rf"your opponent's (?:({COL}) monsters|stage (\d) or less monsters"
    r"|monsters with (\d+) or less defense) cannot guard against this monster",
    "B04-024 B04-039 B04-040",
)
def _unblockable(m, card):
    colour, stage, defense = m.groups()
    fields: dict[str, Any] = {}
    if colour:
        fields["colour"] = colour.lower()
    if stage:
        fields["max_stage"] = STAGE_NUMBERS[stage]
    if defense:
        fields["max_defense"] = int(defense)
    return [step("unblockable", trigger="continuous", **fields)]


@rule(
    "no_opponent_untap",
    r"your opponent's monsters cannot be activated by activation effects"
    r"( during their puzzle phase)?",
    "B04-042 B04-043",
)
def _no_opponent_untap(m, card):
    fields = {"phase": "puzzle"} if m.group(1) else {}
    return [step("no_opponent_untap", trigger="continuous", **fields)]


@rule(
    "damage_immunity",
    r"you don't take damage from (rolled )?monsters with (\d+) or less attack",
    "B02-051 B03-046",
)
def _damage_immunity(m, card):
    fields = {"tapped_only": True} if m.group(1) else {}
    return [step("damage_immunity", trigger="continuous", max_attack=int(m.group(2)), **fields)]


@rule("cannot_attack_or_guard", r"this monster cannot attack or guard", "B01-103")
def _cannot_attack_or_guard(m, card):
    return [step("cannot_attack_or_guard", trigger="continuous")]


@rule(
    "damage_immunity_base",
    r"you don't take damage from attacks of base monsters",
    "B04-041 B04-046",
)
def _damage_immunity_base(m, card):
    # Issue 26: "base" is the attacking pet's top card's stage (PAD-1.1).
    return [step("damage_immunity", trigger="continuous", max_stage="base")]


@rule(
    "life_to_discard",
    r"if this monster deals damage to the opponent, they discard cards from their hp "
    r"instead of putting them in their hand",
    "B03-057 B03-059",
)
def _life_to_discard(m, card):
    return [step("life_to_discard", trigger="continuous")]


@rule("while_active", r"if this monster is active, it gets \+(\d+) damage", "B03-017")
def _while_active(m, card):
    return [
        step("extra_damage", int(m.group(1)), trigger="continuous", scope="self", while_active=True)
    ]


@rule(
    "low_life",
    r"if your remaining hp is (\d+) or less, this monster gets (?:\+(\d+) attack and )?"
    r"\+(\d+) damage",
    "B03-070 B03-071",
)
def _low_life(m, card):
    max_life, attack, damage = int(m.group(1)), m.group(2), int(m.group(3))
    steps = []
    if attack:
        steps.append(
            step("attack_bonus", int(attack), trigger="continuous", scope="self", max_life=max_life)
        )
    steps.append(
        step("extra_damage", damage, trigger="continuous", scope="self", max_life=max_life)
    )
    return steps


@rule(
    "guard_bonus",
    rf"if this monster guards against an opponent's ({COL}) monster, this monster gets "
    r"\+(\d+) defense until the end of their turn",
    "B03-036 B03-040",
)
def _guard_bonus(m, card):
    return [step("guard_bonus", int(m.group(2)), trigger="continuous", colour=m.group(1).lower())]


@rule("last_stand", r"when your hp reaches 0, put this card in your hp \(face-down\)", "B02-048")
def _last_stand(m, card):
    return [step("last_stand", trigger="continuous")]


@rule(
    "heal_to_damage",
    r"if you make a heal combo in the puzzle phase, you do not heal in the recovery step\. "
    r"instead, deal (\d+) damage to your opponent",
    "B04-070",
)
def _heal_to_damage(m, card):
    return [step("heal_to_damage", int(m.group(1)), trigger="continuous")]


@rule(
    "guard_declaration_untap",
    r"during your guard declaration step, you can discard (\d+) cards to activate this monster",
    "B03-052",
)
def _guard_declaration_untap(m, card):
    return [step("untap", trigger="guard_declaration", scope="self", discard_cost=int(m.group(1)))]


@rule(
    "defence_evolve",
    r"during your opponent's turn, you can pay its cost to evolve into this card in your guard "
    r"declaration step",
    "B04-038 B04-048 B04-068 B04-083",
)
def _defence_evolve(m, card):
    # Issue 26: the defence effect type of a pet (PAD-1.3), read from the printed cards.
    return [step("evolve_self", trigger="defence")]


WHOLE_TEXT: tuple[Rule, ...] = (
    _guard_multiple,
    _unblockable,
    _no_opponent_untap,
    _damage_immunity,
    _damage_immunity_base,
    _cannot_attack_or_guard,
    _life_to_discard,
    _while_active,
    _low_life,
    _guard_bonus,
    _last_stand,
    _heal_to_damage,
    _guard_declaration_untap,
    _defence_evolve,
)

# --- 2. Triggers (the opening words; the pattern ends where the effect begins) ----------


@rule("evolve", r"when you place this card to evolve one of your monsters,? ", "B01-002 B01-076")
def _t_evolve(m, card):
    return {"trigger": "evolve"}


@rule(
    "combo_count",
    r"(?:during your puzzle phase, if you (?:match|complete|make) (\d+)(?: or more)? combos"
    r"|whenever you make (\d+)(?: or more)? combos (?:in|during) your puzzle phase),? ",
    "B01-024 B01-035 B01-068 B04-045 B01-100",
)
def _t_combo_count(m, card):
    # "Whenever you make 4 combos" = at least 4, as "if you match 6 combos" (issue 13).
    return {"trigger": "activate", "min_combos": int(m.group(1) or m.group(2))}


@rule(
    "next_puzzle_combos",
    r"(?:when|if) you (?:match|make) (\d+) or more combos in your next puzzle phase, "
    r"(?:apply the following effect|the following (?:takes effect|effect applies)): ",
    "B04-101 B04-103 B04-105",
)
def _t_next_puzzle_combos(m, card):
    """A skill whose effect waits for the next combo step and needs that many combos."""
    return {"trigger": "play", "when": "puzzle", "min_combos": int(m.group(1))}


@rule(
    "colour_combo",
    rf"during your puzzle phase, if you match an? ({COL}) combo,? ",
    "B01-075 B04-062",
)
def _t_colour_combo(m, card):
    return {"trigger": "activate", "colour": m.group(1).lower()}


@rule(
    "colours_combo",
    rf"during your puzzle phase, if you make an? ((?:{COL}|heal)(?:,? (?:and )?(?:{COL}|heal))+) "
    r"combo,? ",
    "B03-043 B03-054 B03-061",
)
def _t_colours_combo(m, card):
    return {"trigger": "activate", "colours": colour_list(m.group(1))}


@rule(
    "drawn_from_life",
    r"if you draw this card from your hp when you take damage,? ",
    "B01-004 B01-118 B03-003 B03-090",
)
def _t_drawn_from_life(m, card):
    return {"trigger": "damage"}


@rule(
    "damaged",
    r"(?:when you take damage|if you were damaged by an opponent's attack"
    r"|if you take damage from an opponent's monster),? ",
    "B01-084 B01-082 B04-053 B03-044 B02-049",
)
def _t_damaged(m, card):
    return {"trigger": "damaged"}


@rule("turn_start", r"at the beginning of your turn,? ", "B01-064")
def _t_turn_start(m, card):
    return {"trigger": "turn_start"}


@rule("main_end", r"at the end of your main phase,? ", "B02-079")
def _t_main_end(m, card):
    return {"trigger": "main_end"}


@rule("attack_start", r"at the beginning of your attack phase,? ", "B03-018")
def _t_attack_start(m, card):
    return {"trigger": "attack_start"}


@rule(
    "opponent_damaged",
    r"until the end of the turn, whenever your opponent takes damage,? ",
    "B03-087 B03-088 B03-091",
)
def _t_opponent_damaged(m, card):
    return {"trigger": "opponent_damaged"}


@rule(
    "defence_skill",
    r"\(you can use this card when defending against your opponent's attack\) ",
    "B01-115",
)
def _t_defence(m, card):
    return {"trigger": "defence"}


@rule("guard", r"when this monster guards an attack,? ", "B04-056 B04-060")
def _t_guard(m, card):
    return {"trigger": "guard"}


@rule(
    "orb_start",
    rf"if your revealed card has an? ({COL}) drop and an? ({COL}) drop in your drop start "
    r"step,? ",
    "B02-087 B02-091",
)
def _t_orb_start(m, card):
    return {"trigger": "orb_start", "colours": [m.group(1).lower(), m.group(2).lower()]}


@rule(
    "guard_declaration",
    r"during your opponent's turn, you can discard (a|\d+) cards? from your hand in your guard "
    r"declaration step\. if you do, ",
    "B04-047",
)
def _t_guard_declaration(m, card):
    return {"trigger": "guard_declaration", "discard_cost": number(m.group(1))}


@rule(
    "attack_damage",
    r"(?:when|if) this monster deals damage with its attack, ",
    "B01-084 B04-066",
)
def _t_attack_damage(m, card):
    # Issue 26: the scans trigger on dealing damage (the fan list had "when you take").
    return {"trigger": "attack_damage"}


@rule("attack_guarded", r"if this monster's attack is guarded, ", "B04-067")
def _t_attack_guarded(m, card):
    return {"trigger": "attack_guarded"}


@rule(
    "guard_declaration_skill",
    r"use during your guard declaration step in your opponent's turn\. ",
    "B04-088 B04-089 B04-091",
)
def _t_guard_declaration_skill(m, card):
    # A defence-type skill (PAD-1.2, PAD-1.3), used at the defence declaration.
    return {"trigger": "defence"}


TRIGGERS: tuple[Rule, ...] = (
    _t_evolve,
    _t_combo_count,
    _t_next_puzzle_combos,
    _t_colour_combo,
    _t_colours_combo,
    _t_drawn_from_life,
    _t_damaged,
    _t_turn_start,
    _t_main_end,
    _t_attack_start,
    _t_opponent_damaged,
    _t_defence,
    _t_guard,
    _t_orb_start,
    _t_guard_declaration,
    _t_guard_declaration_skill,
    _t_attack_damage,
    _t_attack_guarded,
)

# --- 3. Timing words (taken out of the effect; see the module docstring) ---------------

TIMINGS: tuple[tuple[re.Pattern[str], dict[str, Any]], ...] = (
    # B01-071, B01-074, B04-045, B04-066: the cleanup phase, PAD-4.6.
    (re.compile(r"\bat the end of (?:your |the )?refresh phase\b,?", re.I), {"when": "cleanup"}),
    # B03-061: the activate trigger already runs after the combo step.
    (re.compile(r"\bat the end of your puzzle phase\b", re.I), {}),
    # B01-082, B04-053, B04-056: the opponent's attack phase; nothing of the owner's moves.
    (re.compile(r"\bat the end of (?:the|your opponent's) attack phase\b,?", re.I), {}),
    # B02-087: the orb-start trigger itself.
    (re.compile(r"\bat the end of the drop start step\b", re.I), {}),
)
