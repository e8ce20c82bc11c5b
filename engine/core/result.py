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


WIN, DRAW, LOSS = 1, 0, -1  # MatchResult.outcome, for the player (deck A)


@dataclass(slots=True)
class MatchResult:
    """One game of two decks (PAD-7, DGM-6), from the player's (deck A's) side."""

    outcome: int  # WIN, DRAW (turn or round cap) or LOSS
    length: int  # PAD: the turn number the game ended on; Digimon: rounds played
    going_first: bool  # deck A went first (PAD) / attacked first in round 1 (Digimon)
    seed: int
    drawn: int  # bit i: card_names[i] of the prepared match was in deck A's hand
    log: dict | None = None
