"""The PAD effect actions on the acting player's own side (docs/card-schema.md "Effect
steps", registered by engine/pad/effects.py): `ACTIONS[name](game, step, source, stack)`
moves cards and returns the cards it moved (for the log). Every choice is the policy's.

Decisions where the texts and RULES.md are open:
- "the printed Drop Area" is the orb area (PAD-4.4); a card put there goes on top of a
  column of the policy's choice (PAD-4.4.2 placing).
- `amount` "any" (`up_to`) lets the policy stop at any point; "all" moves everything.
- `extra_damage` / `extra_combo` / `attack_bonus` / `extra_attack` buff, this turn: every
  pet of `scope` (`self`, `all`, an attribute, a pet type); else ONE pet matching
  `target` ("choose 1 of your Fire monsters"); else the pet that owns the step; a skill
  without either buffs one pet of its attribute (the policy picks).
- `attack_bonus` raises the attack value of a pet that attacks (its row's attack above
  0, PAD-4.5.1); it never makes a pet with attack 0 attack.
- `untap` ("activate", "becomes Active"): every tapped pet of `scope`, else `amount`
  tapped pets matching `target` (the policy picks).
- `reveal_top` tests the revealed card's attribute or sub-attribute ("a fire type card",
  as PAD-1.2 matches attributes), or with `test: "orbs"` its orbs (the Orb Change
  skills: "if it has a fire orb"), and sends it to `if_match` or `otherwise`.
- `swap_hand_orb` swaps a hand card with the TOP card of a column (the hand card becomes
  that column's top); `refill_column` discards a whole column, the top card included,
  then puts as many deck cards there.
- `devolve` (own pet) and `opponent_devolve`: the top card of the stack goes to its
  owner's discard pile; a base pet alone cannot be devolved.
- `evolve_self` (a pet drawn from life by damage, PAD-4.5.3): it evolves a pet whose top
  card is its pre-evolution (its ultimate requirement discarded from hand, PAD-1.1); the
  printed cost is paid by the damage trigger (engine/pad/defence.py). The evolution is not
  the owner's main-phase evolution of PAD-4.3 (it happens in the opponent's turn), so it
  does not count against "once per pet per turn"; the evolved pet is active and its
  `evolve` steps run. `self_to_orb` puts the drawn card on a column instead.
- a target on a discard-pile search names monsters: only pets are taken.
- `cost_reduction` with `cards: "any"` ("choose a Fire card in your hand and use it for
  1 less cost", B02-102): a "card" is a hand pet that evolves now (as B01-104) or a hand
  skill of the colour used now, for its cost less the amount (never below 0), with its
  play steps; the skill then goes to the discard pile, before the discount skill. The
  discount skill never uses itself: the skill being played (and a copy of it, the same
  card to the engine) has left the hand or is excluded.
"""

from __future__ import annotations

MAX_LIFE = 5  # PAD-3.2 (engine.pad.state imports the cards, which import this module)


def reduction_mask(step, source) -> int:
    """The attributes an "evolve it for N less" step may evolve: its colour, else the
    source's attribute(s), else any."""
    if step.colour is not None:
        return 1 << step.colour
    return source.attr_mask or 0b11111


def pet_targets(game, step, source, stack: int | None) -> list[int]:
    """The own pets a buff step applies to (see the module docstring)."""
    pets = game.state.pets
    scope = step.scope
    if scope is not None:
        if scope == "self":
            return [stack] if stack is not None else game.policy.choose_buff_target(game, source)
        if scope == "all":
            return list(range(len(pets)))
        return [i for i, pet in enumerate(pets) if scope_fits(scope, pet.top)]
    if step.targeted:
        candidates = [i for i, pet in enumerate(pets) if step.fits(pet.top)]
        return game.policy.choose_buff_target(game, source, candidates) if candidates else []
    if stack is not None:
        return [stack]
    return game.policy.choose_buff_target(game, source)


def scope_fits(scope: str, card) -> bool:
    """A pet in `scope` (an attribute or sub-attribute, or a pet type)."""
    from engine.pad.cards import COLOUR  # cards.py imports the registry: imported late

    if scope in COLOUR:
        return bool(card.attr_mask >> COLOUR[scope] & 1)
    return scope in card.types


def count(game, step, most: int) -> int:
    """How many times a repeatable step runs: `amount`, or the policy's pick up to it."""
    most = min(step.amount, most)
    return game.policy.choose_count(game, step, most) if step.up_to else most


def pay_discard_cost(game, step, source) -> bool:
    """`discard_cost`: the policy discards that many hand cards, or declines (False)."""
    hand = game.state.hand
    if len(hand) < step.discard_cost:
        return False
    cards = game.policy.choose_cost_discards(game, step.discard_cost, source)
    if not cards:
        return False
    for card in cards:
        hand.remove(card)
        game.state.discard.append(card)
    if game.log is not None:
        game.event("discard_cost", [card.name for card in cards])
    return True


# --- cards between zones ---------------------------------------------------------------
def _draw(game, step, source, stack):
    draw = game.state.draw
    drawn = [draw() for _ in range(count(game, step, step.amount) if step.up_to else step.amount)]
    return [card for card in drawn if card is not None]


def _draw_until(game, step, source, stack):
    """ "draw cards until you have N cards in your hand" (N = amount)."""
    state, drawn = game.state, []
    while len(state.hand) < step.amount:
        card = state.draw()
        if card is None:
            break
        drawn.append(card)
    return drawn


def _heal(game, step, source, stack):
    for _ in range(count(game, step, MAX_LIFE)):
        if not game.recover():  # PAD-6.3: as the recovery step, only below 5 life
            break
    return []


def _deck_to_orb(game, step, source, stack):
    state, moved = game.state, []
    for _ in range(count(game, step, len(state.deck) + len(state.discard))):
        card = state.take_top()
        if card is None:
            break
        state.place_orb(game.policy.choose_column(game, card), card)
        moved.append(card)
    return moved


def _hand_to_orb(game, step, source, stack):
    """Hand cards onto orb columns; `target` (a monster of an attribute, B04-093 …) or
    `colour` with `test: "orbs"` (a card lighting that orb, B04-098) limits which."""
    state, moved = game.state, []
    limited = step.targeted or step.tests_orbs
    for _ in range(step.amount):
        allowed = [card for card in state.hand if _may_place(step, card)] if limited else None
        if allowed == []:
            break
        pick = game.policy.pick_hand_orb(game, optional=step.up_to, cards=allowed)
        if pick is None:
            break
        card, column = pick
        state.hand.remove(card)
        state.place_orb(column, card)
        moved.append(card)
    return moved


def _may_place(step, card) -> bool:
    if step.tests_orbs and step.colour is not None:
        return bool(card.orb_mask >> step.colour & 1)
    return step.fits(card)


def _deck_to_discard(game, step, source, stack):
    state, moved = game.state, []
    for _ in range(count(game, step, len(state.deck) + len(state.discard))):
        card = state.take_top()
        if card is None:
            break
        state.discard.append(card)
        moved.append(card)
    return moved


def _hand_to_discard(game, step, source, stack):
    state = game.state
    moved = game.policy.choose_hand_discards(
        game, min(step.amount, len(state.hand)), optional=step.up_to
    )
    for card in moved:
        state.hand.remove(card)
        state.discard.append(card)
    return moved


def _from_discard(game, step):
    discard = game.state.discard
    return [card for card in discard if step.fits(card)] if step.targeted else discard


def _discard_to_hand(game, step, source, stack):
    state, moved = game.state, []
    for _ in range(step.amount):
        cards = _from_discard(game, step)
        card = game.policy.choose_from_discard(game, cards, step.up_to) if cards else None
        if card is None:
            break
        state.discard.remove(card)
        state.hand.append(card)
        state.seen |= card.bit
        moved.append(card)
    return moved


def _discard_to_orb(game, step, source, stack):
    state, moved = game.state, []
    for _ in range(step.amount):
        cards = _from_discard(game, step)
        pick = game.policy.choose_discard_orb(game, cards, step.up_to) if cards else None
        if pick is None:
            break
        card, column = pick
        state.discard.remove(card)
        state.place_orb(column, card)
        moved.append(card)
    return moved


def _reveal_top(game, step, source, stack):
    state = game.state
    card = state.take_top()
    if card is None:
        return []
    tested = card.orb_mask if step.tests_orbs else card.attr_mask
    match = step.colour is None or tested >> step.colour & 1
    place(game, card, step.if_match if match else step.otherwise)
    return [card]


def place(game, card, destination: str) -> None:
    state = game.state
    if destination == "hand":
        state.hand.append(card)
        state.seen |= card.bit
    elif destination == "orb":
        state.place_orb(game.policy.choose_column(game, card), card)
    else:
        state.discard.append(card)


def _look_top(game, step, source, stack):
    """ "Look at the top N cards. Choose 1 card and put it in your hand, and discard the
    others." """
    state = game.state
    seen = []
    for _ in range(step.amount):
        card = state.take_top()
        if card is None:
            break
        seen.append(card)
    if not seen:
        return []
    kept = game.policy.choose_look_top(game, seen)
    for card in seen:
        place(game, card, "hand" if card is kept else "discard")
    return [kept]


def _swap_hand_orb(game, step, source, stack):
    state, moved = game.state, []
    for _ in range(step.amount):
        pick = game.policy.choose_swap(game, optional=step.up_to) if state.hand else None
        if pick is None:
            break
        card, column = pick
        old = state.take_orb(column)
        state.hand.remove(card)
        state.place_orb(column, card)
        state.hand.append(old)
        state.seen |= old.bit
        moved += [card, old]
    return moved


def _refill_column(game, step, source, stack):
    state = game.state
    column = game.policy.choose_refill_column(game)
    if column is None:
        return []
    size = len(state.columns[column])
    while state.columns[column]:
        state.discard.append(state.take_orb(column))
    moved = []
    for _ in range(size):
        card = state.take_top()
        if card is None:
            break
        state.place_orb(column, card)
        moved.append(card)
    return moved


# --- pets ------------------------------------------------------------------------------
def _buff(game, step, source, stack, slot):
    targets = [game.state.pets[i] for i in pet_targets(game, step, source, stack)]
    for target in targets:
        setattr(target, slot, getattr(target, slot) + step.amount)
    return [target.top for target in targets]


def _extra_damage(game, step, source, stack):
    return _buff(game, step, source, stack, "extra_damage")


def _extra_combo(game, step, source, stack):
    return _buff(game, step, source, stack, "extra_combo")


def _attack_bonus(game, step, source, stack):
    return _buff(game, step, source, stack, "attack_bonus")


def _extra_attack(game, step, source, stack):
    return _buff(game, step, source, stack, "extra_attacks")


def _untap(game, step, source, stack):
    pets = game.state.pets
    if step.scope is not None:
        chosen = [i for i in pet_targets(game, step, source, stack) if pets[i].tapped]
    else:
        candidates = [i for i, pet in enumerate(pets) if pet.tapped and step.fits(pet.top)]
        chosen = game.policy.choose_untap(game, step.amount, candidates) if candidates else []
    for index in chosen:
        pets[index].tapped = False
    return [pets[index].top for index in chosen]


def _discard_for_combo(game, step, source, stack):
    """ "discard any number of cards with <colour> drops from your hand: this monster gets
    1 extra combo for each card discarded"."""
    if stack is None:
        return []
    state = game.state
    bit = 1 << step.colour if step.colour is not None else 0b111111
    cards = [card for card in state.hand if card.orb_mask & bit]
    chosen = game.policy.choose_combo_discards(game, cards, stack) if cards else []
    for card in chosen:
        state.hand.remove(card)
        state.discard.append(card)
    state.pets[stack].extra_combo += len(chosen)
    return chosen


def _devolve(game, step, source, stack):
    pets = game.state.pets
    if step.scope == "all":
        # B01-102: "discard the top card of every evolved monster with 500 or less defense,
        # except this monster": each own evolved pet within `max_defense` but the one just
        # evolved (`stack`) loses one card; the opponent's side is its `opponent_devolve`.
        chosen = [
            index
            for index, pet in enumerate(pets)
            if len(pet.cards) > 1
            and index != stack
            and (step.max_defense is None or current_defence(pet) <= step.max_defense)
        ]
        moved = []
        for index in chosen:
            devolve(game, index)
            moved.append(game.state.discard[-1])
        return moved
    candidates = [i for i, pet in enumerate(pets) if len(pet.cards) > 1]
    moved = []
    for _ in range(step.amount):
        index = game.policy.choose_devolve(game, candidates) if candidates else None
        if index is None:
            break
        devolve(game, index)
        moved.append(game.state.discard[-1])
        if len(pets[index].cards) == 1:
            candidates.remove(index)
    return moved


def current_defence(stack) -> int:
    """A pet's current defence: printed + this turn's changes, never below 0."""
    return max(0, stack.top.defense + stack.defence_change)


def devolve(game, index: int) -> None:
    """The top card of an own evolved pet goes to the discard pile."""
    pet = game.state.pets[index]
    card = pet.cards.pop()
    pet.top = pet.cards[-1]
    game.state.discard.append(card)
    game.version += 1


def self_evolution_targets(game, card) -> list[int]:
    """The pets a card drawn from life may evolve (`evolve_self`)."""
    if not card.is_pet or (card.requirement is not None and game.requirement_card(card) is None):
        return []
    return [i for i, pet in enumerate(game.state.pets) if pet.top.identity == card.evolves_from]


def _evolve_self(game, step, source, stack):
    state = game.state
    targets = self_evolution_targets(game, source)
    index = game.policy.choose_self_evolution(game, source, targets) if targets else None
    if index is None:
        state.discard.append(source)  # the damage trigger found no pet: discarded
        return []
    if source.requirement is not None:
        requirement = game.requirement_card(source)
        state.hand.remove(requirement)
        state.discard.append(requirement)
    pet = state.pets[index]
    pet.cards.append(source)
    pet.top = source
    pet.tapped = False  # PAD-4.3: the evolved pet is active
    game.version += 1
    game.evolutions.append((game.turn, source.stage))
    if game.log is not None:
        game.event("evolve", [source.name], pet=index, paid=[], columns=[])
    from engine.pad import effects  # the registry imports this module: imported late

    for evolve_step in source.evolve_steps:
        effects.run(game, evolve_step, source, index)
    return [source]


def _self_to_orb(game, step, source, stack):
    game.state.place_orb(game.policy.choose_column(game, source), source)
    return [source]


def discounted_skills(game, mask: int, reduction: int, source) -> list:
    """The hand skills "use it for N less" may use now (`cards: "any"`): of an attribute in
    `mask`, with play steps, a pet of their attribute in play (PAD-1.2) and their cost
    less `reduction` payable (PAD-4.3.1); never the discount skill itself."""
    state = game.state
    payable = -1
    options = []
    for card in state.hand:
        if card is source or not (card.is_skill and card.play_steps and card.attr_mask & mask):
            continue
        if card.cost > reduction:
            if payable < 0:
                payable = state.payable()
            if card.cost - reduction > payable:
                continue
        if game.attribute_in_play(card.attr_mask):
            options.append(card)
    return options


def cost_reduction_options(game, step, source) -> list[tuple[int | None, object]]:
    """(pet index, hand pet) evolutions, then (None, hand skill) uses with `cards: "any"`,
    that a `cost_reduction` step may make now at the reduced cost."""
    mask = reduction_mask(step, source)
    options: list[tuple[int | None, object]] = list(game.cheaper_evolutions(mask, step.amount))
    if step.any_card:
        options += [(None, card) for card in discounted_skills(game, mask, step.amount, source)]
    return options


def _cost_reduction(game, step, source, stack):
    # PAD-4.3: "choose a <colour> monster from your hand and evolve it for 1 less cost"
    # evolves now; "… a <Colour> card … use it" may also use a skill now (PAD-1.2 and
    # PAD-4.3.1 as for any skill, its cost less the amount). No discount is left for later.
    options = cost_reduction_options(game, step, source)
    pick = game.policy.choose_cheaper_play(game, options, step.amount) if options else None
    if pick is None:
        return []
    index, card = pick
    if index is None:
        game.use_skill(card, card.play_steps, "skill", None, reduction=step.amount)
    else:
        game.evolve(index, card, reduction=step.amount)
    return [card]


ACTIONS = {
    "draw": _draw,
    "draw_until": _draw_until,
    "heal": _heal,
    "deck_to_orb": _deck_to_orb,
    "hand_to_orb": _hand_to_orb,
    "deck_to_discard": _deck_to_discard,
    "hand_to_discard": _hand_to_discard,
    "discard_to_hand": _discard_to_hand,
    "discard_to_orb": _discard_to_orb,
    "reveal_top": _reveal_top,
    "look_top": _look_top,
    "swap_hand_orb": _swap_hand_orb,
    "refill_column": _refill_column,
    "extra_damage": _extra_damage,
    "extra_combo": _extra_combo,
    "attack_bonus": _attack_bonus,
    "extra_attack": _extra_attack,
    "untap": _untap,
    "discard_for_combo": _discard_for_combo,
    "devolve": _devolve,
    "evolve_self": _evolve_self,
    "self_to_orb": _self_to_orb,
    "cost_reduction": _cost_reduction,
}
