"""The public deck browser's one query (issue 16, item 3), shared by the page (/decks/) and
the API (`GET /api/decks/`): filters and an order in, a queryset out.

A deck "contains" a card when it plays it, in the deck or the PAD team: a card only
considered in the sideboard / maybe zone does not count. The filters on cards
(`card`, `attribute`, `level`) and tags are EXISTS subqueries, so a deck is listed once
however many of its cards match, and the listing stays one query with its owner, key card
and gauntlet standing joined.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import (
    Case,
    Exists,
    F,
    FloatField,
    Func,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Coalesce

from cards import cache as catalogue_cache
from cards import vocabulary as v
from decks.models import PUBLIC, SIDE, Deck, DeckEntry, DeckTag

NEWEST, FORKS, GAUNTLET = "newest", "forks", "gauntlet"
ORDERINGS = (NEWEST, FORKS, GAUNTLET)
DECKS_USING_CARD = 6  # listed on a card's page; the browser lists the rest
PUBLIC_DECKS_VERSION = "decks:version"  # bumped at every deck write (decks.apps)

# Scryfall habits, as the card search reads them (cards/search/fields.py): a colour names
# the PAD attribute of that colour.
COLOUR_ATTRIBUTES = {
    "red": "fire",
    "blue": "water",
    "green": "wood",
    "yellow": "light",
    "purple": "dark",
}
# "Level" is the Digimon level, and for PAD the evolution stage, its nearest counterpart
# ("ultimate" names both, which is how players of either game read it).
LEVEL_VALUES = (*v.LEVEL_VALUES, *(s for s in v.values(v.STAGES) if s not in v.LEVEL_VALUES))


@dataclass(frozen=True)
class BrowseFilters:
    game: str = ""
    name: str = ""
    attribute: str = ""
    level: str = ""
    author: str = ""
    legal: bool | None = None
    tag: str = ""
    card: int | None = None
    ordering: str = NEWEST


def _playing(condition: Q) -> Exists:
    """Decks playing (outside the sideboard) a card that meets `condition`."""
    entries = DeckEntry.objects.filter(condition, deck=OuterRef("pk")).exclude(zone=SIDE)
    return Exists(entries)


def filtered(decks: QuerySet[Deck], filters: BrowseFilters) -> QuerySet[Deck]:
    if filters.game:
        decks = decks.filter(game=filters.game)
    if filters.name:
        decks = decks.filter(name__icontains=filters.name)
    if filters.author:
        decks = decks.filter(owner__username__iexact=filters.author)
    if filters.legal is not None:
        decks = decks.filter(is_valid=filters.legal)
    if filters.tag:
        decks = decks.filter(Exists(DeckTag.objects.filter(deck=OuterRef("pk"), name=filters.tag)))
    if filters.card is not None:
        decks = decks.filter(_playing(Q(card_id=filters.card)))
    if filters.attribute:
        attribute = filters.attribute
        decks = decks.filter(
            _playing(Q(card__attribute=attribute) | Q(card__sub_attribute=attribute))
        )
    if filters.level:
        decks = decks.filter(_playing(Q(card__level=filters.level) | Q(card__stage=filters.level)))
    return decks


def with_browser_columns(decks: QuerySet[Deck]) -> QuerySet[Deck]:
    """The columns the browser shows and sorts by, in the same query: owner, key card,
    standing, `public_forks` and `gauntlet_rate` (the current standing's rate, else None)."""
    # The public ones counted in the COUNT, not the WHERE: filtered on `forked_from` alone,
    # the subquery reads that column's index (with the visibility there too, SQLite read
    # every public deck for each deck listed: 0.45 s for 1,000 decks).
    forks = (
        Deck.objects.filter(forked_from=OuterRef("pk"))
        .order_by()
        .annotate(total=Func(Case(When(visibility=PUBLIC, then=Value(1))), function="COUNT"))
        .values("total")
    )
    current = When(
        gauntlet_standing__revision=F("revision"),
        is_valid=True,
        visibility=PUBLIC,
        then=F("gauntlet_standing__win_rate"),
    )
    return decks.select_related("owner", "key_card", "gauntlet_standing").annotate(
        public_forks=Coalesce(Subquery(forks, output_field=IntegerField()), Value(0)),
        gauntlet_rate=Case(current, default=Value(None), output_field=FloatField()),
    )


def ordered(decks: QuerySet[Deck], ordering: str) -> QuerySet[Deck]:
    """Newest: the most recently published or changed first. Most forked: by public forks.
    Gauntlet: by the current standing's win rate, decks without one last."""
    newest = ("-updated_at", "pk")
    if ordering == FORKS:
        return decks.order_by("-public_forks", *newest)
    if ordering == GAUNTLET:
        return decks.order_by(F("gauntlet_rate").desc(nulls_last=True), *newest)
    return decks.order_by(*newest)


def browse(decks: QuerySet[Deck], filters: BrowseFilters) -> QuerySet[Deck]:
    """`decks` filtered, with the browser's columns, in the asked order."""
    return ordered(with_browser_columns(filtered(decks, filters)), filters.ordering)


def public_decks(filters: BrowseFilters) -> QuerySet[Deck]:
    """The browser page: public decks only (the reference decks are public)."""
    return browse(Deck.objects.filter(visibility=PUBLIC), filters)


# What the card page's section shows of a deck: its link and name, its owner, its key card's
# picture (cards.images.image_urls reads the upload's name, else the date the proxy is of).
_DECKS_USING_COLUMNS = (
    "id",
    "name",
    "reference",
    "owner__username",
    "key_card__id",
    "key_card__image",
    "key_card__updated_at",
)


def decks_using_card(card_id: int, limit: int = DECKS_USING_CARD) -> list[Deck]:
    """Up to `limit` public decks playing the card, newest first (one query), as the
    browser's first page would list them, reading only the columns the card page shows:
    the browser's forks count and standing are not shown there, and the rest of a key card's
    row is some sixty columns more to read and keep in the shared cache."""
    decks = filtered(Deck.objects.filter(visibility=PUBLIC), BrowseFilters(card=card_id))
    decks = decks.select_related("owner", "key_card").only(*_DECKS_USING_COLUMNS)
    return list(ordered(decks, NEWEST)[:limit])


def played_in_public_decks() -> frozenset[int]:
    """Every card some public deck plays (outside the sideboard), as of the public decks'
    current version: most cards are in none, and their pages need not ask which.

    Kept in this process for the version read in this request (cards.cache.counter, one
    round trip to the shared cache): a deck written on any server bumps that version, and
    the next request anywhere reads the set again."""
    global _played_memo
    version = catalogue_cache.counter(PUBLIC_DECKS_VERSION)
    memo_version, cards = _played_memo
    if not catalogue_cache.enabled() or memo_version != version:
        entries = DeckEntry.objects.filter(deck__visibility=PUBLIC).exclude(zone=SIDE)
        cards = frozenset(entries.order_by().values_list("card_id", flat=True).distinct())
        _played_memo = (version, cards)  # one assignment: a thread reads the old or the new
    return cards


_played_memo: tuple[int | None, frozenset[int]] = (None, frozenset())


def deck_owners() -> frozenset[int]:
    """Every account owning a deck, as of the public decks' current version (kept per
    process as `played_in_public_decks` is): the others all read the same deck lists."""
    global _owners_memo
    version = catalogue_cache.counter(PUBLIC_DECKS_VERSION)
    memo_version, owners = _owners_memo
    if not catalogue_cache.enabled() or memo_version != version:
        owners = frozenset(Deck.objects.order_by().values_list("owner_id", flat=True).distinct())
        _owners_memo = (version, owners)
    return owners


_owners_memo: tuple[int | None, frozenset[int]] = (None, frozenset())


def decks_using_context(card_id: int) -> dict:
    """The card page's "Decks using this card" section (its template context), from the
    shared cache while no deck has been written since: the card page's second read asks the
    database nothing (cards.cache), whichever deck or card changes next. A card no public
    deck plays costs no query at all (`played_in_public_decks`)."""
    if card_id not in played_in_public_decks():
        decks = []
    else:
        decks = catalogue_cache.cached(
            "decks-using",
            (card_id, catalogue_cache.counter(PUBLIC_DECKS_VERSION)),
            lambda: decks_using_card(card_id),
        )
    return {"decks_using": decks, "decks_using_card_id": card_id}


def public_decks_changed(sender, **kwargs) -> None:
    """A deck was written or deleted (a publication, a change, a rename, a withdrawal)."""
    catalogue_cache.bump_counter(PUBLIC_DECKS_VERSION)
