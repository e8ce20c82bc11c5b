"""A step being worded, which remembers the keys its sentence used.

Every modifier changes what a step does, so a sentence that left one out would be wrong
(issue 29: "never a wrong sentence"). Each phrase reads the keys it words through
`Step.get`; after wording, any key no phrase read makes the whole effect unworded
(`Step.check_all_worded`), unless its value is the default one (a false flag, amount 1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cards.effect_text.words import CannotWord

# Keys that never change what a step does.
_SILENT = frozenset({"trigger", "action", "note"})


def _is_default(key: str, value) -> bool:
    return value is None or value is False or (key == "amount" and value == 1)


class Step:
    def __init__(self, raw):
        if not isinstance(raw, dict):
            raise CannotWord(f"step {raw!r}")
        self.raw = raw
        self.trigger = raw.get("trigger")
        self.action = raw.get("action")
        self._read: set[str] = set(_SILENT)

    def get(self, key: str, default=None):
        self._read.add(key)
        return self.raw.get(key, default)

    def has(self, key: str) -> bool:
        """Whether the step gives `key` a value that matters (without reading it)."""
        return not _is_default(key, self.raw.get(key))

    @property
    def amount(self):
        return self.get("amount", 1)

    def check_all_worded(self) -> None:
        left = [
            key
            for key, value in self.raw.items()
            if key not in self._read and not _is_default(key, value)
        ]
        if left:
            raise CannotWord(f"{self.trigger}/{self.action}: {', '.join(sorted(left))}")


@dataclass(frozen=True)
class Card:
    """What the sentences may say about the card itself: its kind ("this pet" or a skill),
    its attribute (the colour of a skill's "choose a <colour> pet"), and how a catalogued
    name is written for the reader (Digimon `names`)."""

    game: str
    kind: str | None = None
    attribute: str | None = None
    name_of: Callable[[str], str] = str
