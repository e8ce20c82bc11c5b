"""A policy that plays uniformly at random among the legal actions (PAD-7.3).

Every decision draws from the game's own `Random` (`game.rng`), so games stay
deterministic. Where a decision is "do something or stop" (setup exchanges, main-phase
plays, defence skills, the optional orb add), stopping is one more option drawn with the
same chance as each action. The invariant tests use it for either side: it reaches
states greedy play never does (evolving with every payment, blocking with odd sets,
emptying its hand into the orb area).
"""

from __future__ import annotations

from itertools import combinations

from engine.pad.cards import PadCard
from engine.pad.defence import can_block
from engine.pad.policies import Policy


class RandomPolicy(Policy):
    name = "random"
    description = "plays uniformly at random among legal actions"

    # --- setup --------------------------------------------------------------------
    def setup_exchange(self, game) -> None:
        rng, state = game.rng, game.state
        while True:
            options = [
                (card, column)
                for card in state.hand
                for column in range(len(state.columns))
                if len(state.columns[column]) == 1
            ]
            pick = rng.randrange(len(options) + 1)
            if pick == len(options):
                return
            game.exchange(*options[pick])

    def choose_untap(self, game, count: int) -> list[int]:
        tapped = [i for i, stack in enumerate(game.state.pets) if stack.tapped]
        return game.rng.sample(tapped, min(count, len(tapped)))

    # --- main phase ---------------------------------------------------------------
    def main_phase(self, game) -> None:
        # Ends: every action takes a card from the hand (an evolution or a skill).
        state = game.state
        while True:
            options: list = [
                (index, card)
                for card in state.hand
                if card.is_pet
                for index in range(len(state.pets))
                if game.can_evolve(index, card)
            ]
            options += [card for card in state.hand if game.can_play(card)]
            pick = game.rng.randrange(len(options) + 1)
            if pick == len(options):
                return
            option = options[pick]
            if isinstance(option, tuple):
                game.evolve(*option)
            else:
                game.play_skill(option)

    def choose_payment(self, game, cost: int) -> list[int]:
        rng, payment = game.rng, []
        spare = [len(column) - 1 for column in game.state.columns]
        for _ in range(cost):
            columns = [i for i, left in enumerate(spare) if left > 0]
            if not columns:
                break
            column = rng.choice(columns)
            spare[column] -= 1
            payment.append(column)
        return payment

    # --- puzzle phase -------------------------------------------------------------
    def choose_column(self, game, card: PadCard) -> int:
        return game.rng.randrange(len(game.state.columns))

    def choose_orb_add(self, game) -> tuple[PadCard, int] | None:
        return self.pick_hand_orb(game, optional=True)

    def pick_hand_orb(self, game, optional: bool) -> tuple[PadCard, int] | None:
        hand, columns = game.state.hand, len(game.state.columns)
        if not hand:
            return None
        pick = game.rng.randrange(len(hand) * columns + optional)
        if pick == len(hand) * columns:
            return None
        return hand[pick // columns], pick % columns

    # --- effects and cleanup ------------------------------------------------------
    def choose_hand_discards(self, game, count: int, optional: bool) -> list[PadCard]:
        rng, hand = game.rng, game.state.hand
        if optional:
            count = rng.randint(0, count)
        return rng.sample(hand, min(count, len(hand)))

    def choose_from_discard(self, game) -> PadCard | None:
        discard = game.state.discard
        return game.rng.choice(discard) if discard else None

    def choose_buff_target(self, game, source: PadCard) -> list[int]:
        targets = [
            i
            for i, stack in enumerate(game.state.pets)
            if not source.attr_mask or stack.top.attr_mask & source.attr_mask
        ]
        return [game.rng.choice(targets)] if targets else []

    def choose_cheaper_evolution(self, game, options, reduction):
        return game.rng.choice(options)

    def choose_opponent_pet(self, game, targets: list[int], purpose: str) -> int:
        return game.rng.choice(targets)

    def choose_opponent_column(self, game, columns: list[int]) -> int:
        return game.rng.choice(columns)

    # --- the defender's side ------------------------------------------------------
    def choose_defence_skills(self, game, attack: int) -> list[PadCard]:
        usable = [card for card in game.state.hand if game.can_use_defence_skill(card)]
        pick = game.rng.randrange(len(usable) + 1)
        return [] if pick == len(usable) else [usable[pick]]

    def choose_blockers(self, game, attack: int) -> list[int]:
        """No block, or any set of active pets whose total defence is strictly greater."""
        pets = game.state.pets
        active = [i for i, stack in enumerate(pets) if not stack.tapped]
        options = [
            list(chosen)
            for size in range(1, len(active) + 1)
            for chosen in combinations(active, size)
            if can_block(attack, (pets[i].top.defense for i in chosen))
        ]
        pick = game.rng.randrange(len(options) + 1)
        return [] if pick == len(options) else options[pick]

    def use_damage_effect(self, game, card: PadCard) -> bool:
        return game.rng.random() < 0.5
