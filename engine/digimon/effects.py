"""The structured effect vocabulary (docs/card-schema.md) as the Digimon engine runs it.

A step is `{"trigger", "action", "amount", "scope", …}`. What runs:

- triggers: `play` (an option is used from its slot: in the evolution phase when its
  timing is `evolution` — scenes and options with an `evolve` step included —, else in
  the battle phase, DGM-4.2/4.4; a combo card's `play` steps run when the combo
  completes), `combo` (the combo completes, DGM-1.3), `battle` and `continuous` (the box
  Digimon's special ability, run at the start of the battle phase, first attacker first,
  DGM-4.4), `support` (a Digimon card put from hand into the support box in the battle
  phase; an engine extension: the schema has no support trigger yet), `evolve` (the card
  is evolved into, DGM-4.2; its power steps hold for this round's battle);
- power actions (this round's battle): `power_add` (+amount), `power_percent` (+amount %
  of the power at that moment; negative amounts lower it), `power_multiply` (× amount),
  `add_attack_power` (+ the power of the target's own attack of `letter`: 风啸草原 "add
  their C attack to their attack"), `attack_with` (`letter`: the user's Digimon attacks
  with its attack of that letter instead of the one the opponent's battle letter selects —
  the plug-ins' attack selection; the guards are worked out again for the new letter),
  `opponent_power_zero`, `ignore_guard` (the user's attack is not turned to 0 by the
  opponent's guard: 空袭战术's air attack — unless the opponent's Digimon has the `sky`
  keyword and meets it in the air), `speed_percent` / `speed_multiply` (the side's speed,
  100 at the start of each battle; see below);
- round actions: `stop_attacks` (no side attacks: no points change this round — the
  program 紧急中止! "still counts as the end of the round"), `points_add` (+amount
  points, capped to 0 … 100 at once, DGM-4.7), `cannot_act` (every box Digimon in
  `scope` whose type is not `except_type` has its attack turned to 0 in this round's
  battle and the next `rounds` − 1: 网络密码! "all but data-type Digimon cannot act for 3
  rounds");
- `evolve` (DGM-1.2 evolution options and 究极进化!!): in the evolution phase, after the
  side's own evolutions, its box Digimon evolves at once into a Digimon from hand, with
  no ○/× or other requirement card: `from_level` / `to_level` (default: the box's level
  and the next), `line` (`evolves_from`: only a card that evolves from the box Digimon,
  DGM-4.3; `any`: any Digimon of that level), `names` (only those Digimon), `partner`
  (that many other hand Digimon of the box's level go to the Dark Area with it: the
  fusion partner), `rest` (the side rests that many rounds after it: no evolution),
  `out_of_control` (the evolved Digimon does not obey: the side makes no option, combo or
  support play in this round's battle);
- `condition` on any step: `opponent_lower_level` (only when the opponent's box Digimon
  is of a lower level than the user's: 绝对服从!);
- scopes: none / `self` (the user's box Digimon or points), `opponent`, `all` (both
  sides), `background:<colour>` and `field:<code>` (each side whose box Digimon has that
  artwork background / family; scenes act on the whole field, DGM-1.2).

Decisions where RULES.md is open (DGM-1.2, DGM-1.3):
- A Digimon's only battle value in DGM-4.4 is its attack power, so what the rules call
  its attack, HP and VP act on that power (小回复 / 超级恢复 "HP, VP +120 / +300": +120 /
  +300 power; 究极进化!! "HP, VP −40 %": −40 % power); defence bonuses lower the power of
  the attack the user receives by that share (初学者组合 "defence +25 %": the opponent's
  power −25 %); **speed** decides a tie of powers (DGM-4.5): the faster side wins it
  instead of both losing 10 (急速组合 "speed × 2", 初学者组合 "speed +25 %").
- 初学者组合 "攻,速,防各+20% 组合各+25%": the combination gives +25 % attack, speed and
  defence; the "+20 % each" is the parts' own bonus, which their cards (St-49 … St-51)
  carry themselves, so it is not added again.
- The plug-ins (St-49 A, St-50 C, St-51 B): the card list documents their attack
  selection (`effect_status` implemented_override_a/c/b); their printed number (the
  card list's `printed_bonus`, the schema's `bonus`) is read as a power bonus on the
  attack they select, the only battle value the card can raise.
- 强化进化 "evolve directly, then rest one round": no requirement cards, and the side
  does not evolve in the next round; 冰封的记忆 is the same for the ice line only (the
  Digimon DGM-1.3 lists); 网路进化: IV to perfect ("蓝卡" is read as the card's own
  colour — every starter card is blue-framed — not a condition); 逆天使的羽毛 "wrong
  evolution, usually loses control": any Digimon of the next level, whatever it evolves
  from, out of control for the round; 融合进化 "for fusion evolution": the box Digimon
  and a hand Digimon of its level (the partner) become one Digimon of the next level,
  whatever it evolves from; 究极进化!! (a program without timing) is used in the
  evolution phase, since it evolves: perfect to ultimate, then −40 % power.
- 绝对服从! "the opponent's lower-level Digimon obey you": an obeying Digimon does not
  attack you — its attack turns to 0.

Power changes apply in the order played; an attack turned to 0 (a C guard's `cancels`,
`opponent_power_zero`, `cannot_act`) stays 0 whatever is added later. Anything else — a
text-only effect, an unknown trigger/action/scope — is not run, and the card is listed
under `not_simulated` with the reason (`not_simulated`): the card is still played — a
Digimon evolves and battles, an option takes its slot.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.core.cards import CardSpec
from engine.core.names import fold_key

TRIGGERS = frozenset({"play", "combo", "battle", "continuous", "support", "evolve"})
POWER_ACTIONS = frozenset(
    {
        "power_add",
        "power_percent",
        "power_multiply",
        "add_attack_power",
        "attack_with",
        "opponent_power_zero",
        "ignore_guard",
        "speed_percent",
        "speed_multiply",
    }
)
ACTIONS = POWER_ACTIONS | {"stop_attacks", "points_add", "cannot_act", "evolve"}
CONDITIONS = frozenset({None, "opponent_lower_level"})
PLAIN_SCOPES = frozenset({None, "self", "opponent", "all"})
ATTRIBUTE_SCOPES = ("background", "field")
SELF, OPPONENT, ALL = "self", "opponent", "all"
LETTERS = ("A", "B", "C")
LEVELS = ("III", "IV", "perfect", "ultimate")
BASE_SPEED = 100
NO_TEXT = "no text known"


@dataclass(frozen=True, slots=True)
class Evolution:
    """An `evolve` step's terms (levels as ints 0–3, None: from the box's level)."""

    from_level: int | None = None
    to_level: int | None = None
    any_line: bool = False
    names: frozenset = frozenset()  # folded name keys; empty: any name
    partner: int = 0
    rest: int = 0
    out_of_control: bool = False


@dataclass(frozen=True, slots=True)
class Step:
    trigger: str
    action: str
    amount: float = 0
    scope: str = SELF  # self | opponent | all | background | field
    value: str | None = None  # the background colour or field code
    helps: bool = False  # raises the user's side or lowers the opponent's
    letter: int = -1  # attack_with / add_attack_power
    condition: str | None = None
    except_type: str | None = None  # cannot_act
    rounds: int = 1  # cannot_act
    evolution: Evolution | None = None


def _scope(raw) -> tuple[str, str | None] | None:
    if raw in PLAIN_SCOPES:
        return (raw or SELF), None
    if isinstance(raw, str) and ":" in raw:
        kind, _, value = raw.partition(":")
        if kind in ATTRIBUTE_SCOPES and value:
            return kind, value.lower() if kind == "background" else value
    return None


def unsupported(step: dict) -> str | None:
    """What the engine lacks to run `step` (None: it runs)."""
    if step.get("trigger") not in TRIGGERS:
        return f"the trigger {step.get('trigger')!r}"
    action = step.get("action")
    if action not in ACTIONS:
        return f"the action {action!r}"
    if _scope(step.get("scope")) is None:
        return f"the scope {step.get('scope')!r}"
    if step.get("condition") not in CONDITIONS:
        return f"the condition {step.get('condition')!r}"
    if action in ("attack_with", "add_attack_power") and step.get("letter") not in LETTERS:
        return f"an attack letter for {action}"
    if action == "evolve":
        for key in ("from_level", "to_level"):
            if step.get(key) not in (None, *LEVELS):
                return f"the level {step.get(key)!r}"
    return None


def supported(step: dict) -> bool:
    return unsupported(step) is None


def _helps(action: str, amount: float, scope: str) -> bool:
    if action in ("opponent_power_zero", "stop_attacks", "cannot_act"):
        return scope != OPPONENT or action == "opponent_power_zero"
    if action in ("attack_with", "ignore_guard", "evolve", "add_attack_power"):
        return True
    gain = amount > 1 if action.endswith("multiply") else amount > 0
    if scope == OPPONENT:
        return not gain
    return gain  # self, all and attribute scopes: counted as help when they raise


def _evolution(raw: dict) -> Evolution:
    level = {name: index for index, name in enumerate(LEVELS)}
    return Evolution(
        from_level=level.get(raw.get("from_level")),
        to_level=level.get(raw.get("to_level")),
        any_line=raw.get("line") == "any",
        names=frozenset(fold_key(name) for name in raw.get("names") or ()),
        partner=int(raw.get("partner") or 0),
        rest=int(raw.get("rest") or 0),
        out_of_control=bool(raw.get("out_of_control")),
    )


def compile_step(raw: dict) -> Step:
    scope, value = _scope(raw.get("scope"))
    amount = raw.get("amount")
    action = raw["action"]
    if amount is None:
        amount = 1 if action.endswith("multiply") else 0
    amount = float(amount) if isinstance(amount, float) else int(amount)
    letter = raw.get("letter")
    return Step(
        trigger=raw["trigger"],
        action=action,
        amount=amount,
        scope=scope,
        value=value,
        helps=_helps(action, amount, scope),
        letter=LETTERS.index(letter) if letter in LETTERS else -1,
        condition=raw.get("condition"),
        except_type=(raw.get("except_type") or "").lower() or None,
        rounds=int(raw.get("rounds") or 1),
        evolution=_evolution(raw) if action == "evolve" else None,
    )


def compile_steps(spec: CardSpec) -> tuple[tuple[Step, ...], bool]:
    """(the steps the engine runs, whether the card's whole effect is simulated)."""
    steps = tuple(compile_step(raw) for raw in spec.effects if supported(raw))
    whole = len(steps) == len(spec.effects)
    if spec.kind in ("option", "combo"):
        simulated = whole and bool(steps)
    else:
        simulated = whole and (bool(steps) or not spec.has_text)
    return steps, simulated


def _reason(spec: CardSpec, steps: tuple[Step, ...]) -> str:
    missing = [unsupported(raw) for raw in spec.effects]
    missing = [what for what in missing if what]
    if missing:
        return "needs: " + ", ".join(dict.fromkeys(missing))
    if spec.not_simulated_reason:
        return spec.not_simulated_reason
    if spec.kind in ("option", "combo") and not spec.has_text and not steps:
        return NO_TEXT
    return "needs: structured steps for its printed text"


def not_simulated(specs: Iterable[CardSpec]) -> list[dict[str, str]]:
    """[{"name", "reason"}] sorted by name, one per name: the cards that print an effect
    the engine does not run — the card's `not_simulated_reason` when the catalogue gives
    one, else "needs: <what>" for steps the engine cannot run, "no text known" for an
    option or combo without text or steps —, and the cards whose attribute-scoped steps
    can never match: no Digimon of the deck has a known background (or field)."""
    specs = list(specs)
    known = dict.fromkeys(ATTRIBUTE_SCOPES, False)
    for spec in specs:
        if spec.kind == "digimon":
            data = spec.data or {}
            for kind in ATTRIBUTE_SCOPES:
                known[kind] = known[kind] or bool(data.get(kind))
    reasons: dict[str, str] = {}
    for spec in specs:
        if spec.name in reasons:
            continue
        steps, simulated = compile_steps(spec)
        if not simulated:
            reasons[spec.name] = _reason(spec, steps)
            continue
        blind = sorted(
            {s.scope for s in steps if s.scope in ATTRIBUTE_SCOPES and not known[s.scope]}
        )
        if blind:
            reasons[spec.name] = f"needs: a Digimon of the deck with a known {blind[0]}"
    return [{"name": name, "reason": reasons[name]} for name in sorted(reasons)]


# Against the DGM-5 dummy (a Level III with attack power 0 that never guards, evolves or
# plays), what each action can change; None: something.
GOLDFISH_BLIND = {
    "opponent_power_zero": "the DGM-5 dummy's attack is already 0",
    "stop_attacks": "stopping the battle only stops the player's own win: the DGM-5 dummy "
    "attacks with 0",
    "ignore_guard": "the DGM-5 dummy never guards",
    "speed_percent": "speed only decides ties, and the DGM-5 dummy's attack is 0",
    "speed_multiply": "speed only decides ties, and the DGM-5 dummy's attack is 0",
    "cannot_act": "it only turns attacks to 0: the DGM-5 dummy's is already 0",
}


def _blind_reason(step: Step) -> str | None:
    reason = GOLDFISH_BLIND.get(step.action)
    if reason:
        return reason
    if step.scope == OPPONENT and step.action.startswith("power_"):
        return "it lowers the opponent's attack: the DGM-5 dummy's is already 0"
    return None


def no_effect_against_goldfish(specs: Iterable[CardSpec]) -> list[dict[str, str]]:
    """[{"name", "reason"}] sorted by name: the simulated options and combos whose every
    step can change nothing against the passive DGM-5 dummy."""
    found: dict[str, str] = {}
    for spec in specs:
        if spec.name in found or spec.kind not in ("option", "combo"):
            continue
        steps, simulated = compile_steps(spec)
        if not simulated or not steps:
            continue
        reasons = [_blind_reason(step) for step in steps]
        if all(reasons):
            found[spec.name] = "; ".join(dict.fromkeys(reasons))
    return [{"name": name, "reason": found[name]} for name in sorted(found)]


class Battle:
    """The two powers of a battle being resolved (DGM-4.4), index 0 the player's.

    `guarded`: turned to 0 by the other's guard (`cancels`); `zero`: turned to 0 by an
    effect; `airborne`: not turned to 0 by a guard (`ignore_guard`); `letter`: the attack
    letter each side attacks with, once an effect changed it (-1: the printed one);
    `speed`: decides a tie (see the module's decisions)."""

    __slots__ = ("power", "guarded", "zero", "airborne", "letter", "speed", "stopped")

    def __init__(self, mine: int, theirs: int, zero_mine: bool, zero_theirs: bool):
        self.power = [mine, theirs]
        self.guarded = [zero_mine, zero_theirs]
        self.zero = [False, False]
        self.airborne = [False, False]
        self.letter = [-1, -1]
        self.speed = [BASE_SPEED, BASE_SPEED]
        self.stopped = False

    def final(self) -> tuple[int, int]:
        return self._final(0), self._final(1)

    def _final(self, side: int) -> int:
        if self.zero[side] or (self.guarded[side] and not self.airborne[side]):
            return 0
        return self.power[side]

    def winner(self) -> int | None:
        """0 or 1, the side that wins the comparison (a tie goes to the faster side);
        None: a tie (DGM-4.5)."""
        mine, theirs = self.final()
        if mine != theirs:
            return 0 if mine > theirs else 1
        if self.speed[0] != self.speed[1]:
            return 0 if self.speed[0] > self.speed[1] else 1
        return None

    def copy(self) -> Battle:
        other = Battle.__new__(Battle)
        other.power = list(self.power)
        other.guarded = list(self.guarded)
        other.zero = list(self.zero)
        other.airborne = list(self.airborne)
        other.letter = list(self.letter)
        other.speed = list(self.speed)
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


def applies(step: Step, side: int, tops) -> bool:
    if step.condition == "opponent_lower_level":
        return tops[1 - side].level < tops[side].level
    return True


def _attack_with(battle: Battle, side: int, letter: int, tops) -> None:
    """DGM-4.4 with the user's attack letter changed: its power and both guards again.
    DGM-4.4.1: each guard acts on the attack actually used, so the other side's letter is
    the one it switched to, if it did, not the one printed against the user."""
    me, them = tops[side], tops[1 - side]
    old = battle.letter[side] if battle.letter[side] >= 0 else them.letter
    if old < 0:
        return
    battle.power[side] += me.power[letter] - me.power[old]
    battle.letter[side] = letter
    theirs = battle.letter[1 - side] if battle.letter[1 - side] >= 0 else me.letter
    if theirs < 0:
        return
    battle.guarded[side] = them.cancels[theirs] == letter
    battle.guarded[1 - side] = me.cancels[letter] == theirs


def apply(step: Step, side: int, battle: Battle | None, points: list[int], tops) -> None:
    """Run one step for `side` on the battle (power steps) or the points (points_add).
    `evolve` is the round's verb (plays.py), not a battle step."""
    if step.condition is not None and not applies(step, side, tops):
        return
    action = step.action
    if action == "points_add":
        for target in targets(step, side, tops):
            points[target] = min(100, max(0, points[target] + int(step.amount)))
        return
    if battle is None or action == "evolve":
        return
    if action == "stop_attacks":
        battle.stopped = True
        return
    if action == "opponent_power_zero":
        battle.zero[1 - side] = True
        return
    if action == "attack_with":
        _attack_with(battle, side, step.letter, tops)
        return
    if action == "ignore_guard":
        battle.airborne[side] = "sky" not in tops[1 - side].keywords
        return
    if action == "cannot_act":
        for target in targets(step, side, tops):
            if tops[target].digimon_type != step.except_type or step.except_type is None:
                battle.zero[target] = True
        return
    speed = action.startswith("speed_")
    values = battle.speed if speed else battle.power
    for target in targets(step, side, tops):
        if action == "power_add":
            values[target] += int(step.amount)
        elif action == "add_attack_power":
            values[target] += tops[target].power[step.letter]
        elif action.endswith("_percent"):
            values[target] += int(values[target] * step.amount / 100)
        else:  # power_multiply, speed_multiply
            values[target] = int(values[target] * step.amount)
        if values[target] < 0:
            values[target] = 0
