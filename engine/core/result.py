"""What one simulated game returns (game-neutral)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class GameResult:
    won: bool
    turns: int  # the player's own turns: the kill turn when won, else the turns played
    going_first: bool
    seed: int
    per_turn: dict[str, list[int]] = field(default_factory=dict)  # one value per own turn
    totals: dict[str, int] = field(default_factory=dict)
    extra: dict = field(default_factory=dict)  # game-specific facts (PAD: openings, …)
    log: dict | None = None  # the JSON log, when asked for
