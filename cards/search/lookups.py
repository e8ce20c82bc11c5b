"""`field__has_text="x"`: plain substring test on an already-folded column.

The search columns are folded on write, so a case-sensitive substring test is enough. On
SQLite, instr() is several times cheaper than LIKE (which also folds case). On PostgreSQL,
LIKE '%x%' with the wildcards in x escaped means the same as strpos() but can use the
trigram indexes of migration 0005 instead of reading every card. On SQLite a phrase of three
characters or more on a card's search columns is first narrowed by the FTS5 trigram index
of migration 0014 (cards/search/sqlite_fts.py), then tested with instr() as before.
"""

from __future__ import annotations

from django.db.models import Lookup, TextField
from django.db.models.expressions import Col

from cards.search import sqlite_fts


def like_pattern(text: str) -> str:
    """A LIKE pattern matching `text` anywhere, its \\, % and _ taken literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


@TextField.register_lookup
class HasText(Lookup):
    lookup_name = "has_text"

    def as_sql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        rhs, rhs_params = self.process_rhs(compiler, connection)
        return f"instr({lhs}, {rhs}) > 0", [*lhs_params, *rhs_params]

    def as_sqlite(self, compiler, connection):
        sql, params = self.as_sql(compiler, connection)
        column = self.lhs
        phrase = self.rhs
        if not (
            isinstance(column, Col)
            and column.target.model._meta.db_table == "cards_card"
            and column.target.column in sqlite_fts.COLUMNS
            and isinstance(phrase, str)
            and len(phrase) >= sqlite_fts.MIN_PHRASE
            and sqlite_fts.available()
        ):
            return sql, params
        table = compiler.quote_name_unless_alias(column.alias)
        pk = connection.ops.quote_name(column.target.model._meta.pk.column)
        index = sqlite_fts.TABLE
        narrowed = f"{table}.{pk} IN (SELECT rowid FROM {index} WHERE {index} MATCH %s)"
        match = sqlite_fts.match_expression(column.target.column, phrase)
        # The index only narrows; instr() decides, so the answer is a full scan's.
        return f"({narrowed} AND {sql})", [match, *params]

    def as_postgresql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        rhs, rhs_params = self.process_rhs(compiler, connection)
        if rhs == "%s" and len(rhs_params) == 1 and isinstance(rhs_params[0], str):
            return f"{lhs} LIKE %s", [*lhs_params, like_pattern(rhs_params[0])]
        return f"strpos({lhs}, {rhs}) > 0", [*lhs_params, *rhs_params]
