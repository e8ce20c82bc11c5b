"""Reading and writing card files: JSON (a list, or {"cards": [...]}), JSON lines, CSV."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, BinaryIO

import ijson
from ijson.common import ObjectBuilder

from cards.schema import card_to_dict
from cards.selectors import cards_for_export
from cardsite.parsers import json_depth_exceeds

# A card is at most five levels deep (list, card, effect, step, value): deeper JSON is refused
# before anything is built from it (100,000 `[` were a RecursionError traceback).
MAX_JSON_DEPTH = 32
# The JSON reader is given at most this much of one line at a time: a file written on one
# line is read in pieces, and an error is always on the line of the piece that raised it.
JSON_CHUNK = 16 * 1024

_OPENING = frozenset(("start_map", "start_array"))
_CLOSING = frozenset(("end_map", "end_array"))
_NOT_A_LIST = "expected a list of cards or an object with a 'cards' list."


class CardFileError(ValueError):
    """The file as a whole cannot be read (not a row problem)."""


class CardFile:
    """The rows of one card file, read as a stream: (row number, card dict) pairs.

    Opening reads the file through once, to refuse a file that is not valid as a whole
    before anything is written and to count its rows; iterating reads it again. Neither
    holds more than one card in memory (a 60,000-row file parsed whole took 250 MB).
    """

    def __init__(self, path: Path):
        self.path = path
        self.count = sum(1 for _ in self)

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[tuple[int, dict]]:
        suffix = self.path.suffix.lower()
        try:
            if suffix == ".csv":
                with self.path.open(encoding="utf-8-sig", newline="") as handle:
                    yield from _read_csv(self.path, handle)
            elif suffix in (".jsonl", ".ndjson"):
                with self.path.open(encoding="utf-8-sig", newline="") as handle:
                    yield from _read_json_lines(self.path, handle)
            else:
                with self.path.open("rb") as handle:
                    yield from _read_json(self.path, handle)
        except (OSError, UnicodeDecodeError) as error:
            raise CardFileError(f"{self.path}: cannot be read ({error}).") from None


def read_card_file(path: Path) -> list[tuple[int, dict]]:
    """(row number, card dict) pairs; CSV rows are numbered by their line in the file."""
    return list(CardFile(path))


def _too_deep(where: str) -> CardFileError:
    return CardFileError(
        f"{where}: JSON nested deeper than {MAX_JSON_DEPTH} levels is refused "
        "(a card needs at most 5)."
    )


def _read_json(path: Path, handle: BinaryIO) -> Iterator[tuple[int, dict]]:
    """The cards of a JSON list, or of the 'cards' list of an object, one at a time.

    ijson's tokenizer (yajl) reads the file in pieces; the cards are built here from its
    basic events, so that nesting is counted and refused past MAX_JSON_DEPTH before it is
    built. (ijson's own `items()` is no guard: it names every level's path, which grows
    with the depth: 5,000 `[` took 75 MB, 100,000 used all the memory there was.)
    """
    events = ijson.sendable_list()
    parser = ijson.basic_parse_coro(events, use_float=True)
    reader = _CardListReader(path)
    if handle.read(3) != b"\xef\xbb\xbf":  # a byte order mark, as utf-8-sig would skip
        handle.seek(0)
    line = 1
    try:
        while chunk := handle.readline(JSON_CHUNK):
            parser.send(chunk)
            yield from reader.read(events, line)
            del events[:]
            line += chunk.endswith(b"\n")
        parser.close()
        yield from reader.read(events, line)
    except ijson.JSONError as error:
        raise CardFileError(f"{path}: not valid JSON at line {line} ({_reason(error)}).") from None
    reader.finish()


def _reason(error: Exception) -> str:
    """The first line of yajl's message (the next ones draw the text around the error)."""
    message = error.args[0] if error.args else ""
    if isinstance(message, bytes):
        message = message.decode("utf-8", "replace")
    first = str(message).splitlines()[0].strip().rstrip(".") if message else ""
    return first or "invalid"


class _CardListReader:
    """Turns the basic events of a card file into its cards, one card at a time."""

    def __init__(self, path: Path):
        self.path = path
        self.depth = 0
        self.top: str | None = None  # "list" or "object", after the first event
        self.list_depth: int | None = None  # the card list's depth while inside it
        self.cards_next = False  # the object's "cards" key was just read
        self.found = False  # the card list was read
        self.card: ObjectBuilder | None = None
        self.rows = 0

    def read(self, events: list, line: int) -> Iterator[tuple[int, dict]]:
        for event, value in events:
            if event in _OPENING:
                self.depth += 1
                if self.depth > MAX_JSON_DEPTH:
                    raise _too_deep(f"{self.path}, line {line}")
            elif event in _CLOSING:
                self.depth -= 1
            if self.card is not None:
                self.card.event(event, value)
                if self.depth == self.list_depth:  # the card's last event
                    self.rows += 1
                    _refuse_deep_cells(self.card.value, f"{self.path}, row {self.rows}")
                    yield self.rows, self.card.value
                    self.card = None
            elif self.list_depth is not None:  # in the list, between cards
                if self.depth < self.list_depth:  # "]"
                    self.list_depth, self.found = None, True
                elif event in _OPENING:
                    self.card = ObjectBuilder()
                    self.card.event(event, value)
                else:  # not an object: the row says so
                    self.rows += 1
                    yield self.rows, value
            elif self.top is None:
                self.top = {"start_array": "list", "start_map": "object"}.get(event)
                if self.top is None:
                    raise CardFileError(f"{self.path}: {_NOT_A_LIST}")
                if self.top == "list":
                    self.list_depth = 1
            elif self.cards_next:
                if event != "start_array":
                    raise CardFileError(f"{self.path}: {_NOT_A_LIST}")
                self.cards_next, self.list_depth = False, self.depth
            elif self.depth == 1 and event == "map_key" and value == "cards":
                if self.found:  # a second 'cards': which one would be meant?
                    raise CardFileError(f"{self.path}: {_NOT_A_LIST}")
                self.cards_next = True

    def finish(self) -> None:
        if not self.found:
            raise CardFileError(f"{self.path}: {_NOT_A_LIST}")


def _refuse_deep_cells(data, where: str) -> None:
    """A card's text values that hold JSON (CSV cells always, JSON files may) are decoded by
    the schema with Python's recursive decoder: refuse them too past MAX_JSON_DEPTH."""
    if not isinstance(data, dict):
        return
    for key, value in data.items():
        holds_json = isinstance(value, str) and value.lstrip()[:1] in ("[", "{")
        if holds_json and json_depth_exceeds(value.encode(), MAX_JSON_DEPTH):
            raise _too_deep(f"{where}, field {key!r}")


def _read_json_lines(path: Path, handle: IO[str]) -> Iterator[tuple[int, dict]]:
    for line_number, line in enumerate(handle, start=1):
        if not line.strip():
            continue
        if json_depth_exceeds(line.encode(), MAX_JSON_DEPTH):
            raise _too_deep(f"{path}, line {line_number}")
        try:
            data = json.loads(line)
        except json.JSONDecodeError as error:
            raise CardFileError(
                f"{path}, line {line_number}: not valid JSON ({error.msg})."
            ) from None
        _refuse_deep_cells(data, f"{path}, line {line_number}")
        yield line_number, data


def _read_csv(path: Path, handle: IO[str]) -> Iterator[tuple[int, dict]]:
    reader = csv.DictReader(handle)
    try:
        for row in reader:
            cells = {key.strip(): (value or "").strip() for key, value in row.items() if key}
            data = {key: value for key, value in cells.items() if value}
            _refuse_deep_cells(data, f"{path}, line {reader.line_num}")
            yield reader.line_num, data
    except csv.Error as error:  # a cell past csv's field size limit, a NUL byte …
        line = reader.reader.line_num  # DictReader's own count is of the rows it returned
        raise CardFileError(f"{path}, line {line}: not valid CSV ({error}).") from None


def write_cards_json(out: IO[str], cards: Iterable[dict]) -> int:
    """Stream a JSON list, one card per line, without holding the catalogue in memory."""
    count = 0
    out.write("[")
    for card in cards:
        out.write(",\n " if count else "\n ")
        out.write(json.dumps(card, ensure_ascii=False, sort_keys=False))
        count += 1
    out.write("\n]\n" if count else "]\n")
    return count


def exported_cards(game: str | None = None) -> Iterator[dict]:
    for card in cards_for_export(game):
        yield card_to_dict(card)
