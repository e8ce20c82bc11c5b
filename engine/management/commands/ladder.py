"""manage.py ladder --game pad|digimon [--games N] [--players random,greedy,search]
[--seed S] [--processes P] [--json] [--store | --submit]: PLAY-2's ladder (engine/ladder.py)."""

from __future__ import annotations

import json
import os
import sys

from django.core.management.base import BaseCommand, CommandError

from cards import vocabulary as v
from engine.core.registry import POLICIES, discover
from engine.ladder import DEFAULT_PLAYERS, run_ladder


class Command(BaseCommand):
    help = (
        "Play every player against every other on the reference decks (mirrors and cross "
        "pairs, the first player alternating) and print Elo-style ratings with 95 % "
        "intervals and the head-to-head win rates. --store saves the result for the ladder "
        "page; --submit asks the job workers to measure and store it."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, choices=[g for g, _ in v.GAMES])
        parser.add_argument("--games", type=int, default=40, help="Games per pair of players.")
        parser.add_argument("--players", default=",".join(DEFAULT_PLAYERS))
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
        parser.add_argument("--json", action="store_true")
        where = parser.add_mutually_exclusive_group()
        where.add_argument("--store", action="store_true", help="Save it for the ladder page.")
        where.add_argument("--submit", action="store_true", help="Run it on the job workers.")

    def handle(self, *args, **options):
        game, games = options["game"], options["games"]
        players = tuple(name.strip() for name in options["players"].split(",") if name.strip())
        discover()
        unknown = [name for name in players if name not in POLICIES.get(game, {})]
        if unknown or len(players) < 2:
            known = ", ".join(POLICIES.get(game, {}))
            raise CommandError(f"Name two or more players of {game} ({known}).")
        if games < 1:
            raise CommandError("--games must be at least 1.")
        if options["submit"]:
            from engine.tasks import refresh_ladder

            refresh_ladder.delay(game, games, list(players), options["seed"])
            self.stdout.write(f"Queued the {game} ladder ({games} games per pair).")
            return

        def progress(done: int, total: int) -> None:
            if options["verbosity"] >= 1 and sys.stderr.isatty():
                sys.stderr.write(f"\r{done}/{total} games")

        try:
            report = run_ladder(
                game,
                games=games,
                players=players,
                seed=options["seed"],
                processes=max(1, options["processes"]),
                progress=progress,
            )
        except ValueError as error:
            raise CommandError(str(error)) from None
        if options["store"]:
            from engine.models import LadderRun

            LadderRun.objects.create(game=game, games=games, report=report)
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False))
            return
        self.stdout.write(f"{game} ladder, {games} games per pair, decks: {len(report['decks'])}")
        for row in report["players"]:
            self.stdout.write(
                f"  {row['policy']:<14} {row['rating']:>5}  [{row['low']}–{row['high']}]"
                f"  {row['games']} games"
            )
        for pair in report["pairs"]:
            rate = pair["win_rate"]
            self.stdout.write(
                f"  {pair['policy']} vs {pair['opponent']}: {rate['value']:.1%}"
                f" [{rate['low']:.1%}–{rate['high']:.1%}]"
            )
