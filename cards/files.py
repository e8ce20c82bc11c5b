"""Reading and writing card files: JSON (a list, or {"cards": [...]}), JSON lines, CSV."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from cards.schema import card_to_dict
from cards.selectors import cards_for_export


class CardFileError(ValueError):
    """The file as a whole cannot be read (not a row problem)."""


def read_card_file(path: Path) -> list[tuple[int, dict]]:
    """(row number, card dict) pairs; CSV rows are numbered by their line in the file."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise CardFileError(f"{path}: cannot be read ({error}).") from None
    if path.suffix.lower() == ".csv":
        return _read_csv(text)
    if path.suffix.lower() in (".jsonl", ".ndjson"):
        return _read_json_lines(path, text)
    return _read_json(path, text)


def _read_json(path: Path, text: str) -> list[tuple[int, dict]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise CardFileError(
            f"{path}: not valid JSON at line {error.lineno} ({error.msg})."
        ) from None
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        data = data["cards"]
    if not isinstance(data, list):
        raise CardFileError(f"{path}: expected a list of cards or an object with a 'cards' list.")
    return list(enumerate(data, start=1))


def _read_json_lines(path: Path, text: str) -> list[tuple[int, dict]]:
    rows = []
    for line_number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                rows.append((line_number, json.loads(line)))
            except json.JSONDecodeError as error:
                raise CardFileError(
                    f"{path}, line {line_number}: not valid JSON ({error.msg})."
                ) from None
    return rows


def _read_csv(text: str) -> list[tuple[int, dict]]:
    reader = csv.DictReader(text.splitlines())
    rows = []
    for row in reader:
        cells = {key.strip(): (value or "").strip() for key, value in row.items() if key}
        rows.append((reader.line_num, {key: value for key, value in cells.items() if value}))
    return rows


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
