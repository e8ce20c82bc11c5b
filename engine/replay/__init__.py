"""A sample game's log as steps to replay: a board per snapshot and the events before it."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from cards import vocabulary as v
from engine.core.cards import CardSpec
from engine.reader_names import ReaderNames
from engine.replay.boards import card_map, generic_board, pad_board
from engine.replay.digimon import goldfish_sheets
from engine.replay.digimon_events import Narrator
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


def _describer(game: str | None, names: ReaderNames, sides=None):
    """The game's event sentences: PAD's, the Digimon narrator's, or generic ones."""
    if game == v.PAD:
        return lambda event: describe_event(event, names)
    if game == v.DIGIMON:
        return Narrator(names, sides).describe
    return generic_event


def replay_steps(
    log: dict, cards: dict[str, CardSpec], names: ReaderNames | None = None
) -> list[dict]:
    """One step per snapshot, with the events that led to it (since the previous one);
    cards by the reader's name (engine/reader_names.py)."""
    names = names or ReaderNames()
    events = log.get("events", [])
    game = log.get("game")
    is_pad, is_digimon = game == v.PAD, game == v.DIGIMON
    describe = _describer(game, names)
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
                "board": pad_board(snapshot, cards, names) if is_pad else None,
                "sheets": (
                    goldfish_sheets(snapshot, cards, names, log.get("opponent"))
                    if is_digimon
                    else None
                ),
                "zones": None if is_pad or is_digimon else generic_board(snapshot),
            }
        )
        start = max(start, end)
    return steps


def match_replay_steps(
    log: dict, cards: dict[str, CardSpec], sides: list[str], names: ReaderNames | None = None
) -> list[dict]:
    """A matchup's log: both boards per snapshot, each event with who acted (PAD-7, DGM-6)."""
    names = names or ReaderNames()
    describe = _describer(log.get("game"), names, tuple(sides))
    return match_steps(log, cards, sides, PHASES, names, describe)
