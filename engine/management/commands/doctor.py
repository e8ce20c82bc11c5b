"""manage.py doctor (--list FILE | --deck ID) --game G (--gauntlet | --opponent-deck ID …)
[--candidates catalogue|owned|ID,ID…] [--user NAME] [--max-swaps 1-3] [--policy P]
[--seed S] [--processes N] [--json]: DOCTOR-1's swaps, measured (engine/core/doctor.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from cards import vocabulary as v
from decks.models import Deck
from engine.convert import deck_spec
from engine.core.doctor import Settings, diagnose
from engine.core.registry import POLICIES, discover
from engine.doctor import candidate_cards, single_swaps
from engine.matchup_services import gauntlet
from engine.services import GoldfishError, entries_for


class Command(BaseCommand):
    help = (
        "The deck doctor: try every legal swap (cut one copy, add one copy), screen them on "
        "paired games against the opponents, re-measure the best on fresh seeds and print "
        "the gains with Holm-corrected 95 % intervals and each card's value in the deck."
    )

    def add_arguments(self, parser):
        source = parser.add_mutually_exclusive_group(required=True)
        source.add_argument("--list", type=Path, help="The deck's list file (text format).")
        source.add_argument("--deck", help="The id of a saved deck.")
        parser.add_argument("--game", required=True, choices=[g for g, _ in v.GAMES])
        rivals = parser.add_mutually_exclusive_group(required=True)
        rivals.add_argument("--gauntlet", action="store_true", help="The reference decks.")
        rivals.add_argument("--opponent-deck", action="append", help="A saved deck's id.")
        parser.add_argument("--candidates", default="catalogue")
        parser.add_argument("--user", help="Whose collection --candidates owned reads.")
        parser.add_argument("--max-swaps", type=int, default=3, choices=[1, 2, 3])
        parser.add_argument("--policy", default="greedy")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **options):
        game = options["game"]
        discover()
        if options["policy"] not in POLICIES.get(game, {}):
            raise CommandError(f"--policy is one of: {', '.join(POLICIES.get(game, {}))}.")
        try:
            if options["deck"]:
                deck = Deck.objects.filter(pk=options["deck"]).first()
                if deck is None:
                    raise CommandError(f"No deck {options['deck']}.")
                entries = entries_for(game, deck=deck)
            else:
                entries = entries_for(game, text=options["list"].read_text(encoding="utf-8"))
            if options["gauntlet"]:
                opponents = [deck_spec(game, rival.entries) for rival in gauntlet(game)]
            else:
                opponents = []
                for rival_id in options["opponent_deck"]:
                    rival = Deck.objects.filter(pk=rival_id, game=game).first()
                    if rival is None:
                        raise CommandError(f"No {game} deck {rival_id}.")
                    opponents.append(deck_spec(game, entries_for(game, deck=rival)))
        except GoldfishError as error:
            raise CommandError(error.message) from None
        user = None
        if options["user"]:
            user = get_user_model().objects.filter(username=options["user"]).first()
        source = options["candidates"]
        if source not in ("catalogue", "owned"):
            source = [int(value) for value in source.split(",") if value.strip().isdigit()]
        variants, pruned, combine = single_swaps(game, entries, candidate_cards(game, source, user))
        settings = Settings(
            game=game,
            opponents=tuple(opponents),
            policy=options["policy"],
            opponent_policy=options["policy"],
            seed=options["seed"],
            max_swaps=options["max_swaps"],
            processes=max(1, options["processes"]),
        )
        report = diagnose(variants, settings, combine)
        report["pruned"] = pruned
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False))
            return
        base = report["baseline"]["win_rate"]
        self.stdout.write(f"Deck: {base['value']:.1%} in {report['baseline']['games']} games")
        for swap in report["swaps"][:10]:
            gain = swap["gain"]
            cuts = ", ".join(f"−1 × {c['name']}" for c in swap["cuts"])
            adds = ", ".join(f"+1 × {c['name']}" for c in swap["adds"])
            mark = "" if gain["measurable"] else " (not measurable)"
            self.stdout.write(
                f"  {cuts}, {adds}: {gain['value'] * 100:+.1f} points "
                f"({gain['low'] * 100:+.1f} – {gain['high'] * 100:+.1f}){mark}"
            )
        if report["text"]:
            self.stdout.write(report["text"])
