"""A collection as deck-list text: reading and writing it (issue 16; services in decks.collection).

One collection holds both games. The text is the deck-list format of decks.decklist, one
card per line ("3 Tyrra", "2x St-02"), with game sections:

    # PAD
    3 Tyrra
    # Digimon
    2 Agumon

A section line is `# PAD` or `# Digimon` (or `PAD:` / `Digimon:`; a comment to the deck
parser, so one game's part pastes as a deck list as is). A line before any section is
looked up in both games, and one naming a card of each is refused as ambiguous: write its
number or put it under its game's section. `Deck:` / `Team:` headers are ignored, so a deck
export adds a deck's cards to a collection. Every line resolves in a bounded number of
queries; a list with any bad line writes nothing.

"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from cards import vocabulary as v
from cards.display_names import display_name
from cards.models import Card
from cards.search.text import fold
from decks.decklist import (  # the deck format's own line reader and name resolution
    _COUNTED,
    _STARTS_WITH_COUNT,
    MAX_BYTES,
    MAX_LINES,
    ListError,
    Resolution,
    export_deck_list,
    name_key,
    resolve_names,
    suggest_cards,
    zone_header,
)
from decks.rules.messages import card_name, joined, render

# Copies of one card a collection records: far past any real box of singles, well inside
# the PositiveSmallIntegerField.
MAX_OWNED = 9999
GAME_SECTIONS = {
    v.PAD: ["pad", "pad tcg", "puzzle & dragons", "龍族拼圖", "智龙迷城"],
    v.DIGIMON: ["digimon", "數碼寶貝", "数码宝贝", "デジモン"],
}
_SECTIONS = {fold(word): game for game, words in GAME_SECTIONS.items() for word in words}
SECTION_TEXT = {v.PAD: "# PAD", v.DIGIMON: "# Digimon"}


@dataclass
class _Line:
    number: int
    game: str | None  # None: before any section, looked up in both games
    quantity: int
    label: str
    text: str


def _section(text: str) -> str | None:
    """The game a section line opens, or None when the line is no section."""
    word = text.lstrip("#").strip().rstrip(":：").strip()
    if not word or not (text.startswith("#") or text.endswith((":", "："))):
        return None
    return _SECTIONS.get(fold(word))


def _error(code: str, line: _Line | None, **params) -> ListError:
    message, messages = render(code, **params)
    error = ListError(code, message, line.number if line else None, messages=messages)
    if line is not None:
        error.text, error.label, error.quantity = line.text, line.label, line.quantity
    return error


def _read_count(text: str) -> tuple[str, str] | None:
    """(count as typed, label) of "3 Tyrra", "2x St-02" or "Tyrra"; None when unreadable."""
    match = _COUNTED.match(text)
    if match is None:
        return None if _STARTS_WITH_COUNT.match(text) else ("1", text)
    return match["count"].replace("－", "-"), match["name"].strip()


def _quantity(count: str) -> int:
    # int() of a long digit run is slow and pointless: past 5 digits it is only "too many".
    if len(count.lstrip("+-")) > 5:
        return -1 if count.startswith("-") else MAX_OWNED + 1
    return int(count)


def _read_lines(text: str) -> tuple[list[_Line], list[ListError]]:
    lines, errors, game = [], [], None
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        section = _section(stripped)
        if section is not None:
            game = section
            continue
        if not stripped or stripped.startswith("#"):
            continue
        if zone_header(stripped) is not None:  # a deck list's zone header: "Deck:", "Team (5):"…
            continue
        read = _read_count(stripped)
        if read is None:
            errors.append(
                _error("malformed_line", _Line(number, game, 0, "", stripped), text=stripped)
            )
            continue
        count, label = read
        line = _Line(number, game, _quantity(count), label, stripped)
        if line.quantity <= 0:
            errors.append(_error("bad_quantity", line, name=label, quantity=count))
        elif line.quantity > MAX_OWNED:
            errors.append(
                _error("quantity_too_large", line, name=label, quantity=count, max=MAX_OWNED)
            )
        else:
            lines.append(line)
    return lines, errors


def _describe(cards: list[Card]) -> dict[str, str]:
    described = [{lang: f"{c.number} {name}" for lang, name in card_name(c).items()} for c in cards]
    return {lang: joined([d[lang] for d in described])[lang] for lang in described[0]}


@dataclass
class ParsedCollection:
    quantities: Counter = field(default_factory=Counter)  # {card id: copies}
    cards: dict[int, Card] = field(default_factory=dict)
    errors: list[ListError] = field(default_factory=list)


def parse_collection(text: str) -> ParsedCollection:
    """Every card the text names with its total count, or every error by line."""
    parsed = ParsedCollection()
    if len(text.encode("utf-8")) > MAX_BYTES or len(text.splitlines()) > MAX_LINES:
        parsed.errors.append(
            _error("list_too_large", None, max_lines=MAX_LINES, max_kb=MAX_BYTES // 1024)
        )
        return parsed
    lines, parsed.errors = _read_lines(text)
    games = [game for game, _ in v.GAMES]
    resolved = {
        game: resolve_names([ln.label for ln in lines if ln.game in (None, game)], game)
        for game in games
    }
    unknown: list[_Line] = []
    for line in lines:
        key = name_key(line.label)
        found = [
            resolved[game].get(key, Resolution()) for game in games if line.game in (None, game)
        ]
        cards = [r.card for r in found if r.card] or [c for r in found for c in r.candidates]
        if len(cards) == 1:
            parsed.cards[cards[0].pk] = cards[0]
            parsed.quantities[cards[0].pk] += line.quantity
        elif cards:
            parsed.errors.append(
                _error("ambiguous_card", line, label=line.label, candidates=_describe(cards))
            )
            parsed.errors[-1].suggestions = [card.number for card in cards]
        else:
            unknown.append(line)
    parsed.errors += _unknown_errors(unknown)
    for card_id, quantity in parsed.quantities.items():
        if quantity > MAX_OWNED:
            parsed.errors.append(
                _error(
                    "quantity_too_large",
                    None,
                    name=card_name(parsed.cards[card_id]),
                    quantity=quantity,
                    max=MAX_OWNED,
                )
            )
    parsed.errors.sort(key=lambda error: error.line or 0)
    return parsed


def _unknown_errors(lines: list[_Line]) -> list[ListError]:
    """unknown_card errors with the closest names of the games each line may be from."""
    if not lines:
        return []
    close: dict[str, list[dict]] = {}
    for game, _label in v.GAMES:
        labels = [line.label for line in lines if line.game in (None, game)]
        for key, rows in (suggest_cards(labels, game) if labels else {}).items():
            close.setdefault(key, []).extend(rows)
    errors = []
    for line in lines:
        rows = close.get(name_key(line.label), [])[:5]
        names = [card_name(row) for row in rows]
        error = _error(
            "unknown_card_suggest" if rows else "unknown_card",
            line,
            label=line.label,
            close={
                lang: joined([n[lang] for n in names])[lang]
                for lang in ("en", "zh-hant", "zh-hans")
            },
        )
        error.code, error.suggestions = "unknown_card", [display_name(row) for row in rows]
        error.cards = [row["id"] for row in rows]
        errors.append(error)
    return errors


def export_collection_text(quantities: list[tuple[Card, int]], language: str | None = None) -> str:
    """The collection as text, one section per game, each card by its name in `language`
    (by its number when the name would read back as another card): parse_collection reads
    back the same counts."""
    sections = []
    for game, _label in v.GAMES:
        rows = [(card, quantity) for card, quantity in quantities if card.game == game]
        if rows:
            listed = export_deck_list(rows, game, language).splitlines()
            # The deck format opens with its "Deck:" header: a collection has no zones.
            body = [line for line in listed[1:] if line]
            sections.append("\n".join([SECTION_TEXT[game], *body]))
    return "\n\n".join(sections) + "\n" if sections else ""
