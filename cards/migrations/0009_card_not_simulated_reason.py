"""Each card can say why its printed effect has no structured steps (issue 13)."""

from django.db import migrations, models

# SQLite adds the column by rebuilding cards_card, which drops the covering search index of
# 0004/0006 (raw SQL, unknown to the model state): build it again, as 0006 left it. The new
# column is not searched, so the index does not cover it.
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


def reason_field():
    return models.TextField(
        blank=True,
        help_text='Why the printed effect has no structured steps ("needs: …").',
        verbose_name="why not simulated",
    )


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0008_curator_group"),
    ]

    operations = [
        # Undoing the migration rebuilds the table once more: its last step (this one) puts
        # the index back.
        migrations.RunPython(migrations.RunPython.noop, rebuild_covering_index),
        migrations.AddField(model_name="card", name="not_simulated_reason", field=reason_field()),
        migrations.AddField(
            model_name="historicalcard", name="not_simulated_reason", field=reason_field()
        ),
        migrations.RunPython(rebuild_covering_index, migrations.RunPython.noop),
    ]
