from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError

from cards.synthetic import generate_cards


class Command(BaseCommand):
    help = (
        "Fill the catalogue with N synthetic, valid cards of both games for benchmarks "
        "(marked provenance=synthetic, set SYN; never real cards)."
    )

    def add_arguments(self, parser):
        parser.add_argument("count", type=int)
        parser.add_argument("--seed", type=int, default=0)

    def handle(self, *args, count: int, seed: int, **options):
        if count < 1:
            raise CommandError("N must be at least 1.")

        def progress(done: int) -> None:
            sys.stderr.write(f"\rsaving {done}/{count} cards")

        created = generate_cards(count, seed=seed, progress=progress if count >= 5000 else None)
        if count >= 5000:
            sys.stderr.write("\n")
        if options["verbosity"]:
            self.stdout.write(f"{created} synthetic cards created.")
