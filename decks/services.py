"""Writes to decks: create, update with revision checks, restore, fork (issue 4).

Every write bumps `revision` and stores a DeckRevision snapshot; a write made from a
revision that is no longer current is refused, so no edit is ever silently lost.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from cards.models import Card
from decks.decklist import parse_deck_list
from decks.models import DECK, PRIVATE, TEAM, Deck, DeckEntry, DeckRevision
from decks.rules import EntryInput, validate_deck

MAX_ENTRIES = 500


class DeckError(Exception):
    """A refused write, with a stable code the API turns into a response."""

    status = 400

    def __init__(self, code: str, message: str, **extra):
        super().__init__(message)
        self.code, self.message, self.extra = code, message, extra


class StaleRevision(DeckError):
    status = 409


def entries_from_text(game: str, text: str) -> list[EntryInput]:
    parsed = parse_deck_list(text, game)
    if parsed.errors:
        first = parsed.errors[0]
        raise DeckError(
            "invalid_list",
            f"Line {first.line}: {first.message}" if first.line else first.message,
            errors=[
                {"code": e.code, "message": e.message, "line": e.line, "suggestions": e.suggestions}
                for e in parsed.errors
            ],
        )
    return parsed.entries


def entries_from_items(items: Iterable[dict]) -> list[EntryInput]:
    return [
        EntryInput(card_id=item["card"], quantity=item["quantity"], zone=item.get("zone", DECK))
        for item in items
    ]


def _merged(entries: list[EntryInput]) -> Counter:
    merged: Counter = Counter()
    for entry in entries:
        merged[(entry.card_id, entry.zone)] += entry.quantity
    return merged


def _check_cards(game: str, merged: Counter) -> None:
    if len(merged) > MAX_ENTRIES:
        raise DeckError("too_many_entries", f"A deck has at most {MAX_ENTRIES} different entries.")
    for (card_id, zone), quantity in merged.items():
        if quantity < 1:
            raise DeckError("bad_quantity", f"Card {card_id}: a quantity is at least 1.")
        if zone not in (DECK, TEAM):
            raise DeckError("bad_zone", f"Card {card_id}: zone is deck or team, not {zone!r}.")
    ids = {card_id for card_id, _ in merged}
    known = set(Card.objects.filter(pk__in=ids, game=game).values_list("pk", flat=True))
    missing = sorted(ids - known, key=str)
    if missing:
        raise DeckError(
            "unknown_card",
            f"No {game} card has the id {missing[0]}.",
            cards=missing,
        )


def _write_entries(deck: Deck, merged: Counter) -> None:
    deck.entries.all().delete()
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=deck, card_id=card_id, zone=zone, quantity=quantity)
        for (card_id, zone), quantity in sorted(merged.items(), key=str)
    )
    entries = [EntryInput(card_id=c, quantity=q, zone=z) for (c, z), q in merged.items()]
    verdict = validate_deck(deck.game, entries)
    deck.is_valid = verdict.valid
    deck.deck_count = verdict.counts["deck"]
    deck.team_count = verdict.counts["team"]


def _snapshot(deck: Deck, author, note: str = "") -> None:
    entries = [
        {"card": e.card_id, "quantity": e.quantity, "zone": e.zone}
        for e in deck.entries.order_by("zone", "card_id")
    ]
    DeckRevision.objects.create(
        deck=deck,
        number=deck.revision,
        name=deck.name,
        description=deck.description,
        visibility=deck.visibility,
        entries=entries,
        author=author,
        note=note,
    )


@transaction.atomic
def deck_create(
    *,
    owner,
    game: str,
    name: str,
    description: str = "",
    visibility: str = PRIVATE,
    entries: list[EntryInput],
    forked_from: Deck | None = None,
    note: str = "",
) -> Deck:
    merged = _merged(entries)
    _check_cards(game, merged)
    deck = Deck(
        owner=owner,
        game=game,
        name=name,
        description=description,
        visibility=visibility,
        forked_from=forked_from,
    )
    deck.full_clean()
    deck.save()
    _write_entries(deck, merged)
    deck.save(update_fields=["is_valid", "deck_count", "team_count"])
    _snapshot(deck, owner, note)
    return deck


@transaction.atomic
def deck_update(
    *,
    deck: Deck,
    author,
    revision: int,
    name: str | None = None,
    description: str | None = None,
    visibility: str | None = None,
    entries: list[EntryInput] | None = None,
    note: str = "",
) -> Deck:
    merged = _merged(entries) if entries is not None else None
    if merged is not None:
        _check_cards(deck.game, merged)
    # The compare-and-set is one UPDATE: of two writers holding the same revision,
    # exactly one matches the row; the other gets StaleRevision and changes nothing.
    claimed = Deck.objects.filter(pk=deck.pk, revision=revision).update(
        revision=F("revision") + 1, updated_at=timezone.now()
    )
    if not claimed:
        current = Deck.objects.filter(pk=deck.pk).values_list("revision", flat=True).first()
        raise StaleRevision(
            "stale_revision",
            f"This deck changed since revision {revision} (it is now at {current}): "
            "reload it and apply your change again.",
            current_revision=current,
        )
    deck.refresh_from_db()
    for field, value in (("name", name), ("description", description), ("visibility", visibility)):
        if value is not None:
            setattr(deck, field, value)
    deck.full_clean()
    if merged is not None:
        _write_entries(deck, merged)
    deck.save()
    _snapshot(deck, author, note)
    return deck


def deck_restore(*, deck: Deck, author, revision: int, number: int) -> Deck:
    try:
        old = deck.revisions.get(number=number)
    except DeckRevision.DoesNotExist:
        raise DeckError("not_found", f"This deck has no revision {number}.") from None
    restored = [
        EntryInput(card_id=e["card"], quantity=e["quantity"], zone=e["zone"]) for e in old.entries
    ]
    return deck_update(
        deck=deck,
        author=author,
        revision=revision,
        name=old.name,
        description=old.description,
        entries=restored,
        note=f"Restored revision {number}",
    )


def deck_fork(*, deck: Deck, owner) -> Deck:
    entries = [
        EntryInput(card_id=e.card_id, quantity=e.quantity, zone=e.zone) for e in deck.entries.all()
    ]
    return deck_create(
        owner=owner,
        game=deck.game,
        name=deck.name[:93] + " (fork)",
        description=deck.description,
        visibility=PRIVATE,
        entries=entries,
        forked_from=deck,
        note=f"Forked from {deck.pk}",
    )
