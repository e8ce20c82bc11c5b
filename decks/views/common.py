"""What every deck page shares: loading a deck the user may read or change, the page
parameters, and refused writes told in the active language.
"""

from __future__ import annotations

import functools

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from decks.limits import DECK_TOO_LARGE, MAX_ENTRIES, TOO_MANY_COPIES
from decks.models import Deck
from decks.services import DeckError, StaleRevision

DEFAULT_TURN, MAX_TURN = 3, 20
FETCH_HEADER = "fetch"


def is_fetch(request) -> bool:
    return request.headers.get("X-Requested-With") == FETCH_HEADER


# --- Loading decks --------------------------------------------------------------------------


def _deck_or_404(request, deck_id: str) -> Deck:
    """A deck the user may read; someone else's private deck does not exist (as in the API)."""
    deck = Deck.objects.select_related("owner", "forked_from").filter(pk=deck_id).first()
    if deck is None or not deck.is_readable_by(request.user):
        raise Http404(_("No deck has this id."))
    return deck


def readable_deck(view):
    @functools.wraps(view)
    def wrapper(request, deck_id, *args, **kwargs):
        return view(request, _deck_or_404(request, deck_id), *args, **kwargs)

    return wrapper


def owned_deck(view):
    """Only the owner edits: 404 for others when private (readable_deck), 403 otherwise."""

    @functools.wraps(view)
    def wrapper(request, deck_id, *args, **kwargs):
        deck = _deck_or_404(request, deck_id)
        if not deck.is_owned_by(request.user):
            if not request.user.is_authenticated and not is_fetch(request):
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied(_("Only the owner of this deck can change it."))
        return view(request, deck, *args, **kwargs)

    return wrapper


def _param(request, name: str) -> str:
    """A page parameter, from the address or kept through a builder form."""
    return (request.GET.get(name) or request.POST.get(name) or "").replace("\x00", "")[:500]


def _turn(request) -> int:
    try:
        turn = int(_param(request, "turn") or DEFAULT_TURN)
    except ValueError:
        return DEFAULT_TURN
    return max(1, min(turn, MAX_TURN))


def error_messages(error: DeckError) -> list[str]:
    """A refused write, told in the active language."""
    if isinstance(error, StaleRevision):
        return [
            _(
                "This deck was changed elsewhere (another tab or device) since this page was "
                "loaded: nothing was changed. The latest version is shown now; apply your "
                "change again."
            )
        ]
    if error.code == "invalid_list":
        return [
            _("Line %(line)s: %(message)s") % {"line": e["line"], "message": e["message"]}
            if e.get("line")
            else e["message"]
            for e in error.extra.get("errors", [])
        ] or [error.message]
    if error.code == "unknown_card":
        return [_("This card is not a card of this game.")]
    if error.code in (TOO_MANY_COPIES, DECK_TOO_LARGE):
        # A pasted list's line is worth naming; the position among the deck's entries is not.
        line = error.extra.get("line")
        return [
            _("Line %(line)s: %(message)s") % {"line": line, "message": error.detail}
            if line
            else error.detail
        ]
    if error.code == "too_many_entries":
        return [_("A deck holds at most %(count)s different cards.") % {"count": MAX_ENTRIES}]
    return [error.message]


def unresolved_messages(lines: list[dict]) -> list[str]:
    """What a paste that left lines out says about them."""
    if not lines:
        return []
    return [
        ngettext(
            "%(count)s line of the list names no card of this deck's game: it is listed "
            "under “Lines not added”, with the cards it may mean.",
            "%(count)s lines of the list name no card of this deck's game: they are listed "
            "under “Lines not added”, with the cards they may mean.",
            len(lines),
        )
        % {"count": len(lines)}
    ]


def _form_error_texts(form) -> list[str]:
    texts = []
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else None
        texts += [f"{label}: {error}" if label else str(error) for error in errors]
    return texts
