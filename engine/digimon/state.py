"""A Digimon player's battle sheet (RULES.md DGM-3) and the low-level verbs that move cards.

Every zone is a list of `DigimonCard`s; the **last element is the top** (Net Ocean, Dark
Area, the Digimon box stack). The Digimon box holds the Level III at the bottom and at
most one evolution above it (an evolved-from IV or perfect goes to the Dark Area,
DGM-4.2). The evolving box lists the cards chosen to evolve into, in order (consecutive
evolution), and the requirement box one group of cards per evolving card: its ○ cards,
then its × cards (both from the Net Ocean), then the cards of its other requirements.
The three option slots hold a card or None; `used` marks the options used this round,
`lasting` those used in an earlier round that last until lifespan end (DGM-4.8).
The verbs check the rules they own and raise `IllegalAction`; choices are the policy's.
"""

from __future__ import annotations

from random import Random

from engine.core.errors import IllegalAction
from engine.core.seeds import shuffle
from engine.digimon.cards import III, DigimonCard

HAND_SIZE = 6  # DGM-3.3, DGM-4.1 step 1
SLOTS = 3  # DGM-3 option slots
MAX_POINTS = 100  # DGM-3.2, DGM-4.7


class PlayerState:
    __slots__ = (
        "rng",
        "net_ocean",
        "hand",
        "dark_area",
        "gauge",
        "box",
        "face_down",
        "evolving",
        "requirements",
        "shortfalls",
        "taken",
        "support",
        "slots",
        "used",
        "lasting",
        "reshuffles",
        "seen",
        "opening_hand",
        "played",
        "rest_round",
        "out_of_control",
    )

    def __init__(self, rng: Random, net_ocean: list[DigimonCard]):
        self.rng = rng
        self.net_ocean = net_ocean
        self.hand: list[DigimonCard] = []
        self.dark_area: list[DigimonCard] = []
        self.gauge: list[DigimonCard] = []  # the point gauge card (DGM-3.2)
        self.box: list[DigimonCard] = []  # [Level III, evolution?]
        self.face_down = True  # the Level III until the first evolution phase (DGM-4.2)
        self.evolving: list[DigimonCard] = []
        self.requirements: list[list[DigimonCard]] = []
        self.shortfalls: list[int | None] = []  # per evolving card: why it cannot evolve
        self.taken: list[int] = []  # per evolving card: its ○/× cards from the Net Ocean
        self.support: list[DigimonCard] = []
        self.slots: list[DigimonCard | None] = [None] * SLOTS
        self.used = [False] * SLOTS
        self.lasting = [False] * SLOTS
        self.reshuffles = 0
        self.seen = 0  # bits of the cards that have been in hand (MatchResult.drawn)
        self.opening_hand = 0  # bits of the hand dealt (MATCH-2's OH)
        # bits of the cards that entered the Digimon box, were used as options or combos,
        # or met a requirement (MATCH-2's Played)
        self.played = 0
        self.rest_round = 0  # no evolution up to this round (强化进化's rest, effects.py)
        self.out_of_control = False  # no battle plays this round (逆天使的羽毛)

    @property
    def top(self) -> DigimonCard:
        return self.box[-1]

    # --- hand and Net Ocean ---------------------------------------------------------
    def draw_to(self, size: int = HAND_SIZE) -> list[DigimonCard]:
        """DGM-4.1 step 1: draw from the Net Ocean back up to `size` (fewer when it runs
        out: the lifespan only ends after point calculation, DGM-4.8)."""
        hand, ocean = self.hand, self.net_ocean
        count = min(size - len(hand), len(ocean))
        if count <= 0:
            return []
        drawn = ocean[-count:]
        del ocean[-count:]
        drawn.reverse()  # the top card first
        hand.extend(drawn)
        seen = self.seen
        for card in drawn:
            seen |= card.bit
        self.seen = seen
        return drawn

    def discard_from_hand(self, card: DigimonCard) -> None:
        self.hand.remove(card)
        self.dark_area.append(card)

    def discard_slot(self, slot: int) -> DigimonCard:
        card = self.slots[slot]
        if card is None:
            raise IllegalAction(f"Option slot {slot} is empty.")
        self.slots[slot] = None
        self.used[slot] = self.lasting[slot] = False
        self.dark_area.append(card)
        return card

    # --- Digimon box ------------------------------------------------------------------
    def swap_level_iii(self, card: DigimonCard) -> DigimonCard:
        """DGM-4.1 step 2: a Level III from hand replaces the box's Level III, which goes
        to the Dark Area. Only a Level III, and only while nothing sits on it."""
        if card.level != III or card not in self.hand:
            raise IllegalAction("DGM-4.1: only a Level III in hand can replace the Level III.")
        if len(self.box) != 1:
            raise IllegalAction("DGM-4.1: the Level III is swapped before any evolution.")
        self.hand.remove(card)
        self.played |= card.bit
        old = self.box[0]
        self.box[0] = card
        self.dark_area.append(old)
        return old

    def place_evolution(self, card: DigimonCard) -> DigimonCard | None:
        """DGM-4.2: the card goes on top; the evolved-from Digimon goes to the Dark Area,
        except a Level III, which stays under it. Returns the card discarded."""
        box = self.box
        old = None
        if box[-1].level != III:
            old = box.pop()
            self.dark_area.append(old)
        box.append(card)
        self.played |= card.bit
        return old

    def clear_box(self) -> list[DigimonCard]:
        """DGM-4.5: the box's Digimon go to the Dark Area, the Level III excepted."""
        box = self.box
        gone = box[1:]
        if gone:
            del box[1:]
            self.dark_area.extend(gone)
        return gone

    # --- lifespan -----------------------------------------------------------------------
    def end_lifespan(self) -> list[DigimonCard]:
        """DGM-4.8: discard the Digimon (the Level III stays) and the options lasting until
        lifespan end, then shuffle the Dark Area into a new Net Ocean."""
        gone = self.clear_box()
        for slot in range(SLOTS):
            if self.lasting[slot]:
                gone.append(self.discard_slot(slot))
        ocean = self.dark_area
        ocean.extend(self.net_ocean)  # empty when called by the rules
        self.dark_area = []
        shuffle(self.rng, ocean)
        self.net_ocean = ocean
        self.reshuffles += 1
        return gone

    # --- views --------------------------------------------------------------------------
    def all_cards(self) -> list[DigimonCard]:
        cards = self.net_ocean + self.hand + self.dark_area + self.gauge + self.box
        cards += self.evolving + self.support
        for group in self.requirements:
            cards += group
        cards += [card for card in self.slots if card is not None]
        return cards

    def requirement_marks(self) -> list[str]:
        """Each requirement card's mark (DGM-4.3): "○" taken from the Net Ocean upright,
        "×" sideways, "card" another requirement (a named card, a discard)."""
        marks = []
        for card, group, taken in zip(self.evolving, self.requirements, self.taken, strict=True):
            for index in range(len(group)):
                if index < min(taken, card.circles):
                    marks.append("○")
                elif index < taken:
                    marks.append("×")
                else:
                    marks.append("card")
        return marks

    def snapshot(self) -> dict:
        """Every zone by card name (bottom → top), for the log."""

        def names(cards):
            return [card.name for card in cards]

        marks = self.requirement_marks()
        return {
            "point_gauge": names(self.gauge),
            "digimon_box": names(self.box),
            "box_face_down": self.face_down,
            "evolving_box": names(self.evolving),
            "requirement_box": [card.name for group in self.requirements for card in group],
            "requirement_marks": marks,
            "support_box": names(self.support),
            "option_slots": [card.name if card else None for card in self.slots],
            "hand": names(self.hand),
            "net_ocean": names(self.net_ocean),
            "dark_area": names(self.dark_area),
        }
