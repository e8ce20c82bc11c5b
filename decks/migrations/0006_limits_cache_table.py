"""The table that limits count in when there is no Redis (cardsite/limits_cache.py), made by
`migrate` so a new site needs no `createcachetable` step. It is made whatever the settings
say, so a site can drop Redis later and still find it."""

from django.core.management.commands.createcachetable import Command as CreateCacheTable
from django.db import migrations

TABLE = "cardsite_limits"  # CACHES["limits"]["LOCATION"] without Redis


def create_table(apps, schema_editor):
    command = CreateCacheTable()
    command.verbosity = 0
    command.create_table(schema_editor.connection.alias, TABLE, dry_run=False)


def drop_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(TABLE)}")


class Migration(migrations.Migration):
    dependencies = [("decks", "0005_issue16_browser_collections_notes")]

    operations = [migrations.RunPython(create_table, drop_table, elidable=False)]
