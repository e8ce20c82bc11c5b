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
from engine.pad.defence_policy import RandomOpponentChoices
from engine.pad.own_policy import attribute_pets
from engine.pad.policies import Policy


class RandomPolicy(RandomOpponentChoices, Policy):
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

    def choose_untap(self, game, count: int, candidates: list[int] | None = None) -> list[int]:
        if candidates is None:
            candidates = [i for i, stack in enumerate(game.state.pets) if stack.tapped]
        return game.rng.sample(candidates, min(count, len(candidates)))

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

    def pick_hand_orb(
        self, game, optional: bool, cards: list[PadCard] | None = None
    ) -> tuple[PadCard, int] | None:
        hand = game.state.hand if cards is None else cards
        columns = len(game.state.columns)
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

    def choose_from_discard(self, game, cards=None, optional: bool = False):
        cards = game.state.discard if cards is None else cards
        return _one_or_none(game.rng, cards, optional)

    def choose_buff_target(self, game, source: PadCard, candidates=None) -> list[int]:
        if candidates is None:
            candidates = attribute_pets(game, source)
        return [game.rng.choice(candidates)] if candidates else []

    # --- own-side effects (engine/pad/own_effects.py) -------------------------------
    def choose_count(self, game, step, most: int) -> int:
        return game.rng.randint(0, most)

    def choose_discard_orb(self, game, cards, optional: bool):
        card = _one_or_none(game.rng, cards, optional)
        return None if card is None else (card, game.rng.randrange(len(game.state.columns)))

    def choose_look_top(self, game, cards):
        return game.rng.choice(cards)

    def choose_swap(self, game, optional: bool):
        columns = [i for i, column in enumerate(game.state.columns) if column]
        options = [(card, column) for card in game.state.hand for column in columns]
        return _one_or_none(game.rng, options, optional)

    def choose_combo_discards(self, game, cards, index: int) -> list:
        return game.rng.sample(cards, game.rng.randint(0, len(cards)))

    def choose_refill_column(self, game) -> int | None:
        columns = [i for i, column in enumerate(game.state.columns) if column]
        return game.rng.choice(columns) if columns else None

    def choose_devolve(self, game, candidates: list[int]) -> int | None:
        return game.rng.choice(candidates)

    def choose_self_evolution(self, game, card, targets: list[int]) -> int | None:
        return game.rng.choice(targets)

    def choose_cost_discards(self, game, count: int, source) -> list | None:
        if game.rng.random() < 0.5:
            return None
        return game.rng.sample(game.state.hand, count)

    def choose_cheaper_play(self, game, options, reduction):
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

    def choose_defence_evolution(self, game, attack: int) -> tuple[int, PadCard] | None:
        """Any legal evolution or none, uniformly."""
        options = game.defence_evolutions()
        pick = game.rng.randrange(len(options) + 1) if options else 0
        return None if pick == len(options) else options[pick]

    def choose_answer_order(self, game, attackers: list[tuple[int, int, int]]) -> list[int]:
        """PAD-4.5.2: any attacker next, each time: a uniform order."""
        order = [index for index, _attack, _points in attackers]
        game.rng.shuffle(order)
        return order

    def choose_blockers(self, game, attack: int) -> list[int]:
        """No block, or any set of pets allowed to guard (`PadGame.guard_options`) whose
        total defence is strictly greater."""
        defences = dict(game.guard_options())
        options = [
            list(chosen)
            for size in range(1, len(defences) + 1)
            for chosen in combinations(defences, size)
            if can_block(attack, (defences[i] for i in chosen))
        ]
        pick = game.rng.randrange(len(options) + 1)
        return [] if pick == len(options) else options[pick]

    def use_damage_effect(self, game, card: PadCard) -> bool:
        return game.rng.random() < 0.5


def _one_or_none(rng, options: list, optional: bool):
    """One option at random; with `optional`, none is one more option."""
    pick = rng.randrange(len(options) + optional) if options else 0
    return None if pick == len(options) else options[pick]
