from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from cards.image_sizes import SIZES
from cards.predraw import PredrawSummary, cards_needing_proxies, predraw_proxies, queue_predraw
from cards.proxies import LANGUAGES, page_languages


class Command(BaseCommand):
    help = (
        "Draw the proxy pictures of every card without an upload, in the page languages and "
        "both sizes, before any page asks for them. Only missing ones are drawn: a second run "
        "draws nothing. --background queues the work on the job workers instead."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--language",
            action="append",
            choices=LANGUAGES,
            help=f"Only this language (repeatable; default: {', '.join(page_languages())}).",
        )
        parser.add_argument(
            "--size",
            action="append",
            choices=tuple(SIZES),
            help="Only this size (repeatable; default: both).",
        )
        parser.add_argument(
            "--set", dest="set_code", help="Only the cards of this set (St, B01 …)."
        )
        parser.add_argument(
            "--background",
            action="store_true",
            help="Queue the drawing on the job workers (Celery) and return at once.",
        )

    def handle(self, *args, language=None, size=None, set_code=None, background=False, **options):
        card_ids = cards_needing_proxies(set_code)
        if background:
            if language or size:
                raise CommandError("--background draws every language and size.")
            tasks = queue_predraw(card_ids)
            if options["verbosity"]:
                self.stdout.write(f"Queued {tasks} proxy drawing tasks for the job workers.")
            return
        summary = predraw_proxies(
            card_ids, languages=language, sizes=size, progress=self._progress(options)
        )
        if options["verbosity"]:
            self.stdout.write(
                f"Drew {summary.drawn} proxies ({summary.present} already drawn) "
                f"in {summary.seconds:.1f} s."
            )

    def _progress(self, options):
        if options["verbosity"] < 2:
            return None

        def report(summary: PredrawSummary) -> None:
            self.stdout.write(f"  {summary.drawn} drawn, {summary.present} already drawn …")

        return report
