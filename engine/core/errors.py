"""Distinct exception types for distinct failures (python-chess style).

Every error has a stable `code` so the API layer can turn it into a response.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""

    code = "engine_error"


class InvalidDeck(EngineError):
    """The deck cannot be simulated (wrong game, a team card that is not a pet, too few
    cards to set up, …)."""

    code = "invalid_deck"


class UnknownPolicy(EngineError):
    """No policy of that name exists for the deck's game."""

    code = "unknown_policy"


class UnknownGame(EngineError):
    """No engine is registered for the deck's game."""

    code = "unknown_game"


class InvalidOptions(EngineError):
    """An option the game does not know, or a value out of range."""

    code = "invalid_options"


class IllegalAction(EngineError):
    """A verb was asked to do something the rules forbid (evolving twice in a turn, paying
    more cost than the orb area allows, …). Policies only ask for legal actions, so this
    signals a bug in a policy or a test's constructed state."""

    code = "illegal_action"
