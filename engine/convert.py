"""Catalogue → engine input: the only place that knows both Django models and the engines.

The engines (engine/core, engine/pad, engine/digimon) read plain frozen dataclasses, so
they stay fast, database-free and reusable.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cards import cache as catalogue_cache
from cards.models import Card
from cards.names import card_keys, reference_keys
from cards.search.text import fold
from cards.selectors import load_children
from decks.models import SIDE, TEAM
from decks.rules import EntryInput
from engine.core.cards import CardSpec, DeckSpec
from engine.core.names import keys_of

References = Mapping[str, frozenset[str]]


def name_keys(card: Card) -> frozenset[str]:
    """NAME-1 keys for the engines: the full folding, plus the stdlib part of it, which is
    all the engines can apply to names they read from free text (Digimon requirements)."""
    return card_keys(card) | keys_of([card.name, *card.names.values()])


def _referred(text: str, references: References | None) -> frozenset[str]:
    if not text:
        return frozenset()
    return (references or {}).get(text) or frozenset({fold(text)})


def card_spec(card: Card, references: References | None = None) -> CardSpec:
    """The engine's view of a card. `references` ({name as written: keys}, from
    `cards.names.reference_keys`) widens the names the card refers to, by evolves-from
    name and ultimate requirement, to every catalogued card bearing them (NAME-1)."""
    attack = tuple((row.attack, row.bonus) for row in card.related_rows("attack_rows"))
    data = {}
    if card.kind == "digimon":
        data = {
            "level": card.level,
            "battle_type": card.battle_type,
            "attacks": {
                a.letter: {
                    "name": a.name,
                    "power": a.power,
                    "cancels": a.cancels or None,
                    "effect": a.effect,  # blank: unknown, guards A (DGM-4.9)
                }
                for a in card.related_rows("attacks")
            },
            "lost_points": card.lost_points,
            "evolves_from_name": card.evolves_from_name,
            "circles": card.evo_circles,
            "crosses": card.evo_crosses,
            "other_requirements": card.evo_other,
            "copy_limit": card.copy_limit,
            "special_keywords": tuple(card.special_keywords),
            "digimon_type": card.digimon_type or None,  # 网络密码! spares data (issue 13)
            "field": card.field_code or None,
            "background": card.background or None,
        }
    elif card.kind in ("option", "combo"):
        data = {
            "option_type": card.option_type,
            "timing": card.timing,
            "duration": card.duration,  # DGM-1.2: "until lifespan end" options last (DGM-4.8)
            "components": tuple(
                (part.name, part.quantity, part.card_id, fold(part.name))
                for part in card.related_rows("components")
            ),
        }
    return CardSpec(
        id=card.pk,
        name=card.name,
        kind=card.kind,
        game=card.game,
        attribute=card.attribute or None,
        sub_attribute=card.sub_attribute or None,
        cost=card.cost,
        defense=card.defense,
        stage=card.stage or None,
        evolves_from=card.evolves_from_id,
        attack=attack,
        orbs=frozenset(card.orbs),
        effect_types=frozenset(card.effect_types),
        effects=tuple(card.effect or ()),
        has_text=bool(card.text or card.special_ability or card.support),
        not_simulated_reason=getattr(card, "not_simulated_reason", "") or None,
        ultimate_requirement=card.ultimate_requirement or None,
        types=frozenset(card.types),
        number=card.number,
        data=data,
        name_keys=name_keys(card),
        evolves_from_keys=_referred(card.evolves_from_name, references),
        requirement_keys=_referred(card.ultimate_requirement, references),
    )


def deck_references(
    game: str, cards: list[Card], lookup=reference_keys
) -> dict[str, frozenset[str]]:
    """{name written on a card of the deck (evolves-from, ultimate requirement): its keys}.

    An evolves-from name also has its catalogued predecessor's names (loaded with the
    card). A name that still matches no card of the deck may be another language's name
    of one: only those names are looked up in the catalogue (`reference_keys`), so a deck
    whose names all match costs no query.
    """
    references: dict[str, frozenset[str]] = {}
    for card in cards:
        if name := card.evolves_from_name:
            parent = card.evolves_from if card.evolves_from_id else None
            keys = {fold(name), *(card_keys(parent) if parent is not None else ())}
            references[name] = references.get(name, frozenset()) | keys
        if name := card.ultimate_requirement:
            references.setdefault(name, frozenset({fold(name)}))
    held = frozenset().union(*(card_keys(card) for card in cards))
    unmatched = [name for name, keys in references.items() if held.isdisjoint(keys)]
    for name, keys in lookup(game, unmatched).items():
        references[name] |= keys
    return references


def deck_spec(game: str, entries: Iterable[EntryInput]) -> DeckSpec:
    """One CardSpec per copy, in a fixed order (the engine shuffles with its own seed).
    The sideboard / maybe zone never reaches the engines: it is not part of the deck.

    A spec depends only on the catalogue and the deck's cards: kept in the shared cache
    under the catalogue version (cards/cache.py), since players and scripts play and queue
    the same decks again and again (issue 30)."""
    entries = [entry for entry in entries if entry.card_id is not None and entry.zone != SIDE]
    asked = tuple(sorted((entry.card_id, entry.quantity, entry.zone) for entry in entries))
    return catalogue_cache.cached("deck-spec", (game, asked), lambda: _deck_spec(game, entries))


def _deck_spec(game: str, entries: list[EntryInput]) -> DeckSpec:
    chosen = Card.objects.filter(pk__in={e.card_id for e in entries}).select_related("evolves_from")
    cards = load_children(list(chosen))
    references = deck_references(game, cards)
    specs = {card.pk: card_spec(card, references) for card in cards}
    deck: list[CardSpec] = []
    team: list[CardSpec] = []
    for entry in sorted(entries, key=lambda e: (e.zone, e.card_id)):
        spec = specs.get(entry.card_id)
        if spec is None:
            continue
        target = team if entry.zone == TEAM else deck
        target.extend([spec] * entry.quantity)
    return DeckSpec(game=game, deck=tuple(deck), team=tuple(team))


class DeckSpecs:
    """Many decks drawn from one set of cards (the deck doctor's variants): the cards are
    loaded once, the other-language name lookups and the specs are remembered, so a deck
    costs no query and equal cards share one CardSpec (a small pickle)."""

    def __init__(self, game: str, cards: Iterable[Card]):
        self.game = game
        self.cards = {card.pk: card for card in load_children(list(cards))}
        self._looked_up: dict[str, frozenset[str]] = {}
        self._specs: dict[tuple, CardSpec] = {}

    def _lookup(self, game: str, names: list[str]) -> dict[str, frozenset[str]]:
        missing = [name for name in names if name not in self._looked_up]
        if missing:
            found = reference_keys(game, missing)
            for name in missing:
                self._looked_up[name] = found.get(name, frozenset())
        return {name: self._looked_up[name] for name in names if self._looked_up[name]}

    def _spec(self, card: Card, references: References) -> CardSpec:
        key = (
            card.pk,
            references.get(card.evolves_from_name),
            references.get(card.ultimate_requirement),
        )
        spec = self._specs.get(key)
        if spec is None:
            spec = self._specs[key] = card_spec(card, references)
        return spec

    def deck_spec(self, entries: Iterable[EntryInput]) -> DeckSpec:
        """As `deck_spec`, from the loaded cards (an entry of another card is left out)."""
        entries = [e for e in entries if e.card_id in self.cards and e.zone != SIDE]
        cards = [self.cards[pk] for pk in sorted({e.card_id for e in entries})]
        references = deck_references(self.game, cards, self._lookup)
        specs = {card.pk: self._spec(card, references) for card in cards}
        deck: list[CardSpec] = []
        team: list[CardSpec] = []
        for entry in sorted(entries, key=lambda e: (e.zone, e.card_id)):
            target = team if entry.zone == TEAM else deck
            target.extend([specs[entry.card_id]] * entry.quantity)
        return DeckSpec(game=self.game, deck=tuple(deck), team=tuple(team))
