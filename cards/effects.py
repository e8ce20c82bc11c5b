"""The small vocabulary of machine-readable card effects (docs/card-schema.md).

The printed text stays the source of truth; an effect here is what the goldfish engine
can run. Anything outside the vocabulary is rejected so the engine never meets a
step it cannot interpret.
"""

from __future__ import annotations

from cards import vocabulary as v
from engine.digimon import effects as digimon_effects
from engine.pad import effects as pad_effects
from engine.pad import opponent as pad_opponent

TRIGGERS = (
    "evolve",
    "play",
    "continuous",
    "damage",
    "defence",
    "activate",
    "battle",
    "combo",
    # PAD, issue 13 (the parser's vocabulary, cards/conversion/pad_effects.py)
    "turn_start",
    "main_end",
    "orb_start",
    "attack_start",
    "damaged",
    "guard",
    "guard_declaration",
    "opponent_damaged",
    "attack_damage",  # issue 26: this pet's attack dealt damage / was blocked
    "attack_guarded",
)
# The actions are the engines' own registries, so the catalogue accepts exactly what the
# simulator can run (the generated lasting step of a skill is no catalogue action).
ACTIONS = {
    v.PAD: tuple(
        sorted((set(pad_effects.ACTIONS) | pad_effects.CONTINUOUS) - {pad_opponent.LASTING})
    ),
    v.DIGIMON: tuple(sorted(digimon_effects.ACTIONS)),
}
OPTIONAL_KEYS = {
    "amount": int,
    "up_to": bool,
    "scope": str,
    "colour": str,
    "note": str,
    "min_combos": int,  # PAD: "if you match 6 combos"
    "max_defense": int,  # PAD: "an opponent's monster with 600 or less defense"
    "max_total_defense": int,  # PAD opponent_tap: "with a total defense of 900 or less"
    "max_stage": str,  # PAD: "an opponent's 2nd stage or lower monster"
    # PAD, issue 13
    "target": (str, list),  # which of the own pets (or discard-pile cards) a choice may pick
    "colours": list,  # every one of these colours combo'd (or lit by the orb-start card)
    "when": str,  # "cleanup": the step waits for the end of the cleanup phase
    "max_attack": int,
    "max_life": int,
    "tapped_only": bool,
    "while_active": bool,
    "random": bool,
    "test": str,  # PAD reveal_top: "orbs" tests the orbs, not the attribute (issue 26)
    "if_match": str,
    "otherwise": str,
    "discard_cost": int,
    "phase": str,
    "cards": str,  # PAD cost_reduction: "any" (a skill too, B02-102), else monsters only
    "keep_life": int,  # PAD life_for_devolve: the bottom-most life cards kept (B04-107)
    # Digimon, issue 13 (engine/digimon/effects.py)
    "letter": str,  # attack_with / add_attack_power: A, B or C
    "condition": str,  # "opponent_lower_level"
    "except_type": str,  # cannot_act: the Digimon type it spares
    "rounds": int,  # cannot_act: how many rounds
    "from_level": str,  # evolve
    "to_level": str,
    "line": str,  # evolve: "any" (whatever it evolves from)
    "names": list,  # evolve: only these Digimon
    "partner": int,  # evolve: fusion partners spent
    "rest": int,  # evolve: rounds without evolution afterwards
    "out_of_control": bool,  # evolve: no battle plays this round
}
# PAD, issue 13: an amount may be a word ("any": the player chooses how many; "all";
# "half": half of the opponent's remaining life); a defence change may be negative.
AMOUNT_WORDS = ("any", "all", "half")
SIGNED_AMOUNT_ACTIONS = set(pad_opponent.SIGNED) | {"power_percent", "power_add", "points_add"}


def effect_errors(effect, game: str) -> list[str]:
    if effect is None:
        return []
    if not isinstance(effect, list) or not effect:
        return ["An effect is a non-empty list of steps."]
    errors = []
    for number, step in enumerate(effect, start=1):
        if not isinstance(step, dict):
            errors.append(f"Step {number} is not an object.")
            continue
        if step.get("trigger") not in TRIGGERS:
            errors.append(f"Step {number}: trigger must be one of {', '.join(TRIGGERS)}.")
        if step.get("action") not in ACTIONS.get(game, ()):
            errors.append(
                f"Step {number}: action must be one of {', '.join(ACTIONS.get(game, ()))}."
            )
        for key, value in step.items():
            if key in ("trigger", "action"):
                continue
            expected = OPTIONAL_KEYS.get(key)
            if key == "amount" and value in AMOUNT_WORDS:
                continue
            if expected is None:
                errors.append(f"Step {number}: unknown key {key!r}.")
            elif not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
                kind = getattr(expected, "__name__", "string or list")
                errors.append(f"Step {number}: {key} must be a {kind}.")
            elif key == "amount" and value < 0 and step.get("action") not in SIGNED_AMOUNT_ACTIONS:
                errors.append(f"Step {number}: amount cannot be negative.")
    return errors
