"""How a public deck fares against its game's gauntlet (the reference decks), measured by a
background job whenever the deck is published or changed (issue 16, item 3).

The job plays DECK_BROWSER_GAUNTLET_GAMES games against each reference deck with the
matchup engine (MATCH-1) and stores the overall win rate with its 95 % Wilson interval, the
one every matchup report gives. A standing names the revision it measured: once the deck
changes it is stale, shown as "being measured" and sorted with the unmeasured decks, until
the job queued by that change replaces it. Private, unlisted and illegal decks are not
measured (the matchup engine refuses illegal decks).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from decks.models import PUBLIC, SIDE, Deck, GauntletStanding
from decks.rules import EntryInput

logger = logging.getLogger(__name__)

# Per reference deck: 1,400 games against PAD's seven, an interval about ±2.6 points wide at
# 50 %, in about 2.5 s of one worker core.
DEFAULT_GAMES = 200
SEED = 0  # the same deck revision always gets the same standing


def gauntlet_games() -> int:
    return getattr(settings, "DECK_BROWSER_GAUNTLET_GAMES", DEFAULT_GAMES)


def is_measurable(deck: Deck) -> bool:
    return deck.visibility == PUBLIC and deck.is_valid


def is_current(deck: Deck, standing: GauntletStanding | None) -> bool:
    return (
        standing is not None
        and standing.revision == deck.revision
        and standing.win_rate is not None
    )


def schedule_standing(deck: Deck) -> None:
    """Queue the measure of this revision once the write commits (nothing for a deck that
    is not measured). A queue that cannot be reached never fails the deck's write: the
    standing stays "being measured" until `manage.py refresh_deck_browser` queues it again."""
    if not is_measurable(deck):
        return
    deck_id, revision = deck.pk, deck.revision
    transaction.on_commit(lambda: queue_standing(deck_id, revision))


def queue_standing(deck_id: str, revision: int) -> bool:
    from decks.tasks import measure_gauntlet_standing  # the task module imports this one

    try:
        measure_gauntlet_standing.apply_async((deck_id, revision), retry=True)
    except Exception:  # kombu raises its transports' own errors
        logger.warning("gauntlet standing of deck %s r%s not queued", deck_id, revision)
        return False
    return True


def stale_standing_decks() -> list[tuple[str, int]]:
    """(deck id, revision) of every public legal deck whose standing is missing or stale."""
    decks = Deck.objects.filter(visibility=PUBLIC, is_valid=True).exclude(
        gauntlet_standing__revision=F("revision")
    )
    return list(decks.order_by("pk").values_list("pk", "revision"))


def measure_standing(deck_id: str, revision: int) -> GauntletStanding | None:
    """Play the deck's revision against the gauntlet and store the standing (the task's
    body). None when there is nothing to measure: the deck is gone, changed since (a newer
    job measures it), not public or not legal, or its game has no reference deck."""
    # engine.matchup_services imports decks.services, whose writes call this module.
    from engine.matchup_services import MatchDeck, MatchupRequest, gauntlet, matchup_report

    deck = Deck.objects.filter(pk=deck_id).prefetch_related("entries").first()
    if deck is None or deck.revision != revision or not is_measurable(deck):
        return None
    # A reference deck faces the others: its mirror match would only pull it toward 50 %.
    opponents = [o for o in gauntlet(deck.game) if o.label["deck"] != deck.pk]
    if not opponents:
        return None
    entries = tuple(
        EntryInput(card_id=e.card_id, quantity=e.quantity, zone=e.zone)
        for e in deck.entries.all()
        if e.zone != SIDE
    )
    label = {"name": deck.name, "deck": deck.pk, "reference": deck.reference}
    request = MatchupRequest(
        game=deck.game,
        deck=MatchDeck(entries, label),
        opponents=opponents,
        games=gauntlet_games(),
        seed=SEED,
    )
    report = matchup_report(request, processes=1)
    rate = report["win_rate"]
    if not Deck.objects.filter(pk=deck.pk, revision=revision).exists():
        return None  # changed while it played: the newer revision's job stores its own
    standing, _ = GauntletStanding.objects.update_or_create(
        deck_id=deck.pk,
        defaults={
            "revision": revision,
            "games": report["games"],
            "win_rate": rate["value"],
            "interval_low": rate["low"],
            "interval_high": rate["high"],
            "measured_at": timezone.now(),
        },
    )
    return standing


@dataclass(frozen=True)
class StandingView:
    """What the browser shows of a deck's standing."""

    state: str  # "measured", "measuring" or "none"
    rate: float | None = None  # fractions, as matchup reports give them
    rate_low: float | None = None
    rate_high: float | None = None
    games: int = 0

    @property
    def percent(self) -> int | None:
        return None if self.rate is None else round(self.rate * 100)

    @property
    def low(self) -> int | None:
        return None if self.rate_low is None else round(self.rate_low * 100)

    @property
    def high(self) -> int | None:
        return None if self.rate_high is None else round(self.rate_high * 100)


def standing_view(deck: Deck) -> StandingView:
    """The deck's standing as shown (its `gauntlet_standing` selected with it)."""
    standing = getattr(deck, "gauntlet_standing", None)
    if is_current(deck, standing) and is_measurable(deck):
        return StandingView(
            "measured",
            standing.win_rate,
            standing.interval_low,
            standing.interval_high,
            standing.games,
        )
    return StandingView("measuring" if is_measurable(deck) else "none")
