"""Each card says how far its details are checked, and which fields its sources contradict."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0005_postgres_trigram_indexes"),
    ]

    operations = [
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
    ]
