"""Decision makers: every choice the rules leave to the player goes through a policy.

`Policy` gives each hook a legal, simple default. `GreedyPolicy` plays to deal damage as
soon as possible; `StoreOrbsPolicy` stores orbs for a large combo (PAD-5.4). Both share
one scoring model, documented here:

- Colour weight: 1 for every colour (each combo raises the total, so every pet's attack
  row, PAD-4.5.1) plus 4 per pet whose attribute or sub-attribute is that colour (a combo
  of its colour makes it attack). Heart also gets +4 below 5 life (PAD-4.4.4).
- Placing an orb card on a column (orb start, orb add, chain, effects): per colour the
  card lights and that no column has 3 of yet, 100 × weight if the column has 2 (the card
  completes a combo), 3 × weight if it has 1, 1 × weight if 0. A column that already made
  a combo this turn is cleaned down to its top card (PAD-4.6), so building there is worth
  only 1 × weight. Ties go to the lowest column.
- Keeping a hand card: the next evolution of a pet in play is never spent as an orb;
  a later evolution of a team pet's line is worth 100, a card named as an ultimate
  requirement 150, a skill whose effect the engine runs 40, anything else 0. An orb add
  spends the card maximising placement score − keep value.
"""

from __future__ import annotations

from operator import getitem

from engine.pad.cards import HEART, PadCard
from engine.pad.defence_policy import (
    GreedyOpponentChoices,
    OpponentChoices,
    greedy_blockers,
    plan_blocks,
)
from engine.pad.effects import OPPONENT_ACTIONS, opponent_targets
from engine.pad.opponent import life_for_devolve_price
from engine.pad.own_effects import cost_reduction_options, self_evolution_targets
from engine.pad.own_policy import GreedyOwnChoices, OwnChoices
from engine.pad.rules import combo_mask
from engine.pad.state import MAX_LIFE

COMPLETE = 100
GROW = (1, 3)
LOSS = (0, 1, 3, COMPLETE)  # losing a column's n-th orb of a colour, n = 0 … 3+
KEEP_NEXT = 10**6
KEEP_REQUIREMENT = 150
KEEP_FUTURE = 100
KEEP_SKILL = 40
_TABLES: dict[tuple, tuple] = {}  # (policy class, weights) → placement tables
ROW = 128  # table rows cover any count of a colour in a column (≥ 3: already done, 0)
NOTHING = (0,) * ROW
NOT_IN_COMBO = (False, False, False)


def _row(*values: int) -> tuple[int, ...]:
    return values + NOTHING[len(values) :]


def card_value(card: PadCard) -> int:
    """How much a pet hits: rows that attack, plus bonus damage counted twice."""
    return sum((card.attack[row] > 0) + 2 * card.bonus[row] for row in range(1, 7))


class Policy(OwnChoices, OpponentChoices):
    """The interface and simple, legal defaults (first column, no optional plays); the
    own-effect hooks are in engine/pad/own_policy.py."""

    name = "base"
    description = "Legal defaults: first column, no optional plays."
    options: dict[str, int] = {}

    def __init__(self, **options):
        for key, value in options.items():
            setattr(self, key, value)

    # setup and reset
    def setup_exchange(self, game) -> None:
        """PAD-3.4: swap hand cards with orb cards via `game.exchange`."""

    # main phase
    def main_phase(self, game) -> None:
        """PAD-4.3: call `game.evolve` / `game.play_skill` any number of times."""

    def choose_payment(self, game, cost: int) -> list[int]:
        payment, columns = [], game.state.columns
        for column in range(len(columns)):
            while len(payment) < cost and len(columns[column]) - payment.count(column) > 1:
                payment.append(column)
        return payment

    # puzzle phase
    def choose_column(self, game, card: PadCard) -> int:
        return 0

    def choose_orb_add(self, game) -> tuple[PadCard, int] | None:
        return None

    def pick_hand_orb(
        self, game, optional: bool, cards: list[PadCard] | None = None
    ) -> tuple[PadCard, int] | None:
        """A hand card (of `cards`, when an effect allows only some) and its column."""
        hand = game.state.hand if cards is None else cards
        return None if optional or not hand else (hand[0], self.choose_column(game, hand[0]))

    # effects and cleanup
    def choose_hand_discards(self, game, count: int, optional: bool) -> list[PadCard]:
        return [] if optional else game.state.hand[:count]

    def choose_cheaper_play(
        self, game, options: list[tuple[int | None, PadCard]], reduction: int
    ) -> tuple[int | None, PadCard] | None:
        """PAD-4.3 "evolve / use it for N less": one of the legal options — (pet, hand pet)
        evolutions, (None, hand skill) uses — or None."""
        return options[0]

    # effects on the opponent (PAD-7.2): `game` is the acting side, targets are legal
    def choose_opponent_pet(self, game, targets: list[int], purpose: str) -> int:
        """One of the opponent's pets (`purpose`: "tap", "return", "devolve", "devolve_deep",
        "defense")."""
        return targets[0]

    def choose_opponent_column(self, game, columns: list[int]) -> int:
        return columns[0]

    # the defender's side (never asked against the goldfish)
    def choose_defence_skills(self, game, attack: int) -> list[PadCard]:
        return []

    def choose_defence_evolution(self, game, attack: int) -> tuple[int, PadCard] | None:
        """PAD-1.3: one (pet index, hand card) of `game.defence_evolutions()` to make at
        this guard declaration, or None (asked again after each). Default: none."""
        return None

    def choose_answer_order(self, game, attackers: list[tuple[int, int, int]]) -> list[int]:
        """PAD-4.5.2: the order to answer the attackers in (each pick of "the attacker to
        answer next"), given as (opponent's pet index, attack, damage points) in the attack
        area's order; returns the pet indices. Default: as declared."""
        return [index for index, _attack, _points in attackers]

    def choose_blockers(self, game, attack: int) -> list[int]:
        return []

    def use_damage_effect(self, game, card: PadCard) -> bool:
        return True


def _makes_the_block(game, step, options: list[tuple[int, int]], attack: int) -> bool:
    """Whether a defence skill's step lets the pets allowed to guard (`options`) block an
    attack they cannot block now, or leaves the attack at nothing."""
    active = sum(defence for _, defence in options)
    if step.action == "untap":
        pets = game.state.pets
        tapped = sorted(
            (p.top.defense for p in pets if p.tapped and step.fits(p.top)), reverse=True
        )
        return bool(tapped) and active + sum(tapped[: step.amount]) > attack
    if step.action == "defense_bonus" and step.scope == "all":
        return bool(options) and active + step.amount * len(options) > attack
    if step.action == "opponent_attack":
        return attack + step.amount <= 0 or active > attack + step.amount
    return False


class GreedyPolicy(GreedyOwnChoices, GreedyOpponentChoices, Policy):
    """Deals damage as soon as it can.

    Setup: an orb card worth keeping (an evolution, a useful skill) is swapped with the
    hand card worth least, when that one is worth less.
    Main phase: plays draw skills, an "evolve it for 1 less" skill when it evolves now a
    pet costing more than the skill (the costliest; "use a card for 1 less": else the
    costliest skill it wants to play now), "return from discard" when the
    discard holds an evolution it needs, "hand to orb" when two spare cards remain;
    evolves every pet it can, cheapest first, paying a cost only when the new card hits
    at least as well, from the columns whose top card loses least (never breaking a
    ready combo if it can help it). Puzzle: places every orb card to complete a combo of
    the most useful colour now, else to build pairs. Cleanup: discards the cards worth least.
    """

    name = "greedy"
    description = (
        "Deals damage as soon as possible: completes a combo of its pets' colours every "
        "turn it can, evolves every pet it can (paying a cost only for a stronger pet), "
        "keeps evolutions in hand and spends other cards as orbs."
    )

    def __init__(self, **options):
        super().__init__(**options)
        self._version = self._keep_version = -1
        self._weights = [1] * 6
        self._tables: tuple = ((), ())
        self._needed: dict[int, int] = {}
        self._line_stage: dict[int, int] = {}

    # --- model --------------------------------------------------------------------
    def refresh(self, game) -> None:
        """Colour weights and placement tables depend only on the pets in play and the
        life: cached on `game.version`."""
        self._version = game.version
        weights = [1] * 6
        for stack in game.state.pets:
            for colour in stack.top.attributes:
                weights[colour] += 4
        if len(game.state.life) < MAX_LIFE:
            weights[HEART] += 4
        key = (type(self), tuple(weights))
        tables = _TABLES.get(key)
        if tables is None:
            tables = _TABLES[key] = self.tables(weights)
        self._weights, self._tables = weights, tables

    def refresh_keep(self, game) -> None:
        """The evolutions wanted: next ones per pet on top, the lowest stage per line."""
        self._keep_version = game.version
        needed: dict[int, int] = {}
        line_stage: dict[int, int] = {}
        for stack in game.state.pets:
            top = stack.top
            needed[top.identity] = needed.get(top.identity, 0) + 1
            root = stack.cards[0].root
            if line_stage.get(root, 9) > top.stage:
                line_stage[root] = top.stage
        self._needed, self._line_stage = needed, line_stage

    def tables(self, weights: list[int]) -> tuple:
        """Per colour, the value of adding an orb to a column holding 0, 1, 2 of it:
        (columns kept at cleanup, columns cleaned this turn); colour 6 is padding."""
        kept = tuple(_row(w * GROW[0], w * GROW[1], w * COMPLETE) for w in weights)
        cleaned = tuple(_row(w, w, w * COMPLETE) for w in weights)
        return kept + (NOTHING,), cleaned + (NOTHING,)

    def weights(self, game) -> list[int]:
        if game.version != self._version:
            self.refresh(game)
        return self._weights

    def placement_tables(self, game) -> tuple:
        if game.version != self._version:
            self.refresh(game)
        return self._tables

    def done_mask(self, game) -> int:
        """Colours already combo'd this turn or bound to be at the combo step."""
        return game.made_mask if game.step == "combo" else combo_mask(game.state.counts)

    def column_values(self, game) -> list[list[int]]:
        """values[column][colour]: what one more orb of that colour there is worth now
        (0 for colours already combo'd or bound to be, and for the padding colour 6)."""
        kept, cleaned = self.placement_tables(game)
        if game.step == "combo":
            done, in_combo = game.made_mask, game.combo_columns
        else:
            done, in_combo = combo_mask(game.state.counts), NOT_IN_COMBO
        colours = [colour for colour in range(6) if done >> colour & 1]
        values = []
        for column, tally in enumerate(game.state.counts):
            row = list(map(getitem, cleaned if in_combo[column] else kept, tally))
            for colour in colours:
                row[colour] = 0
            values.append(row)
        return values

    def best_column(self, game, card: PadCard) -> tuple[int, int]:
        kept, cleaned = self.placement_tables(game)  # the store policy overrides it
        counts = game.state.counts
        if game.step == "combo":
            done, in_combo = game.made_mask, game.combo_columns
        else:
            done, in_combo = combo_mask(counts), NOT_IN_COMBO
        a, b, c = card.orbs3
        if done & card.orb_mask:  # colours already done count as the padding colour
            a, b, c = [6 if done >> colour & 1 else colour for colour in card.orbs3]
        # COLUMNS = 3 (PAD-3.4), unrolled: the most called decision; ties go to the lowest
        first, second, third = counts
        table = cleaned if in_combo[0] else kept
        best, best_score = 0, table[a][first[a]] + table[b][first[b]] + table[c][first[c]]
        table = cleaned if in_combo[1] else kept
        score = table[a][second[a]] + table[b][second[b]] + table[c][second[c]]
        if score > best_score:
            best, best_score = 1, score
        table = cleaned if in_combo[2] else kept
        score = table[a][third[a]] + table[b][third[b]] + table[c][third[c]]
        if score > best_score:
            best, best_score = 2, score
        return best, best_score

    def keep_values(self, game, cards: list[PadCard]) -> list[int]:
        if game.version != self._keep_version:
            self.refresh_keep(game)
        needed = self._needed
        copied = False  # `needed` is copied on the first decrement only (hot path)
        line_stage = self._line_stage
        requirements = None
        opponent = game.opponent.is_player  # skills that only hit a real opponent
        values = []
        append = values.append
        for card in cards:
            if card.is_pet:
                parent = card.evolves_from
                if needed.get(parent, 0) > 0:
                    if not copied:
                        needed, copied = dict(needed), True
                    needed[parent] -= 1
                    append(KEEP_NEXT)
                    continue
                if card.stage > line_stage.get(card.root, 9):
                    append(KEEP_FUTURE)
                    continue
            if requirements is None:
                requirements = {c.needs for c in cards if c.requirement}
            if requirements and card.identity in requirements:  # NAME-1
                append(KEEP_REQUIREMENT)
            elif card.is_skill and card.play_steps and (opponent or not card.hostile):
                append(KEEP_SKILL)
            else:
                append(0)
        return values

    # --- setup --------------------------------------------------------------------
    def setup_exchange(self, game) -> None:
        state = game.state
        hand, size = state.hand, len(state.hand)
        keep = self.keep_values(game, hand + [column[0] for column in state.columns])
        # highest kept first, ties in column order (reverse=True keeps the sort stable)
        columns = sorted(range(len(state.columns)), key=keep[size:].__getitem__, reverse=True)
        if not keep[size + columns[0]]:
            return  # the orb columns hold only cards not worth keeping
        spare = sorted(range(size), key=keep.__getitem__)
        swaps = []
        for column, index in zip(columns, spare, strict=False):
            if keep[index] < keep[size + column]:
                swaps.append((hand[index], column))
        for card, column in swaps:
            game.exchange(card, column)

    # --- main phase ---------------------------------------------------------------
    def main_phase(self, game) -> None:
        # Ends: every pass discards a skill from the hand or evolves at least one pet, which
        # takes the card from the hand and cannot evolve that pet again this turn.
        while True:
            skill = self.skill_to_play(game)
            if skill is not None:
                game.play_skill(skill)
                continue
            evolutions = self.evolutions(game)
            if not evolutions:
                return
            for index, card in evolutions:
                # an earlier evolve effect may have spent the card or evolved the pet
                if card in game.state.hand and game.can_evolve(index, card):
                    game.evolve(index, card)

    def skill_to_play(self, game) -> PadCard | None:
        payable = -1
        for card in game.state.hand:
            if card.play_steps and card.is_skill and game.attribute_in_play(card.attr_mask):
                if card.cost:
                    if payable < 0:
                        payable = game.state.payable()
                    if card.cost > payable:
                        continue
                for step in card.play_steps:
                    if self.wants(game, card, step):
                        return card
        return None

    def wants(self, game, card: PadCard, step) -> bool:
        state, action = game.state, step.action
        if action in ("draw", "deck_to_orb"):
            return True
        if action == "heal":
            return len(state.life) < MAX_LIFE
        if action == "untap":
            return any(stack.tapped and step.fits(stack.top) for stack in state.pets)
        if action == "cost_reduction":  # PAD-4.3: evolves (or uses a skill) now, for less
            for other in state.hand:  # a card that costs more than the skill saves
                if other.cost > card.cost and (other.is_pet or step.any_card):
                    break
            else:
                return False
            return (
                self.choose_cheaper_play(
                    game, cost_reduction_options(game, step, card), step.amount, card.cost
                )
                is not None
            )
        if action == "discard_to_hand":
            keep = self.keep_values(game, [c for c in state.discard if step.fits(c)])
            return bool(keep) and max(keep) >= KEEP_FUTURE
        if action == "hand_to_orb":
            keep = self.keep_values(game, state.hand)
            spare = [c for c, v in zip(state.hand, keep, strict=True) if not v and c is not card]
            return len(spare) >= 2
        if action in ("extra_combo", "extra_damage"):
            return self._likely_attacker(game, card)
        if action == "life_for_devolve":
            return self._worth_the_life(game, step)
        if action in OPPONENT_ACTIONS:  # PAD-7.2: only with something to hit
            return bool(opponent_targets(game, step))
        return self.wants_own(game, card, step)

    def _worth_the_life(self, game, step) -> bool:
        """B04-107: pay the life only when every card paid takes one off an opponent pet
        (none wasted) and at least two come off (one card is what a cheap skill does)."""
        paid = life_for_devolve_price(game, step)
        targets = opponent_targets(game, step)
        if paid < 2 or not targets:
            return False
        pets = game.opponent.state.pets
        deepest = pets[self.choose_opponent_pet(game, targets, "devolve_deep")]
        return len(deepest.cards) - 1 >= paid

    def _likely_attacker(self, game, card: PadCard) -> bool:
        counts = game.state.counts
        for stack in game.state.pets:
            mask = stack.top.attr_mask & (card.attr_mask or 0b11111)
            for colour in range(5):
                if mask >> colour & 1 and any(tally[colour] >= 2 for tally in counts):
                    return True
        return False

    def choose_cheaper_play(
        self, game, options, reduction: int, least: int = -1
    ) -> tuple[int | None, PadCard] | None:
        """Among the cards costing more than `least` (the discount skill's cost, when
        asking whether to play it): an evolution before a skill (as its keep values rank
        them), the one that saves most (highest cost), then the pet that hits hardest; a
        skill only when one of its play steps is wanted now (`wants`), else None."""
        best, best_key = None, None
        for index, card in options:
            if card.cost <= least:
                continue
            if index is None:
                if not self._wants_skill(game, card):
                    continue
                key = (0, card.cost, 0)
            else:
                key = (1, card.cost, card_value(card))
            if best_key is None or key > best_key:
                best, best_key = (index, card), key
        return best

    def _wants_skill(self, game, card: PadCard) -> bool:
        """A hand skill worth using now for less: one of its play steps is wanted (a
        discount step never counts, so one discount never asks about another)."""
        return any(
            self.wants(game, card, step)
            for step in card.play_steps
            if step.action != "cost_reduction"
        )

    def evolutions(self, game) -> list[tuple[int, PadCard]]:
        """Every free evolution available (each pet and hand card once), or else the
        cheapest paid one worth its cost."""
        state, turn = game.state, game.turn
        parents = {card.evolves_from for card in state.hand}
        tops: dict[int, list[int]] = {}
        for index, stack in enumerate(state.pets):
            if stack.top.identity in parents and stack.evolved_on != turn:
                tops.setdefault(stack.top.identity, []).append(index)
        if not tops:
            return []
        free = []
        payable = -1
        best, best_cost = None, 99
        for card in state.hand:
            indices = tops.get(card.evolves_from) if card.is_pet else None
            if not indices:
                continue
            if card.requirement and game.requirement_card(card) is None:
                continue
            cost = game.evolution_cost(card)
            if not cost:
                free.append((indices.pop(0), card))
                continue
            if free or cost >= best_cost:
                continue
            if payable < 0:
                payable = state.payable()
            index = indices[0]
            if cost <= payable and card_value(card) >= card_value(state.pets[index].top):
                best, best_cost = (index, card), cost
        if free:
            return free
        return [best] if best else []

    def choose_payment(self, game, cost: int) -> list[int]:
        state = game.state
        weights = self.weights(game)
        counts = [list(tally) for tally in state.counts]
        sizes = [len(column) for column in state.columns]
        payment: list[int] = []
        for _ in range(cost):
            best, best_key = None, None
            for column, cards in enumerate(state.columns):
                if sizes[column] < 2:
                    continue
                top = cards[sizes[column] - 1]
                tally = counts[column]
                loss = sum(weights[c] * LOSS[min(tally[c], 3)] for c in top.orbs)
                key = (loss, -sizes[column], column)
                if best_key is None or key < best_key:
                    best, best_key = column, key
            if best is None:
                break
            top = state.columns[best][sizes[best] - 1]
            for colour in top.orbs:
                counts[best][colour] -= 1
            sizes[best] -= 1
            payment.append(best)
        return payment

    # --- puzzle phase -------------------------------------------------------------
    def choose_column(self, game, card: PadCard) -> int:
        return self.best_column(game, card)[0]

    def choose_orb_add(self, game) -> tuple[PadCard, int] | None:
        return self.pick_hand_orb(game, optional=True)

    def pick_hand_orb(
        self, game, optional: bool, cards: list[PadCard] | None = None
    ) -> tuple[PadCard, int] | None:
        hand = game.state.hand if cards is None else cards
        if not hand:
            return None
        keep = self.keep_values(game, hand)
        values = self.column_values(game)
        best, best_value = None, 0 if optional else -(10**9)
        first, second, third = values  # COLUMNS = 3 (PAD-3.4): unrolled, a hot loop
        seen = set()
        for card, kept in zip(hand, keep, strict=True):
            if (kept >= KEEP_NEXT and optional) or (card, kept) in seen:
                continue
            seen.add((card, kept))
            a, b, c = card.orbs3
            score = first[a] + first[b] + first[c] - kept
            if score > best_value:
                best, best_value = (card, 0), score
            score = second[a] + second[b] + second[c] - kept
            if score > best_value:
                best, best_value = (card, 1), score
            score = third[a] + third[b] + third[c] - kept
            if score > best_value:
                best, best_value = (card, 2), score
        return best

    # --- effects and cleanup ------------------------------------------------------
    def choose_hand_discards(self, game, count: int, optional: bool) -> list[PadCard]:
        hand = game.state.hand
        keep = self.keep_values(game, hand)
        order = sorted(range(len(hand)), key=lambda i: (keep[i], i))
        if optional:
            order = [i for i in order if not keep[i]]
        return [hand[i] for i in order[:count]]

    # --- the opponent and the defender's side (PAD-7) -------------------------------
    def choose_opponent_pet(self, game, targets: list[int], purpose: str) -> int:
        """Tap or weaken the opponent's best blocker (highest defence); return or devolve
        the hardest hitter."""
        pets = game.opponent.state.pets
        if purpose == "tap":
            return max(targets, key=lambda i: (pets[i].top.defense, -i))
        if purpose == "defense":  # an active pet: only it could guard (PAD-4.1)
            return max(targets, key=lambda i: (not pets[i].tapped, pets[i].top.defense, -i))
        if purpose == "devolve_deep":  # as many cards off as the price allows
            return max(targets, key=lambda i: (len(pets[i].cards), card_value(pets[i].top), -i))
        return max(targets, key=lambda i: (card_value(pets[i].top), pets[i].top.stage, -i))

    def choose_opponent_column(self, game, columns: list[int]) -> int:
        """The column whose top card lights the colours the opponent has most of there."""
        state = game.opponent.state

        def nearness(column: int) -> tuple:
            tally = state.counts[column]
            return (sum(tally[c] for c in state.columns[column][-1].orbs), -column)

        return max(columns, key=nearness)

    def choose_defence_skills(self, game, attack: int) -> list[PadCard]:
        """PAD-4.5.2: a defence skill only when no block is possible without it and it
        makes one possible: its untap (of a pet it may untap), its defence bonus for every
        pet, or its lowering of the attack (which may also leave no attack at all)."""
        if self.choose_blockers(game, attack):
            return []
        options = game.guard_options()
        for card in game.state.hand:
            if game.can_use_defence_skill(card) and any(
                _makes_the_block(game, step, options, attack) for step in card.defence_steps
            ):
                return [card]
        return []

    def choose_defence_evolution(self, game, attack: int) -> tuple[int, PadCard] | None:
        """PAD-1.3: evolve at the guard declaration when the evolution costs nothing, or
        when no block is possible without it and the evolved pet (active again) makes
        one; the first pet it evolves from."""
        options = game.defence_evolutions()
        if not options:
            return None
        blocked = bool(self.choose_blockers(game, attack))
        guards = dict(game.guard_options())
        for index, card in options:
            if not card.cost:
                return index, card
            if blocked:
                continue
            others = sum(d for i, d in guards.items() if i != index)
            if others + card.defense > attack:
                return index, card
        return None

    def use_damage_effect(self, game, card: PadCard) -> bool:
        """A damage trigger that discards from hand needs the cards to discard; one that
        evolves a pet needs the pet; a card goes to an orb column only when not worth
        keeping in hand."""
        needed = sum(s.amount for s in card.damage_steps if s.action == "hand_to_discard")
        if len(game.state.hand) < needed:
            return False
        for step in card.damage_steps:
            if step.action == "evolve_self" and not self_evolution_targets(game, card):
                return False
            if step.action == "self_to_orb" and self.keep_values(game, [card])[0]:
                return False
        return True

    def choose_answer_order(self, game, attackers: list[tuple[int, int, int]]) -> list[int]:
        """PAD-4.5.2: the answers of the best blocking plan (`plan_blocks`: the most damage
        stopped with the pets it has), the blocked attackers first."""
        return plan_blocks(game.guard_options(), attackers)

    def choose_blockers(self, game, attack: int) -> list[int]:
        """PAD-4.5.2: block every attack it can, with the fewest active pets, the weakest
        one that suffices alone, else the strongest first (the others stay ready)."""
        return greedy_blockers(game.guard_options(), attack)  # engine/pad/defence_policy.py


class StoreOrbsPolicy(GreedyPolicy):
    """Stores orbs for one large combo (PAD-5.4), otherwise plays like the greedy policy.

    While storing, placements avoid completing a combo (−100 × weight), prefer making
    pairs (5 × weight) and singles (1 × weight), and the optional orb add is skipped when
    every spare card would complete one. It stops storing once `store_target` colours are
    primed (two orbs in a column) or `store_turns` own turns passed without a combo, and
    then completes as many as it can, so the combo step chains (PAD-5.3) through the
    primed colours. Chain placements are always greedy.
    """

    name = "store"
    description = (
        "Stores orbs: avoids completing combos until store_target (4) colours have two orbs "
        "in a column or store_turns (3) turns passed without a combo, then completes as "
        "many as possible so the chain makes a large combo. In a matchup it stores only at "
        "full life and while the opponent has more than two life cards."
    )
    options = {"store_target": 4, "store_turns": 3}
    store_target = 4
    store_turns = 3
    _store_version = -1
    _store_tables: tuple = ((), ())

    def storing(self, game) -> bool:
        if game.step == "combo":
            return False
        if self.under_pressure(game):
            return False
        idle = 0
        for combos in reversed(game.turn_combos):
            if combos:
                break
            idle += 1
        if idle >= self.store_turns:
            return False
        done = combo_mask(game.state.counts)
        primed = 0
        for tally in game.state.counts:
            for colour in range(6):
                if tally[colour] == 2 and not done >> colour & 1:
                    primed |= 1 << colour
        return primed.bit_count() < self.store_target

    @staticmethod
    def under_pressure(game) -> bool:
        """A matchup (PAD-7) is a race: storing while the opponent deals damage, or while a
        combo now could finish the opponent, throws games. So it stores only while it has
        lost no life and the opponent has more than two left (never against the goldfish,
        whose life is 5 and which never attacks)."""
        opponent = game.opponent
        if getattr(opponent, "policy", None) is None:  # the goldfish never attacks
            return False
        return len(game.state.life) < MAX_LIFE or len(opponent.state.life) <= 2

    def placement_tables(self, game) -> tuple:
        tables = super().placement_tables(game)
        if not self.storing(game):
            return tables
        if self._store_version != self._version:
            weights = self._weights
            storing = tuple(_row(w, 5 * w, -COMPLETE * w) for w in weights) + (NOTHING,)
            self._store_tables, self._store_version = (storing, storing), self._version
        return self._store_tables
