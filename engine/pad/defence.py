"""The defender's side of an attack (RULES.md PAD-4.5.2, PAD-4.5.3, PAD-6.1), as a mixin
of `PadGame`: the verbs a player runs while the *opponent* attacks it.

- `defend(attack)`: the policy may first use defence-type skills from hand (PAD-1.3), each
  paid from the orb area (PAD-4.3.1) and only with a pet of its attribute in play
  (PAD-1.2); then it may tap active pets whose total defence is strictly greater than the
  attack to block it (PAD-4.5.2). Tapped pets cannot block (PAD-4.1).
- `take_damage(points)`: per point the top life card is drawn; a card with damage-type
  steps may trigger (the policy decides; a skill needs a pet of its attribute, and any
  printed cost is paid) and then goes to the discard pile, any other card goes to the
  hand. With an empty life area afterwards the player has lost (PAD-6.1): a last life
  card that heals keeps it in the game.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.errors import IllegalAction
from engine.pad import effects


def can_block(attack: int, defences: Iterable[int]) -> bool:
    """PAD-4.5.2: blockers stop an attack when their total defence is strictly greater."""
    return sum(defences) > attack


class Defender:
    """Mixed into `PadGame` (which provides state, policy, log, attribute_in_play …)."""

    __slots__ = ()

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

    def defend(self, attack: int) -> bool:
        """PAD-4.5.2 as the defender: defence skills, then blockers. True if blocked."""
        state = self.state
        self.phase, self.step = "attack", "defence"
        for card in self.policy.choose_defence_skills(self, attack):
            self.play_defence_skill(card)
        blockers = self.policy.choose_blockers(self, attack)
        if not blockers:
            return False
        if len(set(blockers)) != len(blockers):
            raise IllegalAction("PAD-4.5.2: each pet blocks once.")
        if any(state.pets[i].tapped for i in blockers):
            raise IllegalAction("PAD-4.1: only active pets can defend.")
        if not can_block(attack, (state.pets[i].top.defense for i in blockers)):
            raise IllegalAction(
                "PAD-4.5.2: total defence must be strictly greater than the attack."
            )
        for index in blockers:
            state.pets[index].tapped = True
        if self.log is not None:
            names = [state.pets[i].top.name for i in blockers]
            self.event("block", names, pets=list(blockers), attack=attack)
        return True

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
        taken = 0
        for _ in range(points):
            if not state.life:
                break
            card = state.life.pop()
            taken += 1
            self.version += 1
            if (
                card.damage_steps
                and self.can_trigger(card)
                and policy.use_damage_effect(self, card)
            ):
                state.pay(policy.choose_payment(self, card.cost) if card.cost else [])
                if self.log is not None:
                    self.event("damage_effect", [card.name])
                for step in card.damage_steps:
                    effects.run(self, step, card)
                state.discard.append(card)
            else:
                state.hand.append(card)
                state.seen |= card.bit
                if self.log is not None:
                    self.event("life_to_hand", [card.name])
        if not state.life:
            self.lost = True
        return taken
