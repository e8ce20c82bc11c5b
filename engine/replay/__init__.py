"""A sample game's log as steps to replay: a board per snapshot and the events before it."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from cards import vocabulary as v
from engine.core.cards import CardSpec
from engine.replay.boards import card_map, generic_board, pad_board
from engine.replay.events import describe_event, generic_event
from engine.replay.match import is_match_log, match_steps, outcome_text

__all__ = ["card_map", "is_match_log", "match_replay_steps", "outcome_text", "replay_steps"]

PHASES = {
    "setup": gettext_lazy("Setup"),
    "opponent": gettext_lazy("Opponent's turn"),
    "reset": gettext_lazy("Reset phase"),
    "draw": gettext_lazy("Draw phase"),
    "main": gettext_lazy("Main phase"),
    "puzzle": gettext_lazy("Puzzle phase"),
    "attack": gettext_lazy("Attack phase"),
    "cleanup": gettext_lazy("Cleanup phase"),
    "preparation": gettext_lazy("Preparation phase"),
    "evolution": gettext_lazy("Evolution phase"),
    "battle": gettext_lazy("Battle phase"),
    "points": gettext_lazy("Point calculation"),
}


def replay_steps(log: dict, cards: dict[str, CardSpec]) -> list[dict]:
    """One step per snapshot, with the events that led to it (since the previous one)."""
    events = log.get("events", [])
    is_pad = log.get("game") == v.PAD
    describe = describe_event if is_pad else generic_event
    steps, start = [], 0
    for index, snapshot in enumerate(log.get("snapshots", [])):
        end = snapshot.get("after_event", start)
        phase = snapshot.get("phase", "")
        steps.append(
            {
                "index": index,
                "turn": snapshot.get("turn", snapshot.get("round", 0)),
                "phase": phase,
                "phase_label": PHASES.get(phase, phase),
                "events": [describe(event) for event in events[start:end]],
                "board": pad_board(snapshot, cards) if is_pad else None,
                "zones": None if is_pad else generic_board(snapshot),
            }
        )
        start = max(start, end)
    return steps


def match_replay_steps(log: dict, cards: dict[str, CardSpec], names: list[str]) -> list[dict]:
    """A matchup's log: both boards per snapshot, each event with who acted (PAD-7, DGM-6)."""
    return match_steps(log, cards, names, PHASES)
