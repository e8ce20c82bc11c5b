from __future__ import annotations

from django.core.management.base import BaseCommand

from decks.printing import stored


class Command(BaseCommand):
    help = (
        "Delete stored proxy sheets and deck pictures older than RENDER_KEEP_DAYS (or "
        "--days): they are drawn again when next asked for."
    )

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=None)

    def handle(self, *args, days: int | None, **options):
        deleted = stored.prune(days)
        if options["verbosity"]:
            self.stdout.write(f"{deleted} stored renders deleted.")
