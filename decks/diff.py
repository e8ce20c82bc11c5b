"""What differs between two deck lists: two decks, or two revisions of one (issue 16).

`diff_entries` is plain data in, plain data out: entries as the revisions store them
(`{"card", "quantity", "zone"}`), rows per zone and card with the count on each side and
the change from A to B. `deck_side` and `revision_side` give the two sides from the
database, and `deck_diff` puts them together with the cards' names, in a fixed number of
queries whatever the size of the decks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass

from cards.display_names import NAME_FIELDS, display_name
from cards.models import Card
from decks.models import DECK, SIDE, TEAM, Deck, DeckRevision

# The PAD team first, as the deck pages list it; a zone unknown here comes last.
ZONE_ORDER = {TEAM: 0, DECK: 1, SIDE: 2}


@dataclass(frozen=True)
class DiffRow:
    card: int
    name: str
    zone: str
    a: int
    b: int

    @property
    def change(self) -> int:
        return self.b - self.a

    def as_dict(self) -> dict:
        return {**asdict(self), "change": self.change}


@dataclass(frozen=True)
class DiffSide:
    """One side of a diff: a deck as it is now, or one of its revisions."""

    deck: Deck
    entries: list[dict]
    revision: int | None  # None: the deck as it is now

    def as_dict(self) -> dict:
        return {
            "deck": self.deck.pk,
            "name": self.deck.name,
            "revision": self.revision if self.revision is not None else self.deck.revision,
            "current": self.revision is None,
        }


def _counts(entries: Iterable[dict]) -> Counter:
    counts: Counter = Counter()
    for entry in entries:
        counts[(entry["card"], entry["zone"])] += entry["quantity"]
    return counts


def diff_entries(
    a_entries: Iterable[dict], b_entries: Iterable[dict], names: dict[int, str] | None = None
) -> list[DiffRow]:
    """Every (zone, card) of either side, in zone order then by name: unchanged rows too,
    so that the two columns show both lists whole."""
    a, b = _counts(a_entries), _counts(b_entries)
    names = names or {}
    rows = [
        DiffRow(card=card, name=names.get(card, "?"), zone=zone, a=a[key], b=b[key])
        for key in a.keys() | b.keys()
        for card, zone in [key]
    ]
    return sorted(rows, key=lambda r: (ZONE_ORDER.get(r.zone, 9), r.zone, r.name, r.card))


def summarise(rows: list[DiffRow]) -> dict:
    """Copies added and removed (a count moving from 2 to 3 adds one), and lines changed."""
    return {
        "added": sum(row.change for row in rows if row.change > 0),
        "removed": -sum(row.change for row in rows if row.change < 0),
        "changed": sum(1 for row in rows if row.change),
        "unchanged": sum(1 for row in rows if not row.change),
        "a_total": sum(row.a for row in rows),
        "b_total": sum(row.b for row in rows),
    }


def deck_side(deck: Deck) -> DiffSide:
    entries = [
        {"card": card, "quantity": quantity, "zone": zone}
        for card, quantity, zone in deck.entries.values_list("card_id", "quantity", "zone")
    ]
    return DiffSide(deck=deck, entries=entries, revision=None)


def revision_side(deck: Deck, revision: DeckRevision) -> DiffSide:
    return DiffSide(deck=deck, entries=revision.entries, revision=revision.number)


def card_names(sides: Iterable[DiffSide]) -> dict[int, str]:
    ids = {entry["card"] for side in sides for entry in side.entries}
    rows = Card.objects.filter(pk__in=ids).values("pk", *NAME_FIELDS) if ids else []
    return {row["pk"]: display_name(row) for row in rows}


def deck_diff(a: DiffSide, b: DiffSide) -> dict:
    """The API's answer (and the page's rows): the sides, every row, the summary."""
    rows = diff_entries(a.entries, b.entries, card_names([a, b]))
    return {"a": a.as_dict(), "b": b.as_dict(), "rows": rows, "summary": summarise(rows)}


class DiffError(Exception):
    """Two sides that cannot be compared, with a stable code (404 when unreadable)."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(message)
        self.code, self.message, self.status = code, message, status


def _revision_number(name: str, value: str) -> int:
    if not value.isdigit() or len(value) > 9:
        raise DiffError("invalid_parameter", f"{name} is a revision number.")
    return int(value)


def _other_deck(deck: Deck, other_id: str, user) -> Deck:
    other = Deck.objects.filter(pk=other_id[:16]).first()
    # Someone else's private deck does not exist for this reader, as everywhere else.
    if other is None or not other.is_readable_by(user):
        raise DiffError("not_found", "No deck has this id.", status=404)
    if other.game != deck.game:
        raise DiffError("different_games", "Only two decks of the same game can be compared.")
    return other


def diff_sides(deck: Deck, user, params) -> tuple[DiffSide, DiffSide]:
    """A and B from the address: `against=<deck id>` (A that deck, B this one), or
    `from=<revision>` and `to=<revision>` (B the deck as it is now when `to` is absent).
    Only revisions `user` may read are found (Deck.revisions_readable_by)."""
    against, first, last = (params.get(name, "") for name in ("against", "from", "to"))
    if against and (first or last):
        raise DiffError("invalid_parameter", "Give against, or from and to, not both.")
    if against:
        return deck_side(_other_deck(deck, against, user)), deck_side(deck)
    if not first:
        raise DiffError("invalid_parameter", "Give against=<deck id>, or from=<revision>.")
    wanted = [_revision_number("from", first)]
    if last:
        wanted.append(_revision_number("to", last))
    found = {r.number: r for r in deck.revisions_readable_by(user).filter(number__in=wanted)}
    missing = [number for number in wanted if number not in found]
    if missing:
        raise DiffError("not_found", f"This deck has no revision {missing[0]}.", status=404)
    a = revision_side(deck, found[wanted[0]])
    return a, revision_side(deck, found[wanted[1]]) if last else deck_side(deck)
