"""The PAD turn (RULES.md PAD-3 … PAD-6) for one side of a game, and the turn loop.

`PadGame` is one player: its `PlayerState`, its opponent (another `PadGame` in a matchup,
PAD-7, or the passive `GoldfishOpponent`, DGM-5), the policy that makes every choice,
the per-turn tallies and the optional log (shared by both sides). Its verbs (`evolve`,
`play_skill`, `recover`, and the defender's `defend`, `take_damage` of
engine/pad/defence.py) check the rules and raise `IllegalAction`; its phase methods run
PAD-4 in order (the attack phase in engine/pad/attack.py). `play` is the one turn loop
of goldfish and matchup alike: both sides set up, then take turns in order until a side
has lost or the turn cap is reached. A rule variant is a subclass that overrides a hook
or a class constant (`hand_limit`, `first_player_skips_orb_start`, …).

Decisions where RULES.md is open:
- DGM-5: the goldfish has 5 life, never attacks and never blocks, and its turns are
  empty (only logged). Against it the player never draws from its own life.
- PAD-6.1 in a matchup: a side loses when its life area is empty after an attack's damage
  (every point and the triggers of the life cards it drew, which may heal) — it cannot
  recover later in the attacker's attack phase. The game ends at once: the remaining
  attackers return without attacking and the attacker plays no cleanup.
- PAD-7.4: a game still going after both sides played the turn cap is a draw; its length
  is the cap.
- PAD-4.2: both players draw on their first turn; only the orb start is skipped by the
  player going first (PAD-4.4.1).
- PAD-5.2/5.3: a colour counts once, but every column holding ≥ 3 orbs of a colour
  counted this turn "made a combo" for the cleanup (PAD-4.6), so a second column of the
  same colour is cleaned too. The chain puts one card per combo and stops once 6 combos
  are made or the deck and discard pile are empty.
- PAD-4.5.1: pets declare attacks in pet-area order; an attack counts in the tallies only
  when the attack value is above 0 (an attack of 0 deals no damage, PAD-4.5.3).
- PAD-6.1: the goldfish cannot recover, so it loses as soon as its life reaches 0, as a
  player does. `damage` tallies the life actually removed, so a won goldfish game always
  totals 5.
- Ultimate evolution (PAD-1.1) also discards the named requirement card from hand.
- A skill with no attribute needs no pet.
- PAD-4.3: "cost_reduction" ("choose a <colour> monster from your hand and evolve it for
  1 less cost") evolves that pet at once, for its cost less the amount; with `cards:
  "any"` ("a <Colour> card … use it") it may use a hand skill of the colour at once
  instead (engine/pad/own_effects.py). It leaves no discount for later in the turn.
- Effect timings (engine/pad/effects.py): `turn_start` steps run at the start of the
  reset phase, before its one untap (PAD-4.1), so "this monster becomes Active" leaves
  the reset untap for another pet; `main_end` after the policy's main phase; `orb_start`
  right after the orb-start card is placed (PAD-4.4.1); `activate` / `combo` after the
  combo step (PAD-4.4.3), before the recovery step; `attack_start` before the attackers
  are chosen (PAD-4.5.1), whether or not a combo was made; `when: "cleanup"` steps at the
  end of the cleanup (PAD-4.6): after its columns are cleaned (a card they put in a
  column stays), before the hand limit (which still holds when the turn passes). A pet
  with extra attacks attacks again right after its attack (each attack declared, blocked
  and dealt on its own).
"""

from __future__ import annotations

from random import Random

from engine.core.errors import IllegalAction
from engine.core.limits import ActionLimit, CountsActions
from engine.core.result import DRAW, LOSS, WIN
from engine.core.seeds import shuffle
from engine.pad import effects
from engine.pad.attack import Attacker
from engine.pad.cards import COLOURS, HEART, PadCard
from engine.pad.defence import Defender, can_block  # noqa: F401 (re-exported)
from engine.pad.goldfish import GoldfishOpponent
from engine.pad.opponent import heal_to_damage
from engine.pad.record import Recorder
from engine.pad.state import COLUMNS, MAX_LIFE, PlayerState

PHASES = ("reset", "draw", "main", "puzzle", "attack", "cleanup")  # PAD-4.1 … PAD-4.6
PUZZLE_STEPS = ("orb_start", "orb_add", "combo", "recovery")  # PAD-4.4.1 … PAD-4.4.4
LIFE_DEALT = 5  # PAD-3.2
OPENING_HAND = 5  # PAD-3.3


def combo_mask(counts: list[list[int]]) -> int:
    """PAD-5.1/5.2: the colours with ≥ 3 orbs in at least one column (bit per colour)."""
    mask = 0
    for column in counts:
        if max(column) >= 3:
            for colour in range(6):
                if column[colour] >= 3:
                    mask |= 1 << colour
    return mask


class PadGame(Attacker, Defender, Recorder, CountsActions):
    __slots__ = (
        "turn_actions",
        "game_actions",
        "stopped",
        "rng",
        "state",
        "opponent",
        "seat",
        "sides",
        "policy",
        "going_first",
        "turn_cap",
        "turn",
        "phase",
        "step",
        "log",
        "has_continuous",
        "has_combo_steps",
        "has_turn_start",
        "has_main_end",
        "has_orb_start",
        "has_attack_start",
        "later",
        "after_combos",
        "made_mask",
        "combos",
        "combo_columns",
        "lost",
        "version",
        "opening",
        "turn_combos",
        "turn_colours",
        "turn_damage",
        "turn_attacks",
        "evolutions",
        "heals",
        "opposition",
    )
    is_player = True
    hand_limit = 7  # PAD-4.6
    max_combos = 6  # PAD-5.2
    first_player_skips_orb_start = True  # PAD-4.4.1

    def __init__(
        self,
        team: list[PadCard],
        deck: list[PadCard],
        rng: Random,
        policy,
        *,
        going_first: bool = True,
        turn_cap: int = 30,
        log: dict | None = None,
        has_continuous: bool = True,
        has_combo_steps: bool = True,
        triggers: frozenset[str] | None = None,
        opponent: PadGame | None = None,
        seat: int | None = None,
    ):
        self.rng = rng
        self.state = PlayerState(rng, list(team), list(deck))
        self.init_opposition(team + deck)  # engine/pad/opponent.py
        if opponent is None:
            opponent = GoldfishOpponent()
        self.opponent = opponent
        opponent.opponent = self
        # A matchup's seats: 0 the deck, 1 its opponent (logs name them); None: goldfish.
        self.seat = seat
        self.sides: tuple = ()  # (seat 0, seat 1) in a matchup, for snapshots
        self.policy = policy
        self.going_first = going_first
        self.turn_cap = turn_cap
        self.turn = 0
        self.phase = "setup"
        self.step: str | None = None
        self.log = log  # None: no logging work at all
        self.has_continuous = has_continuous
        self.has_combo_steps = has_combo_steps
        # Triggers some card of the deck or team has (None: any, for constructed games).
        self.has_turn_start = triggers is None or "turn_start" in triggers
        self.has_main_end = triggers is None or "main_end" in triggers
        self.has_orb_start = triggers is None or "orb_start" in triggers
        self.has_attack_start = triggers is None or "attack_start" in triggers
        self.later: list[tuple] = []  # (step, source, stack) waiting for the cleanup's end
        self.after_combos: list[tuple] = []  # (step, source, stack) waiting for a combo step
        self.made_mask = 0  # colours combo'd this turn
        self.combos = 0
        self.combo_columns = [False] * COLUMNS
        self.lost = False
        self.version = 0  # bumped when pets or life change (policies cache on it)
        self.opening = (0, 0)
        # tallies, one value per own turn
        self.turn_combos: list[int] = []
        self.turn_colours: list[int] = []
        self.turn_damage: list[int] = []
        self.turn_attacks: list[int] = []
        self.evolutions: list[tuple[int, int]] = []  # (turn, stage rank)
        self.heals = 0
        self.reset_actions()

    @property
    def life(self) -> int:
        return len(self.state.life)

    # --- game ---------------------------------------------------------------------
    def play(self) -> tuple[int, int]:
        """Set up both sides, then play turns in order (PAD-3.5: `going_first`) until a
        side has lost (PAD-6.1) or both played `turn_cap` turns (PAD-7.4). Returns
        (WIN, DRAW or LOSS for this side, the turn number the game ended on). A game past
        an action bound (engine/core/limits.py) stops at once: a draw, `stopped` saying
        why."""
        opponent = self.opponent
        self.setup()
        opponent.setup()
        order = (self, opponent) if self.going_first else (opponent, self)
        try:
            for turn in range(1, self.turn_cap + 1):
                self.turn = opponent.turn = turn
                for side in order:
                    side.play_turn()
                    if side.opponent.lost:
                        return (WIN if side is self else LOSS), turn
        except ActionLimit as limit:
            self.stopped = limit.reason
            return DRAW, self.turn
        return DRAW, self.turn_cap

    def opponent_turn(self) -> None:
        """DGM-5: the goldfish's turn does nothing (it is only logged)."""
        if self.log is not None:
            self.phase, self.step = "opponent", None
            self.event("opponent_turn", [])

    def setup(self) -> None:
        """PAD-3.1 … PAD-3.4 (PAD-3.5, who goes first, is the `going_first` option)."""
        state = self.state
        deck = state.deck
        shuffle(self.rng, deck)  # PAD-3.1; the team is already in the pet area
        state.life = [deck.pop() for _ in range(LIFE_DEALT)]  # PAD-3.2
        state.hand = [deck.pop() for _ in range(OPENING_HAND)]  # PAD-3.3
        for card in state.hand:
            state.seen |= card.bit
        for column in range(COLUMNS):  # PAD-3.4
            state.place_orb(column, deck.pop())
        if self.log is not None:
            self.event("deal_life", [card.name for card in state.life])
            self.event("deal_hand", [card.name for card in state.hand])
            self.event("deal_orbs", [column[0].name for column in state.columns])
        dealt = self.next_evolution_in_hand()
        self.policy.setup_exchange(self)  # PAD-3.4: hand and orb cards may be exchanged
        self.opening = (dealt, self.next_evolution_in_hand())
        for card in state.hand:
            state.opening_hand |= card.bit
        # In a matchup the first snapshot waits for both setups: the board of a player
        # not yet dealt would read "life 0, deck 40, no hand" as if it had lost.
        if self.log is not None and all(side.state.life for side in self.sides):
            self.snapshot()

    def exchange(self, card: PadCard, column: int) -> None:
        """PAD-3.4: during setup, swap a hand card with the card of an orb column."""
        if self.phase != "setup":
            raise IllegalAction("PAD-3.4: hand and orb cards are exchanged during setup only.")
        old = self.state.exchange(card, column)
        if self.log is not None:
            self.event("exchange", [card.name, old.name], column=column)

    def next_evolution_in_hand(self) -> int:
        """Bit i set: team pet i's next evolution is in hand."""
        bits = 0
        parents = {card.evolves_from for card in self.state.hand}
        for index, stack in enumerate(self.state.pets):
            if stack.top.identity in parents:
                bits |= 1 << index
        return bits

    def play_turn(self) -> None:
        self.new_turn()
        self.reset_phase()
        self.draw_phase()
        self.main_phase()
        self.puzzle_phase()
        self.attack_phase()
        if not self.opponent.lost:
            self.cleanup_phase()

    # --- PAD-4.1 ------------------------------------------------------------------
    def reset_phase(self) -> None:
        self.phase, self.step = "reset", None
        self.end_turn_effects()  # "until the end of the turn" (engine/pad/opponent.py)
        state = self.state
        for stack in state.pets:
            stack.extra_combo = stack.extra_damage = stack.attack_bonus = 0
            stack.extra_attacks = 0
        self.made_mask = self.combos = 0
        if self.has_turn_start:  # "at the beginning of your turn"
            self.pet_steps("turn_start_steps")
        for stack in state.pets:  # a loop, not any(genexpr): once a turn on the hot path
            if stack.tapped:  # untap one tapped pet
                for index in self.policy.choose_untap(self, 1)[:1]:
                    state.pets[index].tapped = False
                    if self.log is not None:
                        self.event("untap", [state.pets[index].top.name], pet=index)
                break
        if self.log is not None:
            self.snapshot()

    # --- PAD-4.2 ------------------------------------------------------------------
    def draw_phase(self) -> None:
        self.phase = "draw"
        card = self.state.draw()  # PAD-6.2: reshuffles, or no card when both are empty
        if self.log is not None:
            self.event("draw", [card.name] if card else [])
            self.snapshot()

    # --- PAD-4.3 ------------------------------------------------------------------
    def main_phase(self) -> None:
        self.phase = "main"
        self.policy.main_phase(self)
        if self.has_main_end:  # "at the end of your main phase"
            self.pet_steps("main_end_steps")
        if self.log is not None:
            self.snapshot()

    def attribute_in_play(self, mask: int) -> bool:
        """PAD-1.2: a pet of the skill's attribute (attribute or sub-attribute) is in play."""
        if not mask:
            return True
        in_play = 0  # the attributes in play as one mask: no generator, asked for every skill
        for stack in self.state.pets:
            in_play |= stack.top.attr_mask
        return bool(in_play & mask)

    def evolution_cost(self, card: PadCard, reduction: int = 0) -> int:
        """A pet's or skill's cost (PAD-4.3.1) less `reduction` ("… for N less"), ≥ 0."""
        return max(0, card.cost - reduction) if reduction else card.cost

    def requirement_card(self, card: PadCard) -> PadCard | None:
        for other in self.state.hand:
            if other.identity == card.needs and other is not card:  # NAME-1
                return other
        return None

    def can_evolve(self, index: int, card: PadCard, reduction: int = 0) -> bool:
        stack = self.state.pets[index]
        return (
            card.is_pet
            and card.evolves_from == stack.top.identity
            and stack.evolved_on != self.turn
            and (not card.cost or self.evolution_cost(card, reduction) <= self.state.payable())
            and (card.requirement is None or self.requirement_card(card) is not None)
        )

    def cheaper_evolutions(self, mask: int, reduction: int) -> list[tuple[int, PadCard]]:
        """PAD-4.3 "evolve it for N less": the legal (pet, hand card) evolutions of a pet
        whose attribute or sub-attribute is in `mask`, at the reduced cost."""
        return [
            (index, card)
            for card in self.state.hand
            if card.is_pet and card.attr_mask & mask
            for index in range(len(self.state.pets))
            if self.can_evolve(index, card, reduction)
        ]

    def evolve(
        self,
        index: int,
        card: PadCard,
        payment: list[int] | None = None,
        reduction: int = 0,
        defending: bool = False,
    ) -> None:
        """PAD-4.3: pay the cost (less `reduction`, from an "evolve it for N less" skill),
        place the hand pet on its pre-evolution (once per pet per turn), then run its
        evolve effects. `defending`: at a guard declaration in the opponent's turn (a
        pet's defence type, PAD-1.3), whose turn is marked as the negative round number
        (both players' turns of a round share `self.turn`)."""
        state = self.state
        stack = state.pets[index]
        if card not in state.hand or not card.is_pet:
            raise IllegalAction(f"{card.name} is not a pet in hand.")
        if card.evolves_from != stack.top.identity:  # NAME-1: any printing of the name
            raise IllegalAction(f"{card.name} does not evolve from {stack.top.name}.")
        turn = -self.turn if defending else self.turn
        if stack.evolved_on == turn:
            raise IllegalAction("PAD-4.3: each pet evolves at most once per turn.")
        requirement = None
        if card.requirement is not None:
            requirement = self.requirement_card(card)
            if requirement is None:
                raise IllegalAction(f"PAD-1.1: {card.name} needs {card.requirement} in hand.")
        cost = self.evolution_cost(card, reduction)
        if cost:
            if cost > state.payable():
                raise IllegalAction("PAD-4.3.1: the orb area cannot pay this cost.")
            if payment is None:
                payment = self.policy.choose_payment(self, cost)
        elif payment is None:
            payment = []
        if len(payment) != cost:
            raise IllegalAction(f"PAD-4.3.1: pay exactly {cost} card(s).")
        self.count_action()
        paid = state.pay(payment) if payment else []
        if requirement is not None:
            state.hand.remove(requirement)
            state.discard.append(requirement)
        state.place_evolution(stack, card, turn)
        self.version += 1
        self.evolutions.append((self.turn, card.stage))
        if self.log is not None:
            self.event(
                "evolve", [card.name], pet=index, paid=[c.name for c in paid], columns=payment
            )
        for step in card.evolve_steps:
            effects.run(self, step, card, index)

    def can_play(self, card: PadCard) -> bool:
        return (
            card.is_skill
            and bool(card.play_steps)
            and card.cost <= self.state.payable()
            and self.attribute_in_play(card.attr_mask)
        )

    def play_skill(self, card: PadCard, payment: list[int] | None = None) -> None:
        """PAD-4.3: with a pet of its attribute in play, pay the cost, apply the effect at
        once, then discard the skill."""
        if card not in self.state.hand or not card.is_skill:
            raise IllegalAction(f"{card.name} is not a skill in hand.")
        self.count_action()
        self.use_skill(card, card.play_steps, "skill", payment)

    def use_skill(
        self, card: PadCard, steps, action: str, payment: list[int] | None, reduction: int = 0
    ) -> None:
        """PAD-1.2/4.3.1: check the attribute, pay the cost (less `reduction`, "use it for
        N less") from the orb area, run `steps`, discard the skill; `action` names the
        event in the log."""
        state = self.state
        if not self.attribute_in_play(card.attr_mask):
            raise IllegalAction("PAD-1.2: no pet of the skill's attribute is in play.")
        cost = self.evolution_cost(card, reduction)
        if cost > state.payable():
            raise IllegalAction("PAD-4.3.1: the orb area cannot pay this cost.")
        if payment is None:
            payment = self.policy.choose_payment(self, cost) if cost else []
        if len(payment) != cost:
            raise IllegalAction(f"PAD-4.3.1: pay exactly {cost} card(s).")
        state.pay(payment)
        state.hand.remove(card)
        state.played |= card.bit
        if self.log is not None:
            self.event(action, [card.name], columns=payment)
        for step in steps:
            effects.run(self, step, card)
        state.discard.append(card)

    def pet_steps(self, slot: str) -> None:
        """Run the steps in `slot` (e.g. "turn_start_steps") of the pets on top of their
        stacks, in pet-area order."""
        for index, stack in enumerate(self.state.pets):
            for step in getattr(stack.top, slot):
                effects.run(self, step, stack.top, index)

    # --- PAD-4.4 ------------------------------------------------------------------
    def puzzle_phase(self) -> None:
        self.phase = "puzzle"
        state, policy, log = self.state, self.policy, self.log
        self.step = "orb_start"  # PAD-4.4.1
        if not (self.turn == 1 and self.going_first and self.first_player_skips_orb_start):
            card = state.take_top()
            if card is not None:
                column = policy.choose_column(self, card)
                state.place_orb(column, card)
                if log is not None:
                    self.event("orb_start", [card.name], column=column)
                if self.has_orb_start:  # "if your revealed card has a <colour> drop …"
                    for index, stack in enumerate(state.pets):
                        for step in stack.top.orb_start_steps:
                            if card.orb_mask & step.condition == step.condition:
                                effects.run(self, step, stack.top, index)
        self.step = "orb_add"  # PAD-4.4.2 (optional)
        pick = policy.choose_orb_add(self)
        if pick is not None:
            card, column = pick
            state.hand.remove(card)
            state.place_orb(column, card)
            if log is not None:
                self.event("orb_add", [card.name], column=column)
        self.step = "combo"  # PAD-4.4.3
        self.combo_step()
        if self.has_combo_steps and self.made_mask:
            self.step = "combo_effects"
            self.combo_effects()
        if self.after_combos:
            self.step = "combo_effects"
            self.waited_combo_effects()
        self.step = "recovery"  # PAD-4.4.4
        if self.made_mask >> HEART & 1:
            if self.opposition.active and heal_to_damage(self):
                pass  # heal_to_damage: 1 damage to the opponent instead of the recovery
            elif len(state.life) < MAX_LIFE:
                self.recover()
        self.step = None
        self.turn_combos.append(self.combos)
        self.turn_colours.append(self.made_mask)
        if log is not None:
            self.snapshot()

    def combo_step(self) -> None:
        """PAD-5.1 … PAD-5.3: count the colours with 3 orbs in a column (once each), then
        chain: one deck card per combo on a column of the policy's choice, until no new
        combo forms or 6 are made."""
        state = self.state
        counts = state.counts
        made = combos = pending = 0
        columns = self.combo_columns = [False] * COLUMNS
        for column in range(COLUMNS):
            tally = counts[column]
            if max(tally) >= 3:
                columns[column] = True  # PAD-5.2: every column of a counted colour
                for colour in range(6):
                    if tally[colour] >= 3 and not made >> colour & 1:
                        made |= 1 << colour
                        combos += 1
        pending = combos
        self.made_mask, self.combos = made, combos
        if self.log is not None and combos:
            self.event("combos", [], colours=_colour_names(made), combos=combos)
        policy = self.policy
        while pending and combos < self.max_combos:
            pending -= 1
            card = state.take_top()
            if card is None:
                break
            column = policy.choose_column(self, card)
            state.place_orb(column, card)
            tally = counts[column]
            new = 0
            for colour in card.orbs:
                if tally[colour] >= 3:
                    columns[column] = True  # PAD-5.2: also a colour already counted
                    if not made >> colour & 1:
                        made |= 1 << colour
                        new |= 1 << colour
                        combos += 1
                        pending += 1
            self.made_mask, self.combos = made, combos
            if self.log is not None:
                self.event("chain", [card.name], column=column, new=_colour_names(new))

    def combo_effects(self) -> None:
        """`activate` and `combo` steps of pets on top of their stacks whose condition
        holds: at least `min_combos` combos, each colour of `condition` combo'd."""
        made, combos = self.made_mask, self.combos
        for index, stack in enumerate(self.state.pets):
            for step in stack.top.combo_steps:
                if combos >= step.min_combos and made & step.condition == step.condition:
                    effects.run(self, step, stack.top, index)

    def waited_combo_effects(self) -> None:
        """`when: "puzzle"` steps of skills used before this puzzle phase (B04-101 …: "if you
        make 5 or more combos in your next Puzzle Phase, …"): each runs once, now, if at
        least its `min_combos` combos were made; else it lapses."""
        waiting, self.after_combos = self.after_combos, []
        phase, self.phase = self.phase, "later"
        for step, source, stack in waiting:
            if self.combos >= step.min_combos:
                effects.run(self, step, source, stack)
        self.phase = phase

    def recover(self) -> bool:
        """PAD-4.4.4 / PAD-6.3: below 5 life, recover 1."""
        if self.state.recover():
            self.heals += 1
            self.version += 1
            if self.log is not None:
                self.event("recover", [self.state.life[0].name])
            return True
        return False

    # --- PAD-4.6 ------------------------------------------------------------------
    def cleanup_phase(self) -> None:
        self.phase = "cleanup"
        state = self.state
        made = self.made_mask
        counted = [colour for colour in range(6) if made >> colour & 1]
        for column in range(COLUMNS):
            tally = state.counts[column]
            # PAD-5.2: every column holding >= 3 orbs of a colour counted this turn made
            # a combo, also one filled after the combo step (e.g. by a combo effect)
            combo = self.combo_columns[column]
            if not combo:
                for colour in counted:
                    if tally[colour] >= 3:
                        combo = True
                        break
            if combo:
                if self.log is not None and len(state.columns[column]) > 1:
                    names = [card.name for card in state.columns[column][:-1]]
                    self.event("clean_column", names, column=column)
                state.clean_column(column)
        self.combo_columns = [False] * COLUMNS
        if self.later:  # `when: "cleanup"` steps of this turn (PAD-4.6: its end)
            later, self.later = self.later, []
            self.phase = "later"
            for step, source, stack in later:
                effects.run(self, step, source, stack)
            self.phase = "cleanup"
        excess = len(state.hand) - self.hand_limit
        if excess > 0:
            for card in self.policy.choose_hand_discards(self, excess, optional=False):
                state.hand.remove(card)
                state.discard.append(card)
                if self.log is not None:
                    self.event("hand_limit", [card.name])
        if self.log is not None:
            self.snapshot()


def _colour_names(mask: int) -> list[str]:
    return [name for bit, name in enumerate(COLOURS) if mask >> bit & 1]
