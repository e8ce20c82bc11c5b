"""The checks both games make before they play a deck (PAD-2/3, DGM-2/3, MATCH-1): the
deck belongs to the game, its policy exists, the turn cap is positive. What only one game
checks (PAD's team of pets, Digimon's Level III) stays in that game's engine.py."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.cards import DeckSpec
from engine.core.errors import InvalidDeck, InvalidOptions, UnknownPolicy


def check_cards_of(deck: DeckSpec, game: str, label: str, rule: str) -> None:
    """The deck and every card in it are `game`'s (`label` names the game to the player,
    `rule` is the construction rule that says so: PAD-2.6, DGM-2.5)."""
    if deck.game != game:
        raise InvalidDeck(f"Not a {label} deck: {deck.game!r}.")
    wrong = sorted({card.name for card in deck.cards() if card.game != game})
    if wrong:
        raise InvalidDeck(f"{rule}: not {label} cards: {', '.join(wrong)}.")


def check_turn_cap(turn_cap: int) -> None:
    """A game, goldfish or matchup, needs at least one turn (or round) to be played."""
    if turn_cap < 1:
        raise InvalidOptions("turn_cap must be at least 1.")


def policy_class(classes: Mapping[str, type], policy: str, label: str) -> type:
    """The policy class called `policy` among a game's `classes`; the error lists them."""
    try:
        return classes[policy]
    except KeyError:
        names = ", ".join(classes)
        raise UnknownPolicy(f"No {label} policy {policy!r}: {names}.") from None
