"""How complete a collection is, set by set (issue 29): for each set of each game, the
different cards owned out of the cards the catalogue holds in that set.

Two queries whatever the size of the catalogue or the collection: the cards per set (kept
in the catalogue cache, cards.cache), and the owned cards per set. A set holds only printed
cards, only cards named in the rules text (RULES) or only synthetic benchmark cards (SYN);
the last two are listed after the printed sets and described by what they are, since the
catalogue gives them no name.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from cards import cache
from cards import vocabulary as v
from cards.models import CardSet
from decks.models import Collection, CollectionCard


@dataclass(frozen=True)
class SetCompletion:
    code: str
    name: str  # as catalogued; often empty
    provenance: str  # printed, rules_text or synthetic: what the set's cards are
    owned: int  # different cards of the set in the collection
    total: int  # cards of the set in the catalogue

    @property
    def percent(self) -> int:
        """Rounded down, so that 100 % means every card."""
        return self.owned * 100 // self.total if self.total else 0

    @property
    def missing(self) -> int:
        return self.total - self.owned

    @property
    def complete(self) -> bool:
        return self.owned == self.total


@dataclass(frozen=True)
class GameCompletion:
    game: str
    sets: list[SetCompletion]

    @property
    def owned(self) -> int:
        return sum(row.owned for row in self.sets)

    @property
    def total(self) -> int:
        return sum(row.total for row in self.sets)


def _provenance(printed: int, rules: int) -> str:
    if printed:
        return v.PRINTED
    return v.RULES_TEXT if rules else v.SYNTHETIC


def _set_sizes() -> list[tuple]:
    """(set id, game, code, name, cards, printed cards, rules-text cards) of every set that
    holds cards: the same for every collection, so kept in the catalogue cache."""
    return list(
        CardSet.objects.annotate(
            total=Count("cards"),
            printed=Count("cards", filter=Q(cards__provenance=v.PRINTED)),
            rules=Count("cards", filter=Q(cards__provenance=v.RULES_TEXT)),
        )
        .filter(total__gt=0)
        .order_by("game", "code")
        .values_list("pk", "game", "code", "name", "total", "printed", "rules")
    )


def set_completion(collection: Collection | None) -> list[GameCompletion]:
    """Every set that holds cards, by game, printed sets first, each with its owned count."""
    owned: dict[int, int] = {}
    if collection is not None:
        owned = dict(
            CollectionCard.objects.filter(collection=collection)
            .order_by()
            .values_list("card__card_set_id")
            .annotate(count=Count("id"))
        )
    by_game: dict[str, list[SetCompletion]] = {}
    for pk, game, code, name, total, printed, rules in cache.cached("set-sizes", (), _set_sizes):
        row = SetCompletion(code, name, _provenance(printed, rules), owned.get(pk, 0), total)
        by_game.setdefault(game, []).append(row)
    return [
        GameCompletion(game, sorted(by_game[game], key=lambda row: row.provenance != v.PRINTED))
        for game, _label in v.GAMES
        if game in by_game
    ]
