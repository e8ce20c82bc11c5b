"""Policy choices for the own-side effects (engine/pad/own_effects.py), as mixins of the
policies of engine/pad/policies.py: `OwnChoices` gives each hook a legal, simple default
(take the first option, no optional plays), `GreedyOwnChoices` the greedy policy's
choices, on the greedy scoring model (keep values and placement tables, see
engine/pad/policies.py):

- untap: the tapped pets with the highest defence (the best blockers);
- buff targets ("choose 1 of your Fire monsters"): the pet that hits hardest;
- from the discard pile, "look at the top 3, keep 1": the card worth keeping most; to an
  orb column: the card and column that score best as a placement;
- swap a hand card with a column's top card: only when the kept value plus the
  placement value gains (always one swap when the text is not optional);
- discard cards lighting a colour for extra combos: spare cards (keep value 0), only for
  a pet that attacks this turn, up to the 6-combo row (PAD-4.5.1);
- discard costs: paid with spare cards only; evolve a pet from life (`evolve_self`):
  yes; a drawn life card to an orb column (`self_to_orb`): only a card not worth keeping;
- devolving an own pet and refilling a column are never wanted (the effect skill is not
  played); when a step forces them, the weakest pet / the column without a ready combo
  holding most cards.
"""

from __future__ import annotations

ATTRIBUTE_BITS = 0b011111
MAX_ROW = 6  # PAD-4.5.1: the attack table stops at 6 combos


class OwnChoices:
    """Legal defaults: the first option, no optional plays."""

    def choose_untap(self, game, count: int, candidates: list[int] | None = None) -> list[int]:
        if candidates is None:
            candidates = [i for i, stack in enumerate(game.state.pets) if stack.tapped]
        return candidates[:count]

    def choose_buff_target(self, game, source, candidates: list[int] | None = None) -> list[int]:
        if candidates is None:
            candidates = attribute_pets(game, source)
        return candidates[:1]

    def choose_count(self, game, step, most: int) -> int:
        """An "any number" step: how many times it runs (0 … most)."""
        return 0

    def choose_from_discard(self, game, cards=None, optional: bool = False):
        cards = game.state.discard if cards is None else cards
        return None if optional or not cards else cards[-1]

    def choose_discard_orb(self, game, cards, optional: bool):
        return None if optional else (cards[-1], self.choose_column(game, cards[-1]))

    def choose_look_top(self, game, cards):
        return cards[0]

    def choose_swap(self, game, optional: bool):
        """(hand card, column) to swap with that column's top card, or None."""
        columns = [i for i, column in enumerate(game.state.columns) if column]
        if optional or not columns:
            return None
        return game.state.hand[0], columns[0]

    def choose_combo_discards(self, game, cards, index: int) -> list:
        return []

    def choose_refill_column(self, game) -> int | None:
        return next((i for i, column in enumerate(game.state.columns) if column), None)

    def choose_devolve(self, game, candidates: list[int]) -> int | None:
        return candidates[0]

    def choose_self_evolution(self, game, card, targets: list[int]) -> int | None:
        return targets[0]

    def choose_cost_discards(self, game, count: int, source) -> list | None:
        return None

    def wants_own(self, game, card, step) -> bool:
        """Whether a main-phase skill's own-side step is worth playing now."""
        return False


def attribute_pets(game, source) -> list[int]:
    """The pets a skill without scope or target may buff: of its attribute (any pet for a
    skill without one)."""
    mask = source.attr_mask
    return [i for i, stack in enumerate(game.state.pets) if not mask or stack.top.attr_mask & mask]


class GreedyOwnChoices(OwnChoices):
    """The greedy policy's own-effect choices (see the module docstring)."""

    def choose_untap(self, game, count: int, candidates: list[int] | None = None) -> list[int]:
        pets = game.state.pets
        if candidates is None:
            candidates = [i for i, stack in enumerate(pets) if stack.tapped]
        return sorted(candidates, key=lambda i: (-pets[i].top.defense, i))[:count]

    def choose_buff_target(self, game, source, candidates: list[int] | None = None) -> list[int]:
        from engine.pad.policies import card_value

        if candidates is None:
            candidates = attribute_pets(game, source)
        if not candidates:
            return []
        pets = game.state.pets
        return [max(candidates, key=lambda i: (card_value(pets[i].top), -i))]

    def choose_count(self, game, step, most: int) -> int:
        return 0 if step.action in ("deck_to_discard", "hand_to_discard") else most

    def choose_from_discard(self, game, cards=None, optional: bool = False):
        cards = game.state.discard if cards is None else cards
        if not cards:
            return None
        keep = self.keep_values(game, cards)
        return cards[max(range(len(cards)), key=lambda i: (keep[i], -i))]

    def choose_discard_orb(self, game, cards, optional: bool):
        best, best_score = None, None
        keep = self.keep_values(game, cards)
        for card, kept in zip(cards, keep, strict=True):
            column, score = self.best_column(game, card)
            if best_score is None or score - kept > best_score:
                best, best_score = (card, column), score - kept
        return best

    def choose_look_top(self, game, cards):
        keep = self.keep_values(game, cards)
        return cards[max(range(len(cards)), key=lambda i: (keep[i], -i))]

    def swap_gain(self, game):
        """(gain, hand card, column) of the best swap of a hand card with a column's top:
        kept value won + placement value won; None with an empty hand or orb area."""
        state = game.state
        hand = state.hand
        tops = [(i, column[-1]) for i, column in enumerate(state.columns) if column]
        if not hand or not tops:
            return None
        kept, _ = self.placement_tables(game)
        keep = self.keep_values(game, hand + [top for _, top in tops])
        best = None
        for position, (column, top) in enumerate(tops):
            tally = list(state.counts[column])
            for colour in top.orbs:
                tally[colour] -= 1
            top_value = sum(kept[c][tally[c]] for c in top.orbs) - keep[len(hand) + position]
            for card, card_keep in zip(hand, keep, strict=False):
                value = sum(kept[c][tally[c]] for c in card.orbs) - card_keep
                if best is None or value - top_value > best[0]:
                    best = (value - top_value, card, column)
        return best

    def choose_swap(self, game, optional: bool):
        best = self.swap_gain(game)
        if best is None or (optional and best[0] <= 0):
            return None
        return best[1], best[2]

    def choose_combo_discards(self, game, cards, index: int) -> list:
        stack = game.state.pets[index]
        if not stack.top.attr_mask & game.made_mask & ATTRIBUTE_BITS:
            return []  # it does not attack this turn
        room = MAX_ROW - game.combos - stack.extra_combo
        keep = self.keep_values(game, cards)
        spare = [card for card, kept in zip(cards, keep, strict=True) if not kept]
        return spare[: max(room, 0)]

    def choose_refill_column(self, game) -> int | None:
        state = game.state
        options = [i for i, column in enumerate(state.columns) if column]
        if not options:
            return None
        return max(options, key=lambda i: (max(state.counts[i]) < 3, len(state.columns[i]), -i))

    def choose_devolve(self, game, candidates: list[int]) -> int | None:
        from engine.pad.policies import card_value

        pets = game.state.pets
        return min(candidates, key=lambda i: (card_value(pets[i].top), i))

    def choose_cost_discards(self, game, count: int, source) -> list | None:
        hand = game.state.hand
        keep = self.keep_values(game, hand)
        spare = [card for card, kept in zip(hand, keep, strict=True) if not kept]
        return spare[:count] if len(spare) >= count else None

    def wants_own(self, game, card, step) -> bool:
        state, action = game.state, step.action
        if action in ("reveal_top", "look_top"):
            return True
        if action == "draw_until":
            return len(state.hand) - 1 < step.amount  # the skill itself leaves the hand
        if action == "swap_hand_orb":
            best = self.swap_gain(game)
            return best is not None and best[0] > 0 and best[1] is not card
        if action == "discard_to_orb":
            return any(step.fits(other) for other in state.discard)
        if action in ("attack_bonus", "extra_attack"):
            return self._likely_attacker(game, card)
        return False
