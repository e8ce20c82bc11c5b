"""Sample hands: deal a deck's setup and draw on, turn by turn, as with a physical deck.

Plain functions over `CardSpec`s (no Django): the same seed deals the same cards, so a
sample hand can be shared by its address. The shuffled deck is read **top first**.

- PAD (PAD-3.1 … PAD-3.4, PAD-4.2): the team is in the pet area; 5 cards are dealt face
  down as life, 5 as the hand and 3 to the orb area (one per column); then one card is
  drawn per turn. The setup exchange of hand and orb cards is left to the player (the
  page shows what was dealt), and the orb start card of the puzzle phase is not shown:
  the sample follows the hand.
- Digimon (DGM-3, DGM-4.1): DGM-3.1 lets the player choose the Level III that starts in
  the Digimon box; a sample takes **the first Level III of the shuffled deck**, i.e. a
  random copy among the deck's Level IIIs, which favours no card. The other cards (already
  in random order, as DGM-3.2 shuffles them) give the point gauge card (face down), the
  6-card hand, and the Net Ocean. Each preparation phase "discards unwanted cards and
  draws back up to 6" (DGM-4.1); how many cards a round uses depends on play, so the
  sample models a round as one card played or discarded and **one card drawn** (the same
  model as the draw odds in `decks.odds`): round N shows the cards drawn in rounds 1…N.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core.cards import CardSpec, DeckSpec

PAD_LIFE, PAD_HAND, PAD_COLUMNS = 5, 5, 3  # PAD-3.2, PAD-3.3, PAD-3.4
DIGIMON_HAND = 6  # DGM-3.3
LEVEL_THREE = "III"


@dataclass
class SampleHand:
    """The dealt setup, the cards drawn turn by turn and what is left of the deck.

    `zones` holds the setup zones in the order a page shows them (PAD: team, life, hand,
    orbs; Digimon: box, gauge, hand); `draws[i]` is the card drawn in turn (round) i + 1;
    `library` is the rest of the deck, top first.
    """

    game: str
    seed: int
    turn: int
    max_turn: int
    zones: dict[str, list[CardSpec]]
    draws: list[CardSpec] = field(default_factory=list)
    library: list[CardSpec] = field(default_factory=list)

    @property
    def hand_now(self) -> list[CardSpec]:
        """The opening hand and every card drawn since (no card played)."""
        return [*self.zones.get("hand", ()), *self.draws]

    def all_cards(self) -> list[CardSpec]:
        """Every card the sample placed: it adds up to the deck (and the PAD team)."""
        cards = [card for zone in self.zones.values() for card in zone]
        return cards + self.draws + self.library


def shuffled(cards: Sequence[CardSpec], seed: int) -> list[CardSpec]:
    """The deck in a seeded random order, top first (PAD-3.1, DGM-3.2)."""
    order = list(cards)
    random.Random(seed).shuffle(order)
    return order


def _draws(library: list[CardSpec], turn: int) -> tuple[int, list[CardSpec], list[CardSpec]]:
    """Clamp the turn to the cards left and draw one card per turn from the top."""
    turn = max(0, min(turn, len(library)))
    return turn, library[:turn], library[turn:]


def pad_sample_hand(deck: DeckSpec, *, seed: int, turn: int = 0) -> SampleHand:
    """PAD-3.1 … PAD-3.4, then one draw per turn (PAD-4.2)."""
    order = shuffled(deck.deck, seed)
    life, order = order[:PAD_LIFE], order[PAD_LIFE:]  # PAD-3.2
    hand, order = order[:PAD_HAND], order[PAD_HAND:]  # PAD-3.3
    orbs, order = order[:PAD_COLUMNS], order[PAD_COLUMNS:]  # PAD-3.4, one per column
    max_turn = len(order)
    turn, draws, library = _draws(order, turn)
    return SampleHand(
        game="pad",
        seed=seed,
        turn=turn,
        max_turn=max_turn,
        zones={"team": list(deck.team), "life": life, "hand": hand, "orbs": orbs},
        draws=draws,
        library=library,
    )


def is_level_three(card: CardSpec) -> bool:
    return card.kind == "digimon" and card.data.get("level") == LEVEL_THREE


def digimon_sample_hand(deck: DeckSpec, *, seed: int, turn: int = 0) -> SampleHand:
    """DGM-3.1 … DGM-3.3, then one draw per preparation phase (DGM-4.1, see above)."""
    order = shuffled(deck.cards(), seed)
    first = next((i for i, card in enumerate(order) if is_level_three(card)), None)
    box = [order.pop(first)] if first is not None else []  # DGM-3.1
    gauge, order = order[:1], order[1:]  # DGM-3.2: face down on the point gauge
    hand, order = order[:DIGIMON_HAND], order[DIGIMON_HAND:]  # DGM-3.3
    max_turn = len(order)
    turn, draws, library = _draws(order, turn)
    return SampleHand(
        game="digimon",
        seed=seed,
        turn=turn,
        max_turn=max_turn,
        zones={"box": box, "gauge": gauge, "hand": hand},
        draws=draws,
        library=library,
    )


DEALERS = {"pad": pad_sample_hand, "digimon": digimon_sample_hand}


def sample_hand(deck: DeckSpec, *, seed: int, turn: int = 0) -> SampleHand:
    return DEALERS[deck.game](deck, seed=seed, turn=turn)
