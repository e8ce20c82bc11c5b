from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cards.files import read_card_file
from cards.services import CardImportError, import_cards

CATALOGUE_FILES = ("pad.json", "digimon.json")


class Command(BaseCommand):
    help = "Load or refresh the curated starter catalogue from fixtures/ (safe to run again)."

    def handle(self, *args, **options):
        for name in CATALOGUE_FILES:
            path = settings.BASE_DIR / "fixtures" / name
            try:
                summary = import_cards(read_card_file(path), source=str(path))
            except CardImportError as error:
                raise CommandError(str(error)) from None
            if options["verbosity"]:
                self.stdout.write(f"{name}: {summary.created} created, {summary.updated} updated.")
