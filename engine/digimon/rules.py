"""The Digimon round (RULES.md DGM-3 … DGM-6): two sides, one round loop.

`DigimonGame` is one game between side 0 (the player, deck A) and side 1: either a
second deck played in full by its own policy (a matchup, DGM-6), or the DGM-5 dummy (a
goldfish). Both are the same loop; the dummy is a side without a deck whose policy always
passes. Each side has its `PlayerState` and policy; `game.side` is the side acting now,
and `game.state`, `game.policy`, `game.cards` and `game.opponent` (the other side's box
Digimon) follow it, so policies and the verbs of plays.py serve either side. Its phase
methods run DGM-4 in order. A rule variant is a subclass overriding a phase method.

Decisions where RULES.md is open:
- DGM-5: the dummy sits in its box from the start (face up), never evolves, never
  discards, draws or plays options, supports or special abilities; only its attack (and
  that attack's effect, a C guard's `cancels`) takes part; its box is never cleared and
  it has no lifespan. Its points start at 100.
- DGM-3.1: the policy picks the Level III from the 30 cards; the first copy of it in deck
  order goes to the box. A face-down Level III turns up at the first evolution phase.
  Side 0 sets up first, then side 1, from the game's one Random.
- DGM-4.1 step 3: the ○/× cards are taken from the Net Ocean when the evolution is
  chosen; when it runs short, the cards it has are taken and the evolution fails at the
  evolution phase (DGM-4.2/4.3), as does any later link of the chain that needed it.
  Other requirement cards (a named card, hand discards, a crest/armor) move from hand.
- DGM-4.2: each side (first attacker first) evolves, then uses its evolution-timing
  options (scenes are evolution-timing, DGM-1.2) "now or not at all": the ones left
  unused go to the Dark Area (event `unused_options`). Used options, supports and
  completed combos go to the Dark Area at the end of point calculation (DGM-4.5), except
  options whose duration is "until lifespan end": they stay in their slot and apply in
  every battle until DGM-4.8.
- DGM-4.4: a Digimon attacks with its attack of the opponent's battle letter; an attack
  effect `cancels: X` turns the opponent's attack of letter X to 0 (the C guard:
  A → 0). A Digimon without a battle letter draws no attack from its opponent. Then
  the pending evolution-phase steps, the options lasting until lifespan end and the
  special abilities (first attacker first); then the sides play options, combos and
  supports one at a time, the second attacker first, alternating; a side that passes
  may play again if the other plays after it, and two passes in a row end the phase.
- DGM-4.5: the points lost are the loser's own table at the winner's level, clamped to
  0 … 100; a tie costs both 10; `stop_attacks` costs nobody anything.
- DGM-4.7: the game ends after point calculation when a side is at 0: the other wins;
  **both at 0 in the same round is a draw** (neither outlasted the other). `turn_cap`
  counts rounds; a game still going at the cap is a draw (DGM-6.3).
- DGM-4.8: each side whose Net Ocean is empty after point calculation ends its lifespan
  (even if the game is not over yet), side 0 first; the hand and the other option slots
  stay.
"""

from __future__ import annotations

from random import Random

from engine.core.errors import IllegalAction
from engine.core.limits import ActionLimit, CountsActions
from engine.core.result import DRAW, GameResult
from engine.core.seeds import shuffle
from engine.digimon import effects
from engine.digimon.battle import (  # noqa: F401  (re-exported: the rules' names)
    FAILURES,
    GAVE_UP,
    LOST,
    NET_OCEAN,
    NO_BASE,
    OUTCOMES,
    REQUIREMENT,
    STOPPED,
    TIE_LOSS,
    TIED,
    WON,
    attack_powers,
    points_lost,
)
from engine.digimon.cards import III, LETTERS, LEVELS, NO_LETTER, DigimonCard
from engine.digimon.effects import Battle
from engine.digimon.plays import Plays
from engine.digimon.state import HAND_SIZE, MAX_POINTS, SLOTS, PlayerState

PHASES = ("preparation", "evolution", "battle", "points")  # DGM-4.1, 4.2, 4.4, 4.5
PREPARATION_STEPS = ("exchange", "level_iii", "choose_evolution", "set_options")  # DGM-4.1
EMPTY_SLOTS = [None] * SLOTS
PLAYER, OPPONENT = 0, 1
SIDE_NAMES = ("player", "opponent")


class Side:
    """What one side brings to a game: its cards in deck order, its distinct compiled
    cards, and its policy."""

    __slots__ = ("deck", "cards", "policy")

    def __init__(self, deck: list[DigimonCard], policy, cards=None):
        self.deck = deck
        self.cards = cards if cards is not None else tuple(dict.fromkeys(deck))
        self.policy = policy


class DigimonGame(Plays, CountsActions):
    __slots__ = (
        "turn_actions",
        "game_actions",
        "stopped",
        "rng",
        "sides",
        "policies",
        "side_cards",
        "dummy",
        "with_decks",
        "side",
        "state",
        "policy",
        "cards",
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
        "timed",
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
        opponent: DigimonCard | Side,
        *,
        going_first: bool = True,
        turn_cap: int = 30,
        log: dict | None = None,
        has_effects: bool = True,
        cards: tuple[DigimonCard, ...] | None = None,
    ):
        """`opponent`: the DGM-5 dummy's card (a goldfish) or the other deck's `Side`."""
        self.rng = rng
        player = Side(deck, policy, cards)
        self.dummy = isinstance(opponent, DigimonCard)
        if self.dummy:
            rival = Side([], _passive(), ())
            rival_state = PlayerState(rng, [])
            rival_state.box.append(opponent)
            rival_state.face_down = False
        else:
            rival = opponent
            rival_state = PlayerState(rng, list(rival.deck))
        self.sides = (PlayerState(rng, list(deck)), rival_state)
        self.with_decks = (PLAYER,) if self.dummy else (PLAYER, OPPONENT)
        self.policies = (player.policy, rival.policy)
        self.side_cards = (player.cards, rival.cards)
        self.act_as(PLAYER)
        self.going_first = going_first
        self.first = going_first  # side 0 attacks first (DGM-3.3, DGM-4.6)
        self.turn_cap = turn_cap
        self.round = 0
        self.phase = "setup"
        self.step: str | None = None
        self.log = log  # None: no logging work at all
        self.points = [MAX_POINTS, MAX_POINTS]  # side 0, side 1 (DGM-3.2)
        self.battle: Battle | None = None
        self.pending: list[tuple] = []  # (step, side) for this round's battle
        self.timed: list[tuple] = []  # (last round, step, side): cannot_act for N rounds
        self.has_effects = has_effects
        self.opening = 0
        self.outcome = TIED
        # side 0's tallies (the goldfish report)
        self.round_combos: list[int] = []
        self.round_lost: list[int] = []
        self.round_dealt: list[int] = []
        self.combos = 0
        self.outcomes = [0, 0, 0, 0]
        self.first_reached = [0, 0, 0, 0]  # round each level is first in the box (III: 1)
        self.evolutions = [0, 0, 0, 0]  # evolutions into each level
        self.failures = [0, 0, 0, 0]  # by reason, FAILURES order
        self.reset_actions()

    # --- the acting side ---------------------------------------------------------------
    def act_as(self, side: int) -> None:
        self.side = side
        self.state = self.sides[side]
        self.policy = self.policies[side]
        self.cards = self.side_cards[side]

    @property
    def opponent(self) -> DigimonCard:
        """The acting side's opponent: the other side's box Digimon."""
        return self.sides[1 - self.side].box[-1]

    def tops(self) -> tuple[DigimonCard, DigimonCard]:
        player, rival = self.sides
        return player.box[-1], rival.box[-1]

    def order(self) -> tuple[int, ...]:
        """The sides that act, first attacker first (DGM-4.1, 4.2, 4.4)."""
        if self.dummy:
            return (PLAYER,)
        return (PLAYER, OPPONENT) if self.first else (OPPONENT, PLAYER)

    # --- log --------------------------------------------------------------------------
    def event(self, action: str, cards: list[str], **details) -> None:
        events = self.log["events"]
        entry = {"n": len(events), "round": self.round}
        if not self.dummy:
            entry["player"] = self.side
        entry.update(phase=self.phase, step=self.step, action=action, cards=cards, **details)
        events.append(entry)

    def snapshot(self) -> None:
        entry = {"after_event": len(self.log["events"]), "round": self.round, "phase": self.phase}
        player, rival = self.sides
        if self.dummy:  # the goldfish log (DGM-5): the player's zones and the dummy's box
            entry.update(
                first="player" if self.first else "opponent",
                zones=player.snapshot(),
                points={"player": self.points[0], "opponent": self.points[1]},
                opponent={"digimon_box": [rival.box[-1].name]},
            )
        else:
            entry.update(
                player=None,
                first=PLAYER if self.first else OPPONENT,
                zones=[player.snapshot(), rival.snapshot()],
                points=list(self.points),
            )
        self.log["snapshots"].append(entry)

    # --- game -------------------------------------------------------------------------
    def play(self) -> tuple[int, int]:
        """Set up, then play rounds until a side is at 0 points or the round cap.
        Returns (outcome for side 0: WIN / DRAW / LOSS, rounds). A game past an action
        bound (engine/core/limits.py) stops at once: a draw, `stopped` saying why."""
        self.setup()
        points = self.points
        try:
            for number in range(1, self.turn_cap + 1):
                self.round = number
                self.new_turn()
                self.play_round()
                if points[1] == 0 or points[0] == 0:  # DGM-4.7; both at 0: a draw
                    return (points[0] > 0) - (points[1] > 0), number
        except ActionLimit as limit:
            self.stopped = limit.reason
            return DRAW, self.round
        return DRAW, self.turn_cap  # DGM-6.3

    def play_round(self) -> None:
        self.preparation_phase()
        self.evolution_phase()
        self.battle_phase()
        self.points_phase()

    def setup(self) -> None:
        """DGM-3.1 … DGM-3.3 for each side with a deck (who attacks first is the
        `going_first` option)."""
        for side in self.with_decks:
            if self.side != side:
                self.act_as(side)
            self.setup_side()
        if self.side != PLAYER:
            self.act_as(PLAYER)
        if self.log is not None:
            self.snapshot()

    def setup_side(self) -> None:
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
        state.played |= chosen.bit
        shuffle(self.rng, deck)  # DGM-3.2
        state.gauge.append(deck.pop())
        hand = state.hand = [deck.pop() for _ in range(min(self.hand_size, len(deck)))]
        for card in hand:  # DGM-3.3
            state.seen |= card.bit
        state.opening_hand = state.seen
        if self.side == PLAYER:
            self.level_iii = chosen
            self.first_reached[III] = 1
            second = any(card.level == III for card in hand)
            usable = any(card in chosen.children for card in hand)
            self.opening = second | usable << 1
        if self.log is not None:
            self.event("level_iii", [chosen.name], face_down=True)
            self.event("point_gauge", [state.gauge[0].name], points=MAX_POINTS)
            self.event("deal_hand", [card.name for card in hand])

    # --- DGM-4.1 ----------------------------------------------------------------------
    def preparation_phase(self) -> None:
        self.phase = "preparation"
        for side in self.order():
            if self.side != side:
                self.act_as(side)
            self.prepare_side()
        if self.side:  # between phases the game is seen from side 0
            self.act_as(PLAYER)
        self.step = None
        if self.log is not None:
            self.snapshot()

    def prepare_side(self) -> None:
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
        if state.rest_round >= self.round:  # resting after 强化进化 (effects.py)
            if log is not None:
                self.event("rest", [state.top.name])
        else:
            policy.plan_evolution(self)
        self.step = "set_options"  # step 4
        for card in policy.choose_options(self):
            self.set_option(card)

    # --- DGM-4.2 ----------------------------------------------------------------------
    def evolution_phase(self) -> None:
        self.phase = "evolution"
        self.pending = []
        for side in self.order():
            if self.side != side:
                self.act_as(side)
            self.evolve_side()
        if self.side != PLAYER:
            self.act_as(PLAYER)
        if self.log is not None:
            self.snapshot()

    def evolve_side(self) -> None:
        state = self.state
        if state.face_down:
            state.face_down = False
            if self.log is not None:
                turned = [state.box[0].name]
                if self.dummy:
                    turned.append(self.opponent.name)
                self.event("turn_up", turned)
        if state.evolving:
            self.evolve_all()
        if self.has_effects:
            for slot in self.policy.choose_evolution_options(self):
                self.use_option(slot)
        if state.slots != EMPTY_SLOTS:
            self.drop_unused_evolution_options()

    def evolve_all(self) -> None:
        """DGM-4.2: evolve each chosen card in order; a requirement not met sends the card
        and its requirement cards to the Dark Area. Requirement cards always go there
        (DGM-4.3)."""
        state = self.state
        log = self.log
        dark = state.dark_area
        mine = self.side == PLAYER
        for card, group, shortfall in zip(
            state.evolving, state.requirements, state.shortfalls, strict=True
        ):
            if shortfall is None and not card.evolves_from(state.box[-1]):
                shortfall = NO_BASE
            if shortfall is None and not self.policy.confirm_evolution(self, card):
                shortfall = GAVE_UP
            if shortfall is not None:
                if mine:
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
            for met in group:
                state.played |= met.bit
            level = card.level
            if mine:
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
                self.run_step(step, self.side, card)
        state.evolving = []
        state.requirements = []
        state.shortfalls = []
        state.taken = []

    # --- DGM-4.4 ----------------------------------------------------------------------
    def battle_phase(self) -> None:
        self.phase = "battle"
        me, them = self.tops()
        mine, theirs, zero_mine, zero_theirs = attack_powers(me, them)
        battle = self.battle = Battle(mine, theirs, zero_mine, zero_theirs)
        log = self.log
        if log is not None:
            if self.side != PLAYER:
                self.act_as(PLAYER)
            self.event(
                "attack",
                [me.name, them.name],
                letters=[_letter(them.letter), _letter(me.letter)],
                power=[mine, theirs],
                turned_to_zero=[zero_mine, zero_theirs],
            )
        if self.has_effects:
            self.battle_effects(battle)
            if self.side != PLAYER:
                self.act_as(PLAYER)
        if log is not None:
            final = battle.final()
            self.event("compare", [], power=list(final), stopped=battle.stopped)
            self.snapshot()

    def battle_effects(self, battle: Battle) -> None:
        tops = self.tops()
        if self.timed:  # effects lasting some rounds (cannot_act), from earlier rounds
            self.timed = [entry for entry in self.timed if entry[0] >= self.round]
            for _, step, side in self.timed:
                effects.apply(step, side, battle, self.points, tops)
        for step, side in self.pending:  # evolution-phase options and evolve steps
            effects.apply(step, side, battle, self.points, tops)
        order = self.order()
        for side in order:
            if self.side != side:
                self.act_as(side)
            state = self.state
            if any(state.lasting):  # options lasting until lifespan end
                for slot in range(SLOTS):
                    card = state.slots[slot]
                    if state.lasting[slot] and card is not None:
                        for step in card.play_steps:
                            if step.action != "points_add":
                                self.battle_step(step, side, card)
            for step in tops[side].battle_steps:  # special abilities, first attacker first
                self.battle_step(step, side, tops[side])
        # Plays alternate from the second attacker until both pass in a row; each play
        # spends an option, a combo or a support card, so the sides run out. The DGM-5
        # dummy's policy always passes.
        side = OPPONENT if self.first else PLAYER
        passes = 0
        dummy = self.dummy
        while passes < 2:
            if dummy and side:
                play = None  # the DGM-5 dummy's policy always passes: not asked
            elif self.sides[side].out_of_control:
                play = None  # its Digimon does not obey (逆天使的羽毛, effects.py)
            else:
                if self.side != side:
                    self.act_as(side)
                play = self.policy.choose_battle_play(self)
            if play is None:
                passes += 1
                if self.log is not None:
                    self.event("pass", [], side=SIDE_NAMES[side])
            else:
                passes = 0
                self.make_play(play)
            side = 1 - side

    # --- DGM-4.5 … DGM-4.8 ------------------------------------------------------------
    def points_phase(self) -> None:
        self.phase = "points"
        battle, points = self.battle, self.points
        me, them = self.tops()
        winner = battle.winner()  # a tie of powers goes to the faster side (effects.py)
        before_mine, before_theirs = points
        if battle.stopped:
            outcome = STOPPED
        elif winner == PLAYER:
            outcome = WON
            points[1] = max(0, points[1] - points_lost(them, me))
        elif winner == OPPONENT:
            outcome = LOST
            points[0] = max(0, points[0] - points_lost(me, them))
        else:
            outcome = TIED
            points[0] = max(0, points[0] - self.tie_loss)
            points[1] = max(0, points[1] - self.tie_loss)
        self.outcome = outcome
        self.outcomes[outcome] += 1
        lost, dealt = before_mine - points[0], before_theirs - points[1]
        self.round_lost.append(lost)
        self.round_dealt.append(dealt)
        self.round_combos.append(self.combos)
        self.combos = 0
        log = self.log
        if log is not None:
            if self.side != PLAYER:
                self.act_as(PLAYER)
            self.event(
                "points",
                [],
                outcome=OUTCOMES[outcome],
                lost=lost,
                dealt=dealt,
                points={"player": points[0], "opponent": points[1]},
            )
        for side in self.with_decks:
            if self.side != side:
                self.act_as(side)
            self.clean_up_side()
        self.battle = None
        if outcome == WON:  # DGM-4.6: the winner attacks first; a tie keeps the order
            self.first = True
        elif outcome == LOST:
            self.first = False
        over = not (points[0] and points[1])  # DGM-4.7
        for side in self.with_decks:
            state = self.sides[side]
            if not over and not state.net_ocean:  # DGM-4.8
                if self.side != side:
                    self.act_as(side)
                gone = state.end_lifespan()
                if log is not None:
                    self.event(
                        "lifespan_end",
                        [card.name for card in gone],
                        net_ocean=len(state.net_ocean),
                    )
        if self.side != PLAYER:
            self.act_as(PLAYER)
        if log is not None:
            if over:
                self.event("game_over", [], won=points[0] > 0 and points[1] == 0)
            self.snapshot()

    def clean_up_side(self) -> None:
        """DGM-4.5: the box's Digimon (Level III excepted), spent options and supports go
        to the Dark Area; options lasting until lifespan end stay in their slots."""
        state = self.state
        state.out_of_control = False
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
        if self.log is not None and gone:
            self.event("to_dark_area", [card.name for card in gone])

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
            totals={"reshuffles": self.sides[0].reshuffles},
            extra={
                "outcomes": tuple(self.outcomes),
                "first_reached": tuple(self.first_reached),
                "evolutions": tuple(self.evolutions),
                "failures": tuple(self.failures),
                "opening": self.opening,
            },
        )


def _passive():
    from engine.digimon.policies import Policy  # the policies import this module

    return Policy()


def _letter(index: int) -> str | None:
    return LETTERS[index] if index != NO_LETTER else None
