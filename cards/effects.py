"""The small vocabulary of machine-readable card effects (docs/card-schema.md).

The printed text stays the source of truth; an effect here is what the goldfish engine
can run. Anything outside the vocabulary is rejected so the engine never meets a
step it cannot interpret.
"""

from __future__ import annotations

from cards import vocabulary as v

TRIGGERS = (
    "evolve",
    "play",
    "continuous",
    "damage",
    "defence",
    "activate",
    "battle",
    "combo",
)
ACTIONS = {
    v.PAD: (
        "draw",
        "heal",
        "deck_to_orb",
        "hand_to_orb",
        "deck_to_discard",
        "hand_to_discard",
        "discard_to_hand",
        "extra_damage",
        "extra_combo",
        "cost_reduction",
        "untap",
        # PAD-7.2: effects on the opponent
        "opponent_tap",
        "opponent_return_top",
        "opponent_hand_discard",
        "opponent_orb_discard",
    ),
    v.DIGIMON: (
        "power_add",
        "power_percent",
        "power_multiply",
        "opponent_power_zero",
        "stop_attacks",
        "points_add",
    ),
}
OPTIONAL_KEYS = {
    "amount": int,
    "up_to": bool,
    "scope": str,
    "colour": str,
    "note": str,
    "min_combos": int,  # PAD: "if you match 6 combos"
    "max_defense": int,  # PAD: "an opponent's monster with 600 or less defense"
    "max_stage": str,  # PAD: "an opponent's 2nd stage or lower monster"
}


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
            if expected is None:
                errors.append(f"Step {number}: unknown key {key!r}.")
            elif not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
                errors.append(f"Step {number}: {key} must be a {expected.__name__}.")
            elif key == "amount" and value < 0:
                errors.append(f"Step {number}: amount cannot be negative.")
    return errors
