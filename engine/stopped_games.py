"""The games a report says were stopped at an action bound (engine/core/limits.py), as the
pages show them: how many, and why, in the reader's language."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from django.utils.translation import gettext_lazy as _

from engine.core import limits

REASONS = {
    limits.TURN_ACTIONS: _("more than %(bound)s actions in one turn"),
    limits.GAME_ACTIONS: _("more than %(bound)s actions in one game"),
}
BOUNDS = {
    limits.TURN_ACTIONS: limits.ACTIONS_PER_TURN,
    limits.GAME_ACTIONS: limits.ACTIONS_PER_GAME,
}


def stopped_rows(*counts: dict | None) -> list[dict]:
    """[{"games": n, "reason": text}] for the `games_stopped` of one report or the sum of
    several (a matchup's opponents), most games first; [] when no game was stopped."""
    total: Counter = Counter()
    for count in counts:
        total.update(count or {})
    return [
        {"games": games, "reason": _reason(reason)}
        for reason, games in sorted(total.items(), key=lambda item: (-item[1], item[0]))
        if games
    ]


def _reason(reason: str) -> str:
    if reason not in REASONS:
        return reason  # a report from a newer engine: its own words
    return REASONS[reason] % {"bound": BOUNDS[reason]}


def summed(rows: Iterable[dict]) -> list[dict]:
    return stopped_rows(*(row.get("games_stopped") for row in rows))
