from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cards.files import CardFile, CardFileError
from cards.predraw import predraw_after_import
from cards.services import IMPORT_ERROR_CAP, CardImporter, CardImportError

PROGRESS_EVERY = 500


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' * (count != 1)}"


class Command(BaseCommand):
    help = (
        "Import cards from JSON, JSON lines or CSV files in the card schema (docs/card-schema.md). "
        "Cards are matched by game + set + number and updated. All files are one import: "
        f"every bad row is reported (the first {IMPORT_ERROR_CAP}, then how many more) and "
        "nothing is written if there is any."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", type=Path)
        parser.add_argument("--quiet-progress", action="store_true", help="No progress output.")
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="Check every row and say how many cards would be created or updated; "
            "write nothing.",
        )

    def handle(
        self,
        *args,
        files: list[Path],
        quiet_progress: bool = False,
        dry_run: bool = False,
        **options,
    ):
        # Every file is read through before anything is written: an unreadable file changes
        # nothing. The rows are then read again one at a time, never all held in memory.
        try:
            card_files = [CardFile(path) for path in files]
        except CardFileError as error:
            raise CommandError(str(error)) from None
        lines = []
        try:
            with transaction.atomic():
                importer = CardImporter(dry_run=dry_run)
                for number, card_file in enumerate(card_files, start=1):
                    path = card_file.path
                    summary = importer.add_file(
                        card_file,
                        source=str(path),
                        progress=self._progress(path, card_file.count, quiet_progress),
                        more_files=number < len(card_files),
                    )
                    lines.append(self._summary_line(path, summary, dry_run))
                importer.finish()
                if dry_run:
                    transaction.set_rollback(True)
                else:
                    predraw_after_import()  # on commit, if CARD_PROXIES_AFTER_IMPORT says so
        except CardFileError as error:  # changed on disk since it was read through
            raise CommandError(f"Nothing was imported: {error}") from None
        except CardImportError as error:
            count, rows = error.more + len(error.errors), error.bad_rows
            raise CommandError(
                f"Nothing was imported: {_plural(count, 'error')} in {_plural(rows, 'row')}.\n"
                f"{error}"
            ) from None
        if options["verbosity"]:
            for line in lines:
                self.stdout.write(line)
            if dry_run:
                self.stdout.write("Dry run: nothing was written.")

    @staticmethod
    def _summary_line(path: Path, summary, dry_run: bool) -> str:
        if dry_run:
            return (
                f"{path}: {summary.created} would be created, {summary.updated} would be updated."
            )
        return f"{path}: {summary.created} created, {summary.updated} updated."

    @staticmethod
    def _progress(path: Path, total: int, quiet: bool):
        show = not quiet and total >= PROGRESS_EVERY

        def progress(done: int) -> None:
            if show and (done % PROGRESS_EVERY == 0 or done == total):
                sys.stderr.write(f"\r{path.name}: {done}/{total} cards ({done * 100 // total}%)")
                if done == total:
                    sys.stderr.write("\n")

        return progress
