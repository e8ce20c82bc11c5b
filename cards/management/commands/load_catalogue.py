from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cards.corrections import corrected_values, recorded_as
from cards.files import read_card_file
from cards.predraw import predraw_after_import
from cards.services import CardImportError, import_cards
from decks.reference import REFERENCE_FILE, ReferenceDeckError, load_reference_decks
from engine.ladder import load_measured_ladders

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
            predraw_after_import()  # on commit, if CARD_PROXIES_AFTER_IMPORT asks for it
            corrected = corrected_values()
            for name in CATALOGUE_FILES:
                path = settings.BASE_DIR / "fixtures" / name
                rows = self._keeping_corrections(read_card_file(path), corrected, name)
                try:
                    with recorded_as(f"import: {name}"):
                        summary = import_cards(rows, source=str(path))
                except CardImportError as error:
                    raise CommandError(str(error)) from None
                if options["verbosity"]:
                    self.stdout.write(
                        f"{name}: {summary.created} created, "
                        f"{summary.updated - summary.unchanged} updated, "
                        f"{summary.unchanged} unchanged."
                    )
            if not options["reference_decks"]:
                return
            try:
                decks = load_reference_decks(options["references"])
            except ReferenceDeckError as error:
                raise CommandError(str(error)) from None
            if options["verbosity"]:
                self.stdout.write(f"Reference decks: {decks}.")
            ladders = load_measured_ladders(settings.BASE_DIR / "fixtures" / "ladders")
            if options["verbosity"] and ladders:
                self.stdout.write(f"Ladders as measured, stored for: {', '.join(ladders)}.")

    def _keeping_corrections(self, rows, corrected: dict, file_name: str):
        """The file's rows, with every field an accepted correction changed kept as corrected.

        A curator accepted the correction from a source; the file may simply predate it.
        Each kept value is reported, so that the file can be fixed too.
        """
        for row, data in rows:
            key = (data.get("game"), data.get("set"), data.get("number"))
            for field, (correction_id, value) in corrected.get(key, {}).items():
                if data.get(field) != value:
                    self.stdout.write(
                        f"{file_name}: kept {field!r} of {data.get('number')} as corrected by "
                        f"accepted correction #{correction_id} ({value!r}); the file says "
                        f"{data.get(field)!r}."
                    )
                    data = {**data, field: value}
            yield row, data
