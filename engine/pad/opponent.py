"""The PAD effect vocabulary aimed at the opponent, and the defence-side triggers and
continuous effects (docs/card-schema.md "Effect steps", PAD-7.2: every printed effect
applies to whichever player it names). Registered by engine/pad/effects.py; the attack
and defence hooks that read them live in engine/pad/defence.py.

Actions (`ACTIONS[name](game, step, source, stack)`, `game` the acting side; against the
goldfish, DGM-5, which has no pets, hand or orb area, every one of them but
`opponent_damage` finds no target and moves nothing):
- `opponent_tap` ("roll one of your opponent's <colour> monsters / with 600 or less
  defense"): `amount` active pets of the opponent become tapped; `colour` filters by
  attribute or sub-attribute, `max_defense` by current defence (printed + this turn's
  changes), `max_total_defense` by the current defences of all the pets it rolls
  together (each pick must still fit what is left). On a `guard` step with
  `target: "attacker"` it taps the attacking pet the
  guard blocked ("if the attacking monster has 600 or less defense, roll that monster").
- `opponent_return_top`: the top card of an evolved opponent pet whose top card's stage
  is at most `max_stage` goes to its owner's hand (never a base pet's only card).
- `opponent_devolve` (`colour`, `max_defense`, `max_stage`; `amount` distinct pets, or
  `scope: "all"` every matching pet): the top card of an evolved opponent pet goes to its
  owner's DISCARD PILE; a base pet alone cannot be devolved.
- `life_for_devolve` (`keep_life`; B04-107 ワールドエンド): every life card of the player
  but the `keep_life` bottom-most goes to the discard pile (the price: paid even with no
  target); then one evolved opponent pet loses up to that many cards from its top (never
  its base card), each to its owner's discard pile as `opponent_devolve` moves them.
  Decision: the life cards are discarded, not drawn, so none can trigger (PAD-4.5.3
  triggers a card drawn by damage), and paying down to 1 life is not a loss (PAD-6.1).
- `opponent_defense`: `amount` (negative: "loses 200 defense") added to one opponent pet's
  defence (the acting policy picks) or to every one (`scope: "all"`), until the end of
  the turn (see below). Defence never drops below 0.
- `opponent_damage`: `amount` damage, or "half" of the opponent's remaining life
  (rounded down), dealt as PAD-6.3 says: per point a life card is drawn and may trigger
  (PAD-4.5.3). Decision: against the goldfish (DGM-5: it has 5 life) the damage counts,
  and the turn's damage tally includes it.
- `opponent_hand_discard`: `amount` cards, "all" of them, chosen by the opponent's
  policy, or at `random` (the shared game `Random`).
- `opponent_orb_discard`: the top card of an opponent column of two or more cards
  (each column keeps one, as in PAD-4.3.1). `opponent_orb_trim` ("discard all but one
  card"): a column of two or more cards keeps only its top card (as PAD-4.6 keeps the
  last placed). `opponent_orb_swap` ("select and swap 2 cards in your opponent's drop
  yard", optional): two cards of different opponent columns change places.
- `negate_damage` (`damaged`, with `discard_cost`): before the damage of an attack is
  taken, the defender may negate `amount` points for every `discard_cost` hand cards.
- `defense_bonus` (`guard_declaration`, or `defence` on a skill used at the guard
  declaration): one own pet, or every one (`scope: "all"`), gets `amount` defence until
  the end of the turn.
- `opponent_attack` (`defence` only, `amount` negative): "choose 1 of your opponent's
  monsters; it gets -200 attack until the end of the turn" lowers the attack being
  answered. Decision: the monster chosen is the attacker (the only one whose lowered
  attack changes this attack phase's blocks; a pet attacks once unless an `extra_attack`
  gives it more, and those later attacks are not lowered). An attack lowered to 0 or
  less deals no damage (PAD-4.5.3).
- `watch_opponent_damage`: what playing a skill with `opponent_damaged` steps does (the
  compiled card adds it to its play steps): those steps run each time the opponent takes
  damage (an attack or an effect that removes at least one life card) until the end of
  the turn.

Triggers: `damaged` (an opponent's attack dealt damage to the owner: after that attack's
damage, once per attack), `guard` (this pet blocked: right after the block),
`guard_declaration` (at each of the owner's defence declarations, before blockers are
chosen; the policy decides, `discard_cost` paid), `opponent_damaged` (above), and on the
attacking side `attack_damage` (this pet's attack dealt damage: right after that attack's
damage) and `attack_guarded` (this pet's attack was blocked: right after the block).

Continuous (while the pet is on top of its stack in the pet area): `guard_multiple`,
`unblockable` (`colour`, `max_defense`, `max_stage` of the opponent pets that cannot
guard against it; none given: no pet can), `damage_immunity` (`max_attack`,
`tapped_only`, `max_stage`: of the attacker's top card, "attacks of base monsters"),
`guard_bonus` (`amount` defence while guarding against an attacker of `colour`),
`life_to_discard`, `no_opponent_untap` (`phase`), `heal_to_damage`,
`last_stand`, `cannot_attack_or_guard` (Golden Egg, B01-103: never among the pets that
may guard; its attack table counts as all 0, so it deals no attack).

Decisions where the texts and RULES.md are open:
- "until the end of the turn" (`opponent_defense`, `defense_bonus`, `opponent_damaged`)
  ends when the next turn starts (its reset phase, PAD-4.1): nothing happens between the
  end of a cleanup (PAD-4.6) and the next reset.
- `guard_multiple`: guarding does not tap this pet, so it stays active and may guard
  again (PAD-4.1 "only active pets can defend" still holds).
- `guard_bonus` counts for the block itself: the block is legal when the total defence
  with the bonus is strictly greater than the attack (PAD-4.5.2).
- `damage_immunity`: the attack is declared but the defender neither guards nor takes
  damage from it.
- `life_to_discard`: the life cards of that attack's damage go straight to the discard
  pile; they are not drawn, so their damage-type effects cannot trigger (PAD-4.5.3 triggers
  a card "drawn from the HP").
- `damaged` triggers (and `negate_damage`) answer an opponent's attack only, as the
  vocabulary defines them; timing simplification: "at the end of the attack phase"
  effects run at once after that attack (PAD-4.5.3).
- `no_opponent_untap`: the opponent's `untap` effects ("activation effects") do nothing,
  during their puzzle phase only when `phase` is "puzzle"; the reset phase's untap
  (PAD-4.1) is a rule, not an effect, and still happens.
- `heal_to_damage`: with a heart combo made, the recovery step (PAD-4.4.4) does not
  heal, even below 5 life; instead 1 damage per such pet goes to the opponent.
- `last_stand`: when the owner's last life card is taken (after that card's own damage
  trigger, PAD-6.1), the top card of this pet goes face down to the life area, so the
  owner has not lost; a base pet alone stays (a pet area slot never empties here).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from engine.pad import own_effects

HALF = -1  # `amount: "half"` (opponent_damage): half the opponent's life, rounded down
# actions whose amounts may be negative
SIGNED = frozenset({"opponent_defense", "defense_bonus", "opponent_attack"})
LASTING = "watch_opponent_damage"
TRIGGERS = frozenset(
    {
        "damaged",
        "guard",
        "guard_declaration",
        "opponent_damaged",
        "attack_damage",
        "attack_guarded",
    }
)
CONTINUOUS = frozenset(
    {
        "guard_multiple",
        "unblockable",
        "damage_immunity",
        "guard_bonus",
        "life_to_discard",
        "no_opponent_untap",
        "heal_to_damage",
        "last_stand",
        "cannot_attack_or_guard",
    }
)
# Actions whose `colour` names the target, never a condition (engine/pad/effects.py).
COLOUR_PARAMETER = frozenset({"opponent_devolve", "opponent_defense"})
PHASES = (None, "puzzle")  # no_opponent_untap's `phase`
_TRAITS = attrgetter("traits")


@dataclass(frozen=True, slots=True)
class Traits:
    """A card's steps of this module's triggers and continuous effects, by kind."""

    guard_multiple: bool = False
    unblockable: tuple = ()
    damage_immunity: tuple = ()
    guard_bonus: tuple = ()
    life_to_discard: bool = False
    no_opponent_untap: tuple = ()
    heal_to_damage: bool = False
    last_stand: bool = False
    cannot_guard: bool = False  # `cannot_attack_or_guard` (its attack: engine/pad/cards.py)
    damaged: tuple = ()  # every `damaged` step but negate_damage
    negate: tuple = ()  # `damaged` negate_damage steps
    guard: tuple = ()
    guard_declaration: tuple = ()
    opponent_damaged: tuple = ()
    attack_damage: tuple = ()  # this pet's attack dealt damage
    attack_guarded: tuple = ()  # this pet's attack was blocked


def card_traits(steps) -> Traits | None:
    """The card's `Traits`, or None when it has none (the hot paths test for None)."""
    continuous = {}
    triggered = {"damaged": [], "negate": [], "guard": [], "guard_declaration": []}
    triggered["opponent_damaged"] = []
    triggered["attack_damage"] = []
    triggered["attack_guarded"] = []
    for step in steps:
        if step.trigger == "continuous" and step.action in CONTINUOUS:
            continuous.setdefault(step.action, []).append(step)
        elif step.trigger == "damaged" and step.action == "negate_damage":
            triggered["negate"].append(step)
        elif step.trigger in TRIGGERS:
            triggered[step.trigger].append(step)
    if not continuous and not any(triggered.values()):
        return None
    return Traits(
        guard_multiple="guard_multiple" in continuous,
        unblockable=tuple(continuous.get("unblockable", ())),
        damage_immunity=tuple(continuous.get("damage_immunity", ())),
        guard_bonus=tuple(continuous.get("guard_bonus", ())),
        life_to_discard="life_to_discard" in continuous,
        no_opponent_untap=tuple(continuous.get("no_opponent_untap", ())),
        heal_to_damage="heal_to_damage" in continuous,
        last_stand="last_stand" in continuous,
        cannot_guard="cannot_attack_or_guard" in continuous,
        **{key: tuple(value) for key, value in triggered.items()},
    )


def unsupported(step: dict) -> str | None:
    """Why a step of this module's vocabulary cannot run as given, else None (the
    registry in engine/pad/effects.py checks the rest)."""
    trigger, action, amount = step.get("trigger"), step.get("action"), step.get("amount", 1)
    name = f"{trigger}/{action}"
    if action == "negate_damage" and trigger != "damaged":
        return name
    if action == "defense_bonus" and trigger not in ("guard_declaration", "defence"):
        return name
    if action == "opponent_attack" and trigger != "defence":
        return name  # only a guard declaration knows the attack being answered
    if action == LASTING and trigger != "play":
        return name
    if trigger == "opponent_damaged" and action in (LASTING, "negate_damage", "opponent_damage"):
        return name  # damage on damage would never end
    if amount == "half" and action != "opponent_damage":
        return f"{name} amount half"
    if isinstance(amount, int) and amount < 0 and action not in SIGNED:
        return f"{name} amount {amount}"
    if step.get("target") == "attacker" and action == "opponent_tap" and trigger != "guard":
        return f"{name} target attacker"  # only a guard knows the attacker
    if action == "life_for_devolve":
        keep = step.get("keep_life", 0)
        if trigger != "play" or isinstance(keep, bool) or not isinstance(keep, int) or keep < 0:
            return name  # a price paid when the skill is played
    if step.get("phase") not in PHASES:
        return f"{name} phase {step['phase']}"
    return None


# --- per-game state ---------------------------------------------------------------------
class Opposition:
    """What one side of a game keeps for this module: the opponent pet attacking it now,
    the damage its effects dealt this turn (for the turn's tally), its `opponent_damaged`
    steps lasting this turn, whether defence changes are to be cleared, and whether any
    of its cards has `Traits` (`active`: else attacks on it take the fast path; defence
    changes alone are read on the fast path too)."""

    __slots__ = (
        "attacker",
        "effect_damage",
        "lasting",
        "defence_changed",
        "active",
        "evolvers",
        "attack_change",
        "guarded",
    )

    def __init__(self, cards=()):
        self.attacker = None  # the attacking PetStack while this side defends
        self.effect_damage = 0
        self.lasting: list = []  # (step, source card)
        self.defence_changed = False
        # once per game: C-level `any` over the cards' traits (a `Traits` is truthy)
        self.active = any(map(_TRAITS, cards))
        # a pet of the side may evolve at its guard declarations (PAD-1.3 defence type)
        self.evolvers = any(card.defence_evolves for card in cards)
        self.attack_change = 0  # `opponent_attack` on the attack being answered
        self.guarded = False  # the last attack on this side was blocked

    def take_effect_damage(self) -> int:
        dealt, self.effect_damage = self.effect_damage, 0
        return dealt


defence_of = own_effects.current_defence


def _opponent_pets(game):
    opponent = game.opponent
    return opponent.state.pets if opponent.is_player else ()


def _fits(step, stack) -> bool:
    """The filters of an opponent step: colour (attribute or sub-attribute), current
    defence at most `max_defense`, top card's stage at most `max_stage`, `target`."""
    top = stack.top
    if step.colour is not None and not top.attr_mask >> step.colour & 1:
        return False
    if step.max_defense is not None and defence_of(stack) > step.max_defense:
        return False
    if step.max_stage is not None and top.stage > step.max_stage:
        return False
    return step.fits(top)


# --- targets ----------------------------------------------------------------------------
def opponent_tap_targets(game, step) -> list[int]:
    """The opponent's active pets a tap step may roll."""
    return [
        index
        for index, stack in enumerate(_opponent_pets(game))
        if not stack.tapped and _fits(step, stack)
    ]


def opponent_return_targets(game, step) -> list[int]:
    """The opponent's evolved pets whose top card is at most `max_stage`."""
    limit = step.max_stage if step.max_stage is not None else 99
    return [
        index
        for index, stack in enumerate(_opponent_pets(game))
        if len(stack.cards) > 1 and stack.top.stage <= limit
    ]


def opponent_devolve_targets(game, step) -> list[int]:
    return [
        index
        for index, stack in enumerate(_opponent_pets(game))
        if len(stack.cards) > 1 and _fits(step, stack)
    ]


def opponent_orb_columns(game, least: int = 2) -> list[int]:
    """The opponent's orb columns holding at least `least` cards."""
    opponent = game.opponent
    if not opponent.is_player:
        return []
    return [i for i, column in enumerate(opponent.state.columns) if len(column) >= least]


def opponent_targets(game, step) -> list:
    """What an opponent step could hit now (empty: it would do nothing)."""
    action, opponent = step.action, game.opponent
    if action == "opponent_tap":
        return opponent_tap_targets(game, step)
    if action == "opponent_return_top":
        return opponent_return_targets(game, step)
    if action in ("opponent_devolve", "life_for_devolve"):
        return opponent_devolve_targets(game, step)
    if action in ("opponent_orb_discard", "opponent_orb_trim"):
        return opponent_orb_columns(game)
    if action == "opponent_orb_swap":
        return opponent_orb_columns(game, 1) if swap_options(game) else []
    if action == "opponent_defense":
        return [i for i, stack in enumerate(_opponent_pets(game)) if _fits(step, stack)]
    if action in ("opponent_damage", LASTING):
        return [opponent] if opponent.life else []
    return list(opponent.state.hand) if opponent.is_player else []


def swap_options(game) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Every pair of opponent orb cards in different columns, as (column, position)."""
    opponent = game.opponent
    if not opponent.is_player:
        return []
    cells = [
        (column, position)
        for column, cards in enumerate(opponent.state.columns)
        for position in range(len(cards))
    ]
    return [(a, b) for i, a in enumerate(cells) for b in cells[i + 1 :] if a[0] != b[0]]


# --- actions ----------------------------------------------------------------------------
def _opponent_tap(game, step, source, stack):
    if step.trigger == "guard" and "attacker" in step.target_types:
        attacker = game.opposition.attacker  # "roll that monster": the one guarded
        if attacker is None or attacker.tapped or not _fits_attacker(step, attacker):
            return []
        attacker.tapped = True
        return [attacker.top]
    pets, moved = _opponent_pets(game), []
    budget = step.max_total_defense  # "with a total defense of 900 or less" (B04-106)
    for _ in range(step.amount):
        targets = opponent_tap_targets(game, step)
        if budget is not None:
            targets = [i for i in targets if defence_of(pets[i]) <= budget]
        if not targets:
            break
        target = pets[game.policy.choose_opponent_pet(game, targets, "tap")]
        target.tapped = True
        if budget is not None:
            budget -= defence_of(target)
        moved.append(target.top)
    return moved


def _fits_attacker(step, attacker) -> bool:
    """The attacker filters: its colour and current defence (`target` names it)."""
    if step.colour is not None and not attacker.top.attr_mask >> step.colour & 1:
        return False
    return step.max_defense is None or defence_of(attacker) <= step.max_defense


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


def _opponent_devolve(game, step, source, stack):
    opponent = game.opponent
    targets = opponent_devolve_targets(game, step)
    if step.scope == "all":
        chosen = targets
    else:
        chosen = []
        for _ in range(min(step.amount, len(targets))):  # distinct pets
            index = game.policy.choose_opponent_pet(game, targets, "devolve")
            targets.remove(index)
            chosen.append(index)
    moved = []
    for index in chosen:
        own_effects.devolve(opponent, index)
        moved.append(opponent.state.discard[-1])
    return moved


def life_for_devolve_price(game, step) -> int:
    """How many life cards `life_for_devolve` takes now: all but `keep_life`."""
    return max(0, len(game.state.life) - step.keep_life)


def _life_for_devolve(game, step, source, stack):
    state, paid = game.state, life_for_devolve_price(game, step)
    for _ in range(paid):  # the top of the life area first; the bottom-most stay
        card = state.life.pop()
        state.discard.append(card)  # discarded, never drawn: no damage trigger
        if game.log is not None:
            game.event("life_to_discard", [card.name])
    if paid:
        game.version += 1
    targets = opponent_devolve_targets(game, step)
    if not paid or not targets:
        return []
    opponent = game.opponent
    index = game.policy.choose_opponent_pet(game, targets, "devolve_deep")
    pet, moved = opponent.state.pets[index], []
    for _ in range(min(paid, len(pet.cards) - 1)):
        own_effects.devolve(opponent, index)
        moved.append(opponent.state.discard[-1])
    return moved


def _opponent_defense(game, step, source, stack):
    opponent = game.opponent
    targets = opponent_targets(game, step)
    if not targets:
        return []
    if step.scope != "all":
        targets = [game.policy.choose_opponent_pet(game, targets, "defense")]
    pets = opponent.state.pets
    for index in targets:
        pets[index].defence_change += step.amount
    opponent.opposition.defence_changed = True
    return [pets[index].top for index in targets]


def deal_damage(game, points: int) -> int:
    """PAD-6.3: an effect of `game` deals `points` to its opponent; returns the life
    removed, tallied for the turn, and runs this turn's `opponent_damaged` steps."""
    if points <= 0:
        return 0
    opponent = game.opponent
    dealt = opponent.take_damage(points)
    game.opposition.effect_damage += dealt
    if game.log is not None:
        game.event("effect_damage", [], points=points, damage=dealt)
    if dealt:
        opponent_damaged(game)
    return dealt


def opponent_damaged(game) -> None:
    """The opponent took damage: run the `opponent_damaged` steps lasting this turn."""
    if game.opposition.lasting:
        from engine.pad import effects  # the registry imports this module: imported late

        for step, source in list(game.opposition.lasting):
            effects.run(game, step, source)


def _opponent_damage(game, step, source, stack):
    points = game.opponent.life // 2 if step.amount == HALF else step.amount
    deal_damage(game, points)
    return []


def _opponent_hand_discard(game, step, source, stack):
    opponent = game.opponent
    if not opponent.is_player or not opponent.state.hand:
        return []
    hand = opponent.state.hand
    count = min(step.amount, len(hand))
    if step.random:
        moved = game.rng.sample(hand, count)
    else:
        moved = opponent.policy.choose_hand_discards(opponent, count, optional=False)
    for card in moved:
        hand.remove(card)
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


def _opponent_orb_trim(game, step, source, stack):
    opponent, moved = game.opponent, []
    for _ in range(step.amount):
        columns = opponent_orb_columns(game)
        if not columns:
            break
        column = game.policy.choose_opponent_column(game, columns)
        moved += opponent.state.columns[column][:-1]
        opponent.state.clean_column(column)  # the top (last placed) card stays
    return moved


def _opponent_orb_swap(game, step, source, stack):
    opponent, moved = game.opponent, []
    for _ in range(step.amount):
        options = swap_options(game)
        pick = game.policy.choose_orb_swap(game, options) if options else None
        if pick is None:
            break
        swap_orbs(opponent.state, *pick)
        moved += [opponent.state.columns[c][p] for c, p in pick]
    return moved


def swap_orbs(state, first: tuple[int, int], second: tuple[int, int]) -> None:
    """Two orb cards of different columns change places; the colour counts follow."""
    (a, i), (b, j) = first, second
    one, other = state.columns[a][i], state.columns[b][j]
    state.columns[a][i], state.columns[b][j] = other, one
    for colour in one.orbs:
        state.counts[a][colour] -= 1
        state.counts[b][colour] += 1
    for colour in other.orbs:
        state.counts[b][colour] -= 1
        state.counts[a][colour] += 1


def _defense_bonus(game, step, source, stack):
    pets = game.state.pets
    if step.scope == "all":  # "all of your monsters get +100 defense" (B04-089)
        targets = list(range(len(pets)))
    else:
        index = game.policy.choose_defence_bonus_target(game, step, list(range(len(pets))))
        targets = [] if index is None else [index]
    for index in targets:
        pets[index].defence_change += step.amount
    if targets:
        game.opposition.defence_changed = True
    return [pets[index].top for index in targets]


def _opponent_attack(game, step, source, stack):
    """Lowers the attack being answered (the defender's `attack_change`, read by
    engine/pad/defence.py `defend` after its defence skills)."""
    opposition = game.opposition
    opposition.attack_change += step.amount
    return [opposition.attacker.top] if opposition.attacker is not None else []


def _negate_damage(game, step, source, stack):
    """Run only by the defender's damage (engine/pad/defence.py `negate`)."""
    return []


def _watch_opponent_damage(game, step, source, stack):
    game.opposition.lasting += [(watch, source) for watch in source.traits.opponent_damaged]
    return []


ACTIONS = {
    "opponent_tap": _opponent_tap,
    "opponent_return_top": _opponent_return_top,
    "opponent_devolve": _opponent_devolve,
    "life_for_devolve": _life_for_devolve,
    "opponent_defense": _opponent_defense,
    "opponent_attack": _opponent_attack,
    "opponent_damage": _opponent_damage,
    "opponent_hand_discard": _opponent_hand_discard,
    "opponent_orb_discard": _opponent_orb_discard,
    "opponent_orb_trim": _opponent_orb_trim,
    "opponent_orb_swap": _opponent_orb_swap,
    "negate_damage": _negate_damage,
    "defense_bonus": _defense_bonus,
    LASTING: _watch_opponent_damage,
}
# Steps the greedy policy plays only when `opponent_targets` finds something.
OPPONENT_ACTIONS = frozenset(ACTIONS) - {"negate_damage", "defense_bonus"}


def lasting_play_steps(card_steps, step_class) -> tuple:
    """A skill with `opponent_damaged` steps: the play step that starts them."""
    if any(step.trigger == "opponent_damaged" for step in card_steps):
        return (step_class(trigger="play", action=LASTING),)
    return ()


# --- continuous effects read by the turn ------------------------------------------------
def untap_blocked(game) -> bool:
    """`no_opponent_untap` of a pet of the opponent stops `game`'s untap effects (during
    `game`'s puzzle phase only, for `phase: "puzzle"`)."""
    for stack in _opponent_pets(game):
        traits = stack.top.traits
        if traits is not None:
            for step in traits.no_opponent_untap:
                if step.phase is None or step.phase == game.phase:
                    return True
    return False


def unless_untap_blocked(untap):
    """The `untap` action, doing nothing while `untap_blocked`."""

    def guarded_untap(game, step, source, stack):
        if untap_blocked(game):
            return []
        return untap(game, step, source, stack)

    return guarded_untap


def heal_to_damage(game) -> bool:
    """PAD-4.4.4 with a heart combo made: True when a pet's `heal_to_damage` replaces the
    recovery (each such pet deals 1 damage to the opponent)."""
    pets = [s for s in game.state.pets if s.top.traits is not None and s.top.traits.heal_to_damage]
    for _ in pets:
        deal_damage(game, 1)
    return bool(pets)


def end_turn_effects(game) -> None:
    """A turn starts: what lasted "until the end of the turn" on either side ends."""
    sides = (game, game.opponent) if game.opponent.is_player else (game,)
    for side in sides:
        opposition = side.opposition
        if opposition.lasting:
            opposition.lasting = []
        if opposition.defence_changed:
            for stack in side.state.pets:
                stack.defence_change = 0
            opposition.defence_changed = False
