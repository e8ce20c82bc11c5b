from __future__ import annotations

import json

from django.core.management.base import BaseCommand

from cards.coverage import catalogue_report, report_lines


class Command(BaseCommand):
    help = (
        "How complete the catalogue is and how much of the printed effects the simulator "
        "runs: cards by set, kind and verification level, data issues, simulated effects."
    )

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", help="The figures as JSON.")
        parser.add_argument(
            "--verbose", action="store_true", help="List every not-simulated card with why."
        )

    def handle(self, *args, **options):
        report = catalogue_report()
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False, indent=1))
            return
        self.stdout.write("\n".join(report_lines(report, verbose=options["verbose"])))
