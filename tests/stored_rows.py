"""Write a loader's rows again without running it (issue 29: the suite's time).

The starter catalogue and the reference decks are loaded hundreds of times a run — once per
module, test or flush — and the loaders (`load_catalogue`, `load_reference_decks`) parse,
validate and save through the ORM each time, for the same rows. `RowsReplay` runs its loader
for real the first time in a process, keeps the rows it wrote, each value already in the
database's form, and later writes those rows as they are: PostgreSQL's COPY, one prepared
INSERT on SQLite. When the rows cannot go in as they were (a test made a row with one of
their keys first), the loader runs again instead.
"""

from __future__ import annotations

from collections.abc import Callable

from django.apps import apps
from django.core.management.color import no_style
from django.db import IntegrityError, connection, transaction


def stored_rows(model, rows=None) -> tuple[str, list[str], list[tuple]]:
    """`model`'s table, columns and rows (all present rows by default), each value in the
    database's own form (prepared here once; the ORM's bulk_create prepared every field of
    every row again: 0.33 s a module for the catalogue)."""
    fields = model._meta.concrete_fields
    rows = model._base_manager.all() if rows is None else rows
    values = [
        tuple(field.get_db_prep_save(getattr(row, field.attname), connection) for field in fields)
        for row in rows
    ]
    return model._meta.db_table, [field.column for field in fields], values


def write_rows(table: str, columns: list[str], rows: list[tuple]) -> None:
    """Insert `rows` as they are."""
    quote = connection.ops.quote_name
    into = f"{quote(table)} ({', '.join(map(quote, columns))})"
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # psycopg's own cursor, so its errors become Django's (IntegrityError) here
            with (
                connection.wrap_database_errors,
                cursor.cursor.copy(f"COPY {into} FROM STDIN") as copy,
            ):
                for row in rows:
                    copy.write_row(row)
        else:
            placeholders = ", ".join(["%s"] * len(columns))
            cursor.executemany(f"INSERT INTO {into} VALUES ({placeholders})", rows)


def move_sequences_past(models) -> None:
    """Explicit primary keys leave PostgreSQL's sequences behind: move them past the rows,
    as loaddata does, so the rows a test creates never take a replayed id."""
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(statement)


class RowsReplay:
    """A loader whose new rows are written again on later calls rather than reloaded.

    Only new rows are kept: the loader must be one that inserts (it may read what is there,
    as the reference decks read the catalogue, which must then be the same at each call).
    """

    def __init__(self, load: Callable[[], object]):
        self.load = load
        self.tables: list[tuple[type, tuple]] | None = None

    def __call__(self) -> None:
        if self.tables is None:
            self.tables = self._first_load()
            return
        try:
            with transaction.atomic():
                for _model, table in self.tables:
                    write_rows(*table)
        except IntegrityError:  # a row of the test's own holds a replayed key or name
            self.load()
            return
        move_sequences_past([model for model, _ in self.tables])

    def _first_load(self) -> list[tuple[type, tuple]]:
        models = [
            model
            for model in apps.get_models(include_auto_created=True)
            if model._meta.managed and not model._meta.proxy  # a proxy's rows are its base's
        ]
        before = {model: set(model._base_manager.values_list("pk", flat=True)) for model in models}
        self.load()
        tables = []
        for model in models:
            new = [row for row in model._base_manager.all() if row.pk not in before[model]]
            if new:
                tables.append((model, stored_rows(model, new)))
        return tables
