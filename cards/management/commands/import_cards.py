from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.files import CardFileError, read_card_file
from cards.services import CardImportError, import_cards

PROGRESS_EVERY = 500


class Command(BaseCommand):
    help = (
        "Import cards from JSON, JSON lines or CSV files in the card schema (docs/card-schema.md). "
        "Cards are matched by game + set + number and updated; a bad row aborts the whole import."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", type=Path)
        parser.add_argument("--quiet-progress", action="store_true", help="No progress output.")

    def handle(self, *args, files: list[Path], quiet_progress: bool = False, **options):
        for path in files:
            try:
                rows = read_card_file(path)
            except CardFileError as error:
                raise CommandError(str(error)) from None
            total = len(rows)
            show = not quiet_progress and total >= PROGRESS_EVERY

            def progress(done: int, name=path.name, total=total, show=show) -> None:
                if show and (done % PROGRESS_EVERY == 0 or done == total):
                    sys.stderr.write(f"\r{name}: {done}/{total} cards ({done * 100 // total}%)")
                    if done == total:
                        sys.stderr.write("\n")

            try:
                summary = import_cards(rows, source=str(path), progress=progress)
            except CardImportError as error:
                if show:
                    sys.stderr.write("\n")
                raise CommandError(f"Nothing was imported. {error}") from None
            if options["verbosity"]:
                self.stdout.write(f"{path}: {summary.created} created, {summary.updated} updated.")
