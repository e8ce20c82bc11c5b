"""Two decks, or two revisions of one, side by side (issue 16; decks.diff)."""

from __future__ import annotations

from itertools import groupby

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from decks.diff import DiffError, deck_diff, diff_sides
from decks.models import DECK, SIDE, TEAM
from decks.views.common import readable_deck


def _zone_label(zone: str) -> str:
    labels = {TEAM: _("Team"), DECK: _("Deck"), SIDE: pgettext("deck zone", "Sideboard / maybe")}
    return labels.get(zone, zone)


def _error_text(error: DiffError) -> str:
    """The refusals a reader can meet on the page, in the active language."""
    if error.code == "different_games":
        return _("Only two decks of the same game can be compared.")
    return _("Choose what to compare: another deck, or two revisions of this one.")


@readable_deck
def deck_diff_view(request, deck):
    try:
        a, b = diff_sides(deck, request.user, request.GET)
    except DiffError as error:
        if error.status == 404:
            raise Http404(error.message) from None
        context = {"deck": deck, "error": _error_text(error)}
        return render(request, "decks/diff.html", context, status=400)
    diff = deck_diff(a, b)
    zones = [
        {"zone": zone, "label": _zone_label(zone), "rows": list(rows)}
        for zone, rows in groupby(diff["rows"], key=lambda row: row.zone)
    ]
    context = {"deck": deck, "a": a, "b": b, "zones": zones, "summary": diff["summary"]}
    return render(request, "decks/diff.html", context)
