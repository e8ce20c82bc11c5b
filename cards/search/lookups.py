"""`field__has_text="x"`: plain substring test on an already-folded column.

The search columns are folded on write, so a case-sensitive substring test is enough. On
SQLite, instr() is several times cheaper than LIKE (which also folds case). On PostgreSQL,
LIKE '%x%' with the wildcards in x escaped means the same as strpos() but can use the
trigram indexes of migration 0005 instead of reading every card.
"""

from __future__ import annotations

from django.db.models import Lookup, TextField


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

    def as_postgresql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        rhs, rhs_params = self.process_rhs(compiler, connection)
        if rhs == "%s" and len(rhs_params) == 1 and isinstance(rhs_params[0], str):
            return f"{lhs} LIKE %s", [*lhs_params, like_pattern(rhs_params[0])]
        return f"strpos({lhs}, {rhs}) > 0", [*lhs_params, *rhs_params]
