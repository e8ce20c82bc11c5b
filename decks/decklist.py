"""Deck lists as text and JSON.

The text format, one card per line:

    # comments start with #
    Team:              (PAD only; 隊伍: / 队伍: also accepted)
    1 Tyrra
    Deck:              (卡組: / 卡组: / 牌組: also accepted)
    3 Red Dragon
    2x B01-002         (a count, an optional "x", then a name in any language or a number)
    Sideboard:         (Side: / Maybe: / 備牌: / 备牌: / 候補: also accepted)
    1 Blue Dragon      (beside the deck: the rules and the simulator ignore it)

A list without headers is all deck. A line without a count means one copy ("Red Dragon"
reads as "1 Red Dragon"), so a list of names pasted from anywhere still loads; a line that
starts with a digit must be a count followed by a card. Names match case-insensitively and
across Traditional and Simplified Chinese (through `fold` and `Card.search_names`); numbers
match case-insensitively and ignore zero padding (St-02 is St-2). Every line is resolved
in a bounded number of queries, never one per line.
"""

from __future__ import annotations

import difflib
import operator
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import reduce
from itertools import islice

from django.db.models import Q

from cards import vocabulary as v
from cards.display_names import display_name
from cards.lookups import NAME_FIELDS
from cards.models import Card, natural_sort_key
from cards.search.text import fold
from decks.limits import MAX_CARD_QUANTITY, overflows, render_overflow
from decks.rules.messages import GAME_NAMES, LANGUAGES, Param, card_name, joined, render
from decks.rules.types import DECK, SIDE, TEAM, ZONES, EntryInput

MAX_LINES = 5000
MAX_BYTES = 200 * 1024
MAX_QUANTITY = MAX_CARD_QUANTITY  # per line: a card's copies in all have the same cap
MAX_SUGGESTIONS = 5
SUGGESTION_CUTOFF = 0.5
# SQLite parses a chain of ORs as a nested tree and refuses past 1,000 levels, so name
# conditions go to the database in chunks; a real deck list fits in one.
CONDITIONS_PER_QUERY = 200
# Suggestions cost a fuzzy comparison per candidate: bounded by the candidates fetched and
# by the number of unknown names that get them (later ones get the error alone).
SUGGESTION_CANDIDATES = 1000
SUGGESTED_NAMES = 50
PIECES_PER_NAME = 12

HEADERS = {
    "team": TEAM,
    "队伍": TEAM,
    "deck": DECK,
    "卡组": DECK,
    "牌组": DECK,
    # The sideboard / maybe zone, in both games (issue 16); keys are folded (Simplified).
    "sideboard": SIDE,
    "side": SIDE,
    "maybe": SIDE,
    "maybeboard": SIDE,
    "备牌": SIDE,
    "候补": SIDE,
}
HEADER_TEXT = {TEAM: "Team:", DECK: "Deck:", SIDE: "Sideboard:"}

_HEADER = re.compile(r"^(?P<word>[^\W\d_]+)\s*(?:\(\s*\d+\s*\))?\s*[:：]?$")
# "3 Red Dragon", "3x Red Dragon", "3 x Red Dragon", "3xRed Dragon"; an "x" followed by
# letters after a space belongs to the name ("3 Xiangliu").
_COUNTED = re.compile(
    r"^(?P<count>[+\-－]?\d+)(?:\s*[x×*ｘ＊]\s+|[x×*ｘ＊]\s*|\s+)(?P<name>\S.*)$", re.I
)
_STARTS_WITH_COUNT = re.compile(r"^[+\-－]?\d")
_COUNT_AFTER_X = re.compile(r"^[x×*ｘ＊]\s*\d+(?:\s|$)", re.I)


@dataclass
class ListError:
    code: str
    message: str
    line: int | None = None
    suggestions: list[str] = field(default_factory=list)
    messages: dict[str, str] = field(default_factory=dict)
    # The line as typed, its count (0 when unreadable) and zone, and the ids of the cards it
    # may have meant: what the deck pages need to offer "add this card instead" (decks.paste).
    text: str = ""
    label: str = ""  # the card as typed, without the count
    quantity: int = 0
    zone: str = DECK
    cards: list[int] = field(default_factory=list)


@dataclass
class ParsedDeckList:
    entries: list[EntryInput]
    errors: list[ListError]
    # The cards the entries name, so callers need not load them again.
    cards: dict[int, Card] = field(default_factory=dict)
    # Lines that name a card but sit under a header the game refuses (a Digimon "Team:").
    skipped: list[EntryInput] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def _error(
    code: str,
    line: int | None,
    *,
    key: str | None = None,
    suggestions=(),
    where: _Line | None = None,
    cards=(),
    **params: Param,
) -> ListError:
    message, messages = render(key or code, **params)
    error = ListError(code, message, line, list(suggestions), messages, cards=list(cards))
    if where is not None:
        error.text, error.label = where.text, where.label
        error.quantity, error.zone = where.quantity, where.zone
    return error


# Reading lines.


@dataclass
class _Line:
    number: int
    zone: str
    quantity: int
    label: str
    skip: bool = False  # read for its errors, but under a header the game refuses
    text: str = ""  # the whole line, as typed


def zone_header(text: str) -> str | None:
    """The zone a header line opens ("Deck:", "Team (5):", "卡组", …), None for any other line."""
    match = _HEADER.match(text)
    return HEADERS.get(fold(match["word"])) if match else None


@dataclass
class _BadLine:
    code: str
    count: str = ""
    name: str = ""


def _read_entry(text: str) -> tuple[int, str] | _BadLine:
    """(quantity, name as typed), or why the line is not an entry."""
    match = _COUNTED.match(text)
    if match is None:
        if _STARTS_WITH_COUNT.match(text) or _COUNT_AFTER_X.match(text):
            return _BadLine("malformed_line")
        return 1, text
    count, name = match["count"], match["name"].strip()
    digits = count.replace("－", "-")
    if len(digits.lstrip("+-")) > 4:  # int() of a huge digit run is slow and pointless
        return _BadLine("quantity_too_large", count, name)
    quantity = int(digits)
    if quantity <= 0:
        return _BadLine("bad_quantity", count, name)
    if quantity > MAX_QUANTITY:
        return _BadLine("quantity_too_large", count, name)
    return quantity, name


def _read_lines(text: str, game: str) -> tuple[list[_Line], list[ListError]]:
    lines: list[_Line] = []
    errors: list[ListError] = []
    zone, skipping = DECK, False
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        header = zone_header(stripped)
        if header is not None:
            zone = header
            skipping = header == TEAM and game != v.PAD
            if skipping:
                errors.append(
                    _error(
                        "team_not_allowed",
                        number,
                        key="team_header_not_allowed",
                        where=_Line(number, zone, 0, "", text=stripped),
                        text=stripped,
                    )
                )
            continue
        read = _read_entry(stripped)
        if isinstance(read, _BadLine):
            errors.append(
                _error(
                    read.code,
                    number,
                    where=_Line(number, zone, 0, read.name, text=stripped),
                    text=stripped,
                    name=read.name,
                    quantity=read.count,
                    max=MAX_QUANTITY,
                )
            )
            continue
        quantity, label = read
        lines.append(_Line(number, zone, quantity, label, skipping, stripped))
    return lines, errors


# Resolving names and numbers.


@dataclass
class Resolution:
    card: Card | None = None
    # When ambiguous: the earliest printing of each display name the text matched.
    candidates: list[Card] = field(default_factory=list)


def name_key(text: str) -> str:
    return " ".join(fold(text).split())


def _chunks(items: list[str], size: int) -> Iterator[list[str]]:
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk


def _number_key(key: str) -> str | None:
    # Only text with a digit can be a card number; names skip the number comparison.
    return natural_sort_key(key) if any(ch.isdigit() for ch in key) else None


def _pick(matches: list[Card]) -> Resolution:
    if not matches:
        return Resolution()
    earliest: dict[str, Card] = {}
    for card in sorted(matches, key=operator.attrgetter("pk")):
        earliest.setdefault(card.name, card)
    if len(earliest) == 1:
        # Reprints share a display name and count as one card: the earliest printing wins.
        return Resolution(card=next(iter(earliest.values())))
    return Resolution(candidates=sorted(earliest.values(), key=operator.attrgetter("number_sort")))


def resolve_names(texts: Iterable[str], game: str) -> dict[str, Resolution]:
    """{name_key(text): Resolution} for card names (any language) or numbers of one game,
    in one query per 200 distinct texts."""
    keys = sorted({name_key(text) for text in texts} - {""})
    found: dict[int, Card] = {}
    for chunk in _chunks(keys, CONDITIONS_PER_QUERY):
        conditions = [Q(search_names__has_text=f"\n{key}\n") for key in chunk]
        numbers = {number for key in chunk if (number := _number_key(key))}
        if numbers:
            conditions.append(Q(number_sort__in=numbers))
        query = Card.objects.filter(game=game).filter(reduce(operator.or_, conditions))
        found.update((card.pk, card) for card in query)

    resolutions = {}
    for key in keys:
        number = _number_key(key)
        by_number = [card for card in found.values() if number and card.number_sort == number]
        by_name = [card for card in found.values() if f"\n{key}\n" in card.search_names]
        resolutions[key] = _pick(by_number or by_name)
    return resolutions


def suggest_cards(texts: Iterable[str], game: str) -> dict[str, list[dict]]:
    """{name_key(text): up to 5 cards with the closest names}, each a `.values()` row with
    "id" and NAME_FIELDS (so `display_name` names it in any language), best first.

    A text is compared with every stored name of a card (any language, folded, so a
    Traditional spelling meets a Simplified name) and a card counts once, by its best name.
    Like cards/lookups.py, only names sharing a two-letter piece with some text are
    fetched, so the catalogue is never scanned in Python.
    """
    keys = sorted({name_key(text) for text in texts} - {""})[:SUGGESTED_NAMES]
    pieces: set[str] = set()
    for key in keys:
        own = sorted({key[i : i + 2] for i in range(len(key) - 1)} - {"  "}) or [key]
        pieces.update(own[:PIECES_PER_NAME])
    rows: dict[int, dict] = {}
    owner: dict[str, int] = {}  # folded name → the earliest card bearing it (reprints are one)
    for chunk in _chunks(sorted(pieces), CONDITIONS_PER_QUERY):
        condition = reduce(operator.or_, (Q(search_names__has_text=piece) for piece in chunk))
        found = (
            Card.objects.filter(game=game)
            .filter(condition)
            .order_by("id")
            .values("id", "number", *NAME_FIELDS)[:SUGGESTION_CANDIDATES]
        )
        for row in found:
            rows.setdefault(row["id"], row)
            for name in (row[column] for column in NAME_FIELDS):
                if name:
                    owner.setdefault(name_key(name), row["id"])

    suggestions = {}
    matcher = difflib.SequenceMatcher()
    for key in keys:
        matcher.set_seq2(key)
        best: dict[int, float] = {}
        for folded, card_id in owner.items():
            matcher.set_seq1(folded)
            if matcher.real_quick_ratio() < SUGGESTION_CUTOFF:
                continue
            if matcher.quick_ratio() < SUGGESTION_CUTOFF:
                continue
            if (score := matcher.ratio()) >= SUGGESTION_CUTOFF:
                best[card_id] = max(score, best.get(card_id, 0))
        ranked = sorted(best, key=lambda card_id: (-best[card_id], card_id))
        suggestions[key] = [rows[card_id] for card_id in ranked[:MAX_SUGGESTIONS]]
    return suggestions


def _describe(card) -> dict[str, str]:
    """ "B01-021 Tyrra" in each language."""
    return {lang: f"{_field(card, 'number')} {name}" for lang, name in card_name(card).items()}


def _field(card, key: str):
    return card[key] if isinstance(card, Mapping) else getattr(card, key)


def _joined_names(cards: list, describe=card_name) -> dict[str, str]:
    """The cards' names (or descriptions), listed in each language."""
    described = [describe(card) for card in cards]
    return {lang: joined([names[lang] for names in described])[lang] for lang in LANGUAGES}


def _other_games(labels: list[str], game: str) -> dict[str, Card]:
    """{name_key(label): card} for labels that name a card of another game: "Agumon" in a
    PAD list is a wrong_game error naming the card, not an unknown name with odd guesses."""
    found: dict[str, Card] = {}
    for other in sorted(set(v.KINDS_BY_GAME) - {game}):
        for key, resolution in resolve_names(labels, other).items():
            card = resolution.card or next(iter(resolution.candidates), None)
            if card is not None:
                found.setdefault(key, card)
    return found


def _wrong_game(line: _Line, card: Card, game: str) -> ListError:
    return _error(
        "wrong_game",
        line.number,
        where=line,
        name=card_name(card),
        card_game=GAME_NAMES[card.game],
        game=GAME_NAMES[game],
    )


def _overflow_errors(entries: list[EntryInput], cards: dict[int, Card]) -> list[ListError]:
    """A card with more copies in all than a deck may hold, or a deck past its size cap,
    at the line that went over (decks.limits)."""
    errors = []
    for overflow in overflows(entries):
        card = cards.get(overflow.entry.card_id)
        message, messages = render_overflow(overflow, card_name(card) if card else None)
        errors.append(ListError(overflow.code, message, overflow.entry.line, [], messages))
    return errors


def parse_deck_list(text: str, game: str) -> ParsedDeckList:
    """Entries (with line numbers and what was typed) and every error, by line."""
    if game not in v.KINDS_BY_GAME:
        raise ValueError(f"Unknown game {game!r}.")
    if len(text.encode("utf-8")) > MAX_BYTES or len(text.splitlines()) > MAX_LINES:
        error = _error("list_too_large", None, max_lines=MAX_LINES, max_kb=MAX_BYTES // 1024)
        return ParsedDeckList([], [error])

    lines, errors = _read_lines(text, game)
    resolutions = resolve_names((line.label for line in lines), game)
    unknown = [
        line.label
        for line in lines
        if (found := resolutions[name_key(line.label)]).card is None and not found.candidates
    ]
    elsewhere = _other_games(unknown, game) if unknown else {}
    unknown = [label for label in unknown if name_key(label) not in elsewhere]
    suggestions = suggest_cards(unknown, game) if unknown else {}

    entries, cards, skipped = [], {}, []
    for line in lines:
        key = name_key(line.label)
        resolution = resolutions[key]
        if resolution.card is not None:
            entry = EntryInput(
                resolution.card.pk, line.quantity, line.zone, line.number, line.label
            )
            cards[resolution.card.pk] = resolution.card
            (skipped if line.skip else entries).append(entry)
        elif resolution.candidates:
            errors.append(
                _error(
                    "ambiguous_card",
                    line.number,
                    suggestions=[card.number for card in resolution.candidates],
                    where=line,
                    cards=[card.pk for card in resolution.candidates],
                    label=line.label,
                    candidates=_joined_names(resolution.candidates, _describe),
                )
            )
        elif key in elsewhere:  # PAD-2.6, DGM-2.5
            errors.append(_wrong_game(line, elsewhere[key], game))
        else:
            close = suggestions.get(key, [])
            errors.append(
                _error(
                    "unknown_card",
                    line.number,
                    key="unknown_card_suggest" if close else "unknown_card",
                    suggestions=[display_name(card) for card in close],
                    where=line,
                    cards=[card["id"] for card in close],
                    label=line.label,
                    close=_joined_names(close),
                )
            )
    errors += _overflow_errors(entries, cards)
    errors.sort(key=lambda error: error.line or 0)
    return ParsedDeckList(entries, errors, cards, skipped)


# Writing lists.


def card_quantities(items: Iterable) -> list[tuple[Card, int, str]]:
    """(card, quantity, zone) from tuples `(card, quantity[, zone])` or objects with
    `card`, `quantity` and `zone` attributes (deck entry rows)."""
    result = []
    for item in items:
        if isinstance(item, tuple):
            card, quantity, *rest = item
            zone = rest[0] if rest else DECK
        else:
            card, quantity, zone = item.card, item.quantity, getattr(item, "zone", DECK)
        result.append((card, quantity, zone))
    return result


def _readable_as_name(name: str) -> bool:
    """Whether "1 <name>" reads back as that name (not a header, comment or count)."""
    return (
        bool(name)
        and name == name.strip()
        and "\n" not in name
        and not name.startswith("#")
        and _read_entry(f"1 {name}") == (1, name)
    )


def export_deck_list(entries_with_cards: Iterable, game: str, language: str | None = None) -> str:
    """The deck in the text format, so that parse_deck_list reads back the same entries.

    Cards are written by their name in `language` (default: the active one; see
    cards/display_names.py), sorted by zone (team, deck, then sideboard) and number; a card
    whose name would read back as another card (a later reprint, a name shared with a
    different card) is written by its number instead.
    """
    totals: dict[tuple[str, int], int] = {}
    cards: dict[int, Card] = {}
    for card, quantity, zone in card_quantities(entries_with_cards):
        totals[(zone, card.pk)] = totals.get((zone, card.pk), 0) + quantity
        cards[card.pk] = card
    names = {pk: display_name(card, language) for pk, card in cards.items()}
    resolutions = resolve_names(names.values(), game)

    def label(card: Card) -> str:
        name = names[card.pk]
        resolved = resolutions.get(name_key(name), Resolution()).card
        if resolved is not None and resolved.pk == card.pk and _readable_as_name(name):
            return name
        return card.number

    sections = []
    for zone in ZONES:
        rows = sorted(
            ((cards[pk], quantity) for (z, pk), quantity in totals.items() if z == zone),
            key=lambda row: (row[0].number_sort, row[0].pk),
        )
        # Only PAD has a team (PAD-2.3); a team in another game's deck is still written, so
        # the export never hides what the deck holds and the parser reports it. An empty
        # sideboard is left out, so lists without one read as before.
        if not rows and zone in (TEAM, SIDE):
            continue
        lines = [HEADER_TEXT[zone]] + [f"{quantity} {label(card)}" for card, quantity in rows]
        sections.append("\n".join(lines))
    return "\n\n".join(sections) + "\n"


def entries_to_json(game: str, entries: Iterable[EntryInput]) -> dict:
    return {
        "game": game,
        "entries": [
            {"card": entry.card_id, "quantity": entry.quantity, "zone": entry.zone}
            for entry in entries
        ],
    }


def entries_from_json(data: Mapping) -> tuple[str, list[EntryInput]]:
    """(game, entries) from the JSON form; ValueError names the first malformed part.
    Quantities and zones are left to the validator, which explains them per entry."""
    if not isinstance(data, Mapping):
        raise ValueError("A deck is an object with 'game' and 'entries'.")
    game = data.get("game")
    if game not in v.KINDS_BY_GAME:
        raise ValueError(f"Unknown game {game!r}.")
    items = data.get("entries")
    if not isinstance(items, list):
        raise ValueError("'entries' must be a list.")
    entries = []
    for index, item in enumerate(items):
        if not isinstance(item, Mapping):
            raise ValueError(f"Entry {index} must be an object.")
        card, quantity = item.get("card"), item.get("quantity", 1)
        zone = item.get("zone", DECK)
        if not _is_int(card) or not _is_int(quantity) or not isinstance(zone, str):
            raise ValueError(
                f"Entry {index} needs an integer 'card', an integer 'quantity' and a 'zone'."
            )
        entries.append(EntryInput(card_id=card, quantity=quantity, zone=zone))
    return game, entries


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
