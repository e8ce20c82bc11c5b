"""Pasting a list on the deck pages: the lines that name a card make the deck, the others
wait with it (issue 15, item 8).

One unknown line used to block the whole list. Now the new-deck page and the builder keep
every line that resolves, and each line that does not is stored on the deck
(`Deck.unresolved_lines`, so it survives a reload and belongs to that deck alone) with why
and the cards it may have meant. The owner adds one of them with the line's count, or
dismisses the line; either removes it from the list.

Still refused whole, as before: a list too large to read, and a list whose cards pass the
caps of decks.limits (too many copies, too many cards) — those are the list's, not a
line's. The API stays atomic (decks.services.entries_from_text): a script sending a list
wants all of it or an error.

A stored line: {"key": "…", "line": 3, "text": "4 Grymon", "code": "unknown_card",
"messages": {"en": …, "zh-hant": …, "zh-hans": …}, "quantity": 4, "zone": "deck",
"cards": [card ids]}. The key is random, so a dismissed line's key never names a later one.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from cards.display_names import NAME_FIELDS, display_name
from cards.models import Card
from decks.decklist import ListError, parse_deck_list
from decks.limits import DECK_TOO_LARGE, TOO_MANY_COPIES
from decks.models import DECK, Deck
from decks.rules import EntryInput
from decks.rules.messages import active_language, card_name, render
from decks.services import DeckError, deck_update, list_error

# Errors of the whole list rather than of one line: the paste is refused, nothing changes.
WHOLE_LIST = {"list_too_large", TOO_MANY_COPIES, DECK_TOO_LARGE}
# Lines kept per deck: a list of thousands of bad lines keeps the first ones.
MAX_UNRESOLVED = 200


@dataclass
class PastedList:
    entries: list[EntryInput] = field(default_factory=list)
    unresolved: list[dict] = field(default_factory=list)


def _new_key() -> str:
    return secrets.token_hex(6)


def _stored(error: ListError) -> dict:
    messages = error.messages
    if error.code == "unknown_card" and error.cards:
        # The suggestions are buttons next to the line: the reason need not list them.
        messages = render("unknown_card", label=error.label)[1]
    return {
        "key": _new_key(),
        "line": error.line,
        "text": error.text,
        "code": error.code,
        "messages": messages,
        "quantity": error.quantity,
        "zone": error.zone,
        "cards": error.cards,
    }


def _team_line(entry: EntryInput, card: Card) -> dict:
    """A card under "Team:" in a Digimon list (DGM-2): offered for the deck instead."""
    return {
        "key": _new_key(),
        "line": entry.line,
        "text": f"{entry.quantity} {entry.label}",
        "code": "team_not_allowed",
        "messages": render("team_not_allowed", name=card_name(card))[1],
        "quantity": entry.quantity,
        "zone": DECK,
        "cards": [card.pk],
    }


def read_pasted_list(game: str, text: str) -> PastedList:
    """The entries of the lines that name a card of `game`, and the other lines as stored
    on the deck; DeckError when the list as a whole is refused."""
    parsed = parse_deck_list(text, game)
    whole = [error for error in parsed.errors if error.code in WHOLE_LIST]
    if whole:
        raise list_error(whole)
    unresolved = [_stored(error) for error in parsed.errors]
    unresolved += [_team_line(entry, parsed.cards[entry.card_id]) for entry in parsed.skipped]
    unresolved.sort(key=lambda line: line["line"] or 0)
    return PastedList(parsed.entries, unresolved[:MAX_UNRESOLVED])


def kept_with(old: list[dict], new: list[dict], *, replace: bool) -> list[dict]:
    """The deck's unresolved lines after a paste: a replaced deck forgets the old ones."""
    return (new if replace else [*old, *new])[-MAX_UNRESOLVED:]


@transaction.atomic
def add_unresolved(*, deck: Deck, lines: list[dict]) -> None:
    """Store lines of a paste that added no card: the deck's cards and revision stay."""
    locked = Deck.objects.select_for_update().get(pk=deck.pk)
    locked.unresolved_lines = kept_with(locked.unresolved_lines, lines, replace=False)
    locked.save(update_fields=["unresolved_lines"])


def _line(deck: Deck, key: str) -> dict:
    line = next((line for line in deck.unresolved_lines if line.get("key") == key), None)
    if line is None:
        raise DeckError("line_not_found", _("This line was already added or dismissed."))
    return line


def apply_suggestion(*, deck: Deck, author, revision: int, key: str, card_id: int) -> Card:
    """Add the suggested card with the line's count and zone; the line leaves the list.
    Only a card offered for that line can be added this way. Returns the card."""
    line = _line(deck, key)
    if card_id not in line["cards"]:
        raise DeckError("not_suggested", _("This card was not suggested for this line."))
    card = Card.objects.only("pk", "game", *NAME_FIELDS).get(pk=card_id)
    current = [
        EntryInput(card_id=e.card_id, quantity=e.quantity, zone=e.zone) for e in deck.entries.all()
    ]
    added = EntryInput(card_id=card_id, quantity=line["quantity"], zone=line["zone"])
    deck_update(
        deck=deck,
        author=author,
        revision=revision,
        entries=[*current, added],
        # Applied after the revision check, to the lines as stored then.
        unresolved_lines=lambda lines: [line for line in lines if line.get("key") != key],
        note=f"Line {line['line']}: {line['text']}"[:200],
    )
    return card


@transaction.atomic
def dismiss_line(*, deck: Deck, key: str) -> None:
    """Forget a line without adding anything: the deck's cards and revision stay."""
    locked = Deck.objects.select_for_update().get(pk=deck.pk)
    _line(locked, key)
    locked.unresolved_lines = [line for line in locked.unresolved_lines if line["key"] != key]
    locked.save(update_fields=["unresolved_lines"])


def unresolved_for_page(deck: Deck) -> list[dict]:
    """The deck's unresolved lines for a page: the reason in the reader's language and the
    suggested cards named for the reader (cards/display_names.py), in one query."""
    lines = deck.unresolved_lines or []
    ids = {card_id for line in lines for card_id in line.get("cards", [])}
    cards = (
        {
            card.pk: card
            for card in Card.objects.filter(pk__in=ids, game=deck.game).only(
                "pk", "number", *NAME_FIELDS
            )
        }
        if ids
        else {}
    )
    language = active_language()
    shown = []
    for line in lines:
        messages = line.get("messages") or {}
        suggestions = [
            {"pk": card.pk, "number": card.number, "name": display_name(card)}
            for card_id in line.get("cards", [])
            if (card := cards.get(card_id)) is not None
        ]
        shown.append(
            {
                **line,
                "message": messages.get(language) or messages.get("en", ""),
                "suggestions": suggestions,
            }
        )
    return shown
