"""The passive goldfish opponent of a PAD game (DGM-5), in the opponent's seat of
`PadGame.play` (engine/pad/rules.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.pad.opponent import Opposition
from engine.pad.state import MAX_LIFE

if TYPE_CHECKING:  # pragma: no cover
    from engine.pad.rules import PadGame


class GoldfishOpponent:
    """DGM-5: PAD's goldfish opponent has 5 life and never defends or attacks. It plays
    the opponent's seat of the turn loop (`PadGame.play`) with empty turns; it has no
    pets, hand or orb area, so effects aimed at it find no target."""

    __slots__ = ("life", "turn", "opponent")
    opposition = Opposition()  # uses none of engine/pad/opponent.py
    is_player = False

    def __init__(self, life: int = MAX_LIFE):
        self.life = life
        self.turn = 0
        self.opponent: PadGame | None = None

    @property
    def lost(self) -> bool:
        return self.life == 0  # PAD-6.1: the goldfish cannot recover

    def setup(self) -> None:
        """Nothing to deal: the goldfish has no cards."""

    def play_turn(self) -> None:
        self.opponent.opponent_turn()

    def declare_block(self, game: PadGame, attacker: int, attack: int) -> list[int]:
        return []  # never blocks: PAD-4.5.2 does not happen

    def defend(self, attack: int) -> bool:
        return False

    def receive_attack(self, attacker, attack: int, points: int) -> int:
        return self.take_damage(points)  # never blocks, immune to nothing

    def take_damage(self, points: int) -> int:
        dealt = min(points, self.life)
        self.life -= dealt
        return dealt
