"""Each card says how far its details are checked, and which fields its sources contradict."""

from django.db import migrations, models

# SQLite adds these columns by rebuilding cards_card, which drops the covering search index
# of 0004 (raw SQL, unknown to the model state): build it again, covering the new columns
# that `verified:` and `is:conflict` read.
COVERING_INDEX = "cards_card_search_cover"
COVERED_COLUMNS = (
    "game", "number_sort", "kind", "attribute", "sub_attribute", "stage", "cost", "defense",
    "pet_type", "pet_sub_type", "level", "battle_type", "orbs", "effect_types", "option_type",
    "field_code", "provenance", "rarity", "lost_iii", "lost_iv", "lost_perfect",
    "lost_ultimate", "digimon_type", "search_names", "search_text", "verification",
    "data_issues",
)  # fmt: skip


def rebuild_covering_index(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        columns = ", ".join(COVERED_COLUMNS)
        schema_editor.execute(f"DROP INDEX IF EXISTS {COVERING_INDEX}")
        schema_editor.execute(f"CREATE INDEX {COVERING_INDEX} ON cards_card ({columns})")


def drop_covering_index(apps, schema_editor):
    # The index names the new columns: SQLite refuses to drop a column an index uses.
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(f"DROP INDEX IF EXISTS {COVERING_INDEX}")


def restore_covering_index(apps, schema_editor):
    # Undoing this migration removes the columns by rebuilding the table again: the last step
    # of the undo (the first operation below) puts back 0004's index.
    if schema_editor.connection.vendor == "sqlite":
        columns = ", ".join(COVERED_COLUMNS[:-2])
        schema_editor.execute(f"DROP INDEX IF EXISTS {COVERING_INDEX}")
        schema_editor.execute(f"CREATE INDEX {COVERING_INDEX} ON cards_card ({columns})")


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0005_postgres_trigram_indexes"),
    ]

    operations = [
        migrations.RunPython(migrations.RunPython.noop, restore_covering_index),
        migrations.AddField(
            model_name="card",
            name="verification",
            field=models.CharField(
                choices=[
                    ("scan", "scan-verified"),
                    ("card_list", "from a card list"),
                    ("rules", "named in the rules"),
                    ("inferred", "inferred"),
                ],
                db_index=True,
                default="card_list",
                max_length=10,
            ),
        ),
        migrations.AddField(
            model_name="card",
            name="data_issues",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(rebuild_covering_index, drop_covering_index),
    ]
