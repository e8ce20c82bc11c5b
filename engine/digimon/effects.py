"""The structured effect vocabulary (docs/card-schema.md) as the Digimon engine runs it.

A step is `{"trigger", "action", "amount", "scope"}`. What runs:

- triggers: `play` (an option is used from its slot: in the evolution phase when its
  timing is `evolution` — scenes included —, else in the battle phase, DGM-4.2/4.4;
  a combo card's `play` steps run when the combo completes), `combo` (the combo
  completes, DGM-1.3), `battle` and `continuous` (the box Digimon's special ability, run
  at the start of the battle phase, first attacker first, DGM-4.4), `support` (a
  Digimon card put from hand into the support box in the battle phase; an engine
  extension: the schema has no support trigger yet), `evolve` (the card is evolved into,
  DGM-4.2; its power steps hold for this round's battle);
- actions: `power_add` (+amount), `power_percent` (+amount % of the power at that
  moment; negative amounts lower it), `power_multiply` (× amount), `opponent_power_zero`,
  `stop_attacks` (no side attacks: no points change this round — the program 紧急中止!
  "still counts as the end of the round"), `points_add` (+amount points, capped to
  0 … 100 at once, DGM-4.7);
- scopes: none / `self` (the user's box Digimon or points), `opponent`, `all` (both
  sides), `background:<colour>` and `field:<code>` (each side whose box Digimon has that
  artwork background / family; scenes act on the whole field, DGM-1.2).

Power changes apply in the order played; an attack turned to 0 (a C guard's `cancels`,
`opponent_power_zero`) stays 0 whatever is added later. Anything else — a text-only
effect, an unknown trigger/action/scope — is not run, and the card is listed under
`not_simulated` (the card is still played: a Digimon evolves and battles, an option
takes its slot). Options and combos without any structured step are listed too, since
their whole effect is text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.core.cards import CardSpec

TRIGGERS = frozenset({"play", "combo", "battle", "continuous", "support", "evolve"})
ACTIONS = frozenset(
    {
        "power_add",
        "power_percent",
        "power_multiply",
        "opponent_power_zero",
        "stop_attacks",
        "points_add",
    }
)
PLAIN_SCOPES = frozenset({None, "self", "opponent", "all"})
ATTRIBUTE_SCOPES = ("background", "field")
SELF, OPPONENT, ALL = "self", "opponent", "all"


@dataclass(frozen=True, slots=True)
class Step:
    trigger: str
    action: str
    amount: float = 0
    scope: str = SELF  # self | opponent | all | background | field
    value: str | None = None  # the background colour or field code
    helps: bool = False  # raises the user's side or lowers the opponent's


def _scope(raw) -> tuple[str, str | None] | None:
    if raw in PLAIN_SCOPES:
        return (raw or SELF), None
    if isinstance(raw, str) and ":" in raw:
        kind, _, value = raw.partition(":")
        if kind in ATTRIBUTE_SCOPES and value:
            return kind, value.lower() if kind == "background" else value
    return None


def supported(step: dict) -> bool:
    return (
        step.get("trigger") in TRIGGERS
        and step.get("action") in ACTIONS
        and _scope(step.get("scope")) is not None
    )


def _helps(action: str, amount: float, scope: str) -> bool:
    if action in ("opponent_power_zero", "stop_attacks"):
        return scope != OPPONENT
    gain = amount > 1 if action == "power_multiply" else amount > 0
    if scope == OPPONENT:
        return not gain
    return gain  # self, all and attribute scopes: counted as help when they raise


def compile_steps(spec: CardSpec) -> tuple[tuple[Step, ...], bool]:
    """(the steps the engine runs, whether the card's whole effect is simulated)."""
    steps = []
    for raw in spec.effects:
        if not supported(raw):
            continue
        scope, value = _scope(raw.get("scope"))
        amount = raw.get("amount")
        action = raw["action"]
        if amount is None:
            amount = 1 if action == "power_multiply" else 0
        amount = float(amount) if isinstance(amount, float) else int(amount)
        steps.append(
            Step(
                trigger=raw["trigger"],
                action=action,
                amount=amount,
                scope=scope,
                value=value,
                helps=_helps(action, amount, scope),
            )
        )
    whole = len(steps) == len(spec.effects)
    if spec.kind in ("option", "combo"):
        simulated = whole and bool(steps)
    else:
        simulated = whole and (bool(steps) or not spec.has_text)
    return tuple(steps), simulated


def not_simulated(specs: Iterable[CardSpec]) -> list[str]:
    """Names (sorted, unique) of cards that print an effect the engine does not run,
    and of cards whose attribute-scoped steps can never match: no Digimon of the deck
    has a known background (or field) — the Django app does not pass them yet."""
    specs = list(specs)
    known = dict.fromkeys(ATTRIBUTE_SCOPES, False)
    for spec in specs:
        if spec.kind == "digimon":
            data = spec.data or {}
            for kind in ATTRIBUTE_SCOPES:
                known[kind] = known[kind] or bool(data.get(kind))
    names = set()
    for spec in specs:
        steps, simulated = compile_steps(spec)
        if not simulated or any(s.scope in ATTRIBUTE_SCOPES and not known[s.scope] for s in steps):
            names.add(spec.name)
    return sorted(names)


class Battle:
    """The two powers of a battle being resolved (DGM-4.4), index 0 the player's."""

    __slots__ = ("power", "zero", "stopped")

    def __init__(self, mine: int, theirs: int, zero_mine: bool, zero_theirs: bool):
        self.power = [mine, theirs]
        self.zero = [zero_mine, zero_theirs]
        self.stopped = False

    def final(self) -> tuple[int, int]:
        mine = 0 if self.zero[0] else self.power[0]
        theirs = 0 if self.zero[1] else self.power[1]
        return mine, theirs

    def copy(self) -> Battle:
        other = Battle(self.power[0], self.power[1], self.zero[0], self.zero[1])
        other.stopped = self.stopped
        return other


def targets(step: Step, side: int, tops) -> tuple[int, ...]:
    """The sides (0 player, 1 opponent) a step acts on, for a card used by `side`."""
    scope = step.scope
    if scope == SELF:
        return (side,)
    if scope == OPPONENT:
        return (1 - side,)
    if scope == ALL:
        return (0, 1)
    attribute = "background" if scope == "background" else "field"
    return tuple(s for s in (0, 1) if getattr(tops[s], attribute) == step.value)


def apply(step: Step, side: int, battle: Battle | None, points: list[int], tops) -> None:
    """Run one step for `side` on the battle (power steps) or the points (points_add)."""
    action = step.action
    if action == "points_add":
        for target in targets(step, side, tops):
            points[target] = min(100, max(0, points[target] + int(step.amount)))
        return
    if battle is None:
        return
    if action == "stop_attacks":
        battle.stopped = True
        return
    if action == "opponent_power_zero":
        battle.zero[1 - side] = True
        return
    power = battle.power
    for target in targets(step, side, tops):
        if action == "power_add":
            power[target] += int(step.amount)
        elif action == "power_percent":
            power[target] += int(power[target] * step.amount / 100)
        else:  # power_multiply
            power[target] = int(power[target] * step.amount)
        if power[target] < 0:
            power[target] = 0
