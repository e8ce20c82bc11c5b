"""The deck page, its export, fork and delete."""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from cards import cache as catalogue_cache
from cards.display_names import name_language
from cards.page_cache import anonymous_page
from decks.decklist import export_deck_list
from decks.models import Deck
from decks.services import DeckError, deck_fork
from decks.views.common import _turn, error_messages, owned_deck, readable_deck
from decks.views.panels import deck_panels_context

DETAIL_PANELS = {
    "entries": "decks/_entries_read.html",
    "validation": "decks/_validation.html",
    "stats": "decks/_stats.html",
    "odds": "decks/_odds.html",
}


def _detail_panels(deck: Deck, turn: int) -> dict[str, str]:
    """The deck page's panels, rendered: they show the deck and its cards, nothing of the
    reader, so one copy serves everyone who may read the deck."""
    context = deck_panels_context(deck, turn)
    panels = {name: render_to_string(template, context) for name, template in DETAIL_PANELS.items()}
    panels["export_text"] = context["export_text"]
    return panels


def _what_an_anonymous_reader_sees(request, deck) -> tuple:
    """What the deck page shows an anonymous reader besides the address and the catalogue:
    the deck as of its revision and last write, its owner's name and the original it was
    forked from, named while public (Deck.forked_from_shown_to)."""
    original = deck.forked_from
    shown = (original.pk, original.visibility, original.name) if original else None
    return (deck.pk, deck.revision, deck.updated_at.isoformat(), deck.owner.get_username(), shown)


@readable_deck
@anonymous_page("deck-page", key=_what_an_anonymous_reader_sees)
def deck_detail(request, deck):
    turn = _turn(request)
    # Access is checked first (readable_deck: someone else's private deck is a 404), then
    # the shared cache is asked. The key holds the deck's revision and last write (any
    # change of the deck misses it) and catalogue_cache adds the catalogue version (card
    # names and rules) and the language.
    panels = catalogue_cache.cached(
        "deck-panels",
        (deck.pk, deck.revision, deck.updated_at.isoformat(), turn),
        lambda: _detail_panels(deck, turn),
    )
    context = {
        "deck": deck,
        "turn": turn,
        "panels": panels,
        "is_owner": deck.is_owned_by(request.user),
        "share_url": request.build_absolute_uri(reverse("decks:detail", args=[deck.pk])),
        "forked_from": deck.forked_from_shown_to(request.user),
    }
    return render(request, "decks/deck_detail.html", context)


@readable_deck
def deck_export(request, deck):
    entries = deck.entries.select_related("card")
    # ?lang= picks the names (en, zh-hant, zh-hans, ja); anything else means the page's.
    text = export_deck_list(entries, deck.game, name_language(request.GET.get("lang")))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    filename = re.sub(r"[^A-Za-z0-9._-]+", "-", deck.name).strip("-") or deck.pk
    response["Content-Disposition"] = f'attachment; filename="{filename[:60]}.txt"'
    return response


@require_POST
@readable_deck
def deck_fork_view(request, deck):
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("decks:detail", args=[deck.pk]))
    try:
        fork = deck_fork(deck=deck, owner=request.user)
    except DeckError as error:  # a deck stored before today's caps cannot be copied as is
        for text in error_messages(error):
            messages.error(request, text)
        return redirect("decks:detail", deck.pk)
    messages.success(request, _("This copy is yours: it is private until you share it."))
    return redirect("decks:edit", fork.pk)


@require_http_methods(["GET", "POST"])
@owned_deck
def deck_delete(request, deck):
    if request.method == "POST":
        deck.delete()
        messages.success(request, _("Deck “%(name)s” deleted.") % {"name": deck.name})
        return redirect("decks:mine")
    return render(request, "decks/deck_delete.html", {"deck": deck})
