"""The deck validator: one rule set per game behind one interface (RULES.md PAD-2, DGM-2).

`DeckRules.validate` runs the checks every game shares (quantities, unknown cards, the
game, zones, deck size, copies per name) and calls hooks that each game's subclass
overrides, in the manner of python-chess variants: a subclass states its numbers as class
attributes and adds its own checks in `check_team` and `check_deck`. Every check returns
a list, so the user sees all violations at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from cards.models import Card
from cards.names import same_card_groups
from decks.rules.messages import GAME_NAMES, Param, card_name, render
from decks.rules.types import DECK, SIDE, TEAM, DeckValidation, EntryInput, Violation


@dataclass
class Placed:
    """An entry whose card exists and belongs to the game: what the deck rules count."""

    entry: EntryInput
    card: Card

    @property
    def quantity(self) -> int:
        return self.entry.quantity


def violation(
    code: str,
    *,
    key: str | None = None,
    card: int | None = None,
    line: int | None = None,
    **params: Param,
) -> Violation:
    message, messages = render(key or code, **params)
    return Violation(code=code, message=message, card=card, line=line, messages=messages)


# Entries whose count or zone is meaningless add nothing to the counts.
UNCOUNTED = frozenset({"bad_quantity", "bad_zone"})


class DeckRules:
    game: ClassVar[str]
    deck_min: ClassVar[int]
    deck_max: ClassVar[int]
    copy_limit: ClassVar[int] = 3
    zones: ClassVar[frozenset[str]] = frozenset({DECK})

    def __init__(self, cards: dict[int, Card]):
        self.cards = cards

    # Hooks for the game rule sets.

    def limit_for_name(self, cards: list[Card]) -> int:
        """How many copies of one name the deck may hold; `cards` are its printings."""
        return self.copy_limit

    def zone_violation(self, entry: EntryInput, card: Card) -> Violation | None:
        """An entry in a zone this game has no use for."""
        return violation(
            "bad_zone", card=card.pk, line=entry.line, name=card_name(card), zone=entry.zone
        )

    def check_team(self, team: list[Placed], count: int) -> list[Violation]:
        return []

    def check_deck(self, deck: list[Placed]) -> list[Violation]:
        return []

    # The shared flow.

    def validate(self, entries: Iterable[EntryInput]) -> DeckValidation:
        errors: list[Violation] = []
        counts = {DECK: 0, TEAM: 0}
        placed: dict[str, list[Placed]] = {DECK: [], TEAM: []}
        for entry in entries:
            if entry.zone == SIDE:
                # The sideboard / maybe zone is outside the deck: no size, no copy limit
                # (PAD-2.1, PAD-2.2, DGM-2.1, DGM-2.2 count the deck and the team only).
                continue
            card = self.cards.get(entry.card_id) if entry.card_id is not None else None
            problem = self.check_entry(entry, card)
            if problem is None and entry.zone not in self.zones:
                problem = self.zone_violation(entry, card)
            if problem is None:
                placed[entry.zone].append(Placed(entry, card))
            else:
                errors.append(problem)
            # Unknown and wrong-game cards still count toward the size, so one mistyped
            # name reads as one error rather than also as a short deck.
            if problem is None or problem.code not in UNCOUNTED:
                counts[entry.zone] += entry.quantity

        errors += self.check_deck_size(counts[DECK])
        errors += self.check_copies(placed[DECK])
        errors += self.check_team(placed[TEAM], counts[TEAM])
        errors += self.check_deck(placed[DECK])
        return DeckValidation(valid=not errors, errors=errors, counts=counts)

    def check_entry(self, entry: EntryInput, card: Card | None) -> Violation | None:
        label = entry.label or (f"#{entry.card_id}" if entry.card_id is not None else "?")
        name = card_name(card) if card is not None else label
        if entry.quantity <= 0:
            return violation(
                "bad_quantity",
                card=entry.card_id,
                line=entry.line,
                name=name,
                quantity=entry.quantity,
            )
        if entry.zone not in (DECK, TEAM):
            return violation(
                "bad_zone", card=entry.card_id, line=entry.line, name=name, zone=entry.zone
            )
        if card is None:
            return violation("unknown_card", card=entry.card_id, line=entry.line, label=label)
        if card.game != self.game:  # PAD-2.6, DGM-2.5
            return violation(
                "wrong_game",
                card=card.pk,
                line=entry.line,
                name=name,
                card_game=GAME_NAMES[card.game],
                game=GAME_NAMES[self.game],
            )
        return None

    def check_deck_size(self, count: int) -> list[Violation]:
        if self.deck_min <= count <= self.deck_max:
            return []
        key = "deck_size_exact" if self.deck_min == self.deck_max else "deck_size"
        return [violation("deck_size", key=key, min=self.deck_min, max=self.deck_max, count=count)]

    def check_copies(self, deck: list[Placed]) -> list[Violation]:
        # PAD-2.2, DGM-2.2: copies count per name, not number, and NAME-1 makes a name the
        # same card in every language: St-1 アグモン and a printing catalogued only as
        # "Agumon" share one limit, as do the reprints St-9 and St-111 Palmon.
        errors = []
        for items in same_card_groups(deck, lambda item: item.card):
            count = sum(item.quantity for item in items)
            limit = self.limit_for_name([item.card for item in items])
            if count > limit:
                first = items[0]
                errors.append(
                    violation(
                        "copy_limit",
                        card=first.card.pk,
                        line=first.entry.line,
                        name=card_name(first.card),
                        limit=limit,
                        count=count,
                    )
                )
        return errors


RULE_SETS: dict[str, type[DeckRules]] = {}


def register(rules: type[DeckRules]) -> type[DeckRules]:
    RULE_SETS[rules.game] = rules
    return rules


def rules_for(game: str) -> type[DeckRules]:
    try:
        return RULE_SETS[game]
    except KeyError:
        raise ValueError(f"No deck rules for game {game!r}.") from None


def validate_deck(game: str, entries: list[EntryInput]) -> DeckValidation:
    """Every violation of the game's deck rules (PAD-2 / DGM-2), loading the cards in one
    query whatever the deck size."""
    rules = rules_for(game)
    ids = {entry.card_id for entry in entries if entry.card_id is not None}
    cards = {card.pk: card for card in Card.objects.filter(pk__in=ids)} if ids else {}
    return rules(cards).validate(entries)
