"""The Digimon round (RULES.md DGM-3 … DGM-5) against a passive opponent.

`DigimonGame` is one game: the player's `PlayerState`, the opponent's Digimon (the DGM-5
dummy, or a catalogued Digimon the user names), both point gauges, the policy that makes
every choice, the per-round tallies and the optional log. Its verbs (`swap_level_iii`,
`choose_evolution`, `set_option`, `use_option`, `complete_combo`, `play_support`) check
the rules and raise `IllegalAction`; its phase methods run DGM-4 in order. A rule variant
is a subclass that overrides a phase method or a class constant.

Decisions where RULES.md is open:
- DGM-5: the opponent sits in its box, never evolves, never discards, draws or plays
  options, supports or special abilities; only its attack (and that attack's effect, a
  C guard's `cancels`) takes part. Its preparation and evolution steps are empty, so
  "first attacker first" (DGM-4.1/4.2/4.4) only orders the log. Its points start at 100.
- DGM-3.1: the policy picks the Level III from the 30 cards; the first copy of it in deck
  order goes to the box. A face-down Level III turns up at the first evolution phase.
- DGM-4.1 step 3: the ○/× cards are taken from the Net Ocean when the evolution is
  chosen; when it runs short, the cards it has are taken and the evolution fails at the
  evolution phase (DGM-4.2/4.3), as does any later link of the chain that needed it.
  Other requirement cards (a named card, hand discards, a crest/armor) move from hand.
- DGM-4.2: evolution-timing options (scenes are evolution-timing, DGM-1.2) are used
  after the player's evolutions, "now or not at all": the ones in a slot left unused at
  the end of the evolution phase go to the Dark Area (event `unused_options`), so none
  is kept for the battle phase or a later round. Used options, supports and completed
  combos go to the Dark Area at the end of point calculation (DGM-4.5), except options
  whose duration is "until lifespan end": they stay in their slot and apply in every
  battle until DGM-4.8.
- DGM-4.4: a Digimon attacks with its attack of the opponent's battle letter; an attack
  effect `cancels: X` turns the opponent's attack of letter X to 0 (the C guard:
  A → 0). A Digimon without a battle letter draws no attack from its opponent.
- DGM-4.5: the points lost are the loser's own table at the winner's level, clamped to
  0 … 100; a tie costs both 10; `stop_attacks` costs nobody anything.
- DGM-4.7: the game ends after point calculation when a side is at 0: won when only the
  opponent is; both at 0 is a draw (not won). `turn_cap` counts rounds.
- DGM-4.8: the lifespan ends when the Net Ocean is empty after point calculation (even
  if the game is not over yet); the hand and the other option slots stay.
"""

from __future__ import annotations

from random import Random

from engine.core.errors import IllegalAction
from engine.core.names import fold_key
from engine.core.result import GameResult
from engine.core.seeds import shuffle
from engine.digimon import effects
from engine.digimon.cards import III, LETTERS, LEVELS, NO_LETTER, DigimonCard
from engine.digimon.effects import Battle
from engine.digimon.state import HAND_SIZE, MAX_POINTS, SLOTS, PlayerState

PHASES = ("preparation", "evolution", "battle", "points")  # DGM-4.1, 4.2, 4.4, 4.5
PREPARATION_STEPS = ("exchange", "level_iii", "choose_evolution", "set_options")  # DGM-4.1
TIE_LOSS = 10  # DGM-4.5
WON, LOST, TIED, STOPPED = range(4)
OUTCOMES = ("won", "lost", "tied", "stopped")
FAILURES = ("net_ocean", "requirement", "no_base", "gave_up")  # evolution failure reasons
NET_OCEAN, REQUIREMENT, NO_BASE, GAVE_UP = range(4)
EMPTY_SLOTS = [None] * SLOTS
PLAYER, OPPONENT = 0, 1


def attack_powers(me: DigimonCard, them: DigimonCard) -> tuple[int, int, bool, bool]:
    """DGM-4.4: (my power, their power, mine turned to 0, theirs turned to 0). Each
    attacks with its attack whose letter is the other's battle letter; an attack that
    `cancels` the letter the other attacks with turns that attack to 0."""
    mine = me.power[them.letter] if them.letter != NO_LETTER else 0
    theirs = them.power[me.letter] if me.letter != NO_LETTER else 0
    zero_mine = them.letter != NO_LETTER and me.letter != NO_LETTER
    zero_theirs = zero_mine and me.cancels[them.letter] == me.letter
    zero_mine = zero_mine and them.cancels[me.letter] == them.letter
    return mine, theirs, zero_mine, zero_theirs


def points_lost(loser: DigimonCard, winner: DigimonCard) -> int:
    """DGM-4.5: the loser's own loss table at the winner's level."""
    return loser.lost[winner.level if winner.level >= 0 else III]


class DigimonGame:
    __slots__ = (
        "rng",
        "state",
        "cards",
        "opponent",
        "policy",
        "going_first",
        "first",
        "turn_cap",
        "round",
        "phase",
        "step",
        "log",
        "points",
        "battle",
        "pending",
        "has_effects",
        "level_iii",
        "opening",
        "round_combos",
        "round_lost",
        "round_dealt",
        "combos",
        "outcomes",
        "first_reached",
        "evolutions",
        "failures",
        "outcome",
    )
    hand_size = HAND_SIZE  # DGM-3.3 / DGM-4.1
    tie_loss = TIE_LOSS  # DGM-4.5

    def __init__(
        self,
        deck: list[DigimonCard],
        rng: Random,
        policy,
        opponent: DigimonCard,
        *,
        going_first: bool = True,
        turn_cap: int = 30,
        log: dict | None = None,
        has_effects: bool = True,
        cards: tuple[DigimonCard, ...] | None = None,
    ):
        self.rng = rng
        self.state = PlayerState(rng, list(deck))
        self.cards = cards if cards is not None else tuple(dict.fromkeys(deck))  # distinct
        self.opponent = opponent
        self.policy = policy
        self.going_first = going_first
        self.first = going_first  # the player attacks first (DGM-3.3, DGM-4.6)
        self.turn_cap = turn_cap
        self.round = 0
        self.phase = "setup"
        self.step: str | None = None
        self.log = log  # None: no logging work at all
        self.points = [MAX_POINTS, MAX_POINTS]  # player, opponent (DGM-3.2)
        self.battle: Battle | None = None
        self.pending: list[tuple] = []  # (step, side) for this round's battle
        self.has_effects = has_effects
        self.opening = 0
        self.outcome = TIED
        # tallies
        self.round_combos: list[int] = []
        self.round_lost: list[int] = []
        self.round_dealt: list[int] = []
        self.combos = 0
        self.outcomes = [0, 0, 0, 0]
        self.first_reached = [0, 0, 0, 0]  # round each level is first in the box (III: 1)
        self.evolutions = [0, 0, 0, 0]  # evolutions into each level
        self.failures = [0, 0, 0, 0]  # by reason, FAILURES order

    # --- log --------------------------------------------------------------------------
    def event(self, action: str, cards: list[str], **details) -> None:
        events = self.log["events"]
        entry = {"n": len(events), "round": self.round, "phase": self.phase, "step": self.step}
        entry.update(action=action, cards=cards, **details)
        events.append(entry)

    def snapshot(self) -> None:
        self.log["snapshots"].append(
            {
                "after_event": len(self.log["events"]),
                "round": self.round,
                "phase": self.phase,
                "first": "player" if self.first else "opponent",
                "zones": self.state.snapshot(),
                "points": {"player": self.points[0], "opponent": self.points[1]},
                "opponent": {"digimon_box": [self.opponent.name]},
            }
        )

    # --- game -------------------------------------------------------------------------
    def play(self) -> tuple[bool, int]:
        """Set up, then play rounds until a side is at 0 points or the round cap.
        Returns (won, rounds)."""
        self.setup()
        for number in range(1, self.turn_cap + 1):
            self.round = number
            self.play_round()
            if self.points[1] == 0 or self.points[0] == 0:  # DGM-4.7
                return self.points[0] > 0, number
        return False, self.turn_cap

    def play_round(self) -> None:
        self.preparation_phase()
        self.evolution_phase()
        self.battle_phase()
        self.points_phase()

    def setup(self) -> None:
        """DGM-3.1 … DGM-3.3 (who attacks first is the `going_first` option)."""
        state = self.state
        deck = state.net_ocean
        candidates = []
        for card in deck:
            if card.level == III and card not in candidates:
                candidates.append(card)
        if not candidates:
            raise IllegalAction("DGM-2.4/3.1: the deck has no Level III.")
        chosen = self.policy.choose_level_iii(self, candidates)
        deck.remove(chosen)
        state.box.append(chosen)  # DGM-3.1, face down
        self.level_iii = chosen
        shuffle(self.rng, deck)  # DGM-3.2
        state.gauge.append(deck.pop())
        state.hand = [deck.pop() for _ in range(min(self.hand_size, len(deck)))]  # DGM-3.3
        self.first_reached[III] = 1
        hand = state.hand
        second = any(card.level == III for card in hand)
        usable = any(card in chosen.children for card in hand)
        self.opening = second | usable << 1
        if self.log is not None:
            self.event("level_iii", [chosen.name], face_down=True)
            self.event("point_gauge", [state.gauge[0].name], points=MAX_POINTS)
            self.event("deal_hand", [card.name for card in hand])
            self.snapshot()

    # --- DGM-4.1 ----------------------------------------------------------------------
    def preparation_phase(self) -> None:
        self.phase = "preparation"
        state, policy, log = self.state, self.policy, self.log
        self.step = "exchange"  # step 1
        cards, slots = policy.choose_discards(self)
        for slot in slots:
            card = state.discard_slot(slot)
            if log is not None:
                self.event("discard", [card.name], slot=slot)
        for card in cards:
            state.discard_from_hand(card)
        drawn = state.draw_to(self.hand_size)
        if log is not None:
            if cards:
                self.event("discard", [card.name for card in cards])
            self.event("draw", [card.name for card in drawn])
        self.step = "level_iii"  # step 2
        card = policy.choose_swap(self)
        if card is not None:
            self.swap_level_iii(card)
        self.step = "choose_evolution"  # step 3
        policy.plan_evolution(self)
        self.step = "set_options"  # step 4
        for card in policy.choose_options(self):
            self.set_option(card)
        self.step = None
        if log is not None:
            self.snapshot()

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
    def evolution_phase(self) -> None:
        self.phase = "evolution"
        state = self.state
        self.pending = []
        if state.face_down:
            state.face_down = False
            if self.log is not None:
                self.event("turn_up", [state.box[0].name, self.opponent.name])
        if state.evolving:
            self.evolve_all()
        if self.has_effects:
            for slot in self.policy.choose_evolution_options(self):
                self.use_option(slot)
        if state.slots != EMPTY_SLOTS:
            self.drop_unused_evolution_options()
        if self.log is not None:
            self.snapshot()

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

    def evolve_all(self) -> None:
        """DGM-4.2: evolve each chosen card in order; a requirement not met sends the card
        and its requirement cards to the Dark Area. Requirement cards always go there
        (DGM-4.3)."""
        state = self.state
        log = self.log
        dark = state.dark_area
        for card, group, shortfall in zip(
            state.evolving, state.requirements, state.shortfalls, strict=True
        ):
            if shortfall is None and not card.evolves_from(state.box[-1]):
                shortfall = NO_BASE
            if shortfall is None and not self.policy.confirm_evolution(self, card):
                shortfall = GAVE_UP
            if shortfall is not None:
                self.failures[shortfall] += 1
                dark.append(card)
                dark.extend(group)
                if log is not None:
                    self.event(
                        "evolution_failed",
                        [card.name],
                        reason=FAILURES[shortfall],
                        requirement=[c.name for c in group],
                    )
                continue
            old = state.place_evolution(card)
            dark.extend(group)
            level = card.level
            self.evolutions[level] += 1
            if not self.first_reached[level]:
                self.first_reached[level] = self.round
            if log is not None:
                self.event(
                    "evolve",
                    [card.name],
                    level=LEVELS[level],
                    discarded=[old.name] if old else [],
                    requirement=[c.name for c in group],
                )
            for step in card.evolve_steps:
                self.run_step(step, PLAYER, card)
        state.evolving = []
        state.requirements = []
        state.shortfalls = []
        state.taken = []

    def run_step(self, step, side: int, source: DigimonCard) -> None:
        """A step outside a battle: points steps at once, power steps wait for the
        battle of this round."""
        if step.action == "points_add":
            effects.apply(step, side, None, self.points, (self.state.top, self.opponent))
        else:
            self.pending.append((step, side))
        if self.log is not None:
            self.event("effect", [source.name], effect=step.action, amount=step.amount)

    # --- options, combos, supports ---------------------------------------------------
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
        if self.log is not None:
            self.event("use_option", [card.name], slot=slot)
        for step in card.play_steps:
            if in_battle:
                self.battle_step(step, PLAYER, card)
            else:
                self.run_step(step, PLAYER, card)

    def battle_step(self, step, side: int, source: DigimonCard) -> None:
        effects.apply(step, side, self.battle, self.points, (self.state.top, self.opponent))
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
        names = []
        for where, part in parts:
            if where == "slot":
                state.used[part] = True
                names.append(state.slots[part].name)
            elif where == "hand":
                state.discard_from_hand(part)
                names.append(part.name)
            else:
                names.append(part.name)
        self.combos += 1
        if self.log is not None:
            self.event("combo", [combo.name], parts=names)
        for step in combo.combo_steps:
            self.battle_step(step, PLAYER, combo)

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
            self.battle_step(step, PLAYER, card)

    # --- DGM-4.4 ----------------------------------------------------------------------
    def battle_phase(self) -> None:
        self.phase = "battle"
        state = self.state
        me, them = state.top, self.opponent
        mine, theirs, zero_mine, zero_theirs = attack_powers(me, them)
        battle = self.battle = Battle(mine, theirs, zero_mine, zero_theirs)
        log = self.log
        if log is not None:
            self.event(
                "attack",
                [me.name, them.name],
                letters=[_letter(them.letter), _letter(me.letter)],
                power=[mine, theirs],
                turned_to_zero=[zero_mine, zero_theirs],
            )
        if self.has_effects:
            tops = (me, them)
            for step, side in self.pending:  # evolution-phase options and evolve steps
                effects.apply(step, side, battle, self.points, tops)
            for slot in range(SLOTS):  # options lasting until lifespan end
                card = state.slots[slot]
                if state.lasting[slot] and card is not None:
                    for step in card.play_steps:
                        if step.action != "points_add":
                            self.battle_step(step, PLAYER, card)
            for step in me.battle_steps:  # special abilities: the opponent has none
                self.battle_step(step, PLAYER, me)
            # DGM-4.4: plays alternate from the second attacker until both pass; the
            # opponent always passes, so the player plays until it passes.
            if log is not None and self.first:
                self.event("pass", [], side="opponent")
            policy = self.policy
            # Each play spends an option, a combo or a support card, so the policy runs out.
            while (play := policy.choose_battle_play(self)) is not None:
                kind, what = play
                if kind == "option":
                    self.use_option(what)
                elif kind == "combo":
                    self.complete_combo(what)
                else:
                    self.play_support(what)
            if log is not None:
                self.event("pass", [], side="player")
                if not self.first:
                    self.event("pass", [], side="opponent")
        if log is not None:
            final = battle.final()
            self.event("compare", [], power=list(final), stopped=battle.stopped)
            self.snapshot()

    # --- DGM-4.5 … DGM-4.8 ------------------------------------------------------------
    def points_phase(self) -> None:
        self.phase = "points"
        state, battle, points = self.state, self.battle, self.points
        me, them = state.top, self.opponent
        mine, theirs = battle.final()
        before = list(points)
        if battle.stopped:
            outcome = STOPPED
        elif mine > theirs:
            outcome = WON
            points[1] = max(0, points[1] - points_lost(them, me))
        elif theirs > mine:
            outcome = LOST
            points[0] = max(0, points[0] - points_lost(me, them))
        else:
            outcome = TIED
            points[0] = max(0, points[0] - self.tie_loss)
            points[1] = max(0, points[1] - self.tie_loss)
        self.outcome = outcome
        self.outcomes[outcome] += 1
        lost, dealt = before[0] - points[0], before[1] - points[1]
        self.round_lost.append(lost)
        self.round_dealt.append(dealt)
        self.round_combos.append(self.combos)
        self.combos = 0
        log = self.log
        if log is not None:
            self.event(
                "points",
                [],
                outcome=OUTCOMES[outcome],
                lost=lost,
                dealt=dealt,
                points={"player": points[0], "opponent": points[1]},
            )
        gone = state.clear_box()
        for slot in range(SLOTS) if True in state.used else ():
            if state.used[slot]:
                card = state.slots[slot]
                if card.lifespan and not card.is_combo:
                    state.used[slot] = False
                    state.lasting[slot] = True
                else:
                    gone.append(state.discard_slot(slot))
        if state.support:
            gone += state.support
            state.dark_area.extend(state.support)
            state.support = []
        self.battle = None
        if log is not None and gone:
            self.event("to_dark_area", [card.name for card in gone])
        if outcome == WON:  # DGM-4.6: the winner attacks first; a tie keeps the order
            self.first = True
        elif outcome == LOST:
            self.first = False
        if points[0] and points[1] and not state.net_ocean:  # DGM-4.7, DGM-4.8
            gone = state.end_lifespan()
            if log is not None:
                self.event(
                    "lifespan_end",
                    [card.name for card in gone],
                    net_ocean=len(state.net_ocean),
                )
        elif log is not None and not (points[0] and points[1]):
            self.event("game_over", [], won=points[0] > 0 and points[1] == 0)
        if log is not None:
            self.snapshot()

    # --- result -----------------------------------------------------------------------
    def result(self, won: bool, rounds: int, seed: int) -> GameResult:
        """per_turn (per round): combos completed, points the player lost, points the
        opponent lost; totals: reshuffles (lifespan ends); extra: outcomes (won, lost,
        tied, stopped counts), first_reached (round each level first stood in the box,
        0 = never), evolutions (per level), failures (per reason, FAILURES order),
        opening (bit 0: a second Level III in the opening hand, bit 1: a Digimon that
        evolves from the box's Level III)."""
        return GameResult(
            won=won,
            turns=rounds,
            going_first=self.going_first,
            seed=seed,
            per_turn={
                "combos": self.round_combos,
                "lost": self.round_lost,
                "dealt": self.round_dealt,
            },
            totals={"reshuffles": self.state.reshuffles},
            extra={
                "outcomes": tuple(self.outcomes),
                "first_reached": tuple(self.first_reached),
                "evolutions": tuple(self.evolutions),
                "failures": tuple(self.failures),
                "opening": self.opening,
            },
        )


def _letter(index: int) -> str | None:
    return LETTERS[index] if index != NO_LETTER else None
