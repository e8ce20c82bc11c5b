"""A trigram index for SQLite's substring searches (issue 24, finding 9).

`has_text` on the folded search columns is a substring test no B-tree can narrow: at
100,000 cards every text search read every card's names and text (`dragon` 25 ms,
`風嘯草原 OR 钢铁矿山` 34 ms of a 50 ms request). FTS5's trigram tokenizer indexes every
three-character substring, so a phrase of three or more characters finds the cards that may
contain it in well under a millisecond. The index only narrows: the search keeps its
instr() test on the candidates, so its answers are exactly those of a full scan (the
tokenizer folds case, which can only add candidates). Shorter phrases scan as before.

The index is an external-content FTS5 table over `cards_card`, kept by triggers (every
write, bulk_create and raw SQL included), created by migration 0014 when this Python's
SQLite can (FTS5 with the trigram tokenizer: SQLite 3.34 or later). PostgreSQL has its
trigram GIN indexes (migration 0005).
"""

from __future__ import annotations

import sqlite3
from functools import cache

TABLE = "cards_card_text_fts"
COLUMNS = ("search_names", "search_text")
MIN_PHRASE = 3  # a trigram index cannot narrow a shorter phrase


@cache
def available() -> bool:
    """Whether this Python's SQLite has FTS5 and its trigram tokenizer."""
    try:
        with sqlite3.connect(":memory:") as probe:
            probe.execute("CREATE VIRTUAL TABLE probe USING fts5(x, tokenize='trigram')")
    except sqlite3.Error:
        return False
    return True


def match_expression(column: str, phrase: str) -> str:
    """An FTS5 query for `phrase` anywhere in `column`: one quoted string, so none of its
    characters is read as query syntax."""
    return f'{{{column}}}: "{phrase.replace(chr(34), chr(34) * 2)}"'


def create_sql() -> list[str]:
    columns = ", ".join(COLUMNS)
    new = ", ".join(f"new.{column}" for column in COLUMNS)
    old = ", ".join(f"old.{column}" for column in COLUMNS)
    # An external-content table is told of a removed row with the values it indexed.
    forget = f"INSERT INTO {TABLE}({TABLE}, rowid, {columns}) VALUES('delete', old.id, {old});"
    remember = f"INSERT INTO {TABLE}(rowid, {columns}) VALUES(new.id, {new});"
    return [
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {TABLE} USING fts5({columns}, "
        f"content='cards_card', content_rowid='id', tokenize='trigram')",
        f"CREATE TRIGGER IF NOT EXISTS {TABLE}_insert AFTER INSERT ON cards_card BEGIN "
        f"{remember} END",
        f"CREATE TRIGGER IF NOT EXISTS {TABLE}_delete AFTER DELETE ON cards_card BEGIN "
        f"{forget} END",
        f"CREATE TRIGGER IF NOT EXISTS {TABLE}_update AFTER UPDATE OF {columns} ON cards_card "
        f"BEGIN {forget} {remember} END",
        f"INSERT INTO {TABLE}({TABLE}) VALUES('rebuild')",
    ]


def drop_sql() -> list[str]:
    return [
        *(f"DROP TRIGGER IF EXISTS {TABLE}_{event}" for event in ("insert", "delete", "update")),
        f"DROP TABLE IF EXISTS {TABLE}",
    ]
