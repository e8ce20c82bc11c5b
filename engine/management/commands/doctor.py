"""manage.py doctor (--list FILE | --deck ID) --game G (--gauntlet | --opponent-deck ID …)
[--candidates catalogue|owned|ID,ID…] [--user NAME] [--max-swaps 1-3] [--policy P]
[--seed S] [--processes N] [--json] [--submit [--no-wait] [--timeout S]]: DOCTOR-1's
swaps, measured (engine/core/doctor.py); the same seed gives the job's report."""

from __future__ import annotations

import json
import os
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from cards import vocabulary as v
from decks.models import Deck
from engine.doctor import DoctorRequest, diagnose_here, doctor_submission, swap_text
from engine.jobs import cli
from engine.matchup_services import gauntlet, match_deck
from engine.services import GoldfishError


class Command(BaseCommand):
    help = (
        "The deck doctor: try every legal swap (cut one copy, add one copy), screen them on "
        "paired games against the opponents, re-measure the best on fresh seeds and print "
        "the gains with Holm-corrected 95 % intervals and each card's value in the deck. "
        + cli.JOB_OPTIONS_HELP
    )

    def add_arguments(self, parser):
        source = parser.add_mutually_exclusive_group(required=True)
        source.add_argument("--list", type=Path, help="The deck's list file (text format).")
        source.add_argument("--deck", help="The id of a saved deck.")
        parser.add_argument("--game", required=True, choices=[g for g, _ in v.GAMES])
        rivals = parser.add_mutually_exclusive_group(required=True)
        rivals.add_argument("--gauntlet", action="store_true", help="The reference decks.")
        rivals.add_argument("--opponent-deck", action="append", help="A saved deck's id.")
        parser.add_argument(
            "--candidates",
            default="catalogue",
            help="catalogue (every real card of the game), owned (--user's collection) or "
            "card ids separated by commas.",
        )
        parser.add_argument("--user", help="Whose collection --candidates owned reads.")
        parser.add_argument("--max-swaps", type=int, default=3, choices=[1, 2, 3])
        parser.add_argument("--policy", default="greedy")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument(
            "--first-games",
            type=int,
            help="Games against each opponent for every swap in the screening's first round "
            "(default: DOCTOR_FIRST_GAMES, 4).",
        )
        parser.add_argument(
            "--confirm-games",
            type=int,
            help="Games against each opponent for every confirmed swap, on fresh seeds "
            "(default: DOCTOR_CONFIRM_GAMES, 400).",
        )
        parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
        parser.add_argument("--json", action="store_true")
        cli.add_job_arguments(parser)

    def handle(self, *args, **options):
        cli.check_job_options(options, local_only=())
        request = self._request(options)
        try:
            if options["submit"]:
                report = cli.run_submitted(doctor_submission(request), options, self.stdout)
                if report is None:
                    return
            else:
                report = diagnose_here(request)
        except GoldfishError as error:
            raise CommandError(error.message) from None
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False))
            return
        self._print(report)

    def _request(self, options) -> DoctorRequest:
        game = options["game"]
        try:
            if options["deck"]:
                deck = Deck.objects.filter(pk=options["deck"], game=game).first()
                if deck is None:
                    raise CommandError(f"No {game} deck {options['deck']}.")
                mine = match_deck(game, deck=deck)
            else:
                text = options["list"].read_text(encoding="utf-8")
                mine = match_deck(game, text=text, name=options["list"].stem)
            if options["gauntlet"]:
                opponents = gauntlet(game)
            else:
                opponents = []
                for rival_id in options["opponent_deck"]:
                    rival = Deck.objects.filter(pk=rival_id, game=game).first()
                    if rival is None:
                        raise CommandError(f"No {game} deck {rival_id}.")
                    opponents.append(match_deck(game, deck=rival))
        except GoldfishError as error:
            raise CommandError(error.message) from None
        user = None
        if options["user"]:
            user = get_user_model().objects.filter(username=options["user"]).first()
            if user is None:
                raise CommandError(f"No user {options['user']}.")
        for name in ("first_games", "confirm_games"):
            if options[name] is not None and options[name] < 1:
                raise CommandError(f"--{name.replace('_', '-')} is at least 1.")
        source = options["candidates"]
        if source not in ("catalogue", "owned"):
            try:
                source = [int(value) for value in source.split(",") if value.strip()]
            except ValueError:
                raise CommandError("--candidates is catalogue, owned or card ids.") from None
        return DoctorRequest(
            game=game,
            deck=mine,
            opponents=opponents,
            policy=options["policy"],
            candidates=source,
            max_swaps=options["max_swaps"],
            seed=options["seed"],
            user=user,
            processes=options["processes"],
            first_games=options["first_games"],
            confirm_games=options["confirm_games"],
        )

    def _print(self, report: dict) -> None:
        base = report["baseline"]
        self.stdout.write(f"Deck: {base['win_rate']['value']:.1%} in {base['games']} games")
        pruned = ", ".join(f"{count} ({why})" for why, count in report["pruned"].items())
        self.stdout.write(
            f"{report['screened']} swaps screened, {report['confirmed']} confirmed on fresh "
            f"seeds; pruned: {pruned or 'none'}"
        )
        for swap in report["swaps"][:10]:
            self.stdout.write("  " + swap_text(swap))
        if report["text"]:
            self.stdout.write(report["text"])
