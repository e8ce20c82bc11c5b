"""Correction scans stored before issue 24 kept their uploader's name (`evil.html`, `x.svg`):
store each again under a name the server picks, with the extension of its real format, so no
stored scan can be served as a page. Rows keep pointing at their (renamed) file; a scan whose
file is gone or unreadable is left as it was. The upload_to function itself is unchanged."""

import re
import secrets

from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.db import migrations

SERVER_NAME = re.compile(r"^corrections/\d{4}/\d{2}/[0-9a-f]{32}\.(png|jpg|webp)$")


def rename_scans(apps, schema_editor):
    from cards.corrections import SCAN_DIR
    from cards.images import sniffed_extension

    CardCorrection = apps.get_model("cards", "CardCorrection")
    for correction in CardCorrection.objects.exclude(source_scan="").iterator():
        old = correction.source_scan.name
        if SERVER_NAME.match(old):
            continue
        storage = correction.source_scan.storage
        try:
            with storage.open(old, "rb") as stored:
                data = ContentFile(stored.read())
            extension = sniffed_extension(data)
        except (OSError, ValidationError):  # gone, or not a picture: nothing to rename to
            continue
        month = f"{correction.created_at:%Y/%m}"
        new = storage.save(f"{SCAN_DIR}/{month}/{secrets.token_hex(16)}.{extension}", data)
        CardCorrection.objects.filter(pk=correction.pk).update(source_scan=new)
        storage.delete(old)


class Migration(migrations.Migration):
    dependencies = [("cards", "0009_card_not_simulated_reason")]

    operations = [migrations.RunPython(rename_scans, migrations.RunPython.noop, elidable=True)]
