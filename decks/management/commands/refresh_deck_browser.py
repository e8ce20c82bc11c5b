"""`manage.py refresh_deck_browser`: bring the deck browser's columns up to date for decks
written before it existed (or while the job queue was down): every deck's key card, and the
gauntlet standing of every public legal deck without a current one."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from decks.gauntlet_standing import measure_standing, queue_standing, stale_standing_decks
from decks.keycard import refresh_key_card
from decks.models import Deck


class Command(BaseCommand):
    help = "Choose missing key cards and measure (or queue) missing gauntlet standings."

    def add_arguments(self, parser):
        parser.add_argument(
            "--now",
            action="store_true",
            help="Play the standings in this process instead of queueing them on the workers.",
        )

    def handle(self, *args, now: bool = False, **options):
        changed = sum(refresh_key_card(deck) for deck in Deck.objects.only("pk", "key_card"))
        self.stdout.write(f"{changed} key card(s) chosen.")
        measured = 0
        for deck_id, revision in stale_standing_decks():
            if now:
                measured += measure_standing(deck_id, revision) is not None
            else:
                measured += queue_standing(deck_id, revision)
        verb = "measured" if now else "queued"
        self.stdout.write(f"{measured} gauntlet standing(s) {verb}.")
