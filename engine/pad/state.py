"""A PAD player's zones (RULES.md PAD-3) and the low-level verbs that move cards.

Every zone is a list of `PadCard`s; the **last element is the top** (deck, life, each orb
column, each pet stack). The orb area keeps, per column, how many of its cards light each
colour (`counts[column][colour]`, PAD-5.1), updated by every verb that touches a column;
a seventh, always-zero slot (`NO_COLOUR`) lets hot loops treat every card as three orbs.
The verbs check the rules they own and raise `IllegalAction`; choices are the policy's.
"""

from __future__ import annotations

from random import Random

from engine.core.errors import IllegalAction
from engine.core.seeds import shuffle
from engine.pad.cards import PadCard

COLUMNS = 3  # PAD-3.4
NO_COLOUR = 6  # padding slot of `counts` and of `PadCard.orbs3`
MAX_LIFE = 5  # PAD-3.2


class PetStack:
    """A pet in the pet area: its evolution stack (bottom → top) and tapped state."""

    __slots__ = (
        "cards",
        "top",
        "tapped",
        "evolved_on",
        "extra_combo",
        "extra_damage",
        "attack_bonus",
        "extra_attacks",
        "defence_change",
    )

    def __init__(self, base: PadCard):
        self.cards = [base]
        self.top = base
        self.tapped = False
        self.evolved_on = 0  # the turn it last evolved (PAD-4.3: once per turn)
        self.extra_combo = 0  # this turn's effects
        self.extra_damage = 0
        self.attack_bonus = 0  # + attack while it attacks
        self.extra_attacks = 0  # attacks more than once (PAD-4.5)
        self.defence_change = 0  # until the end of the turn (engine/pad/opponent.py)

    def __repr__(self) -> str:
        return f"PetStack({[card.name for card in self.cards]}, tapped={self.tapped})"


class PlayerState:
    __slots__ = (
        "rng",
        "deck",
        "hand",
        "life",
        "discard",
        "columns",
        "counts",
        "pets",
        "attack_area",
        "reshuffles",
        "seen",
        "opening_hand",
        "played",
    )

    def __init__(self, rng: Random, team: list[PadCard], deck: list[PadCard]):
        self.rng = rng
        self.deck = deck
        self.hand: list[PadCard] = []
        self.life: list[PadCard] = []
        self.discard: list[PadCard] = []
        self.columns: list[list[PadCard]] = [[] for _ in range(COLUMNS)]
        self.counts: list[list[int]] = [[0] * 7 for _ in range(COLUMNS)]
        self.pets = [PetStack(card) for card in team]  # PAD-3.1
        self.attack_area: list[int] = []  # indices of the attacking pets (PAD-4.5)
        self.reshuffles = 0
        self.seen = 0  # bits of the cards that were in hand (`PadCard.bit`, MATCH-1)
        self.opening_hand = 0  # bits of the hand once set up (MATCH-2's OH)
        self.played = 0  # bits of the cards played, evolved onto or whose effect ran (MATCH-2)

    # --- deck ---------------------------------------------------------------------
    def take_top(self) -> PadCard | None:
        """The top card of the deck. PAD-6.2: an empty deck is refilled by shuffling the
        discard pile; when both are empty there is no card (None)."""
        deck = self.deck
        if not deck:
            if not self.discard:
                return None
            self.deck = deck = self.discard
            self.discard = []
            shuffle(self.rng, deck)
            self.reshuffles += 1
        return deck.pop()

    def draw(self) -> PadCard | None:
        card = self.take_top()
        if card is not None:
            self.hand.append(card)
            self.seen |= card.bit
        return card

    # --- orb area -----------------------------------------------------------------
    def place_orb(self, column: int, card: PadCard) -> None:
        self.columns[column].append(card)
        counts = self.counts[column]
        for colour in card.orbs:
            counts[colour] += 1

    def exchange(self, card: PadCard, column: int) -> PadCard:
        """PAD-3.4: during setup, swap a hand card with a column's card."""
        if len(self.columns[column]) != 1:
            raise IllegalAction("Setup exchanges swap a hand card with a one-card column.")
        self.hand.remove(card)
        old = self.take_orb(column)
        self.place_orb(column, card)
        self.hand.append(old)
        self.seen |= old.bit
        return old

    def take_orb(self, column: int) -> PadCard:
        card = self.columns[column].pop()
        counts = self.counts[column]
        for colour in card.orbs:
            counts[colour] -= 1
        return card

    def payable(self) -> int:
        """PAD-4.3.1: every column keeps one card, so a column of n cards gives n − 1."""
        total = 0
        for column in self.columns:
            if column:
                total += len(column) - 1
        return total

    def pay(self, columns: list[int]) -> list[PadCard]:
        """PAD-4.3.1: discard one card per cost point from the top of the named columns,
        never a column's last card."""
        for column in set(columns):
            if columns.count(column) > len(self.columns[column]) - 1:
                raise IllegalAction(f"PAD-4.3.1: column {column} must keep at least one card.")
        paid = []
        for column in columns:
            card = self.take_orb(column)
            self.discard.append(card)
            paid.append(card)
        return paid

    def clean_column(self, column: int) -> None:
        """PAD-4.6: discard every card of the column except its top (last placed) one."""
        cards = self.columns[column]
        if len(cards) > 1:
            self.discard.extend(cards[:-1])
            top = cards[-1]
            self.columns[column] = [top]
            counts = self.counts[column] = [0] * 7
            for colour in top.orbs:
                counts[colour] += 1

    # --- life ---------------------------------------------------------------------
    def recover(self) -> bool:
        """PAD-4.4.4: below 5 life, the top deck card goes face down to the bottom of the
        life area."""
        if len(self.life) >= MAX_LIFE:
            return False
        card = self.take_top()
        if card is None:
            return False
        self.life.insert(0, card)
        return True

    # --- pets ---------------------------------------------------------------------
    def place_evolution(self, stack: PetStack, card: PadCard, turn: int) -> None:
        """PAD-4.3: put the hand pet on top of its pre-evolution; the evolved pet is active."""
        self.hand.remove(card)
        self.played |= card.bit
        stack.cards.append(card)
        stack.top = card
        stack.tapped = False
        stack.evolved_on = turn

    # --- views --------------------------------------------------------------------
    def all_cards(self) -> list[PadCard]:
        cards = self.deck + self.hand + self.life + self.discard
        for column in self.columns:
            cards += column
        for stack in self.pets:
            cards += stack.cards
        return cards

    def snapshot(self) -> dict:
        """Every zone by card name (bottom → top), for the log."""

        def names(cards):
            return [card.name for card in cards]

        return {
            "deck": names(self.deck),
            "hand": names(self.hand),
            "life": names(self.life),
            "discard": names(self.discard),
            "orb_columns": [names(column) for column in self.columns],
            "pets": [
                names(stack.cards)
                for index, stack in enumerate(self.pets)
                if index not in self.attack_area
            ],
            # aligned with "pets" (the pet area; an attacking pet is in "attack_area")
            "tapped": [
                stack.tapped
                for index, stack in enumerate(self.pets)
                if index not in self.attack_area
            ],
            "attack_area": [names(self.pets[index].cards) for index in self.attack_area],
        }
