from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cards.files import read_card_file
from cards.services import CardImportError, import_cards
from decks.reference import REFERENCE_FILE, ReferenceDeckError, load_reference_decks

CATALOGUE_FILES = ("pad.json", "digimon.json")


class Command(BaseCommand):
    help = (
        "Load or refresh the curated starter catalogue from fixtures/, then the reference "
        "decks of fixtures/reference_decks.toml (safe to run again; all or nothing)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--references",
            type=Path,
            default=REFERENCE_FILE,
            help="The reference deck file (default: fixtures/reference_decks.toml).",
        )
        parser.add_argument(
            "--no-reference-decks",
            action="store_false",
            dest="reference_decks",
            help="Load the cards only.",
        )

    def handle(self, *args, **options):
        # One transaction: a reference list naming an unknown card leaves the site as it
        # was, not with new cards and half the gauntlet.
        with transaction.atomic():
            for name in CATALOGUE_FILES:
                path = settings.BASE_DIR / "fixtures" / name
                try:
                    summary = import_cards(read_card_file(path), source=str(path))
                except CardImportError as error:
                    raise CommandError(str(error)) from None
                if options["verbosity"]:
                    self.stdout.write(
                        f"{name}: {summary.created} created, {summary.updated} updated."
                    )
            if not options["reference_decks"]:
                return
            try:
                decks = load_reference_decks(options["references"])
            except ReferenceDeckError as error:
                raise CommandError(str(error)) from None
            if options["verbosity"]:
                self.stdout.write(f"Reference decks: {decks}.")
