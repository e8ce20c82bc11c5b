from __future__ import annotations

import sys

from django.core.management.base import BaseCommand

from cards import vocabulary as v
from cards.files import exported_cards, write_cards_json


class Command(BaseCommand):
    help = "Export the catalogue as JSON in the card schema (the import_cards format)."

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=[game for game, _ in v.GAMES])
        parser.add_argument("-o", "--output", help="File to write (default: standard output).")

    def handle(self, *args, game: str | None = None, output: str | None = None, **options):
        if output:
            with open(output, "w", encoding="utf-8") as out:
                count = write_cards_json(out, exported_cards(game))
            sys.stderr.write(f"{count} cards written to {output}.\n")
        else:
            write_cards_json(self.stdout, exported_cards(game))
