"""The players (policies) of each game as people read them: a short label and what it does,
in the reader's language (unknown ones as the engine says), and the list
`GET /api/policies/` answers."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from engine.core.api import POLICIES
from engine.core.registry import discover, get_engine

POLICY_TEXTS = {
    ("pad", "greedy"): gettext_lazy(
        "Deals damage as soon as possible: completes a combo of its pets' colours every turn "
        "it can, evolves every pet it can (paying a cost only for a stronger pet), keeps "
        "evolutions in hand and spends other cards as orbs."
    ),
    ("pad", "store"): gettext_lazy(
        "Stores orbs: avoids completing combos until 4 colours have two orbs in a column or "
        "3 turns passed without a combo, then completes as many as possible so the chain "
        "makes a large combo. In a matchup it stores only at full life and while the "
        "opponent has more than two life cards."
    ),
    ("pad", "random"): gettext_lazy("Plays uniformly at random among the legal actions."),
    ("digimon", "greedy"): gettext_lazy(
        "Evolves as soon as a requirement can be met: keeps the cards that lead to the next "
        "evolution (at most two per level), evolves level after level with the strongest card "
        "the Net Ocean can pay for, sets options that can help and uses them (and supports) "
        "only when they help now; completes every combo it can."
    ),
    ("digimon", "rush"): gettext_lazy(
        "Rushes the highest level: keeps only Digimon of its evolution line (highest levels "
        "first), commits the hand's chain that reaches the highest level even when the Net "
        "Ocean cannot pay every requirement, and plays no options."
    ),
    ("digimon", "random"): gettext_lazy("Plays uniformly at random among the legal actions."),
    ("pad", "search"): gettext_lazy(
        "Looks ahead: at each main-phase action, orb placement and block it plays every "
        "candidate out many times (both sides greedy from there, the cards it cannot see "
        "shuffled) and keeps the one that wins most. About 1–2 s per game."
    ),
    ("digimon", "search"): gettext_lazy(
        "Looks ahead: at each choice of a round (discards, evolution chain, options, "
        "battle plays) it plays every candidate out many times (both sides greedy from "
        "there, the cards it cannot see shuffled) and keeps the one that wins most. About "
        "2 s per game."
    ),
    ("pad", "search-strong"): gettext_lazy(
        "As Search, with four times the simulations per decision: stronger and four times "
        "slower; large runs belong on the job workers."
    ),
    ("digimon", "search-strong"): gettext_lazy(
        "As Search, with four times the simulations per decision: stronger and four times "
        "slower; large runs belong on the job workers."
    ),
}


POLICY_LABELS = {
    "greedy": gettext_lazy("Greedy"),
    "store": gettext_lazy("Store orbs"),
    "rush": gettext_lazy("Rush"),
    "random": gettext_lazy("Random"),
    "search": gettext_lazy("Search"),
    "search-strong": gettext_lazy("Search (strong)"),
}


def policy_list(game: str) -> list[dict]:
    """[{name, label, description, budget}] of the game's players, in the registry's order.
    `budget` is what a searching player may spend per decision (None: it does not search)."""
    discover()
    return [
        {
            "name": name,
            "label": str(POLICY_LABELS.get(name, name)),
            "description": str(POLICY_TEXTS.get((game, name), text)),
            "budget": policy_budget(game, name),
        }
        for name, text in POLICIES.get(game, {}).items()
    ]


def policy_budget(game: str, name: str) -> dict | None:
    """What a searching player spends per decision (engine/core/search.py)."""
    simulations = getattr(get_engine(game).policy_classes[name], "simulations", 0)
    return {"simulations_per_decision": simulations} if simulations else None
