"""A matchup's log (PAD-7, DGM-6) as steps to replay: both boards per snapshot.

A match snapshot holds `zones` as [player's zones, opponent's zones], each the same
per-player dict a goldfish snapshot has, and `life` (PAD) or `points` (Digimon) as [player,
opponent]; each event names the `player` (0 or 1) who acted. The page draws the opponent's
board above the player's, as across a table.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from cards import vocabulary as v
from engine.core.cards import CardSpec
from engine.reader_names import ReaderNames
from engine.replay.boards import generic_board, pad_board
from engine.replay.digimon import digimon_sheet

PLAYER, OPPONENT = 0, 1


def is_match_log(log: dict) -> bool:
    snapshots = log.get("snapshots") or [{}]
    return isinstance(snapshots[0].get("zones"), list)


def _side(snapshot: dict, who: int, name: str, game: str, cards, reader: ReaderNames) -> dict:
    zones = snapshot["zones"][who]
    other = 1 - who
    side = {"who": who, "name": name, "is_opponent": who == OPPONENT}
    if game == v.PAD:
        life = snapshot.get("life") or [None, None]
        side["board"] = pad_board({"zones": zones, "opponent_life": life[other]}, cards, reader)
        if life[who] is not None:
            side["board"]["life"] = life[who]
        side["life"] = side["board"]["life"]
    else:
        points = snapshot.get("points") or [None, None]
        if game == v.DIGIMON:
            side["sheet"] = digimon_sheet(zones, points[who], cards, reader)
        else:
            side["zones"] = generic_board({"zones": zones})
        side["points"] = points[who]
    return side


# Events of the round rather than of one side (DGM-4.4, DGM-4.5, DGM-4.7): no actor.
ROUND_EVENTS = frozenset({"attack", "compare", "points", "game_over"})


def _event(event: dict, names: list[str], describe) -> dict:
    who = None if event.get("action") in ROUND_EVENTS else event.get("player")
    if event.get("action") == "pass" and event.get("side") in ("player", "opponent"):
        who = PLAYER if event["side"] == "player" else OPPONENT  # who passed, not who acted
    acted = names[who] if who in (PLAYER, OPPONENT) else ""
    return {"who": who, "name": acted, "text": describe(event)}


def match_steps(
    log: dict,
    cards: dict[str, CardSpec],
    names: list[str],
    phases: dict,
    reader: ReaderNames,
    describe,
) -> list[dict]:
    """One step per snapshot: both sides' boards and the events since the last one."""
    events = log.get("events", [])
    game = log.get("game")
    steps, start = [], 0
    for index, snapshot in enumerate(log.get("snapshots", [])):
        end = snapshot.get("after_event", start)
        phase = snapshot.get("phase", "")
        who = snapshot.get("player")
        steps.append(
            {
                "index": index,
                "turn": snapshot.get("turn", snapshot.get("round", 0)),
                "phase": phase,
                "phase_label": phases.get(phase, phase),
                "active": names[who] if who in (PLAYER, OPPONENT) else "",
                "events": [_event(event, names, describe) for event in events[start:end]],
                # the opponent across the table, above; the player below
                "sides": [
                    _side(snapshot, OPPONENT, names[OPPONENT], game, cards, reader),
                    _side(snapshot, PLAYER, names[PLAYER], game, cards, reader),
                ],
            }
        )
        start = max(start, end)
    return steps


OUTCOMES = {
    # (outcome for the player, counted in rounds): the sentence
    ("win", False): gettext_lazy("%(name)s won on turn %(length)s"),
    ("win", True): gettext_lazy("%(name)s won in round %(length)s"),
    ("loss", False): gettext_lazy("%(name)s lost on turn %(length)s"),
    ("loss", True): gettext_lazy("%(name)s lost in round %(length)s"),
    ("draw", False): gettext_lazy("A draw: no winner by turn %(length)s"),
    ("draw", True): gettext_lazy("A draw: no winner by round %(length)s"),
}


def outcome_text(log: dict, names: list[str]) -> str:
    """How the sample game ended, for the player (deck A)."""
    result = log.get("result", {})
    outcome = {"won": "win", "lost": "loss"}.get(result.get("outcome"), result.get("outcome"))
    rounds = log.get("game") == v.DIGIMON
    text = OUTCOMES.get((outcome, rounds), OUTCOMES[("draw", rounds)])
    return str(text) % {"name": names[PLAYER], "length": result.get("length")}
