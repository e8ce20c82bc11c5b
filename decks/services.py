"""Writes to decks: create, update with revision checks, restore, fork (issue 4).

Every write bumps `revision` and stores a DeckRevision snapshot; a write made from a
revision that is no longer current is refused, so no edit is ever silently lost.

A burst of edits by one author (issue 16: six clicks in a minute) makes one revision:
a write within `DECK_REVISION_BURST_SECONDS` of the author's latest revision updates that
revision in place (its snapshot, its number moved to the deck's new revision, one more
edit). `Deck.revision` still moves at every write, as the concurrency token, so history
numbers may skip. A burst never spans another author, a restore, a fork, a write with a
note, or a visibility change (who may read a revision depends on its visibility).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from cards.display_names import NAME_FIELDS
from cards.models import Card
from decks.browser_upkeep import after_deck_write
from decks.decklist import ListError, parse_deck_list
from decks.limits import MAX_ENTRIES, MAX_ID, Overflow, overflows, render_overflow
from decks.models import DECK, PRIVATE, SIDE, TEAM, Deck, DeckEntry, DeckRevision
from decks.rules import EntryInput, validate_deck
from decks.rules.messages import GAME_NAMES, card_name, render
from decks.tags import INVALID_TAGS, TagError, normalise_tags, write_tags


class DeckError(Exception):
    """A refused write, with a stable code the API turns into a response."""

    status = 400

    def __init__(self, code: str, message: str, *, detail: str | None = None, **extra):
        super().__init__(message)
        self.code, self.message, self.extra = code, message, extra
        # The message without where it applies ("Line 3: "), for pages that say it their way.
        self.detail = detail if detail is not None else message


class StaleRevision(DeckError):
    status = 409


class DeckNotFound(DeckError):
    """The deck (deleted by a concurrent request) or the revision asked for is gone."""

    status = 404


def list_error(errors: list[ListError]) -> DeckError:
    """A refused list: the first problem as the message, every one by line."""
    first = errors[0]
    return DeckError(
        "invalid_list",
        f"Line {first.line}: {first.message}" if first.line else first.message,
        errors=[
            {"code": e.code, "message": e.message, "line": e.line, "suggestions": e.suggestions}
            for e in errors
        ],
    )


def entries_from_text(game: str, text: str) -> list[EntryInput]:
    """Every line of the list, or DeckError: the API's atomic import (decks.paste keeps
    the lines that resolve instead)."""
    parsed = parse_deck_list(text, game)
    if parsed.errors:
        raise list_error(parsed.errors)
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


def _where(overflow: Overflow) -> str:
    """The line of a pasted list, else the position in the entries sent."""
    if overflow.entry.line:
        return f"Line {overflow.entry.line}"
    return f"Entry {overflow.index}"


def check_caps(entries: list[EntryInput], cards: dict[int, Card] | None = None) -> None:
    """decks.limits: no card past its copies cap, no deck past its size cap, whether the
    entries come from a list, the API or accumulated builder edits. `cards` by id, when
    loaded already, name the card in the message."""
    found = overflows(entries)
    if not found:
        return
    first = found[0]
    card_id = first.entry.card_id
    if cards is not None:
        card = cards.get(card_id)
    else:
        card = Card.objects.filter(pk=card_id).first() if 1 <= card_id <= MAX_ID else None
    message, _ = render_overflow(first, card_name(card) if card else None)
    where = {"line": first.entry.line} if first.entry.line else {"entry": first.index}
    raise DeckError(
        first.code,
        f"{_where(first)}: {message}",
        detail=message,
        card=first.entry.card_id,
        limit=first.limit,
        total=first.total,
        **where,
    )


def _wrong_game(game: str, ids: list) -> None:
    """Ids of another game's cards: say which card and game (PAD-2.6, DGM-2.5)."""
    ints = [card_id for card_id in ids if isinstance(card_id, int)]
    card = Card.objects.filter(pk__in=ints).exclude(game=game).order_by("pk").first()
    if card is None:
        return
    message, _ = render(
        "wrong_game",
        name=card_name(card),
        card_game=GAME_NAMES[card.game],
        game=GAME_NAMES[game],
    )
    raise DeckError("wrong_game", message, card=card.pk, card_game=card.game)


def _check_cards(game: str, entries: list[EntryInput]) -> Counter:
    """The entries merged by (card, zone), once every card, zone and count is acceptable."""
    merged = _merged(entries)
    if len(merged) > MAX_ENTRIES:
        raise DeckError("too_many_entries", f"A deck has at most {MAX_ENTRIES} different entries.")
    for (card_id, zone), quantity in merged.items():
        if quantity < 1:
            raise DeckError("bad_quantity", f"Card {card_id}: a quantity is at least 1.")
        if zone not in (DECK, TEAM, SIDE):
            raise DeckError(
                "bad_zone", f"Card {card_id}: zone is deck, team or side, not {zone!r}."
            )
    ids = {card_id for card_id, _ in merged}
    # An id past the database's integer range would overflow the query: it names no card.
    in_range = [card_id for card_id in ids if isinstance(card_id, int) and 1 <= card_id <= MAX_ID]
    cards = Card.objects.filter(pk__in=in_range, game=game).only("pk", *NAME_FIELDS)
    known = {card.pk: card for card in cards}
    missing = sorted(ids - set(known), key=str)
    if missing:
        _wrong_game(game, [card_id for card_id in missing if card_id in in_range])
        raise DeckError(
            "unknown_card",
            f"No {game} card has the id {missing[0]}.",
            cards=missing,
        )
    check_caps(entries, known)
    return merged


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


def _burst_revision(deck: Deck, author, note: str) -> DeckRevision | None:
    """The latest revision, when this write continues its burst of edits."""
    if note or author is None or not author.is_authenticated:
        return None
    latest = deck.revisions.order_by("-number").first()
    if latest is None or latest.number == 1 or latest.note:
        return None  # the deck's creation and noted events (restore, fork) stay apart
    if latest.author_id != author.pk or latest.visibility != deck.visibility:
        return None
    window = getattr(settings, "DECK_REVISION_BURST_SECONDS", 300)
    last_edit = latest.updated_at or latest.created_at
    if window <= 0 or (timezone.now() - last_edit).total_seconds() > window:
        return None  # 0 turns bursts off: one revision per write
    return latest


def _snapshot(deck: Deck, author, note: str = "", *, burst: bool = False) -> None:
    """Store the deck as it is now: a new revision, or the burst's revision updated."""
    state = {
        "number": deck.revision,
        "name": deck.name,
        "description": deck.description,
        "visibility": deck.visibility,
        "notes": deck.notes,
        "tags": list(deck.tags.values_list("name", flat=True)),
        "entries": [
            {"card": e.card_id, "quantity": e.quantity, "zone": e.zone}
            for e in deck.entries.order_by("zone", "card_id")
        ],
    }
    latest = _burst_revision(deck, author, note) if burst else None
    if latest is None:
        DeckRevision.objects.create(deck=deck, author=author, note=note, **state)
        return
    for field, value in state.items():
        setattr(latest, field, value)
    latest.edits += 1
    latest.updated_at = timezone.now()
    latest.save(update_fields=[*state, "edits", "updated_at"])


def checked_tags(tags: list[str]) -> list[str]:
    try:
        return normalise_tags(tags)
    except TagError as error:
        raise DeckError(INVALID_TAGS, str(error)) from None


@transaction.atomic
def deck_create(
    *,
    owner,
    game: str,
    name: str,
    description: str = "",
    visibility: str = PRIVATE,
    entries: list[EntryInput],
    notes: str = "",
    tags: list[str] | None = None,
    forked_from: Deck | None = None,
    note: str = "",
    reference: bool = False,
    unresolved_lines: list[dict] | None = None,
) -> Deck:
    merged = _check_cards(game, entries)
    tags = checked_tags(tags or [])
    deck = Deck(
        owner=owner,
        game=game,
        name=name,
        description=description,
        notes=notes,
        visibility=visibility,
        forked_from=forked_from,
        reference=reference,
        unresolved_lines=unresolved_lines or [],
    )
    deck.full_clean()
    deck.save()
    _write_entries(deck, merged)
    deck.save(update_fields=["is_valid", "deck_count", "team_count"])
    write_tags(deck, tags)
    _snapshot(deck, owner, note)
    after_deck_write(deck)
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
    notes: str | None = None,
    tags: list[str] | None = None,
    note: str = "",
    unresolved_lines: Callable[[list[dict]], list[dict]] | None = None,
    burst: bool = True,
) -> Deck:
    """`unresolved_lines` maps the lines of a paste stored with the deck (decks.paste) to
    the lines to keep, applied to them as they are once the revision is claimed. `burst`
    False stores a revision of its own (a restore)."""
    merged = _check_cards(deck.game, entries) if entries is not None else None
    tags = checked_tags(tags) if tags is not None else None
    # The compare-and-set is one UPDATE: of two writers holding the same revision,
    # exactly one matches the row; the other gets StaleRevision and changes nothing.
    claimed = Deck.objects.filter(pk=deck.pk, revision=revision).update(
        revision=F("revision") + 1, updated_at=timezone.now()
    )
    if not claimed:
        current = Deck.objects.filter(pk=deck.pk).values_list("revision", flat=True).first()
        if current is None:  # deleted by a request that won the race: nothing to update
            raise DeckNotFound("not_found", "No deck has this id.")
        raise StaleRevision(
            "stale_revision",
            f"This deck changed since revision {revision} (it is now at {current}): "
            "reload it and apply your change again.",
            current_revision=current,
        )
    deck.refresh_from_db()
    fields = (("name", name), ("description", description), ("visibility", visibility))
    for field, value in (*fields, ("notes", notes)):
        if value is not None:
            setattr(deck, field, value)
    deck.full_clean()
    if merged is not None:
        _write_entries(deck, merged)
    if unresolved_lines is not None:
        deck.unresolved_lines = unresolved_lines(deck.unresolved_lines)
    deck.save()
    if tags is not None:
        write_tags(deck, tags)
    _snapshot(deck, author, note, burst=burst)
    after_deck_write(deck, cards_changed=merged is not None)
    return deck


def deck_restore(*, deck: Deck, author, revision: int, number: int) -> Deck:
    try:
        old = deck.revisions.get(number=number)
    except DeckRevision.DoesNotExist:
        raise DeckNotFound("not_found", f"This deck has no revision {number}.") from None
    restored = [
        EntryInput(card_id=e["card"], quantity=e["quantity"], zone=e["zone"]) for e in old.entries
    ]
    return deck_update(
        deck=deck,
        author=author,
        revision=revision,
        name=old.name,
        description=old.description,
        notes=old.notes,
        tags=old.tags,
        entries=restored,
        note=f"Restored revision {number}",
        burst=False,
    )


def deck_fork(*, deck: Deck, owner) -> Deck:
    """A private copy for `owner`: a fork of someone else's deck, or a duplicate of their
    own ("(copy)"); either remembers the deck it came from."""
    entries = [
        EntryInput(card_id=e.card_id, quantity=e.quantity, zone=e.zone) for e in deck.entries.all()
    ]
    own = deck.owner_id == owner.pk
    return deck_create(
        owner=owner,
        game=deck.game,
        name=deck.name[:93] + (" (copy)" if own else " (fork)"),
        description=deck.description,
        visibility=PRIVATE,
        entries=entries,
        notes=deck.notes,
        tags=list(deck.tags.values_list("name", flat=True)),
        forked_from=deck,
        note=f"{'Duplicated' if own else 'Forked'} from {deck.pk}",
    )
