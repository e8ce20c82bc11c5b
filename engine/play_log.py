"""A browser game's log as one player may read it while the game runs (issue 28, PLAY-1.3):
every event so far told as the replay tells it (engine/replay), except the cards that
player may not see.

An event names its actor (`player`). Its cards are told to every reader unless its kind
says otherwise:
- `PRIVATE` kinds show their cards to the actor only (they went to a hand or face down):
  PAD the opening hand, draws, a life card taken into the hand by damage; Digimon the
  opening hand, draws, the face-down Level III, the evolution chosen face down with its
  requirement cards (DGM-4.3: the opponent may not look at them), a Level III swapped in
  from the hand. The others read a sentence without the cards ("Drew a card.").
- `FACE_DOWN` kinds show their cards to nobody: PAD's life cards (PAD-3.2: nobody looks;
  PAD-4.4.4's recovered card goes there face down), Digimon's point gauge (DGM-3.2).
- PAD effects that move cards into a hand from a hidden zone (`draw`, `draw_until`,
  `look_top`) keep their source card (played face up) and hide what they moved.
- A kind this module does not know is private: a new event kind never leaks.

When the game is over the whole log opens to both players (the replay, with both hands).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cards import vocabulary as v
from engine.reader_names import ReaderNames
from engine.replay.digimon_events import Narrator
from engine.replay.events import describe_event
from engine.replay.match import ROUND_EVENTS

PUBLIC = {
    v.PAD: frozenset(
        {
            "deal_orbs",
            "exchange",
            "opponent_turn",
            "untap",
            "evolve",
            "skill",
            "effect",
            "orb_start",
            "orb_add",
            "combos",
            "chain",
            "attack_declared",
            "attack_lowered",
            "defence_skill",
            "block",
            "attack",
            "immune",
            "damage_effect",
            "life_to_discard",
            "last_stand",
            "clean_column",
            "hand_limit",
            "win",
        }
    ),
    v.DIGIMON: frozenset(
        {
            "discard",
            "rest",
            "set_option",
            "unused_options",
            "turn_up",
            "evolve",
            "evolution_failed",
            "effect",
            "use_option",
            "combo",
            "support",
            "attack",
            "compare",
            "pass",
            "points",
            "to_dark_area",
            "lifespan_end",
            "game_over",
        }
    ),
}
FACE_DOWN = {v.PAD: frozenset({"deal_life", "recover"}), v.DIGIMON: frozenset({"point_gauge"})}
HIDDEN_MOVES = frozenset({"draw", "draw_until", "look_top"})  # PAD effects into a hand


def _hidden_text(event: dict) -> str:
    """The sentence of an event whose cards the reader may not see."""
    action, count = event.get("action"), len(event.get("cards") or ())
    if action == "draw":
        return ngettext("Drew a card.", "Drew %(count)s cards.", count) % {"count": count}
    if action == "deal_hand":
        return _("Drew the opening hand: %(count)s cards.") % {"count": count}
    if action == "deal_life":
        return _("Dealt %(count)s life cards face down.") % {"count": count}
    if action == "recover":
        return _("Recovered 1 life.")
    if action == "life_to_hand":
        return _("Took 1 damage: a life card goes to the hand.")
    if action == "level_iii":
        return _("Put a Level III face down in the Digimon box.")
    if action == "point_gauge":
        return _("Put the top card face down on the point gauge: %(points)s points.") % {
            "points": event.get("points", 100)
        }
    if action == "choose_evolution":
        return _("Chose an evolution, face down in the evolving box.")
    if action == "swap_level_iii":
        return _("Replaced the Level III with one from the hand.")
    return _("A move the opponent keeps hidden.")


def reader_log(log: dict, seat: int, names: ReaderNames, finished: bool) -> list[dict]:
    """[{seat, text}] for the reader in `seat`: `seat` None for events of the round
    (Digimon's attacks, comparison and points)."""
    game = log.get("game")
    narrate = Narrator(names).describe if game == v.DIGIMON else None
    public = PUBLIC.get(game, frozenset())
    face_down = FACE_DOWN.get(game, frozenset())
    lines = []
    for event in log.get("events", ()):
        action = event.get("action")
        actor = event.get("player", 0)
        shown = event
        if not finished:
            if action in face_down or (action not in public and actor != seat):
                lines.append({"seat": actor, "text": _hidden_text(event)})
                continue
            if game == v.PAD and action == "effect" and event.get("effect") in HIDDEN_MOVES:
                shown = {**event, "moved": []} if actor != seat else event
        text = narrate(shown) if narrate is not None else describe_event(shown, names)
        who = None if game == v.DIGIMON and action in ROUND_EVENTS else actor
        lines.append({"seat": who, "text": text})
    return lines


def logged_names(log: dict) -> list[str]:
    """Every card name the log's events mention (one query looks them all up)."""
    found = set()
    for event in log.get("events", ()):
        for key in ("cards", "moved", "requirement", "discarded", "paid", "parts"):
            value = event.get(key)
            if isinstance(value, list):
                found.update(name for name in value if isinstance(name, str))
        if isinstance(event.get("option"), str):
            found.add(event["option"])
    return sorted(found)
