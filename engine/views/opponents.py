"""Which decks a matchup page may play: the choices its selects offer, and the decks a
choice names.

An opponent is one of the player's decks, a public deck, a reference deck or the whole
gauntlet (every reference deck of the game: PAD-7 / DGM-6's default opponents). A select
lists at most LISTED decks of each group, newest first, so the page costs the same few
queries however many decks the site holds.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from decks.models import PUBLIC, Deck
from decks.reference import reference_decks
from engine.forms import GAUNTLET
from engine.matchup_services import MatchDeck, gauntlet, match_deck

LISTED = 50  # decks per group in a select


def _choices(decks) -> list[tuple[str, str]]:
    return [(deck.pk, deck.display_name) for deck in decks]


def deck_choices(user, deck: Deck, *, with_gauntlet: bool, chosen: str | None = None) -> list:
    """The select's choices, grouped: the gauntlet, reference decks, the player's other
    decks, other players' public decks (`deck` itself is not offered), and `chosen`, the
    deck the address names, when it is none of those but the user may read it: an unlisted
    deck opened by its link, `deck` itself, one of the player's older decks. The page then
    accepts every deck of the game the matchup API accepts (issue 24)."""
    groups: list = []
    if with_gauntlet:
        groups.append((GAUNTLET, _("The gauntlet: every reference deck")))
    reference = reference_decks(deck.game).prefetch_related(None).exclude(pk=deck.pk)
    if reference:
        groups.append((_("Reference decks"), _choices(reference)))
    others = Deck.objects.filter(game=deck.game, reference=False).exclude(pk=deck.pk)
    if user.is_authenticated:
        mine = others.filter(owner=user).order_by("-updated_at")[:LISTED]
        if mine:
            groups.append((_("Your decks"), _choices(mine)))
        others = others.exclude(owner=user)
    public = others.filter(visibility=PUBLIC).order_by("-updated_at")[:LISTED]
    if public:
        groups.append((_("Public decks"), _choices(public)))
    listed = {
        value for _label, options in groups if isinstance(options, list) for value, _name in options
    }
    linked = _linked_deck(user, deck.game, chosen) if chosen not in listed else None
    if linked is not None:
        groups.append((_("Other decks"), _choices([linked])))
    return groups


def _linked_deck(user, game: str, chosen: str | None) -> Deck | None:
    """The deck of the game an address names, when the user may read it."""
    if not chosen or not (chosen.isascii() and chosen.isalnum()) or len(chosen) > 16:
        return None  # the gauntlet, or no deck id at all
    deck = Deck.objects.filter(pk=chosen, game=game).only("name", "visibility", "owner").first()
    return deck if deck is not None and deck.is_readable_by(user) else None


def chosen_decks(user, game: str, value: str) -> list[MatchDeck]:
    """The decks a choice names: the gauntlet's, or one deck of the game the user may
    read (none when there is no such deck: the page says so)."""
    if value == GAUNTLET:
        return gauntlet(game)
    deck = Deck.objects.filter(pk=value, game=game).prefetch_related("entries").first()
    if deck is None or not deck.is_readable_by(user):
        return []
    return [match_deck(game, deck=deck)]
