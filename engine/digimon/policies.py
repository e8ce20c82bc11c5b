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
  included, and redraws. Step 2: swaps in that Level III. Step 3: evolves as soon as a
  requirement can be met — level after level from the box, the highest-scoring card
  that evolves from the current top and whose ○/× the Net Ocean can still supply
  (consecutive evolution as far as the hand goes). Step 4: sets the kept options.
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

from engine.digimon.battle import LOST, STOPPED, TIED, WON, attack_powers
from engine.digimon.cards import III, DigimonCard
from engine.digimon.effects import Battle, apply
from engine.digimon.state import SLOTS

KEEP_PER_LEVEL = 2
RANK = {LOST: 0, TIED: 1, STOPPED: 2, WON: 3}


def outcome(battle: Battle, side: int = 0) -> int:
    """The battle's outcome for `side` (0 or 1) if it ended now."""
    if battle.stopped:
        return STOPPED
    mine, theirs = battle.final()
    if side:
        mine, theirs = theirs, mine
    return WON if mine > theirs else LOST if theirs > mine else TIED


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
        wanted.sort(key=lambda card: -card.score)
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
        state = game.state
        top = state.top
        while top.children:
            best = None
            room = len(state.net_ocean)
            children = top.children
            for card in state.hand:
                if (
                    card in children
                    and card.need <= room
                    and (best is None or card.score > best.score)
                    and (not card.other or game.requirement_cards(card) is not None)
                ):
                    best = card
            if best is None:
                return
            game.choose_evolution(best)
            top = best

    def choose_options(self, game) -> list[DigimonCard]:
        self.learn(game)
        free = game.state.slots.count(None)
        chosen = []
        if free:
            worth = self._worth
            for card in game.state.hand:
                if worth.get(card, False):
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
                and self.helps(game, card.play_steps, self.preview(game))
            ):
                chosen.append(slot)
        return chosen

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
