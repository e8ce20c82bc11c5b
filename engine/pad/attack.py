"""The attacker's side of the attack phase (RULES.md PAD-4.5), as a mixin of `PadGame`:
every pet of a colour combo'd this turn attacks (PAD-4.5.1), the defender picks the
attacker it answers next (PAD-4.5.2, engine/pad/defence.py answers it), continuous buffs
and the attacking pet's own triggers (`attack_damage`, `attack_guarded`) apply."""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.pad import effects
from engine.pad.cards import PadCard
from engine.pad.opponent import opponent_damaged
from engine.pad.own_effects import pet_targets

ATTRIBUTE_BITS = 0b011111  # heart combos never make a pet attack (PAD-5.5)
CONTINUOUS_SLOTS = {"extra_combo": 0, "extra_damage": 1, "attack_bonus": 2}


def attack_damage(card: PadCard, combos: int, extra_combo: int = 0, extra_damage: int = 0):
    """PAD-4.5.1/4.5.3: (attack, damage) of a pet at this turn's combo count: the row of
    its table (capped at 6), and 1 + the row's bonus damage when the attack is above 0."""
    row = min(combos + extra_combo, 6)
    attack = card.attack[row]
    return attack, (1 + card.bonus[row] + extra_damage) if attack > 0 else 0


class Attacker:
    """Mixed into `PadGame` (which provides state, opponent, policy, log, turn tallies …)."""

    __slots__ = ()

    # --- PAD-4.5 ------------------------------------------------------------------
    def attack_phase(self) -> None:
        self.phase = "attack"
        state, opponent = self.state, self.opponent
        if self.has_attack_start:  # "at the beginning of your attack phase"
            self.pet_steps("attack_start_steps")
        made = self.made_mask & ATTRIBUTE_BITS
        damage = attacks = 0
        if made:
            pets = state.pets
            extra = self.continuous_buffs() if self.has_continuous else None
            area = state.attack_area
            area.extend([i for i, pet in enumerate(pets) if pet.top.attr_mask & made])  # 4.5.1

            if len(area) > 1 and getattr(opponent, "policy", None) is not None:
                self.answer_order(area, extra)  # PAD-4.5.2: the defender picks
            for index in list(area):
                stack = pets[index]
                attack, points, bonus = self.declared_attack(index, extra)
                for _ in range(1 + stack.extra_attacks if attack > 0 else 0):
                    attack += bonus  # PAD-4.5.1: a bonus raises an attack, never makes one
                    bonus = 0
                    attacks += 1
                    if self.log is not None and self.seat is not None:
                        self.event("attack_declared", [stack.top.name], pet=index, attack=attack)
                    dealt = opponent.receive_attack(stack, attack, points)  # 4.5.2, 4.5.3
                    if dealt and self.opposition.lasting:  # "whenever … takes damage"
                        opponent_damaged(self)
                    if stack.top.traits is not None:  # "when this monster deals damage"
                        self.attack_triggers(stack, index, dealt)
                    damage += dealt
                    if self.log is not None:
                        self.event(
                            "attack", [stack.top.name], pet=index, attack=attack, damage=dealt
                        )
                    if opponent.lost:
                        break
                area.remove(index)  # PAD-4.5.4: back to the pet area
                if opponent.lost:  # PAD-6.1: the life area is empty after this attack
                    area.clear()
                    if self.log is not None:
                        self.event("win", [], opponent_life=0)
                    break
        self.turn_damage.append(damage + self.opposition.take_effect_damage())
        self.turn_attacks.append(attacks)
        if self.log is not None:
            self.snapshot()

    def attack_triggers(self, stack, index: int, dealt: int) -> None:
        """The attacker's `attack_damage` steps after its attack dealt damage, or its
        `attack_guarded` steps after the defender blocked it."""
        traits = stack.top.traits
        if dealt:
            steps = traits.attack_damage
        elif self.opponent.opposition.guarded:
            steps = traits.attack_guarded
        else:
            return
        for step in steps:
            effects.run(self, step, stack.top, index)

    def declared_attack(self, index: int, extra) -> tuple[int, int, int]:
        """(attack, damage points, attack bonus) of pet `index` at this turn's combos, with
        its own and the continuous (`extra`, from `continuous_buffs`) extra combos, extra
        damage and bonuses (PAD-4.5.1); the bonus is added to an attack above 0 only."""
        stack = self.state.pets[index]
        extra_combo, extra_damage = stack.extra_combo, stack.extra_damage
        bonus = stack.attack_bonus
        if extra is not None:
            extra_combo += extra[index][0]
            extra_damage += extra[index][1]
            bonus += extra[index][2]
        attack, points = attack_damage(stack.top, self.combos, extra_combo, extra_damage)
        return attack, points, bonus

    def answer_order(self, area: list[int], extra) -> None:
        """PAD-4.5.2: the defender picks which attacker it answers next, then its blockers.
        Its policy gives the order it will answer the attack area in, knowing each
        attacker's attack and damage as declared (`extra`: the continuous buffs); `area`
        is put in that order. With no active pet the defender cannot block, and it
        answers them as declared."""
        defender = self.opponent
        if all(stack.tapped for stack in defender.state.pets):
            return
        attackers = []
        for index in area:
            attack, points, bonus = self.declared_attack(index, extra)
            attackers.append((index, attack + bonus if attack > 0 else 0, points))
        order = defender.policy.choose_answer_order(defender, attackers)
        if sorted(order) != sorted(area):
            raise IllegalAction("PAD-4.5.2: the defender answers each attacker once.")
        area[:] = order

    def continuous_buffs(self) -> list[list[int]]:
        """[extra combo, extra damage, attack bonus] per pet from the continuous steps of
        pets in play whose conditions hold (`while_active`, `max_life`)."""
        buffs = [[0, 0, 0] for _ in self.state.pets]
        for index, stack in enumerate(self.state.pets):
            for step in stack.top.continuous_steps:
                slot = CONTINUOUS_SLOTS.get(step.action)
                if slot is None or (step.gated and not effects.holds(self, step, index)):
                    continue
                for target in pet_targets(self, step, stack.top, index):
                    buffs[target][slot] += step.amount
        return buffs
