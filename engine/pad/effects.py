"""The structured effect vocabulary (docs/card-schema.md "Effect steps") as the PAD
engine runs it: the registry of triggers and actions, the compiled `Step`, `run`, and the
lists of cards the engine does not run (`not_simulated`) or that cannot act against the
goldfish (`no_effect_against_goldfish`).

A step is `{"trigger", "action", "amount"=1, …}`; `amount` is a whole number, "any" (the
player chooses how many, up to everything possible) or "all". What runs:

- own-side triggers: `evolve` (the pet is placed to evolve, PAD-1.3), `play` (a skill
  is used, PAD-4.3), `damage` (drawn from life by damage, PAD-4.5.3), `defence` (at a
  defence declaration, PAD-4.5.2), `turn_start` (reset phase, PAD-4.1), `main_end` (end
  of the main phase, PAD-4.3), `orb_start` (after the orb-start card, PAD-4.4.1; condition
  `colours`: that card lights all of them), `combo` / `activate` (after the combo step,
  PAD-4.4.3; `activate` **only with a condition**: `min_combos` — at least that many
  combos —, `colours` — each of them combo'd this turn — or a lone `colour` on an action
  whose colour is no parameter), `attack_start` (start of the attack phase, PAD-4.5),
  `continuous` (while the pet is on top of its stack: `extra_damage`, `extra_combo`,
  `attack_bonus`, with the conditions `while_active` — the pet is untapped — and
  `max_life` — the owner has at most that many life cards);
- the own-side actions of engine/pad/own_effects.py, and the opponent's ones below;
- fields: `when: "cleanup"` waits until the end of this turn's cleanup (PAD-4.6);
  `when: "puzzle"` waits for the next combo step (PAD-4.4.3) and runs then only if at least
  `min_combos` combos were made ("if you make 5 or more combos in your next Puzzle Phase");
  `discard_cost` N: the policy may discard N hand cards to run the step, else it does not
  run; `target` (an attribute, a list of them, a pet type, "ultimate" — a pet whose top
  card is an ultimate evolution — or "pet") filters the one-or-`amount` pets or
  discard-pile cards a step picks (`scope` = every pet matching);
  `cards: "any"` on `cost_reduction`: a hand skill of the colour may be used for less too.

Against the goldfish (DGM-5) the opponent steps find no target and move nothing; a card
whose every step acts on the opponent, or waits for the opponent to attack, is listed by
`no_effect_against_goldfish` instead of `not_simulated` in the goldfish report.

Anything else — a text-only effect, an unknown trigger/action/field — is not run, and the
card is listed under `not_simulated` (it is still played, as a pet or an orb card,
without that step).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.cards import CardSpec
from engine.pad import opponent, own_effects
from engine.pad.opponent import opponent_targets  # noqa: F401 (re-exported)
from engine.pad.own_effects import reduction_mask  # noqa: F401 (re-exported)

if TYPE_CHECKING:  # pragma: no cover
    from engine.pad.rules import PadGame

COLOUR_NAMES = ("fire", "water", "wood", "light", "dark", "heart")
ATTRIBUTE_NAMES = COLOUR_NAMES[:5]
PET_TYPES = frozenset(
    {"god", "dragon", "healer", "attacker", "devil", "balanced", "physical", "machine"}
)
_PET_TYPES = PET_TYPES  # old name
SCOPES = {None, "self", "all"} | set(ATTRIBUTE_NAMES) | PET_TYPES
STAGES = ("base", "evo1", "evo2", "evo3", "ultimate")  # PAD-1.1, lowest first
ULTIMATE = "ultimate"  # a `target`: a pet whose top card is an ultimate evolution (B04-090)
ALL = 99  # amount "any" / "all": more than any zone can hold
DESTINATIONS = ("hand", "orb", "discard")  # reveal_top's if_match / otherwise

# Triggers the engine runs (the opponent side adds its own to these sets).
TRIGGERS = {
    "evolve",
    "play",
    "damage",
    "defence",
    "combo",
    "activate",
    "turn_start",
    "main_end",
    "orb_start",
    "attack_start",
}
# Actions a `continuous` step may carry (read by the attack phase, never `run`).
CONTINUOUS = {"extra_damage", "extra_combo", "attack_bonus"}
# Actions only a card drawn from life by damage can take (it places itself).
DAMAGE_ONLY = frozenset({"evolve_self", "self_to_orb"})
DEFENCE_EVOLUTION = ("evolve_self", "defence")  # … and on a pet's defence type (PAD-1.3)
# Actions whose `colour` is a parameter (a target or the colour tested), never a condition.
COLOUR_PARAMETER = {
    "cost_reduction",
    "reveal_top",
    "discard_for_combo",
    "opponent_tap",
    "opponent_return_top",
    "opponent_hand_discard",
    "opponent_orb_discard",
}
OPPONENT_ACTIONS = opponent.OPPONENT_ACTIONS  # engine/pad/opponent.py
# Against the goldfish (DGM-5: no pets, hand or orb area; it never attacks): steps that
# act on what it does not have, and steps that wait for its attacks.
NO_GOLDFISH_TARGET = {
    *(OPPONENT_ACTIONS - {"opponent_damage"}),  # the goldfish has life to lose
    "opponent_devolve",
    "opponent_defense",
    "opponent_orb_trim",
    "opponent_orb_swap",
    "unblockable",
    "no_opponent_untap",
    "life_to_discard",
    "life_for_devolve",
}
WHEN_ATTACKED = {"defence", "damage", "damaged", "guard", "guard_declaration"}  # triggers
WHEN_ATTACKED_CONTINUOUS = {"guard_multiple", "damage_immunity", "guard_bonus", "last_stand"}
TRIGGERS |= opponent.TRIGGERS
CONTINUOUS |= opponent.CONTINUOUS
COLOUR_PARAMETER |= opponent.COLOUR_PARAMETER


@dataclass(frozen=True, slots=True)
class Step:
    trigger: str
    action: str
    amount: int = 1  # ALL for "any" (with up_to) and "all"
    up_to: bool = False
    scope: str | None = None
    colour: int | None = None  # colour index, 0–5
    min_combos: int = 0  # activate: at least this many combos made this turn
    max_defense: int | None = None  # opponent_tap: targets printing at most this defence
    max_total_defense: int | None = None  # opponent_tap: the targets' defences together
    max_stage: int | None = None  # opponent_return_top: top card's stage rank at most this
    condition: int = 0  # colour bits: combo'd this turn (activate/combo), lit (orb_start)
    targeted: bool = False  # `target` given: one-or-amount pets / cards matching it
    target_mask: int = 0  # … of these attributes (attribute or sub-attribute)
    target_types: frozenset = frozenset()  # … or of these pet types
    when: str | None = None  # "cleanup": the end of the cleanup (PAD-4.6); "puzzle": below
    while_active: bool = False  # only while this pet is untapped
    max_life: int | None = None  # only while the owner has at most this many life cards
    if_match: str = "hand"  # reveal_top: where a card of `colour` goes
    otherwise: str = "discard"  # … and any other card
    tests_orbs: bool = False  # reveal_top: `colour` is among the card's orbs, not attribute
    discard_cost: int = 0  # hand cards discarded to run the step (the policy may decline)
    random: bool = False  # opponent_hand_discard: a random card
    max_attack: int | None = None  # damage_immunity
    tapped_only: bool = False  # damage_immunity: only from tapped attackers
    phase: str | None = None  # no_opponent_untap: "puzzle"
    gated: bool = False  # while_active or max_life: `holds` is asked first
    any_card: bool = False  # cost_reduction `cards: "any"`: a hand skill may be used too
    keep_life: int = 0  # life_for_devolve: the bottom-most life cards kept

    def fits(self, card) -> bool:
        """A card the step's `target` allows: every target names monsters (pets), of one
        of its attributes or pet types when it gives any."""
        if not self.targeted:
            return True
        if not card.is_pet:
            return False
        if ULTIMATE in self.target_types:  # "one of your ultimate-evolved monsters"
            return card.stage == STAGES.index(ULTIMATE)
        if not (self.target_mask or self.target_types):
            return True  # "pet": any monster card
        return bool(card.attr_mask & self.target_mask) or bool(card.types & self.target_types)


def _colour_mask(names) -> int | None:
    mask = 0
    for name in names:
        if name not in COLOUR_NAMES:
            return None
        mask |= 1 << COLOUR_NAMES.index(name)
    return mask


def _target(value) -> tuple[int, frozenset] | None:
    """(attribute bits, pet types) of a `target`; None when it names something else."""
    names = [value] if isinstance(value, str) else list(value or ())
    mask, types = 0, set()
    for name in names:
        if name in ATTRIBUTE_NAMES:
            mask |= 1 << COLOUR_NAMES.index(name)
        elif name in PET_TYPES or name == ULTIMATE:
            types.add(name)
        elif name != "pet":
            return None
    return mask, frozenset(types)


def _amount(value) -> tuple[int, bool] | None:
    if value == "any":
        return ALL, True
    if value == "all":
        return ALL, False
    if value == "half":  # opponent_damage; negative amounts: see opponent.unsupported
        return opponent.HALF, False
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value, False


def unsupported(step: dict) -> str | None:
    """Why the engine cannot run a step (a short "trigger/action" note), else None."""
    trigger, action = step.get("trigger"), step.get("action")
    name = f"{trigger}/{action}"
    if trigger == "continuous":
        if action not in CONTINUOUS:
            return name
    elif trigger not in TRIGGERS or action not in ACTIONS or action in _CONTINUOUS_ONLY:
        return name
    # a pet's defence type (PAD-1.3) is evolved into at a guard declaration
    if action in DAMAGE_ONLY and trigger != "damage" and (action, trigger) != DEFENCE_EVOLUTION:
        return name
    colour, colours = step.get("colour"), step.get("colours")
    if colour is not None and colour not in COLOUR_NAMES:
        return f"{name} colour {colour}"
    if colours is not None and (isinstance(colours, str) or _colour_mask(colours) is None):
        return f"{name} colours {colours}"
    if trigger == "activate" and not (
        step.get("min_combos") or colours or (colour and action not in COLOUR_PARAMETER)
    ):
        return f"{name} without a condition"
    if step.get("target") is not None and _target(step["target"]) is None:
        return f"{name} target {step['target']}"
    if _amount(step.get("amount", 1)) is None:
        return f"{name} amount {step.get('amount')}"
    if step.get("max_stage") is not None and step["max_stage"] not in STAGES:
        return f"{name} max_stage {step['max_stage']}"
    if step.get("when") not in (None, "cleanup", "puzzle"):
        return f"{name} when {step['when']}"
    for key in ("if_match", "otherwise"):
        if step.get(key) is not None and step[key] not in DESTINATIONS:
            return f"{name} {key} {step[key]}"
    if step.get("scope") not in SCOPES:
        return f"{name} scope {step.get('scope')}"
    if step.get("test") not in (None, "orbs"):
        return f"{name} test {step['test']}"
    if step.get("cards") not in (None, "any"):
        return f"{name} cards {step['cards']}"
    return opponent.unsupported(step)


def supported(step: dict) -> bool:
    return unsupported(step) is None


def compile_step(raw: dict) -> Step:
    colour, colours = raw.get("colour"), raw.get("colours")
    amount, any_amount = _amount(raw.get("amount", 1))
    condition = _colour_mask(colours or ())
    if (
        raw["trigger"] in ("activate", "combo")
        and colour
        and not (colours or raw.get("min_combos") or raw["action"] in COLOUR_PARAMETER)
    ):
        condition = 1 << COLOUR_NAMES.index(colour)  # "if you match a <colour> combo"
    target = _target(raw.get("target")) if raw.get("target") is not None else None
    return Step(
        trigger=raw["trigger"],
        action=raw["action"],
        amount=amount,
        up_to=bool(raw.get("up_to", False)) or any_amount,
        scope=raw.get("scope"),
        colour=COLOUR_NAMES.index(colour) if colour else None,
        min_combos=int(raw.get("min_combos") or 0),
        max_defense=raw.get("max_defense"),
        max_total_defense=raw.get("max_total_defense"),
        max_stage=STAGES.index(raw["max_stage"]) if raw.get("max_stage") else None,
        condition=condition or 0,
        targeted=target is not None,
        target_mask=target[0] if target else 0,
        target_types=target[1] if target else frozenset(),
        when=raw.get("when"),
        while_active=bool(raw.get("while_active", False)),
        max_life=raw.get("max_life"),
        if_match=raw.get("if_match") or "hand",
        otherwise=raw.get("otherwise") or "discard",
        tests_orbs=raw.get("test") == "orbs",
        discard_cost=int(raw.get("discard_cost") or 0),
        random=bool(raw.get("random", False)),
        max_attack=raw.get("max_attack"),
        tapped_only=bool(raw.get("tapped_only", False)),
        phase=raw.get("phase"),
        gated=bool(raw.get("while_active")) or raw.get("max_life") is not None,
        any_card=raw.get("cards") == "any",
        keep_life=int(raw.get("keep_life") or 0),
    )


def compile_steps(spec: CardSpec) -> tuple[tuple[Step, ...], bool]:
    """(the steps the engine runs, whether the card's whole effect is simulated)."""
    steps = tuple(compile_step(raw) for raw in spec.effects if supported(raw))
    simulated = len(steps) == len(spec.effects) and (bool(steps) or not spec.has_text)
    return steps, simulated


# Effect types that print no effect of their own: an ultimate evolution's requirement
# (PAD-1.1) and the awaken mark. A card with only these and no text has nothing to run.
NO_EFFECT_TYPES = frozenset({"ultimate", "awaken"})


def unsimulated_reason(spec: CardSpec) -> str | None:
    """Why the engine does not run the card's printed effect as printed, else None."""
    if spec.effects:
        missing = [note for note in map(unsupported, spec.effects) if note]
        if missing:
            return "needs: " + ", ".join(dict.fromkeys(missing))
        return None
    if spec.has_text:
        return spec.not_simulated_reason or "needs: steps for its text"
    if spec.effect_types - NO_EFFECT_TYPES:
        return "no text known"
    return None


def not_simulated(specs) -> list[dict]:
    """[{"name", "reason"}] sorted by name, one per name: the cards that print an effect
    the engine does not run (the first reason met for a name)."""
    found: dict[str, str] = {}
    for spec in specs:
        if spec.name not in found:
            reason = unsimulated_reason(spec)
            if reason is not None:
                found[spec.name] = reason
    return [{"name": name, "reason": found[name]} for name in sorted(found)]


def goldfish_reason(spec: CardSpec) -> str | None:
    """Why a simulated card's every step does nothing against the passive goldfish
    (DGM-5), else None: "works only when the opponent attacks" when every step waits for
    an attack, else "acts on the opponent" (a pet, hand or orb area it does not have)."""
    steps = spec.effects
    if not steps or unsimulated_reason(spec) is not None:
        return None
    attacked = 0
    for step in steps:
        trigger, action = step.get("trigger"), step.get("action")
        if trigger in WHEN_ATTACKED or (
            trigger == "continuous" and action in WHEN_ATTACKED_CONTINUOUS
        ):
            attacked += 1
        elif action not in NO_GOLDFISH_TARGET and trigger != "attack_guarded":
            return None  # (the goldfish has no pet to guard an attack)
    if attacked == len(steps):
        return "works only when the opponent attacks"
    return "acts on the opponent"


def no_effect_against_goldfish(specs) -> list[dict]:
    """[{"name", "reason"}] sorted by name, one per name: simulated cards whose every step
    cannot do anything against the goldfish (DGM-5)."""
    found: dict[str, str] = {}
    for spec in specs:
        if spec.name not in found:
            reason = goldfish_reason(spec)
            if reason is not None:
                found[spec.name] = reason
    return [{"name": name, "reason": found[name]} for name in sorted(found)]


def run(game: PadGame, step: Step, source, stack: int | None = None) -> None:
    """Run one step for `source` (a PadCard; `stack` is its pet stack when it has one):
    its conditions (`while_active`, `max_life`), its `when` and `discard_cost` first."""
    game.count_action()  # an effect that feeds itself still ends (engine/core/limits.py)
    if step.gated and not holds(game, step, stack):
        return
    if step.when is not None and game.phase != "later":
        waiting = game.after_combos if step.when == "puzzle" else game.later
        waiting.append((step, source, stack))
        return
    if step.discard_cost and not own_effects.pay_discard_cost(game, step, source):
        return
    moved = ACTIONS[step.action](game, step, source, stack)
    if game.log is not None:
        game.event(
            "effect",
            [source.name],
            effect=step.action,
            amount=step.amount,
            moved=[card.name for card in moved or ()],
        )


def holds(game, step: Step, stack: int | None) -> bool:
    """The continuous conditions: `while_active` (this pet untapped), `max_life`."""
    if step.while_active and (stack is None or game.state.pets[stack].tapped):
        return False
    return step.max_life is None or len(game.state.life) <= step.max_life


ACTIONS = {**opponent.ACTIONS, **own_effects.ACTIONS}
# no_opponent_untap (engine/pad/opponent.py) stops the opponent's untap effects.
ACTIONS["untap"] = opponent.unless_untap_blocked(ACTIONS["untap"])
_CONTINUOUS_ONLY = opponent.CONTINUOUS
