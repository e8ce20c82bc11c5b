"""Reference decks: the gauntlet every matchup can be played against (issue 12).

The lists live in fixtures/reference_decks.toml, in the deck-list text format players
import, so anyone can read, copy and improve them. `load_reference_decks` makes the site
match the file: one public deck per list, owned by the system account and marked
`reference`; a changed list becomes a new revision of its deck (history kept), a list
removed from the file removes its deck, and an unchanged file changes nothing.

    reference_decks("pad")  # the default opponents of a PAD matchup, in name order
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Prefetch, QuerySet

from cards import vocabulary as v
from decks.models import PUBLIC, Deck, DeckEntry
from decks.rules import EntryInput, validate_deck
from decks.services import DeckError, deck_create, deck_update, entries_from_text

REFERENCE_FILE = Path(settings.BASE_DIR) / "fixtures" / "reference_decks.toml"
SYSTEM_USERNAME = "cardsite"
NAME_PREFIX = "Reference: "
REFRESH_NOTE = "Reference list refreshed from fixtures/reference_decks.toml"


class ReferenceDeckError(ValueError):
    """The reference file cannot be loaded as it is; nothing was changed."""


@dataclass(frozen=True)
class ReferenceList:
    game: str
    name: str  # as written in the file; the deck is named NAME_PREFIX + name
    description: str
    list: str

    @property
    def deck_name(self) -> str:
        return NAME_PREFIX + self.name


@dataclass
class LoadSummary:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0

    def __str__(self) -> str:
        return (
            f"{self.created} created, {self.updated} updated, "
            f"{self.unchanged} unchanged, {self.removed} removed"
        )


def reference_decks(game: str) -> QuerySet[Deck]:
    """The gauntlet of `game`: every reference deck, by name, entries and cards loaded."""
    entries = DeckEntry.objects.select_related("card")
    return (
        Deck.objects.filter(reference=True, game=game, visibility=PUBLIC)
        .prefetch_related(Prefetch("entries", queryset=entries))
        .order_by("name", "pk")
    )


def read_reference_lists(path: Path = REFERENCE_FILE) -> list[ReferenceList]:
    """The [[deck]] tables of the file, checked for shape (not yet for cards)."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ReferenceDeckError(f"{path}: {error}") from None
    tables = data.get("deck")
    if not isinstance(tables, list) or not tables:
        raise ReferenceDeckError(f"{path}: no [[deck]] tables.")
    lists, seen = [], set()
    for number, table in enumerate(tables, start=1):
        fields = {key: table.get(key) for key in ("game", "name", "description", "list")}
        missing = [key for key, value in fields.items() if not isinstance(value, str) or not value]
        if missing:
            raise ReferenceDeckError(f"{path}: deck {number} needs {', '.join(missing)}.")
        if fields["game"] not in v.KINDS_BY_GAME:
            raise ReferenceDeckError(f"{path}: deck {number} has no game {fields['game']!r}.")
        item = ReferenceList(**fields)
        if (item.game, item.name) in seen:
            raise ReferenceDeckError(f"{path}: two {item.game} decks are named {item.name!r}.")
        seen.add((item.game, item.name))
        lists.append(item)
    return lists


def system_account():
    """The account that owns the reference decks: no password to log in with, no staff
    rights. A person who signed up under its name is never taken over."""
    users = get_user_model()
    user, created = users.objects.get_or_create(
        username=SYSTEM_USERNAME, defaults={"is_staff": False, "is_superuser": False}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    elif user.has_usable_password() or user.is_staff or user.is_superuser:
        raise ReferenceDeckError(
            f"The account {SYSTEM_USERNAME!r} belongs to a person (it has a password or staff "
            "rights): rename it before loading the reference decks."
        )
    return user


def _entries(item: ReferenceList) -> list[EntryInput]:
    """The list's entries, once every card is known and the deck is legal (PAD-2, DGM-2)."""
    where = f"Reference deck {item.game} {item.name!r}"
    try:
        entries = entries_from_text(item.game, item.list)
    except DeckError as error:
        raise ReferenceDeckError(f"{where}: {error.message}") from None
    verdict = validate_deck(item.game, entries)
    if not verdict.valid:
        reasons = "; ".join(violation.message for violation in verdict.errors)
        raise ReferenceDeckError(f"{where} is not a legal deck: {reasons}")
    return entries


def _content(entries) -> Counter:
    """(card, zone) → copies, whatever the order or the split over lines."""
    merged: Counter = Counter()
    for entry in entries:
        merged[(entry.card_id, entry.zone)] += entry.quantity
    return merged


def _is_current(deck: Deck, item: ReferenceList, entries: list[EntryInput]) -> bool:
    return (
        deck.description == item.description
        and deck.visibility == PUBLIC
        and deck.reference
        and _content(deck.entries.all()) == _content(entries)
    )


@transaction.atomic
def load_reference_decks(path: Path = REFERENCE_FILE) -> LoadSummary:
    """Make the reference decks match the file: all of it, or nothing on any error."""
    lists = read_reference_lists(path)
    wanted = [(item, _entries(item)) for item in lists]
    owner = system_account()
    existing = {
        (deck.game, deck.name): deck
        for deck in Deck.objects.filter(owner=owner, reference=True).prefetch_related("entries")
    }
    summary = LoadSummary()
    for item, entries in wanted:
        deck = existing.pop((item.game, item.deck_name), None)
        if deck is None:
            deck_create(
                owner=owner,
                game=item.game,
                name=item.deck_name,
                description=item.description,
                visibility=PUBLIC,
                entries=entries,
                reference=True,
            )
            summary.created += 1
        elif _is_current(deck, item, entries):
            summary.unchanged += 1
        else:
            deck_update(
                deck=deck,
                author=owner,
                revision=deck.revision,
                description=item.description,
                visibility=PUBLIC,
                entries=entries,
                note=REFRESH_NOTE,
            )
            summary.updated += 1
    for deck in existing.values():  # lists no longer in the file
        deck.delete()
        summary.removed += 1
    return summary
