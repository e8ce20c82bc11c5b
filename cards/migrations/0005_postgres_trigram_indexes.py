# PostgreSQL answers `has_text` (a substring test on the folded search columns) with LIKE
# '%…%', which a trigram GIN index serves; without it every search, name look-up and deck
# list validation scans the whole catalogue. SQLite keeps its covering index (0004).

from django.db import migrations

TRIGRAM_INDEXES = {
    "cards_card_search_names_trgm": "search_names",
    "cards_card_search_text_trgm": "search_text",
}


def create_trigram_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    # pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for name, column in TRIGRAM_INDEXES.items():
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON cards_card USING gin ({column} gin_trgm_ops)"
        )


def drop_trigram_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name in TRIGRAM_INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):

    dependencies = [
        ("cards", "0004_search_indexes"),
    ]

    operations = [
        migrations.RunPython(create_trigram_indexes, drop_trigram_indexes, elidable=False),
    ]
