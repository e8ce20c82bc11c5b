"""Legal deck lists built from the starter catalogue, shared by the API and engine tests."""

from __future__ import annotations

from cards.models import Card


def _fill(cards, total: int) -> list[str]:
    lines, remaining = [], total
    for card in cards:
        count = min(3, remaining)
        if count:
            lines.append(f"{count} {card.number}")
        remaining -= count
    assert remaining == 0, "not enough cards in the catalogue"
    return lines


def pad_list(attribute: str = "fire") -> str:
    """5 base pets of one attribute as the team (PAD-2.3) and 40 cards of it (PAD-2.1/2.2)."""
    cards = Card.objects.filter(game="pad", attribute=attribute).order_by("number_sort")
    team = list(cards.filter(kind="pet", stage="base")[:5])
    rest = cards.exclude(pk__in=[card.pk for card in team])
    return "\n".join(["Team:", *(f"1 {card.number}" for card in team), "Deck:", *_fill(rest, 40)])


def digimon_list() -> str:
    """30 printed starter cards (DGM-2.1): 12 Level III (DGM-2.4), 12 Level IV, 6 perfect,
    so the deck has something to evolve into."""
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
        lines += _fill(chosen[:names_wanted], 3 * names_wanted)
    return "\n".join(lines)
