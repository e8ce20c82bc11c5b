"""Legal deck lists built from the real starter catalogue (never synthetic cards).

Used wherever a known-good deck is needed without a person building it: the tests, the
browser tests and the load benchmark's seed data.
"""

from __future__ import annotations

from cards import vocabulary as v
from cards.models import Card


class NotEnoughCards(ValueError):
    """The catalogue lacks the cards such a list needs."""


def _fill(cards, total: int) -> list[str]:
    """Three copies of each card (two or one for the last) until `total` cards."""
    lines, remaining = [], total
    for card in cards:
        count = min(3, remaining)
        if count:
            lines.append(f"{count} {card.number}")
        remaining -= count
    if remaining:
        raise NotEnoughCards(f"{remaining} cards short of {total}")
    return lines


def pad_list(attribute: str = "fire") -> str:
    """5 base pets of one attribute as the team (PAD-2.3) and 40 cards of it (PAD-2.1/2.2)."""
    cards = (
        Card.objects.filter(game="pad", attribute=attribute)
        .exclude(provenance=v.SYNTHETIC)
        .order_by("number_sort")
    )
    team = list(cards.filter(kind="pet", stage="base")[:5])
    if len(team) < 5:
        raise NotEnoughCards(f"fewer than 5 base {attribute} pets")
    rest = cards.exclude(pk__in=[card.pk for card in team])
    return "\n".join(["Team:", *(f"1 {card.number}" for card in team), "Deck:", *_fill(rest, 40)])


def digimon_list(offset: int = 0) -> str:
    """30 printed starter cards (DGM-2.1): 12 Level III (DGM-2.4), 12 Level IV, 6 perfect,
    so the deck has something to evolve into. `offset` rotates which Digimon are picked, so
    that several decks can differ."""
    lines = []
    for level, names_wanted in (("III", 4), ("IV", 4), ("perfect", 2)):
        cards = Card.objects.filter(
            game="digimon", card_set__code="St", kind="digimon", level=level
        ).order_by("number_sort")
        names, chosen = set(), []
        for card in cards:
            if card.name not in names:  # reprints share a copy limit (DGM-2.2)
                names.add(card.name)
                chosen.append(card)
        if len(chosen) < names_wanted:
            raise NotEnoughCards(f"fewer than {names_wanted} Level {level} Digimon")
        start = offset % (len(chosen) - names_wanted + 1)
        lines += _fill(chosen[start : start + names_wanted], 3 * names_wanted)
    return "\n".join(lines)
