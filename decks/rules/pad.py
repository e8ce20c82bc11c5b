"""Puzzle & Dragons TCG deck rules (RULES.md PAD-2)."""

from __future__ import annotations

from cards import vocabulary as v
from decks.rules.base import DeckRules, Placed, register, violation
from decks.rules.messages import STAGE_NAMES, card_name
from decks.rules.types import DECK, TEAM, Violation

TEAM_SIZE = 5  # PAD-2.3


@register
class PadRules(DeckRules):
    game = v.PAD
    deck_min, deck_max = 40, 60  # PAD-2.1
    copy_limit = 3  # PAD-2.2; PAD-2.5: counted over the deck only, so check_copies suffices
    zones = frozenset({DECK, TEAM})

    def check_team(self, team: list[Placed], count: int) -> list[Violation]:
        # PAD-2.3: exactly five base-stage pets, kept apart from the deck. The size counts
        # every team line the user wrote, including cards rejected below, so a wrong card
        # in a team of five reads as that card's error only.
        errors = []
        if count != TEAM_SIZE:
            errors.append(violation("team_size", size=TEAM_SIZE, count=count))
        for item in team:
            card, line = item.card, item.entry.line
            if card.kind != v.PET:
                errors.append(
                    violation("team_not_pet", card=card.pk, line=line, name=card_name(card))
                )
            elif card.stage != "base":
                errors.append(
                    violation(
                        "team_not_base",
                        card=card.pk,
                        line=line,
                        name=card_name(card),
                        stage=STAGE_NAMES.get(card.stage, {}) or card.stage,
                    )
                )
        return errors
