"""The deck doctor's glue (DOCTOR-1, issue 27): from a deck's entries and where
candidates come from to the legal single swaps the pure doctor (engine/core/doctor.py)
measures, with what was pruned and why.

A swap cuts one copy of a card of the deck zone and adds one copy of a candidate; it is
kept only when the new deck passes the game's deck rules (PAD-2, DGM-2). Hopeless adds
are pruned before any game: PAD — a card whose attribute no team pet has (a skill cannot
be used, a pet cannot be played on a team pet of its colour, PAD-4.3); Digimon — a
Digimon above Level III that no Digimon of the deck evolves into. Synthetic cards are
never candidates.
"""

from __future__ import annotations

from collections import Counter

from cards import vocabulary as v
from cards.models import Card
from decks.rules.base import rules_for
from decks.rules.types import EntryInput
from engine.convert import deck_spec
from engine.core.doctor import Variant

DECK_ZONE = "deck"


def candidate_cards(game: str, source, user=None) -> list[Card]:
    """ "catalogue": every real card of the game; "owned": the user's collection; or a
    list of card ids."""
    cards = Card.objects.filter(game=game).exclude(provenance=v.SYNTHETIC)
    if source == "catalogue":
        return list(cards.select_related("evolves_from"))
    if source == "owned":
        if user is None:
            return []
        owned = user.collection.cards.values_list("card_id", flat=True)
        return list(cards.filter(pk__in=owned).select_related("evolves_from"))
    return list(cards.filter(pk__in=list(source)).select_related("evolves_from"))


def hopeless(game: str, card: Card, deck_cards: list[Card], team: list[Card]) -> str | None:
    if game == "pad":
        colours = {pet.attribute for pet in team} | {pet.sub_attribute for pet in team}
        if card.attribute and card.attribute not in colours:
            return "its attribute matches no team pet"
        return None
    if card.kind == "digimon" and card.level and card.level != "III":
        parents = {c.pk for c in deck_cards}
        if card.evolves_from_id not in parents:
            return "no Digimon of the deck evolves into it"
    return None


def _entries(quantities: Counter) -> list[EntryInput]:
    return [
        EntryInput(card_id=card, quantity=count, zone=zone)
        for (card, zone), count in sorted(quantities.items())
        if count > 0
    ]


def single_swaps(game: str, entries: list[EntryInput], candidates: list[Card]):
    """(variants with the deck itself first, pruned {reason: count}, combine)."""
    quantities = Counter()
    for entry in entries:
        quantities[(entry.card_id, entry.zone)] += entry.quantity
    ids = {card for card, _zone in quantities}
    known = {card.pk: card for card in Card.objects.filter(pk__in=ids)}
    known.update({card.pk: card for card in candidates})
    rules = rules_for(game)(known)
    deck_cards = [known[card] for card, zone in quantities if zone == DECK_ZONE]
    team = [known[card] for card, zone in quantities if zone == "team"]
    pruned: Counter = Counter()
    variants = [Variant((), (), deck_spec(game, entries))]

    def build(cuts: list[int], adds: list[int]) -> Variant | None:
        changed = Counter(quantities)
        for card in cuts:
            changed[(card, DECK_ZONE)] -= 1
        for card in adds:
            changed[(card, DECK_ZONE)] += 1
        if any(count < 0 for count in changed.values()):
            return None
        new = _entries(changed)
        if not rules.validate(new).valid:
            return None
        named = tuple((card, known[card].name) for card in cuts)
        added = tuple((card, known[card].name) for card in adds)
        return Variant(named, added, deck_spec(game, new))

    for cut in sorted({card.pk for card in deck_cards}):
        for card in candidates:
            if card.pk == cut:
                continue
            reason = hopeless(game, card, deck_cards, team)
            if reason:
                pruned[reason] += 1
                continue
            variant = build([cut], [card.pk])
            if variant is None:
                pruned["the deck would break its deck rules"] += 1
                continue
            variants.append(variant)

    def combine(parts: list[Variant]) -> Variant | None:
        cuts = [card for part in parts for card, _name in part.cuts]
        adds = [card for part in parts for card, _name in part.adds]
        if len(set(cuts)) != len(cuts):
            return None
        return build(cuts, adds)

    return variants, dict(pruned), combine
