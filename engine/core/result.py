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
    stopped: str = ""  # why the game was stopped (engine/core/limits.py), else empty


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
    stopped: str = ""  # why the game was stopped (engine/core/limits.py), else empty
    opening: int = 0  # bit i: card_names[i] was in deck A's opening hand (MATCH-2)
    played: int = 0  # bit i: deck A played it (MATCH-2's Played WR)


OUTCOME_NAMES = {WIN: "win", DRAW: "draw", LOSS: "loss"}  # a match log's "outcome"


def log_header(
    game: str, seed: int, going_first: bool, turn_cap: int, policy: str | None = None, **facts
) -> dict:
    """A game's JSON log before its first event: what both games' goldfish and matchup
    logs open with (a goldfish log names its `policy`; a match log names one per player
    among its `facts`), then the game's own `facts` in their order, then the empty event
    and snapshot lists the game fills as it plays."""
    head = (
        {"game": game, "seed": seed}
        if policy is None
        else {"game": game, "seed": seed, "policy": policy}
    )
    return {
        **head,
        "going_first": going_first,
        "turn_cap": turn_cap,
        **facts,
        "events": [],
        "snapshots": [],
    }
