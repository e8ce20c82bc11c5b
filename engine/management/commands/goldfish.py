from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards import vocabulary as v
from decks.models import Deck
from engine.jobs import cli
from engine.jobs.submission import goldfish_submission
from engine.services import (
    GoldfishError,
    GoldfishRequest,
    entries_for,
    goldfish_report,
    goldfish_sample,
)

PROGRESS_FROM = 2000  # games: shorter runs finish before a bar is worth drawing


def card_reason_lines(title: str, entries) -> list[str]:
    """An engine's card list ([{"name", "reason"}]) as a heading and one line per card:
    `  Dark Knight — needs: play/opponent_orb_swap`."""
    if not entries:
        return []
    lines = [f"{title}:"]
    for entry in entries:
        if isinstance(entry, str):  # a report saved before issue 13 lists names only
            entry = {"name": entry}
        reason = entry.get("reason")
        lines.append(f"  {entry['name']} — {reason}" if reason else f"  {entry['name']}")
    return lines


class Command(BaseCommand):
    help = (
        "Play a deck alone many times (goldfish) and report how fast it wins. "
        + cli.JOB_OPTIONS_HELP
    )

    def add_arguments(self, parser):
        source = parser.add_mutually_exclusive_group(required=True)
        source.add_argument("--list", type=Path, help="A deck list file (text format).")
        source.add_argument("--deck", help="The id of a saved deck.")
        parser.add_argument("--game", choices=[g for g, _ in v.GAMES])
        parser.add_argument("--games", type=int, default=1000)
        parser.add_argument("--seed", type=int, default=0)
        order = parser.add_mutually_exclusive_group()
        order.add_argument("--first", dest="going_first", action="store_true", default=None)
        order.add_argument("--second", dest="going_first", action="store_false")
        parser.add_argument("--policy", default="greedy")
        parser.add_argument("--turn-cap", type=int, default=30)
        parser.add_argument("--processes", type=int, help="Default: all cores for large runs.")
        parser.add_argument("--allow-invalid", action="store_true")
        parser.add_argument(
            "--opponent", help="Digimon: a catalogued Digimon (id, number or name) to battle."
        )
        parser.add_argument("--json", action="store_true", help="Print the report as JSON.")
        parser.add_argument("--log", action="store_true", help="Print one game's JSON log.")
        cli.add_job_arguments(parser)

    def handle(self, *args, **options):
        cli.check_job_options(options)
        goldfish, deck = self._request(options)
        try:
            if options["log"]:
                self.stdout.write(json.dumps(goldfish_sample(goldfish), ensure_ascii=False))
                return
            if options["submit"]:
                submission = goldfish_submission(goldfish, deck)
                report = cli.run_submitted(submission, options, self.stdout)
                if report is None:
                    return  # --no-wait: the job's whereabouts are printed
            else:
                report = goldfish_report(
                    goldfish,
                    processes=options["processes"],
                    progress=cli.ProgressBar() if goldfish.games >= PROGRESS_FROM else None,
                )
        except GoldfishError as error:
            details = "".join(f"\n  - {e['message']}" for e in error.extra.get("errors", []))
            raise CommandError(f"{error.message}{details}") from None
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False, indent=2))
        else:
            self.stdout.write(self._summary(report))

    def _request(self, options) -> tuple[GoldfishRequest, Deck | None]:
        deck = None
        if options["deck"]:
            deck = Deck.objects.filter(pk=options["deck"]).prefetch_related("entries").first()
            if deck is None:
                raise CommandError(f"No deck has the id {options['deck']}.")
        game = options["game"] or (deck.game if deck else None)
        if game is None:
            raise CommandError("--game pad|digimon is needed with --list.")
        text = None
        if options["list"]:
            try:
                text = options["list"].read_text(encoding="utf-8")
            except OSError as error:
                raise CommandError(f"{options['list']}: {error.strerror}") from None
        try:
            entries = entries_for(game, text=text, deck=deck)
        except GoldfishError as error:
            raise CommandError(error.message) from None
        goldfish = GoldfishRequest(
            game=game,
            entries=entries,
            games=options["games"],
            seed=options["seed"],
            policy=options["policy"],
            going_first=options["going_first"],
            turn_cap=options["turn_cap"],
            allow_invalid=options["allow_invalid"],
            opponent=options["opponent"],
        )
        return goldfish, deck

    @staticmethod
    def _summary(report: dict) -> str:
        turns = report["turns_to_win"]
        combos = report["combos_per_turn"]
        lines = [
            f"{report['games']} games of {report['game']} with policy {report['policy']} "
            f"(seed {report['seed']})",
            f"turns to win: mean {turns['mean']}, median {turns['median']}, "
            f"p10 {turns['p10']}, p90 {turns['p90']}, not won {turns['not_won']}",
            f"combos per turn: mean {combos['mean']}",
        ]
        lines += card_reason_lines("not simulated", report.get("not_simulated"))
        lines += card_reason_lines(
            "no effect against the goldfish", report.get("no_effect_against_goldfish")
        )
        return "\n".join(lines)
