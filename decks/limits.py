"""Caps on what one deck may hold and on the ids a client may send (issue 11).

The caps are far above any legal deck (PAD: 40–60 cards and a team of 5, PAD-2; Digimon:
30 cards, DGM-2) and far below the columns that store them (a quantity is a smallint on
PostgreSQL, at most 32,767). They exist so that no list, paste or API call can store an
absurd deck, and so that the export of every stored deck reads back through the same
parser: a card never has more copies in all than one line of a list may hold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from decks.rules.messages import EN, HANS, HANT, LANGUAGES, Param, active_language
from decks.rules.types import EntryInput

# Copies of one card in a deck, over all its lines and zones; also the most one line of a
# text list may hold, so an export (one line per card and zone) always imports again.
MAX_CARD_QUANTITY = 99
# Cards in one deck, team included.
MAX_DECK_CARDS = 1000
# Different (card, zone) entries in one deck.
MAX_ENTRIES = 500
# The largest id either database stores (a signed 64-bit integer): larger ids sent by a
# client are refused before they reach a query, where they would overflow.
MAX_ID = 2**63 - 1
# Revisions are PositiveIntegerField: a signed 32-bit integer on PostgreSQL.
MAX_REVISION = 2**31 - 1

TOO_MANY_COPIES, DECK_TOO_LARGE = "too_many_copies", "deck_too_large"

MESSAGES: dict[str, dict[str, str]] = {
    TOO_MANY_COPIES: {
        EN: "“{name}”: {total} copies in all; a deck holds at most {max} copies of one card.",
        HANT: "「{name}」共 {total} 張；一副牌組中同一張卡最多 {max} 張。",
        HANS: "“{name}”共 {total} 张；一副卡组中同一张卡最多 {max} 张。",
    },
    DECK_TOO_LARGE: {
        EN: "{total} cards in all; a deck holds at most {max} cards.",
        HANT: "共 {total} 張卡；一副牌組最多 {max} 張。",
        HANS: "共 {total} 张卡；一副卡组最多 {max} 张。",
    },
}


@dataclass(frozen=True)
class Overflow:
    """The entry at `index` took a card's copies (or the deck's size) past its cap."""

    code: str
    index: int
    entry: EntryInput
    total: int
    limit: int


def overflows(entries: Iterable[EntryInput]) -> list[Overflow]:
    """The first entry that takes each card past MAX_CARD_QUANTITY, then the first that
    takes the deck past MAX_DECK_CARDS: the lines or entries a user has to fix. The totals
    are those of the whole deck, not up to that entry."""
    per_card: Counter = Counter()
    over: list[tuple[str, int, EntryInput]] = []
    deck_over: tuple[str, int, EntryInput] | None = None
    total = 0
    for index, entry in enumerate(entries):
        if entry.card_id is None or entry.quantity <= 0:
            continue  # unknown cards and bad counts have their own errors
        before = per_card[entry.card_id]
        per_card[entry.card_id] += entry.quantity
        total += entry.quantity
        if before <= MAX_CARD_QUANTITY < per_card[entry.card_id]:
            over.append((TOO_MANY_COPIES, index, entry))
        if deck_over is None and total > MAX_DECK_CARDS:
            deck_over = (DECK_TOO_LARGE, index, entry)
    result = [
        Overflow(code, index, entry, per_card[entry.card_id], MAX_CARD_QUANTITY)
        for code, index, entry in over
    ]
    if deck_over is not None:
        result.append(Overflow(*deck_over, total, MAX_DECK_CARDS))
    return result


def render_overflow(overflow: Overflow, name: Param | None = None) -> tuple[str, dict[str, str]]:
    """(message in the active language, {language: message}), as decks.rules.messages."""
    params: dict[str, Param] = {
        "name": name if name is not None else f"#{overflow.entry.card_id}",
        "total": overflow.total,
        "max": overflow.limit,
    }
    messages = {}
    for lang in LANGUAGES:
        values = {k: v[lang] if isinstance(v, Mapping) else v for k, v in params.items()}
        messages[lang] = MESSAGES[overflow.code][lang].format(**values)
    return messages[active_language()], messages
