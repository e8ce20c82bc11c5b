"""Decision makers: every choice the Digimon rules leave to the player goes through a policy.

`Policy` gives each hook a legal, passive default (keeps everything, never evolves, plays
nothing). Both real policies share these terms:

- a Digimon's **score** is its power against the opponent: its attack of the opponent's
  battle letter, 0 when the opponent's attack cancels that letter (DGM-4.4);
- the **line** of the box's Level III: the deck's Digimon reachable from it through
  evolution requirements (DGM-4.3, with the defaults of engine/digimon/cards.py);
- an option **helps** when, tried on a copy of the battle being resolved, it improves
  the outcome (lost < tied < stopped < won) or its points step raises the player's
  points (below 100) or lowers the opponent's.

`GreedyPolicy` ("greedy"): plays for the next evolution every round.
- DGM-3.1: the Level III with the most deck cards that evolve from it (then the highest
  score). DGM-4.1 step 1: keeps the Digimon of the line, at most two per level (the
  highest scores), one Level III that beats the box's (a longer line, then a higher
  score), options whose structured steps can help and combo cards and parts (at most as
  many as there are free slots); discards the rest, slot options that can never help
  included, and redraws. Step 2: swaps in that Level III. Step 3: the strongest chain —
  level after level from the box, the highest-scoring card that evolves from the
  current top and whose ○/× the Net Ocean can still supply (consecutive evolution as far
  as the hand goes) — when it wins against the opponent's Digimon as far as public zones
  tell it (`expected_opponent`; the DGM-5 dummy always); otherwise the chain (or none)
  that fares best against it (`chain_key`: a win, then a tie, then the cheapest loss from
  its own table, DGM-4.5). Unknown opponent: the strongest chain. Step 4: sets the kept
  options. DGM-4.2: gives up the rest of its chain when stopping fares better against
  the opponent now seen (the second attacker sees the first's evolved Digimon).
  DGM-4.2 and 4.4: completes every combo it can; uses an option or a support only when
  it helps now.
`RushPolicy` ("rush"): rushes the highest level.
- Keeps only Digimon of the line, at most two per level, highest levels first; discards
  every option, Level III and other card; never swaps. Chooses the evolution chain from
  the hand that reaches the highest level (then the highest final score) and commits it
  whole, even when the Net Ocean cannot supply every ○/× (the evolution then fails,
  DGM-4.3). Plays no options or supports.
"""

from __future__ import annotations

from operator import attrgetter

from engine.digimon.battle import LOST, STOPPED, TIED, WON, attack_powers, points_lost
from engine.digimon.cards import III, DigimonCard
from engine.digimon.effects import Battle, apply
from engine.digimon.state import SLOTS

KEEP_PER_LEVEL = 2
SCORE = attrgetter("score")
RANK = {LOST: 0, TIED: 1, STOPPED: 2, WON: 3}


def outcome(battle: Battle, side: int = 0) -> int:
    """The battle's outcome for `side` (0 or 1) if it ended now."""
    if battle.stopped:
        return STOPPED
    winner = battle.winner()
    return TIED if winner is None else WON if winner == side else LOST


def card_value(card: DigimonCard, line: frozenset) -> int:
    """What a hand card is worth keeping: evolutions of the line by level, then score."""
    if card in line:
        return (card.level + 1) * 10_000 + card.score
    return 0


def cards_not_kept(hand: list[DigimonCard], kept: list[DigimonCard]) -> list[DigimonCard]:
    """The hand's cards, in hand order, less one copy of each kept card."""
    if len(kept) == len(hand):
        return []
    pool = list(kept)
    discards = []
    for card in hand:
        if card in pool:
            pool.remove(card)
        else:
            discards.append(card)
    return discards


class Policy:
    """The interface and passive, legal defaults."""

    name = "base"
    description = "Legal defaults: keeps its hand, never evolves, plays nothing."
    options: dict[str, int] = {}

    def __init__(self, **options):
        for key, value in options.items():
            setattr(self, key, value)
        self._deck = None
        self._combo_parts: frozenset[str] = frozenset()
        self._worth: dict[DigimonCard, bool] = {}
        self._level_iii: DigimonCard | None = None

    # --- deck facts, cached per deck --------------------------------------------------
    def learn(self, game) -> None:
        """Facts about the deck the game plays (its distinct cards, `game.cards`)."""
        if self._deck is game.cards:
            return
        self._deck = game.cards
        parts: set[str] = set()
        for card in game.cards:
            if card.is_combo:
                parts.update(name for name, _ in card.components)
        self._combo_parts = frozenset(parts)
        self._worth = {
            card: (card.is_option and card.helpful) or self.combo_related(card)
            for card in game.cards
        }
        self._level_iii = None

    def combo_related(self, card: DigimonCard) -> bool:
        return (card.is_combo and bool(card.components)) or not card.names.isdisjoint(
            self._combo_parts
        )

    # --- DGM-3.1 ----------------------------------------------------------------------
    def choose_level_iii(self, game, candidates: list[DigimonCard]) -> DigimonCard:
        return candidates[0]

    # --- DGM-4.1 ----------------------------------------------------------------------
    def choose_discards(self, game) -> tuple[list[DigimonCard], list[int]]:
        """Step 1: (hand cards, option slots) to send to the Dark Area."""
        return [], []

    def choose_swap(self, game) -> DigimonCard | None:
        """Step 2: a Level III in hand to replace the box's, or None."""
        return None

    def plan_evolution(self, game) -> None:
        """Step 3: call `game.choose_evolution` for each card to evolve into, in order."""

    def choose_options(self, game) -> list[DigimonCard]:
        """Step 4: hand options to put into the empty slots, in order."""
        return []

    def choose_requirement_discards(self, game, pool: list, count: int) -> list[DigimonCard]:
        line = game.state.box[0].line
        return sorted(pool, key=lambda card: card_value(card, line))[:count]

    # --- DGM-4.2 / DGM-4.4 ------------------------------------------------------------
    def confirm_evolution(self, game, card: DigimonCard) -> bool:
        """DGM-4.2: a player may give up an evolution whose requirement is met."""
        return True

    def choose_evolution_options(self, game) -> list[int]:
        return []

    def choose_evolution_target(self, game, choices: list[DigimonCard]) -> DigimonCard:
        """The hand Digimon an evolution option evolves the box Digimon into."""
        return choices[0]

    def choose_battle_play(self, game) -> tuple[str, object] | None:
        """("option", slot) | ("combo", slot) | ("support", hand card) | None to pass."""
        return None


class GreedyPolicy(Policy):
    name = "greedy"
    description = (
        "Evolves as soon as a requirement can be met: keeps the cards that lead to the next "
        "evolution (at most two per level), evolves level after level with the strongest "
        "card the Net Ocean can pay for, sets options that can help and uses them (and "
        "supports) only when they help now; completes every combo it can."
    )

    # --- DGM-3.1 ----------------------------------------------------------------------
    def choose_level_iii(self, game, candidates: list[DigimonCard]) -> DigimonCard:
        self.learn(game)
        if self._level_iii is None or self._level_iii not in candidates:
            deck = game.state.net_ocean

            def key(card):
                return (sum(1 for other in deck if other in card.children), card.score)

            best = candidates[0]
            for card in candidates[1:]:
                if key(card) > key(best):
                    best = card
            self._level_iii = best
        return self._level_iii

    # --- DGM-4.1 ----------------------------------------------------------------------
    def keeps_digimon(self, hand: list[DigimonCard], line: frozenset) -> list[DigimonCard]:
        """The line's Digimon in hand, at most two per level, the highest scores first."""
        wanted = [card for card in hand if card in line]
        if len(wanted) <= KEEP_PER_LEVEL:
            return wanted
        wanted.sort(key=SCORE, reverse=True)  # stable: equal scores keep hand order
        counts = [0, 0, 0, 0]
        kept = []
        for card in wanted:
            if counts[card.level] < KEEP_PER_LEVEL:
                counts[card.level] += 1
                kept.append(card)
        return kept

    def better_level_iii(self, game) -> DigimonCard | None:
        base = game.state.box[0]
        best, key = None, (len(base.line), base.score)
        for card in game.state.hand:
            if card.level == III and (len(card.line), card.score) > key:
                best, key = card, (len(card.line), card.score)
        return best

    def option_worth(self, card: DigimonCard) -> bool:
        """An option or combo card worth a slot: structured steps that can help, or a part
        of a combo of the deck (call `learn` first)."""
        return self._worth.get(card, False)

    def choose_discards(self, game) -> tuple[list[DigimonCard], list[int]]:
        self.learn(game)
        state = game.state
        hand = state.hand
        worth = self._worth
        kept = self.keeps_digimon(hand, state.box[0].line)
        third = self.better_level_iii(game)
        if third is not None:
            kept.append(third)
        slots = []
        free = 0
        lasting = state.lasting
        for slot, card in enumerate(state.slots):
            if card is None:
                free += 1
            elif not (lasting[slot] or worth.get(card, False)):
                slots.append(slot)
                free += 1
        if free:
            for card in hand:
                if worth.get(card, False):
                    kept.append(card)
                    free -= 1
                    if not free:
                        break
        return cards_not_kept(hand, kept), slots

    def choose_swap(self, game) -> DigimonCard | None:
        return self.better_level_iii(game)

    def plan_evolution(self, game) -> None:
        for card in self.evolution_chain(game):
            game.choose_evolution(card)

    def evolution_chain(self, game) -> list[DigimonCard]:
        """The strongest chain, or the one that fares best against the Digimon the
        opponent will battle with when the strongest does not beat it."""
        chain = self.strongest_chain(game)
        rival = expected_opponent(game)
        if (
            rival is not None
            and battle_value(chain[-1] if chain else game.state.top, rival)[0] < WIN_RANK
        ):
            chain = self.best_chain_against(game, rival, chain)
        return chain

    def strongest_chain(self, game) -> list[DigimonCard]:
        """Level after level from the box, the highest-scoring card that evolves from the
        current top and whose ○/× the Net Ocean can still supply (the hand's other
        requirements met)."""
        state = game.state
        top = state.top
        room = len(state.net_ocean)
        hand = list(state.hand)
        chain: list[DigimonCard] = []
        while top.children:
            best = None
            children = top.children
            for card in hand:
                if (
                    card in children
                    and card.need <= room
                    and (best is None or card.score > best.score)
                    and (not card.other or game.requirement_cards(card, chain) is not None)
                ):
                    best = card
            if best is None:
                break
            chain.append(best)
            hand.remove(best)
            room -= best.need
            top = best
        return chain

    def best_chain_against(self, game, rival: DigimonCard, strongest: list) -> list:
        """The chain from the hand (or none) whose last Digimon fares best against
        `rival` (`chain_key`); the strongest chain's prefixes first on ties."""
        state = game.state
        base = state.top
        best, best_key = [], None
        for chain in affordable_chains(game, base, list(state.hand), len(state.net_ocean), []):
            key = chain_key(chain[-1] if chain else base, rival, chain, strongest)
            if best_key is None or key > best_key:
                best, best_key = chain, key
        return best

    def choose_options(self, game) -> list[DigimonCard]:
        self.learn(game)
        free = game.state.slots.count(None)
        chosen = []
        if free:
            worth = self._worth
            for card in game.state.hand:
                # a Digimon combo part (冰冻组合's 冰恶魔兽) meets the combo from the box
                if worth.get(card, False) and not card.is_digimon:
                    chosen.append(card)
                    if len(chosen) == free:
                        break
        return chosen

    # --- DGM-4.2 / DGM-4.4 ------------------------------------------------------------
    def helps(self, game, steps, battle: Battle | None) -> bool:
        """The steps, played now by the acting side, raise its points (below 100), lower
        the other's, or improve its battle's outcome."""
        me = game.side
        points = game.points
        tops = game.tops()
        for step in steps:
            if step.action == "points_add":
                trial = list(points)
                apply(step, me, None, trial, tops)
                if trial[me] > points[me] or trial[1 - me] < points[1 - me]:
                    return True
        if battle is None:
            return False
        before = outcome(battle, me)
        if before == WON or all(step.action == "points_add" for step in steps):
            return False  # nothing beats a win
        trial = battle.copy()
        for step in steps:
            apply(step, me, trial, [100, 100], tops)
        return RANK[outcome(trial, me)] > RANK[before]

    def preview(self, game) -> Battle:
        """The battle as it would start now (DGM-4.4), with this round's pending steps."""
        tops = game.tops()
        battle = Battle(*attack_powers(*tops))
        for step, side in game.pending:
            apply(step, side, battle, [100, 100], tops)
        return battle

    def confirm_evolution(self, game, card: DigimonCard) -> bool:
        """DGM-4.2: go on with the chain only if some link from this one on fares at
        least as well against the opponent as stopping here (`chain_key`); the cards are
        spent either way."""
        rival = expected_opponent(game)
        if rival is None:
            return True
        state = game.state
        evolving, shortfalls = state.evolving, state.shortfalls
        # `chain_key` of each link (a prefix of the rest, so its prefix length is at
        # least 1) beats stopping (prefix 0) exactly when its rank and loss are no worse
        stop = _standing(state.top, rival)
        for index in range(evolving.index(card), len(evolving)):
            if shortfalls[index] is not None:
                break
            if _standing(evolving[index], rival) >= stop:
                return True
        return False

    def choose_evolution_options(self, game) -> list[int]:
        state = game.state
        chosen = []
        for slot in range(SLOTS):
            card = state.slots[slot]
            if (
                card is not None
                and card.is_option
                and card.evolution_timing
                and card.play_steps
                and not (state.used[slot] or state.lasting[slot])
                and self.option_helps(game, card)
            ):
                chosen.append(slot)
                if any(step.action == "evolve" for step in card.play_steps):
                    break  # one evolution option a round: the box changes under the rest
        return chosen

    def option_helps(self, game, card: DigimonCard) -> bool:
        """An evolution-phase option helps: its evolution (if any) into the best target
        with its other steps fares better than the box Digimon now (`_standing`)."""
        steps = card.play_steps
        evolve = next((step for step in steps if step.action == "evolve"), None)
        if evolve is None:
            return self.helps(game, steps, self.preview(game))
        choices = game.evolution_targets(evolve)
        if not choices:
            return False
        target = self.choose_evolution_target(game, choices)
        rival = expected_opponent(game)
        if rival is None:
            return target.level > game.state.top.level
        me = game.side
        tops = [None, None]
        tops[me], tops[1 - me] = target, rival
        battle = Battle(*attack_powers(tops[0], tops[1]))
        for step in steps:
            apply(step, me, battle, [100, 100], tops)
        now = Battle(*attack_powers(*game.tops()))
        return RANK[outcome(battle, me)] > RANK[outcome(now, me)]

    def choose_evolution_target(self, game, choices: list[DigimonCard]) -> DigimonCard:
        rival = expected_opponent(game)
        if rival is None:
            return max(choices, key=lambda card: (card.level, card.score))
        return max(choices, key=lambda card: (_standing(card, rival), card.level, card.score))

    def choose_battle_play(self, game) -> tuple[str, object] | None:
        state = game.state
        battle = game.battle
        for slot in range(SLOTS):
            card = state.slots[slot]
            if card is None or state.used[slot] or state.lasting[slot]:
                continue
            if card.is_combo:
                if game.combo_parts(slot) is not None:
                    return "combo", slot
            elif (
                not card.evolution_timing
                and card.play_steps
                and self.helps(game, card.play_steps, battle)
            ):
                return "option", slot
        for card in state.hand:
            if card.support_steps and self.helps(game, card.support_steps, battle):
                return "support", card
        return None


class RushPolicy(GreedyPolicy):
    name = "rush"
    description = (
        "Rushes the highest level: keeps only Digimon of its evolution line (highest levels "
        "first), commits the hand's chain that reaches the highest level even when the Net "
        "Ocean cannot pay every requirement, and plays no options."
    )

    def keeps_digimon(self, hand: list[DigimonCard], line: frozenset) -> list[DigimonCard]:
        wanted = [card for card in hand if card in line]
        if len(wanted) <= KEEP_PER_LEVEL:
            return wanted
        wanted.sort(key=lambda card: (-card.level, -card.score))
        counts = [0, 0, 0, 0]
        kept = []
        for card in wanted:
            if counts[card.level] < KEEP_PER_LEVEL:
                counts[card.level] += 1
                kept.append(card)
        return kept

    def choose_discards(self, game) -> tuple[list[DigimonCard], list[int]]:
        state = game.state
        hand = state.hand
        kept = self.keeps_digimon(hand, state.box[0].line)
        slots = [
            slot
            for slot in range(SLOTS)
            if state.slots[slot] is not None and not state.lasting[slot]
        ]
        return cards_not_kept(hand, kept), slots

    def choose_swap(self, game) -> DigimonCard | None:
        return None

    def plan_evolution(self, game) -> None:
        state = game.state
        chain = best_chain(state.top, list(state.hand))
        for card in chain:
            game.choose_evolution(card)

    def choose_options(self, game) -> list[DigimonCard]:
        return []

    def choose_evolution_options(self, game) -> list[int]:
        return []

    def choose_battle_play(self, game) -> tuple[str, object] | None:
        return None


LOSS_RANK, TIE_RANK, WIN_RANK = range(3)


def battle_value(card: DigimonCard, rival: DigimonCard) -> tuple[int, int]:
    """(rank, points) of `card` battling `rival` with printed attacks (DGM-4.4, guards
    included): a win (WIN_RANK, the points `rival`'s owner loses), a tie (TIE_RANK, 0) or
    a loss (LOSS_RANK, minus the points `card`'s owner loses), DGM-4.5. Remembered per
    pair on the card: the greedy policy asks it for every link of every chain, and in a
    goldfish always against the same dummy."""
    value = card.versus.get(rival)
    if value is None:
        value = card.versus[rival] = _battle_value(card, rival)
    return value


def _battle_value(card: DigimonCard, rival: DigimonCard) -> tuple[int, int]:
    mine, theirs, zero_mine, zero_theirs = attack_powers(card, rival)
    if zero_mine:
        mine = 0
    if zero_theirs:
        theirs = 0
    if mine > theirs:
        return WIN_RANK, points_lost(rival, card)
    if theirs > mine:
        return LOSS_RANK, -points_lost(card, rival)
    return TIE_RANK, 0


def _standing(end: DigimonCard, rival: DigimonCard) -> tuple[int, int]:
    """The first two terms of `chain_key`: the rank, then the points lost on a loss."""
    rank, points = battle_value(end, rival)
    return rank, points if rank == LOSS_RANK else 0


def chain_key(end: DigimonCard, rival: DigimonCard, chain: list, strongest: list) -> tuple:
    """How good ending the evolution chain `chain` on `end` is against `rival`: a win
    over a tie over a loss; among losses the cheapest (a Level III loses 10 to a Level
    III, an evolved Digimon 20–30); then the longest prefix of the strongest chain
    (evolving as far as the hand goes when it wins anyway), then level and score."""
    rank, points = battle_value(end, rival)
    prefix = len(chain) if chain == strongest[: len(chain)] else -1
    return rank, points if rank == LOSS_RANK else 0, prefix, end.level, end.score


def affordable_chains(game, top: DigimonCard, hand: list, room: int, chain: list):
    """Every evolution chain from `top` through distinct hand cards whose ○/× the Net
    Ocean (`room` cards) can supply and whose other requirements the hand meets; the
    empty chain first."""
    yield chain
    tried = []
    for card in hand:
        if (
            card in top.children
            and card not in tried
            and card.need <= room
            and (not card.other or game.requirement_cards(card, chain) is not None)
        ):
            tried.append(card)
            rest = list(hand)
            rest.remove(card)
            yield from affordable_chains(game, card, rest, room - card.need, chain + [card])


def expected_opponent(game) -> DigimonCard | None:
    """The Digimon the acting side will battle, when the public zones tell it (None
    otherwise). The box's top is public once turned up (DGM-4.2); the evolving box's
    count is public though its cards are face down (DGM-4.1 step 3). The opponent battles
    with its visible top when it has already evolved this round, when it chose no
    evolution, or, before it prepares, when nothing in its Dark Area (public) has ever
    been above Level III, i.e. it has not shown it can evolve."""
    rival = game.sides[1 - game.side]
    if rival.face_down:
        return None
    top = rival.top
    if game.dummy:
        return top  # DGM-5: the dummy never evolves
    rival_first = game.first == (game.side == 1)
    if game.phase == "evolution":
        if rival_first or not rival.evolving:
            return top
        return None
    if rival_first:
        return None if rival.evolving else top
    if any(card.level > III for card in rival.dark_area):
        return None
    return top


def best_chain(top: DigimonCard, hand: list[DigimonCard]) -> list[DigimonCard]:
    """The evolution chain from `top` through hand cards that reaches the highest level,
    then the highest final score, then needs the fewest ○/× (first found on ties)."""
    best: list[DigimonCard] = []
    best_key = (top.level, top.score, 0)
    children = top.children
    seen = []
    for index, card in enumerate(hand):
        if card in children and card not in seen:
            seen.append(card)
            rest = hand[:index] + hand[index + 1 :]
            chain = [card] + best_chain(card, rest)
            last = chain[-1]
            key = (last.level, last.score, -sum(c.need for c in chain))
            if key > best_key:
                best, best_key = chain, key
    return best
