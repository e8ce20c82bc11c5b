"""The validator's input and output: plain dataclasses, so views, the API and the list
parser can build and read them without knowing any rule set."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Literal

Zone = Literal["deck", "team", "side"]
DECK: Zone = "deck"
TEAM: Zone = "team"
# The sideboard / maybe zone (issue 16): cards a player keeps beside the deck. The rules,
# the statistics and the simulator ignore it; lists and revisions keep it.
SIDE: Zone = "side"
ZONES: tuple[Zone, ...] = (TEAM, DECK, SIDE)


@dataclass
class EntryInput:
    """One line of a deck: `quantity` copies of a card in a zone.

    `card_id` is None when the user's text matched no card; `label` keeps what they typed
    so the unknown_card error can quote it, and `line` points back into a pasted list.
    """

    card_id: int | None
    quantity: int
    zone: str = DECK
    line: int | None = None
    label: str = ""


@dataclass
class Violation:
    code: str
    message: str
    card: int | None = None
    line: int | None = None
    messages: dict[str, str] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class DeckValidation:
    valid: bool
    errors: list[Violation]
    counts: dict[str, int]

    @property
    def codes(self) -> list[str]:
        return [error.code for error in self.errors]

    def as_dict(self) -> dict:
        return {
            "valid": self.valid,
            "errors": [error.as_dict() for error in self.errors],
            "counts": dict(self.counts),
        }
