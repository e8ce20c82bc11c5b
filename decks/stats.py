"""Deck statistics for the builder: curves, distributions, evolution chains and draw odds.

Everything is computed from the cards passed in; the evolution links are read from each
card's `evolves_from_id` and `evolves_from_name` (and the names of its loaded
`evolves_from`), so no query is made per card (one query at most, for the names of missing
predecessors that were catalogued without a printed name).
"""

from __future__ import annotations

from collections.abc import Iterable

from cards import vocabulary as v
from cards.display_names import NAME_FIELDS, display_name
from cards.models import Card
from cards.names import card_keys, same_card_groups
from cards.search.text import fold
from decks.decklist import card_quantities
from decks.odds import OPENING_HANDS, draw_odds
from decks.rules.types import DECK, TEAM

DEFAULT_TURNS = 5


def deck_statistics(game: str, cards_with_quantities: Iterable, turns: int = DEFAULT_TURNS) -> dict:
    """Statistics of a deck given as (card, quantity, zone) tuples or entry rows.

    PAD: cost curve, attributes, orb colours, stages; Digimon: levels, battle types. Both:
    counts, kinds, evolution chains with missing links flagged, and draw odds per name.
    """
    if game not in OPENING_HANDS:
        raise ValueError(f"Unknown game {game!r}.")
    rows = card_quantities(cards_with_quantities)
    deck = [(card, quantity) for card, quantity, zone in rows if zone == DECK and quantity > 0]
    team = [(card, quantity) for card, quantity, zone in rows if zone == TEAM and quantity > 0]
    stats = {
        "game": game,
        "counts": {DECK: _total(deck), TEAM: _total(team)},
        "kinds": _count(deck, lambda card: card.kind, v.KINDS_BY_GAME[game]),
    }
    if game == v.PAD:
        stats.update(_pad_statistics(deck, team))
    else:
        stats.update(_digimon_statistics(deck))
    stats["evolution"] = evolution_chains([card for card, _ in deck + team])
    stats["missing_evolutions"] = sorted(
        {chain["missing"] for chain in stats["evolution"] if chain["missing"]}
    )
    stats["draw_odds"] = card_odds(deck, OPENING_HANDS[game], turns)
    return stats


def _total(rows: list[tuple[Card, int]]) -> int:
    return sum(quantity for _, quantity in rows)


def _count(rows, key, values: Iterable) -> dict:
    """Copies per value of `key`, every listed value present (0 when absent)."""
    counts = dict.fromkeys(values, 0)
    for card, quantity in rows:
        value = key(card)
        if value is not None:
            counts[value] = counts.get(value, 0) + quantity
    return counts


def _pad_statistics(deck, team) -> dict:
    attributes = [*v.values(v.ATTRIBUTES), "none"]
    orbs = dict.fromkeys(v.ORB_COLOURS, 0)
    for card, quantity in deck:
        for colour in card.orbs or []:  # PAD-1.1: each card lights 2 or 3 colours
            orbs[colour] += quantity
    return {
        # Costs are paid from the orb area (PAD-4.3.1), so the curve is over the deck.
        "cost_curve": _count(deck, lambda card: card.cost, range(v.PET_COST_MAX + 1)),
        "attributes": {
            DECK: _count(deck, lambda card: card.attribute or "none", attributes),
            TEAM: _count(team, lambda card: card.attribute or "none", attributes),
        },
        "orbs": orbs,
        "stages": _count(
            deck, lambda card: card.stage if card.kind == v.PET else None, v.values(v.STAGES)
        ),
    }


def _digimon_statistics(deck) -> dict:
    def digimon_only(field: str):
        return lambda card: getattr(card, field) if card.kind == v.DIGIMON_CARD else None

    return {
        "levels": _count(deck, digimon_only("level"), v.LEVEL_VALUES),
        "battle_types": _count(deck, digimon_only("battle_type"), v.ATTACK_LETTERS),
    }


def evolution_chains(cards: Iterable[Card]) -> list[dict]:
    """For each card that evolves from another, its chain back to the first card, oldest
    first; a predecessor in neither deck nor team ends the chain as a missing link.

    A predecessor counts as present by id or, by NAME-1, as any card sharing a name with
    it in any language: a reprint, or a printing catalogued under another language's name
    (Greymon evolves from アグモン; an English-only "Agumon" is that card).
    """
    present: dict[int, Card] = {}
    for card in cards:
        present.setdefault(card.pk, card)
    by_name: dict[str, Card] = {}
    for card in sorted(present.values(), key=lambda card: card.pk):
        for key in card_keys(card):
            by_name.setdefault(key, card)

    def predecessor(card: Card) -> Card | None:
        if card.evolves_from_id in present:
            return present[card.evolves_from_id]
        keys = {fold(card.evolves_from_name)} if card.evolves_from_name else set()
        # The catalogued predecessor's other names, when the caller loaded it (no query):
        # Greymon's "アグモン" is St-1, which is also "Agumon".
        if card.evolves_from_id and Card.evolves_from.is_cached(card) and card.evolves_from:
            keys |= card_keys(card.evolves_from)
        found = [by_name[key] for key in keys if key in by_name]
        return min(found, key=lambda card: card.pk, default=None)

    chains = []
    for card in sorted(present.values(), key=lambda card: (card.number_sort, card.pk)):
        if not (card.evolves_from_id or card.evolves_from_name):
            if _requirement_unknown(card):
                chains.append(_unknown_chain(card))
            continue
        chain, missing, current, seen = [_link(card)], None, card, {card.pk}
        while current.evolves_from_id or current.evolves_from_name:
            previous = predecessor(current)
            if previous is None:
                missing = current.evolves_from_name or None
                link = {"card": current.evolves_from_id, "name": missing, "present": False}
                chain.insert(0, link)
                break
            if previous.pk in seen:  # a catalogue loop must not hang the builder
                break
            seen.add(previous.pk)
            chain.insert(0, _link(previous))
            current = previous
        chains.append(
            {
                "card": card.pk,
                "name": display_name(card),
                "stage": card.stage or card.level,
                "chain": chain,
                "complete": all(link["present"] for link in chain),
                "missing": missing,
            }
        )
    _name_unnamed_links(chains)
    return chains


def _requirement_unknown(card: Card) -> bool:
    """A Digimon above Level III evolves from another (DGM-4.3), but the catalogue does not
    know from which: it is shown so rather than left out (DGM-4.9: nothing is assumed)."""
    return card.game == v.DIGIMON and card.kind == "digimon" and card.level in v.LEVEL_VALUES[1:]


def _unknown_chain(card: Card) -> dict:
    return {
        "card": card.pk,
        "name": display_name(card),
        "stage": card.level,
        "chain": [{"card": None, "name": None, "present": False, "unknown": True}, _link(card)],
        "complete": False,
        "unknown": True,
        "missing": None,
    }


def _link(card: Card) -> dict:
    return {"card": card.pk, "name": display_name(card), "present": True}


def _unnamed(chain: dict) -> bool:
    """A missing first link known by id only (not an unknown requirement)."""
    first = chain["chain"][0]
    return not first["present"] and chain["missing"] is None and not chain.get("unknown")


def _name_unnamed_links(chains: list[dict]) -> None:
    # A predecessor linked by id but catalogued without its printed name: one query for all.
    unnamed = {
        chain["chain"][0]["card"]
        for chain in chains
        if not chain["chain"][0]["present"]
        and chain["missing"] is None
        and not chain.get("unknown")
    }
    if not unnamed:
        return
    rows = Card.objects.filter(pk__in=unnamed).values("id", *NAME_FIELDS)
    names = {row["id"]: display_name(row) for row in rows}
    for chain in chains:
        first = chain["chain"][0]
        if _unnamed(chain):
            first["name"] = chain["missing"] = names.get(first["card"])


def card_odds(deck: list[tuple[Card, int]], opening_hand: int, turns: int) -> list[dict]:
    """Draw odds per name: reprints of a name count together, as in the copy limits."""
    deck_size = _total(deck)
    rows_in_order = sorted(deck, key=lambda row: (row[0].number_sort, row[0].pk))
    odds = []
    for rows in same_card_groups(rows_in_order, lambda row: row[0]):  # NAME-1
        copies = _total(rows)
        first = rows[0][0]
        odds.append(
            {
                "card": first.pk,
                "cards": sorted({card.pk for card, _ in rows}),
                "name": display_name(first),
                "copies": copies,
                "odds": draw_odds(deck_size, copies, opening_hand, turns),
            }
        )
    return odds
