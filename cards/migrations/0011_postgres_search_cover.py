"""A narrow index for PostgreSQL's search scans (issue 24, finding 9).

Most searches filter on columns no B-tree can narrow (`orbs & 1`, `cost<=2` on 18 % of the
cards), so PostgreSQL reads every card: the 50 MB table at 100,000 cards took 35–45 ms
per scan. This index holds the columns the query language filters on, in the default
display order (game, number), so a search reads an 11 MB index-only scan instead — already
sorted — at about half the time. SQLite has its own covering index (migration 0004); the
text columns stay out (their trigram indexes serve them, migration 0005), and so do
`verified:` and `set:`'s: with them the index is wide enough that the planner prefers the
table again (costs within 10 % of each other at 100,000 cards).

Index-only scans need the table's visibility map, which autovacuum keeps; right after a bulk
import PostgreSQL reads the table rows too until it has run (or run VACUUM ANALYZE).
"""

from django.db import migrations

INDEX = "cards_card_search_cover_pg"
INCLUDED = (
    "id", "kind", "attribute", "sub_attribute", "stage", "cost", "defense", "pet_type",
    "pet_sub_type", "level", "battle_type", "orbs", "effect_types", "option_type",
    "field_code", "provenance", "rarity", "lost_iii", "lost_iv", "lost_perfect",
    "lost_ultimate", "digimon_type",
)


def create_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        columns = ", ".join(INCLUDED)
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {INDEX} ON cards_card (game, number_sort) "
            f"INCLUDE ({columns})"
        )


def drop_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0010_correction_scans_server_names"),
    ]

    operations = [migrations.RunPython(create_index, drop_index)]
