"""The verbs a Digimon player uses during a round (DGM-4.1 … DGM-4.4), for the side that
is acting (`game.side`): swap the Level III, choose an evolution with its requirement,
set, use and combine options, play a support. Each checks the rules it owns and raises
`IllegalAction`; choices are the acting side's policy's. `DigimonGame` (rules.py) mixes
these in and runs the phases.
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.names import fold_key
from engine.digimon import effects
from engine.digimon.battle import FAILURES, NET_OCEAN, REQUIREMENT
from engine.digimon.cards import III, LEVELS, DigimonCard


class Plays:
    __slots__ = ()

    # --- DGM-4.1 ----------------------------------------------------------------------
    def swap_level_iii(self, card: DigimonCard) -> None:
        old = self.state.swap_level_iii(card)
        if self.log is not None:
            self.event("swap_level_iii", [card.name, old.name])

    def requirement_cards(self, card: DigimonCard, keep=()) -> list[DigimonCard] | None:
        """The hand cards that meet `card`'s other requirements (DGM-4.3), chosen by the
        policy where there is a choice, never `card` itself or one of `keep` (one copy
        each); None when the hand cannot meet them."""
        pool = list(self.state.hand)
        for reserved in (card, *keep):
            if reserved in pool:
                pool.remove(reserved)
        chosen: list[DigimonCard] = []
        discards = 0
        for kind, value in card.other:
            if kind == "discard":
                discards += value
                continue
            for index, other in enumerate(pool):
                if (kind == "card" and fold_key(value) in other.names) or (
                    kind == "type" and other.option_type == value
                ):
                    chosen.append(pool.pop(index))
                    break
            else:
                return None
        if discards:
            if len(pool) < discards:
                return None
            chosen += self.policy.choose_requirement_discards(self, pool, discards)
        return chosen

    def choose_evolution(self, card: DigimonCard, others: list[DigimonCard] | None = None):
        """DGM-4.1 step 3 / DGM-4.3: put `card` face down in the evolving box and its
        requirement in the requirement box: its ○ and × cards face down from the Net
        Ocean, and the hand cards of its other requirements. A short Net Ocean or missing
        requirement cards are recorded: the evolution will fail (DGM-4.2)."""
        self.count_action()
        state = self.state
        if card not in state.hand or card.level <= III:
            raise IllegalAction(f"DGM-4.1: {card.name} is not a Level IV+ Digimon in hand.")
        if card.other and others is None:
            others = self.requirement_cards(card)  # while `card` is still in hand
        state.hand.remove(card)
        ocean = state.net_ocean
        need = card.need
        taken = min(need, len(ocean))
        if taken:
            group = ocean[-taken:]
            del ocean[-taken:]
            group.reverse()  # the top card first
        else:
            group = []
        shortfall = NET_OCEAN if taken < need else None
        if card.other:
            if others is None:
                shortfall = REQUIREMENT if shortfall is None else shortfall
                others = []
            for other in others:
                state.hand.remove(other)
            group += others
        state.evolving.append(card)
        state.requirements.append(group)
        state.shortfalls.append(shortfall)
        state.taken.append(taken)
        if self.log is not None:
            self.event(
                "choose_evolution",
                [card.name],
                requirement=[c.name for c in group],
                circles=card.circles,
                crosses=card.crosses,
                short=FAILURES[shortfall] if shortfall is not None else None,
            )

    def set_option(self, card: DigimonCard) -> None:
        """DGM-4.1 step 4: an option from hand into an empty option slot."""
        state = self.state
        if card not in state.hand or not (card.is_option or card.is_combo):
            raise IllegalAction(f"DGM-4.1: {card.name} is not an option card in hand.")
        try:
            slot = state.slots.index(None)
        except ValueError:
            raise IllegalAction("DGM-4.1: every option slot is full.") from None
        state.hand.remove(card)
        state.slots[slot] = card
        state.used[slot] = state.lasting[slot] = False
        if self.log is not None:
            self.event("set_option", [card.name], slot=slot)

    # --- DGM-4.2 ----------------------------------------------------------------------
    def drop_unused_evolution_options(self) -> None:
        """DGM-4.2: an evolution-timing option not used in this phase is not used at all."""
        state = self.state
        gone = [
            state.discard_slot(slot)
            for slot, card in enumerate(state.slots)
            if card is not None
            and card.evolution_timing
            and not card.is_combo
            and not (state.used[slot] or state.lasting[slot])
        ]
        if gone and self.log is not None:
            self.event("unused_options", [card.name for card in gone], rule="DGM-4.2")

    def run_step(self, step, side: int, source: DigimonCard) -> bool:
        """A step outside a battle: points steps and evolutions at once, power steps wait
        for the battle of this round. False: an `evolve` step that evolved nothing."""
        if step.action == "evolve":
            return self.option_evolution(step, source)
        if step.action == "points_add":
            effects.apply(step, side, None, self.points, self.tops())
        else:
            self.pending.append((step, side))
        if self.log is not None:
            self.event("effect", [source.name], effect=step.action, amount=step.amount)
        return True

    def evolution_targets(self, step) -> list[DigimonCard]:
        """The hand Digimon an `evolve` step can evolve the box Digimon into (effects.py):
        of its level (the box's next by default), of its names, evolving from the box
        Digimon unless any line will do, and with the fusion partners the hand holds."""
        evolution = step.evolution
        state = self.state
        top = state.top
        if evolution is None or state.face_down:
            return []
        if evolution.from_level is not None and top.level != evolution.from_level:
            return []
        level = evolution.to_level if evolution.to_level is not None else top.level + 1
        found = []
        for card in state.hand:
            if (
                card.is_digimon
                and card.level == level
                and card not in found
                and (not evolution.names or not evolution.names.isdisjoint(card.names))
                and (evolution.any_line or card.evolves_from(top))
                and len(self.partners(step, card)) >= evolution.partner
            ):
                found.append(card)
        return found

    def partners(self, step, target: DigimonCard) -> list[DigimonCard]:
        """Hand Digimon of the box Digimon's level, `target` excepted (fusion partners)."""
        level = self.state.top.level
        pool = list(self.state.hand)
        pool.remove(target)
        return [card for card in pool if card.is_digimon and card.level == level]

    def option_evolution(self, step, source: DigimonCard, target=None) -> bool:
        """An evolution option's `evolve` step (DGM-1.2): the box Digimon evolves at once
        into `target` (the policy's choice among `evolution_targets`), with no requirement
        cards; fusion partners go to the Dark Area; the side may rest afterwards."""
        choices = self.evolution_targets(step)
        if target is None and choices:
            target = self.policy.choose_evolution_target(self, choices)
        if target is None or target not in choices:
            if self.log is not None:
                self.event("effect", [source.name], effect="evolve", target=None)
            return False
        state = self.state
        evolution = step.evolution
        partners = self.partners(step, target)[: evolution.partner] if evolution.partner else []
        state.hand.remove(target)
        for card in partners:
            state.discard_from_hand(card)
        old = state.place_evolution(target)
        if self.side == 0:
            self.evolutions[target.level] += 1
            if not self.first_reached[target.level]:
                self.first_reached[target.level] = self.round
        if evolution.rest:
            state.rest_round = self.round + evolution.rest
        if evolution.out_of_control:
            state.out_of_control = True
        if self.log is not None:
            self.event(
                "evolve",
                [target.name],
                level=LEVELS[target.level],
                discarded=[old.name] if old else [],
                requirement=[card.name for card in partners],
                option=source.name,
            )
        for evolve_step in target.evolve_steps:
            self.run_step(evolve_step, self.side, target)
        return True

    # --- options, combos, supports (DGM-1.2, DGM-1.3, DGM-4.4) -----------------------
    def use_option(self, slot: int) -> None:
        """Use the option in `slot` (DGM-4.2 for evolution timing, DGM-4.4 otherwise)."""
        state = self.state
        card = state.slots[slot]
        if card is None or state.used[slot] or state.lasting[slot] or card.is_combo:
            raise IllegalAction(f"Option slot {slot} holds no usable option.")
        in_battle = self.phase == "battle"
        if self.phase not in ("evolution", "battle") or card.evolution_timing == in_battle:
            raise IllegalAction(
                f"DGM-4.2: {card.name} is used in the {'evolution' if in_battle else 'battle'}"
                " phase."
            )
        state.used[slot] = True
        state.played |= card.bit
        if self.log is not None:
            self.event("use_option", [card.name], slot=slot)
        side = self.side
        for step in card.play_steps:
            if in_battle:
                self.battle_step(step, side, card)
            elif not self.run_step(step, side, card):
                # An evolution option's later steps are the evolution's price or reward
                # (究极进化!!: "perfect to ultimate, HP and VP −40 %"): no evolution, none.
                break

    def battle_step(self, step, side: int, source: DigimonCard) -> None:
        self.count_action()  # a play that feeds itself still ends (engine/core/limits.py)
        if step.action == "cannot_act" and step.rounds > 1:  # this round and the next ones
            self.timed.append((self.round + step.rounds - 1, step, side))
        effects.apply(step, side, self.battle, self.points, self.tops())
        if self.log is not None:
            self.event("effect", [source.name], effect=step.action, amount=step.amount)

    def combo_parts(self, slot: int) -> list | None:
        """DGM-1.3: where the combo in `slot` finds its components: ("slot", i) for another
        unused option slot, ("hand", card) for a hand card, ("box", card) for a component
        naming the box Digimon; None when a part is missing."""
        state = self.state
        combo = state.slots[slot]
        if combo is None or not combo.is_combo or state.used[slot] or not combo.components:
            return None
        parts: list = []
        taken_slots: set[int] = {slot}
        pool = list(state.hand)
        for name, quantity in combo.components:
            for _ in range(quantity):
                for index, card in enumerate(state.slots):
                    if (
                        card is not None
                        and index not in taken_slots
                        and not state.used[index]
                        and not state.lasting[index]
                        and name in card.names
                    ):
                        taken_slots.add(index)
                        parts.append(("slot", index))
                        break
                else:
                    for index, card in enumerate(pool):
                        if name in card.names:
                            parts.append(("hand", pool.pop(index)))
                            break
                    else:
                        if name in state.top.names:
                            parts.append(("box", state.top))
                        else:
                            return None
        return parts

    def complete_combo(self, slot: int) -> None:
        """DGM-1.3: the combo card in `slot` and all its components come together: the
        parts are spent (slot parts at point calculation, hand parts at once to the Dark
        Area) and the combo's steps apply."""
        parts = self.combo_parts(slot)
        if parts is None:
            raise IllegalAction("DGM-1.3: the combo's components are not all there.")
        state = self.state
        combo = state.slots[slot]
        state.used[slot] = True
        state.played |= combo.bit
        names = []
        for where, part in parts:
            if where == "slot":
                state.used[part] = True
                state.played |= state.slots[part].bit
                names.append(state.slots[part].name)
            elif where == "hand":
                state.discard_from_hand(part)
                state.played |= part.bit
                names.append(part.name)
            else:
                names.append(part.name)
        if self.side == 0:
            self.combos += 1
        if self.log is not None:
            self.event("combo", [combo.name], parts=names)
        for step in combo.combo_steps:
            self.battle_step(step, self.side, combo)

    def play_support(self, card: DigimonCard) -> None:
        """DGM-4.4: a Digimon from hand into the support box; its support steps apply."""
        state = self.state
        if card not in state.hand or not card.support_steps:
            raise IllegalAction(f"{card.name} has no support ability to use from hand.")
        state.hand.remove(card)
        state.support.append(card)
        if self.log is not None:
            self.event("support", [card.name])
        for step in card.support_steps:
            self.battle_step(step, self.side, card)

    def make_play(self, play: tuple[str, object]) -> None:
        """One battle-phase play a policy chose: ("option" | "combo", slot) or
        ("support", hand card)."""
        self.count_action()
        kind, what = play
        if kind == "option":
            self.use_option(what)
        elif kind == "combo":
            self.complete_combo(what)
        else:
            self.play_support(what)
