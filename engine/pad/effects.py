"""The structured effect vocabulary (docs/card-schema.md) as the PAD engine runs it.

A step is `{"trigger", "action", "amount"=1, "up_to", "scope", "colour", "min_combos",
"max_defense", "max_stage"}`. What runs:

- triggers `evolve` (the pet is placed to evolve, PAD-1.3), `play` (a skill is used,
  PAD-4.3), `damage` (drawn from life by damage, PAD-4.5.3), `defence` (at a defence
  declaration, PAD-4.5.2), `combo` (after the combo step, if any combo was made, or a
  combo of `colour`), `activate` (after the combo step, **only with a condition**:
  `min_combos` — "if you match 6 combos": at least that many combos made this turn —, or
  else `colour` — "if you match a <colour> combo"; other activate conditions are text
  only), `continuous` (while the pet is on top of its stack: `extra_damage` and
  `extra_combo` only);
- actions `draw`, `heal` (PAD-6.3: as the recovery step, only below 5 life), `deck_to_orb`
  and `hand_to_orb` (the printed "Drop Area" is the orb area), `deck_to_discard`,
  `hand_to_discard`, `discard_to_hand`, `extra_damage` and `extra_combo` (this turn, on the
  `scope`: `self` — the default for pets —, `all`, an attribute or a pet type; a skill
  without scope buffs one pet of its attribute), `untap`, `cost_reduction` ("evolve it for
  N less", PAD-4.3: a hand pet of the skill's attribute, or of `colour`, evolves at once
  for its cost less the amount; the policy picks which, and nothing happens without one);
- actions on the opponent (PAD-7.2), the acting player's policy choosing the target:
  `opponent_tap` ("roll one of your opponent's <colour> monsters / with 600 or less
  defense": `amount` active pets of the opponent become tapped; `colour` filters by
  attribute or sub-attribute — on these actions `colour` names the target, never a
  condition —, `max_defense` by printed defence), `opponent_return_top` ("return the top
  card of an opponent's 2nd stage or lower monster to your opponent's hand": an evolved
  pet of the opponent whose top card's stage is at most `max_stage` loses that card to
  its owner's hand; a base pet is never returned, nothing in PAD-4.3 would put it back in
  play), `opponent_hand_discard` ("your opponent discards a card from their hand": the
  opponent's policy picks), `opponent_orb_discard` ("discard a card from one of your
  opponent's drop areas": the top card of an opponent's orb column holding at least two
  cards, so each column keeps one as in PAD-4.3.1). Against the goldfish (DGM-5), which
  has no pets, hand or orb area, they find no target and move nothing.

Anything else — a text-only effect, an unknown trigger/action/scope pair — is not run,
and the card is listed under `not_simulated` (the card is still played, as a pet or an
orb card, without that step).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.cards import CardSpec

if TYPE_CHECKING:  # pragma: no cover
    from engine.pad.rules import PadGame

COLOUR_NAMES = ("fire", "water", "wood", "light", "dark", "heart")
_PET_TYPES = {"god", "dragon", "healer", "attacker", "devil", "balanced", "physical", "machine"}
SCOPES = {None, "self", "all"} | set(COLOUR_NAMES[:5]) | _PET_TYPES
IMMEDIATE = frozenset(
    {
        "draw",
        "heal",
        "deck_to_orb",
        "hand_to_orb",
        "deck_to_discard",
        "hand_to_discard",
        "discard_to_hand",
        "extra_damage",
        "extra_combo",
        "untap",
        "cost_reduction",
    }
)
SUPPORTED: dict[str, frozenset[str]] = {
    "evolve": IMMEDIATE,
    "play": IMMEDIATE,
    "damage": IMMEDIATE,
    "defence": IMMEDIATE,
    "combo": IMMEDIATE,
    "activate": IMMEDIATE,  # with a colour only, see `supported`
    "continuous": frozenset({"extra_damage", "extra_combo"}),
}


OPPONENT_ACTIONS = frozenset(
    {"opponent_tap", "opponent_return_top", "opponent_hand_discard", "opponent_orb_discard"}
)
IMMEDIATE = IMMEDIATE | OPPONENT_ACTIONS
SUPPORTED.update({trigger: IMMEDIATE for trigger in SUPPORTED if trigger != "continuous"})
STAGES = ("base", "evo1", "evo2", "evo3", "ultimate")  # PAD-1.1, lowest first


@dataclass(frozen=True, slots=True)
class Step:
    trigger: str
    action: str
    amount: int = 1
    up_to: bool = False
    scope: str | None = None
    colour: int | None = None  # colour index, 0–5
    min_combos: int = 0  # activate: at least this many combos made this turn
    max_defense: int | None = None  # opponent_tap: targets printing at most this defence
    max_stage: int | None = None  # opponent_return_top: top card's stage rank at most this


def supported(step: dict) -> bool:
    trigger, action = step.get("trigger"), step.get("action")
    if action not in SUPPORTED.get(trigger, ()):
        return False
    if (
        trigger == "activate"
        and not step.get("min_combos")
        and (step.get("colour") not in COLOUR_NAMES or action in OPPONENT_ACTIONS)
    ):
        return False  # activate runs only on a condition the engine knows
    if step.get("max_stage") is not None and step["max_stage"] not in STAGES:
        return False
    if step.get("colour") is not None and step["colour"] not in COLOUR_NAMES:
        return False
    return step.get("scope") in SCOPES


def compile_steps(spec: CardSpec) -> tuple[tuple[Step, ...], bool]:
    """(the steps the engine runs, whether the card's whole effect is simulated)."""
    steps = []
    for raw in spec.effects:
        if supported(raw):
            colour = raw.get("colour")
            steps.append(
                Step(
                    trigger=raw["trigger"],
                    action=raw["action"],
                    amount=int(raw.get("amount", 1)),
                    up_to=bool(raw.get("up_to", False)),
                    scope=raw.get("scope"),
                    colour=COLOUR_NAMES.index(colour) if colour else None,
                    min_combos=int(raw.get("min_combos") or 0),
                    max_defense=raw.get("max_defense"),
                    max_stage=STAGES.index(raw["max_stage"]) if raw.get("max_stage") else None,
                )
            )
    simulated = len(steps) == len(spec.effects) and (bool(steps) or not spec.has_text)
    return tuple(steps), simulated


def not_simulated(specs) -> list[str]:
    """Names (sorted, unique) of cards that print an effect the engine does not run."""
    return sorted({spec.name for spec in specs if not compile_steps(spec)[1]})


def run(game: PadGame, step: Step, source, stack: int | None = None) -> None:
    """Run one step for `source` (a PadCard; `stack` is its pet stack when it has one)."""
    moved = ACTIONS[step.action](game, step, source, stack)
    if game.log is not None:
        game.event(
            "effect",
            [source.name],
            effect=step.action,
            amount=step.amount,
            moved=[card.name for card in moved or ()],
        )


def _draw(game, step, source, stack):
    drawn = [game.state.draw() for _ in range(step.amount)]
    return [card for card in drawn if card is not None]


def _heal(game, step, source, stack):
    for _ in range(step.amount):
        game.recover()
    return []


def _deck_to_orb(game, step, source, stack):
    state, moved = game.state, []
    for _ in range(step.amount):
        card = state.take_top()
        if card is None:
            break
        state.place_orb(game.policy.choose_column(game, card), card)
        moved.append(card)
    return moved


def _hand_to_orb(game, step, source, stack):
    state, moved = game.state, []
    for _ in range(step.amount):
        pick = game.policy.pick_hand_orb(game, optional=step.up_to)
        if pick is None:
            break
        card, column = pick
        state.hand.remove(card)
        state.place_orb(column, card)
        moved.append(card)
    return moved


def _deck_to_discard(game, step, source, stack):
    state, moved = game.state, []
    for _ in range(step.amount):
        card = state.take_top()
        if card is None:
            break
        state.discard.append(card)
        moved.append(card)
    return moved


def _hand_to_discard(game, step, source, stack):
    state = game.state
    count = min(step.amount, len(state.hand))
    moved = game.policy.choose_hand_discards(game, count, optional=step.up_to)
    for card in moved:
        state.hand.remove(card)
        state.discard.append(card)
    return moved


def _discard_to_hand(game, step, source, stack):
    state, moved = game.state, []
    for _ in range(step.amount):
        card = game.policy.choose_from_discard(game) if state.discard else None
        if card is None:
            break
        state.discard.remove(card)
        state.hand.append(card)
        state.seen |= card.bit
        moved.append(card)
    return moved


def _buff(game, step, source, stack, slot):
    targets = [game.state.pets[i] for i in game.scope_targets(step.scope, source, stack)]
    for target in targets:
        setattr(target, slot, getattr(target, slot) + step.amount)
    return [target.top for target in targets]


def _extra_damage(game, step, source, stack):
    return _buff(game, step, source, stack, "extra_damage")


def _extra_combo(game, step, source, stack):
    return _buff(game, step, source, stack, "extra_combo")


def _untap(game, step, source, stack):
    untapped = game.policy.choose_untap(game, step.amount)
    for index in untapped:
        game.state.pets[index].tapped = False
    return [game.state.pets[index].top for index in untapped]


def reduction_mask(step, source) -> int:
    """The attributes an "evolve it for N less" step may evolve: its colour, else the
    source's attribute(s), else any."""
    if step.colour is not None:
        return 1 << step.colour
    return source.attr_mask or 0b11111


def _cost_reduction(game, step, source, stack):
    # PAD-4.3: "choose a <colour> monster from your hand and evolve it for 1 less cost"
    # evolves now; no discount is left for later in the turn.
    options = game.cheaper_evolutions(reduction_mask(step, source), step.amount)
    pick = game.policy.choose_cheaper_evolution(game, options, step.amount) if options else None
    if pick is None:
        return []
    index, card = pick
    game.evolve(index, card, reduction=step.amount)
    return [card]


# --- the opponent (PAD-7.2) ---------------------------------------------------------
def opponent_tap_targets(game, step) -> list[int]:
    """The opponent's active pets a tap step may roll (colour: attribute or sub-attribute;
    max_defense: printed defence)."""
    opponent = game.opponent
    if not opponent.is_player:
        return []
    mask = 1 << step.colour if step.colour is not None else 0
    limit = step.max_defense
    return [
        index
        for index, stack in enumerate(opponent.state.pets)
        if not stack.tapped
        and (not mask or stack.top.attr_mask & mask)
        and (limit is None or stack.top.defense <= limit)
    ]


def opponent_return_targets(game, step) -> list[int]:
    """The opponent's evolved pets whose top card is at most `max_stage`."""
    opponent = game.opponent
    if not opponent.is_player:
        return []
    limit = step.max_stage if step.max_stage is not None else len(STAGES)
    return [
        index
        for index, stack in enumerate(opponent.state.pets)
        if len(stack.cards) > 1 and stack.top.stage <= limit
    ]


def opponent_orb_columns(game) -> list[int]:
    """The opponent's orb columns that can lose their top card and keep one."""
    opponent = game.opponent
    if not opponent.is_player:
        return []
    return [i for i, column in enumerate(opponent.state.columns) if len(column) > 1]


def opponent_targets(game, step) -> list:
    """What an opponent step could hit now (empty: it would move nothing)."""
    action, opponent = step.action, game.opponent
    if action == "opponent_tap":
        return opponent_tap_targets(game, step)
    if action == "opponent_return_top":
        return opponent_return_targets(game, step)
    if action == "opponent_orb_discard":
        return opponent_orb_columns(game)
    return list(opponent.state.hand) if opponent.is_player else []


def _opponent_tap(game, step, source, stack):
    opponent, moved = game.opponent, []
    for _ in range(step.amount):
        targets = opponent_tap_targets(game, step)
        if not targets:
            break
        target = opponent.state.pets[game.policy.choose_opponent_pet(game, targets, "tap")]
        target.tapped = True
        moved.append(target.top)
    return moved


def _opponent_return_top(game, step, source, stack):
    opponent, moved = game.opponent, []
    for _ in range(step.amount):
        targets = opponent_return_targets(game, step)
        if not targets:
            break
        target = opponent.state.pets[game.policy.choose_opponent_pet(game, targets, "return")]
        card = target.cards.pop()
        target.top = target.cards[-1]
        opponent.state.hand.append(card)
        opponent.state.seen |= card.bit
        opponent.version += 1
        moved.append(card)
    return moved


def _opponent_hand_discard(game, step, source, stack):
    opponent = game.opponent
    if not opponent.is_player or not opponent.state.hand:
        return []
    count = min(step.amount, len(opponent.state.hand))
    moved = opponent.policy.choose_hand_discards(opponent, count, optional=False)
    for card in moved:
        opponent.state.hand.remove(card)
        opponent.state.discard.append(card)
    return moved


def _opponent_orb_discard(game, step, source, stack):
    opponent, moved = game.opponent, []
    for _ in range(step.amount):
        columns = opponent_orb_columns(game)
        if not columns:
            break
        column = game.policy.choose_opponent_column(game, columns)
        card = opponent.state.take_orb(column)
        opponent.state.discard.append(card)
        moved.append(card)
    return moved


ACTIONS = {
    "opponent_tap": _opponent_tap,
    "opponent_return_top": _opponent_return_top,
    "opponent_hand_discard": _opponent_hand_discard,
    "opponent_orb_discard": _opponent_orb_discard,
    "draw": _draw,
    "heal": _heal,
    "deck_to_orb": _deck_to_orb,
    "hand_to_orb": _hand_to_orb,
    "deck_to_discard": _deck_to_discard,
    "hand_to_discard": _hand_to_discard,
    "discard_to_hand": _discard_to_hand,
    "extra_damage": _extra_damage,
    "extra_combo": _extra_combo,
    "untap": _untap,
    "cost_reduction": _cost_reduction,
}
