"""`RandomPolicy` ("random"): every decision uniformly at random among the legal ones,
drawn from the game's Random so games stay deterministic. The invariant tests use it to
reach states a sensible policy never does (give-ups, short Net Oceans, options spent for
nothing, empty hands).

Each hook is one decision: a subset (which hand cards and slots to discard, DGM-4.1
step 1) is uniform over all subsets; a sequence (consecutive evolutions, options into
slots, battle plays) is a run of uniform choices, each among "stop" and every legal next
action.
"""

from __future__ import annotations

from engine.digimon.cards import III, DigimonCard
from engine.digimon.policies import Policy
from engine.digimon.state import SLOTS


class RandomPolicy(Policy):
    name = "random"
    description = "plays uniformly at random among legal actions"

    def choose_level_iii(self, game, candidates: list[DigimonCard]) -> DigimonCard:
        return game.rng.choice(candidates)

    def choose_discards(self, game) -> tuple[list[DigimonCard], list[int]]:
        rng, state = game.rng, game.state
        cards = [card for card in state.hand if rng.random() < 0.5]
        slots = [
            slot for slot in range(SLOTS) if state.slots[slot] is not None and rng.random() < 0.5
        ]
        return cards, slots

    def choose_swap(self, game) -> DigimonCard | None:
        state = game.state
        if len(state.box) != 1:
            return None
        return game.rng.choice([None, *(c for c in state.hand if c.level == III)])

    def plan_evolution(self, game) -> None:
        state = game.state
        top = state.box[-1] if not state.evolving else state.evolving[-1]
        while True:
            children = [card for card in state.hand if card in top.children]
            card = game.rng.choice([None, *children])
            if card is None:
                return
            game.choose_evolution(card)
            top = card

    def choose_options(self, game) -> list[DigimonCard]:
        state = game.state
        free = state.slots.count(None)
        pool = [card for card in state.hand if card.is_option or card.is_combo]
        chosen: list[DigimonCard] = []
        while free and pool:
            card = game.rng.choice([None, *pool])
            if card is None:
                break
            pool.remove(card)
            chosen.append(card)
            free -= 1
        return chosen

    def choose_requirement_discards(self, game, pool: list, count: int) -> list[DigimonCard]:
        return game.rng.sample(pool, count)

    def confirm_evolution(self, game, card: DigimonCard) -> bool:
        return game.rng.random() < 0.5

    def choose_evolution_options(self, game) -> list[int]:
        state = game.state
        return [
            slot
            for slot in range(SLOTS)
            if (card := state.slots[slot]) is not None
            and card.is_option
            and card.evolution_timing
            and not (state.used[slot] or state.lasting[slot])
            and game.rng.random() < 0.5
        ]

    def choose_battle_play(self, game) -> tuple[str, object] | None:
        return game.rng.choice([None, *battle_plays(game)])


def battle_plays(game) -> list[tuple[str, object]]:
    """DGM-4.4: every legal play of the acting side (passing is the other choice)."""
    state = game.state
    plays: list[tuple[str, object]] = []
    for slot in range(SLOTS):
        card = state.slots[slot]
        if card is None or state.used[slot] or state.lasting[slot]:
            continue
        if card.is_combo:
            if game.combo_parts(slot) is not None:
                plays.append(("combo", slot))
        elif not card.evolution_timing:
            plays.append(("option", slot))
    plays += [("support", card) for card in dict.fromkeys(state.hand) if card.support_steps]
    return plays
