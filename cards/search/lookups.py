"""`field__has_text="x"`: plain substring test on an already-folded column.

LIKE compares case-insensitively and interprets % and _; the search columns are folded on
write, so an exact substring test is enough and several times cheaper (instr/strpos).
"""

from __future__ import annotations

from django.db.models import Lookup, TextField


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
        return f"strpos({lhs}, {rhs}) > 0", [*lhs_params, *rhs_params]
