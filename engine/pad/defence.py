"""The defender's side of an attack (RULES.md PAD-4.5.2, PAD-4.5.3, PAD-6.1), as a mixin
of `PadGame`: the verbs a player runs while the *opponent* attacks it.

- `receive_attack(attacker, attack, points)`: one attack of the opponent's pet stack
  `attacker`: immunity (`damage_immunity`), the defence declaration (`defend`), negated
  damage (`negate_damage`), the damage (`take_damage`) and the `damaged` triggers, as
  engine/pad/opponent.py describes them. Decks whose cards use none of that vocabulary
  take the plain path: defend, then take the damage.
- `defend(attack)`: the policy may first use defence-type skills from hand (PAD-1.3), each
  paid from the orb area (PAD-4.3.1) and only with a pet of its attribute in play
  (PAD-1.2), and `guard_declaration` steps; then it may tap active pets allowed to guard
  (`unblockable`) whose total defence (printed, this turn's changes, `guard_bonus`) is
  strictly greater than the attack to block it (PAD-4.5.2). Tapped pets cannot block
  (PAD-4.1); a `guard_multiple` pet is not tapped by guarding. Blockers' `guard` steps run
  after the block.
- `take_damage(points)`: per point the top life card is drawn; a card with damage-type
  steps may trigger (the policy decides; a skill needs a pet of its attribute, and any
  printed cost is paid) and then goes to the discard pile, any other card goes to the
  hand (`life_to_discard` of the attacker: every card to the discard pile, untriggered).
  A `last_stand` pet refills an emptied life area. With an empty life area afterwards
  the player has lost (PAD-6.1): a last life card that heals keeps it in the game.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.errors import IllegalAction
from engine.pad import effects
from engine.pad.opponent import Opposition, defence_of, end_turn_effects


def can_block(attack: int, defences: Iterable[int]) -> bool:
    """PAD-4.5.2: blockers stop an attack when their total defence is strictly greater."""
    return sum(defences) > attack


class Defender:
    """Mixed into `PadGame` (which provides state, policy, log, attribute_in_play …)."""

    __slots__ = ()

    def init_opposition(self, cards) -> None:
        """The side's engine/pad/opponent.py state (`cards`: its team and deck)."""
        self.opposition = Opposition(cards)

    def end_turn_effects(self) -> None:
        """A turn starts: effects lasting "until the end of the turn" end (both sides)."""
        end_turn_effects(self)

    def can_use_defence_skill(self, card) -> bool:
        """PAD-1.2/1.3: a defence-type skill in hand, payable, with a pet of its attribute."""
        return (
            card.is_skill
            and bool(card.defence_steps)
            and card.cost <= self.state.payable()
            and self.attribute_in_play(card.attr_mask)
        )

    def play_defence_skill(self, card, payment: list[int] | None = None) -> None:
        """PAD-4.5.2: use a defence-type skill at the defence declaration: pay its cost,
        run its defence steps, discard it."""
        if card not in self.state.hand or not card.is_skill or not card.defence_steps:
            raise IllegalAction(f"{card.name} is not a defence skill in hand.")
        self.use_skill(card, card.defence_steps, "defence_skill", payment)

    def defence_evolutions(self) -> list[tuple[int, object]]:
        """PAD-1.3 defence type of a pet: the (pet index, hand card) evolutions it may make
        at this guard declaration (its cost payable, its ultimate requirement in hand, each
        pet once in the opponent's turn)."""
        state, options = self.state, []
        for card in state.hand:
            if not card.defence_evolves or (card.cost and card.cost > state.payable()):
                continue
            if card.requirement is not None and self.requirement_card(card) is None:
                continue
            for index, stack in enumerate(state.pets):
                if stack.top.identity == card.evolves_from and stack.evolved_on != -self.turn:
                    options.append((index, card))
        return options

    def defence_evolve(self, index: int, card, payment: list[int] | None = None) -> None:
        """Evolve into a hand pet of the defence type at the guard declaration: paid and
        placed as PAD-4.3 says (the evolved pet is active, its evolve effects run)."""
        if not card.defence_evolves:
            raise IllegalAction(f"{card.name} cannot evolve in the opponent's turn.")
        self.evolve(index, card, payment, defending=True)

    # --- one attack -------------------------------------------------------------------
    def receive_attack(self, attacker, attack: int, points: int) -> int:
        """PAD-4.5.2 and PAD-4.5.3 for one attack of the opponent's pet stack `attacker`
        (attack value `attack`, `points` of damage unblocked). Returns the life removed."""
        opposition = self.opposition
        if not (opposition.active or self.opponent.opposition.active):
            return 0 if self.defend(attack) else self.take_damage(points)
        opposition.attacker = attacker
        opposition.guarded = False
        try:
            if self.immune(attacker, attack):
                if self.log is not None:
                    self.event("immune", [attacker.top.name], attack=attack)
                return 0
            if self.defend(attack):
                return 0
            if opposition.evolvers and self.immune(attacker, attack):
                return 0  # a pet evolved at the guard declaration is immune
            dealt = self.take_damage(self.negate(points))
            if dealt and not self.lost:
                self.pet_triggers("damaged")
            return dealt
        finally:
            opposition.attacker = None

    def immune(self, attacker, attack: int) -> bool:
        """`damage_immunity` of an own pet: no damage from this attacker."""
        for stack in self.state.pets:
            traits = stack.top.traits
            if traits is not None:
                for step in traits.damage_immunity:
                    if (
                        (step.max_attack is None or attack <= step.max_attack)
                        and (not step.tapped_only or attacker.tapped)
                        and (step.max_stage is None or attacker.top.stage <= step.max_stage)
                    ):
                        return True
        return False

    def negate(self, points: int) -> int:
        """`negate_damage`: the policy may discard `discard_cost` cards per `amount`
        points negated; returns the points left."""
        state = self.state
        for stack in state.pets:
            traits = stack.top.traits
            if traits is None:
                continue
            for step in traits.negate:
                cost = max(1, step.discard_cost)
                most = min(-(-points // max(1, step.amount)), len(state.hand) // cost)
                times = self.policy.choose_negations(self, step, points, most) if most else 0
                times = max(0, min(times, most))
                if not times:
                    continue
                paid = self.policy.choose_hand_discards(self, cost * times, optional=False)
                if len(paid) != cost * times:
                    continue
                for card in paid:
                    state.hand.remove(card)
                    state.discard.append(card)
                negated = min(points, times * max(1, step.amount))
                points -= negated
                if self.log is not None:
                    self.event(
                        "negate_damage",
                        [stack.top.name],
                        paid=[c.name for c in paid],
                        negated=negated,
                    )
        return points

    def pet_triggers(self, kind: str, indices: Iterable[int] | None = None) -> None:
        """Run the `kind` steps (a `Traits` field) of own pets on top of their stacks."""
        pets = self.state.pets
        for index in range(len(pets)) if indices is None else indices:
            top = pets[index].top
            if top.traits is not None:
                for step in getattr(top.traits, kind):
                    effects.run(self, step, top, index)

    # --- PAD-4.5.2 ----------------------------------------------------------------------
    def guard_options(self) -> list[tuple[int, int]]:
        """(pet index, defence) of the own pets that may guard the current attack:
        active ones (PAD-4.1), not barred by the attacker's `unblockable`, with their
        current defence plus any `guard_bonus` against the attacker. Asked several times
        per attack: the common cases (no traits, no defence change) are one list."""
        pets = self.state.pets
        opposition = self.opposition
        attacker = opposition.attacker
        if attacker is None or not (opposition.active or self.opponent.opposition.active):
            if not opposition.defence_changed:
                return [(i, stack.top.defense) for i, stack in enumerate(pets) if not stack.tapped]
            return [(i, defence_of(stack)) for i, stack in enumerate(pets) if not stack.tapped]
        top = attacker.top
        barred = top.traits.unblockable if top.traits is not None else ()
        colours = top.attr_mask
        options = []
        for index, stack in enumerate(pets):
            if stack.tapped:
                continue
            if barred and any(_bars(step, stack) for step in barred):
                continue
            traits = stack.top.traits
            if traits is not None and traits.cannot_guard:
                continue
            defence = stack.top.defense + stack.defence_change  # as defence_of, inlined
            if defence < 0:
                defence = 0
            if traits is not None and traits.guard_bonus:
                for step in traits.guard_bonus:
                    if step.colour is None or colours >> step.colour & 1:
                        defence += step.amount
            options.append((index, defence))
        return options

    def guard_declaration(self, attack: int) -> None:
        """`guard_declaration` steps of own pets: each one the policy wants runs (its
        `discard_cost` paid by the policy, else it does not run)."""
        pets = self.state.pets
        for index in range(len(pets)):
            top = pets[index].top
            if top.traits is not None:
                for step in top.traits.guard_declaration:
                    if self.policy.use_guard_declaration(self, top, step, attack):
                        effects.run(self, step, top, index)

    def defend(self, attack: int) -> bool:
        """PAD-4.5.2 as the defender: defence skills and guard declarations, then
        blockers. True if blocked."""
        state, opposition = self.state, self.opposition
        self.phase, self.step = "attack", "defence"
        for card in self.policy.choose_defence_skills(self, attack):
            self.play_defence_skill(card)
        if opposition.attack_change:  # `opponent_attack`: this attack is lowered
            attack, opposition.attack_change = attack + opposition.attack_change, 0
            if attack <= 0:  # PAD-4.5.3: an attack of 0 deals no damage
                if self.log is not None:
                    self.event("attack_lowered", [], attack=0)
                return True
        if opposition.evolvers:
            pick = self.policy.choose_defence_evolution(self, attack)
            while pick is not None:
                self.defence_evolve(*pick)
                pick = self.policy.choose_defence_evolution(self, attack)
        if opposition.active:
            self.guard_declaration(attack)
        blockers = self.policy.choose_blockers(self, attack)
        if not blockers:
            return False
        if len(set(blockers)) != len(blockers):
            raise IllegalAction("PAD-4.5.2: each pet blocks once.")
        if any(state.pets[i].tapped for i in blockers):
            raise IllegalAction("PAD-4.1: only active pets can defend.")
        if self.opposition.attacker is None:  # the plain path: current defences
            defences = [defence_of(state.pets[i]) for i in blockers]
        else:
            options = dict(self.guard_options())
            if any(i not in options for i in blockers):
                raise IllegalAction("This attacker cannot be guarded by that pet.")
            defences = [options[i] for i in blockers]
        if not can_block(attack, defences):
            raise IllegalAction(
                "PAD-4.5.2: total defence must be strictly greater than the attack."
            )
        for index in blockers:
            traits = state.pets[index].top.traits
            if traits is None or not traits.guard_multiple:
                state.pets[index].tapped = True
        if self.log is not None:
            names = [state.pets[i].top.name for i in blockers]
            self.event("block", names, pets=list(blockers), attack=attack)
        opposition.guarded = True
        if opposition.active:
            self.pet_triggers("guard", blockers)
        return True

    # --- PAD-4.5.3 ----------------------------------------------------------------------
    def can_trigger(self, card) -> bool:
        """PAD-4.5.3: a drawn life card's damage steps can run (its cost payable; a skill
        needs a pet of its attribute, PAD-1.2)."""
        return card.cost <= self.state.payable() and (
            not card.is_skill or self.attribute_in_play(card.attr_mask)
        )

    def take_damage(self, points: int) -> int:
        """PAD-4.5.3 as the defender: per point, the top life card goes to hand, or runs
        its damage effect (if the policy wants it and can pay) and is discarded. PAD-6.1:
        with an empty life area afterwards, the player has lost. Returns the life cards
        taken."""
        state, policy = self.state, self.policy
        self.step = "damage"
        attacker = self.opposition.attacker
        to_discard = (
            attacker is not None
            and attacker.top.traits is not None
            and attacker.top.traits.life_to_discard
        )
        taken = 0
        for _ in range(points):
            if not state.life:
                break
            card = state.life.pop()
            taken += 1
            self.version += 1
            if to_discard:  # life_to_discard: not drawn, so no damage trigger
                state.discard.append(card)
                if self.log is not None:
                    self.event("life_to_discard", [card.name])
            elif (
                card.damage_steps
                and self.can_trigger(card)
                and policy.use_damage_effect(self, card)
            ):
                state.pay(policy.choose_payment(self, card.cost) if card.cost else [])
                state.played |= card.bit
                if self.log is not None:
                    self.event("damage_effect", [card.name])
                for step in card.damage_steps:
                    effects.run(self, step, card)
                if not card.places_itself:  # evolve_self / self_to_orb placed it
                    state.discard.append(card)
            else:
                state.hand.append(card)
                state.seen |= card.bit
                if self.log is not None:
                    self.event("life_to_hand", [card.name])
            if not state.life and self.opposition.active:
                self.last_stand()
        if not state.life:
            self.lost = True
        return taken

    def last_stand(self) -> None:
        """`last_stand`: an emptied life area gets the top card of such a pet."""
        for index, stack in enumerate(self.state.pets):
            traits = stack.top.traits
            if traits is not None and traits.last_stand and len(stack.cards) > 1:
                card = stack.cards.pop()
                stack.top = stack.cards[-1]
                self.state.life.append(card)
                self.version += 1
                if self.log is not None:
                    self.event("last_stand", [card.name], pet=index)
                return


def _bars(step, stack) -> bool:
    """An `unblockable` step bars this pet from guarding (no filter: every pet)."""
    top = stack.top
    if step.colour is not None and not top.attr_mask >> step.colour & 1:
        return False
    if step.max_defense is not None and defence_of(stack) > step.max_defense:
        return False
    return step.max_stage is None or top.stage <= step.max_stage
