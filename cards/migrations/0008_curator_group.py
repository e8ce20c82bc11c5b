"""The `curator` group: its members review players' card corrections (issue 13)."""

from django.db import migrations

CURATOR_GROUP = "curator"


def create_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.get_or_create(name=CURATOR_GROUP)


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=CURATOR_GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("cards", "0007_card_corrections"),
    ]

    operations = [migrations.RunPython(create_group, remove_group)]
