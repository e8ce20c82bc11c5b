# SQLite's counterpart of 0005's trigram indexes: an FTS5 trigram table kept by triggers
# (cards/search/sqlite_fts.py). Nothing on PostgreSQL, nor on a SQLite built without it.

from django.db import migrations

from cards.search import sqlite_fts


def _run(schema_editor, statements):
    if schema_editor.connection.vendor != "sqlite" or not sqlite_fts.available():
        return
    for statement in statements:
        schema_editor.execute(statement)


def create_index(apps, schema_editor):
    _run(schema_editor, sqlite_fts.create_sql())


def drop_index(apps, schema_editor):
    _run(schema_editor, sqlite_fts.drop_sql())


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0013_attack_columns"),
    ]

    operations = [migrations.RunPython(create_index, drop_index, elidable=False)]
