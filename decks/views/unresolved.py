"""The lines of a pasted list that named no card (decks.paste): add a suggested card with
the line's count, or dismiss the line. Plain POST forms (Post/Redirect/Get), sent with
fetch by static/js/deckbuilder.js like every builder form.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cards.display_names import display_name
from decks.forms import DismissLineForm, ResolveLineForm
from decks.paste import apply_suggestion, dismiss_line
from decks.services import DeckError, DeckNotFound
from decks.views.builder import respond
from decks.views.common import _form_error_texts, error_messages, owned_deck


@require_POST
@owned_deck
def builder_resolve(request, deck):
    form = ResolveLineForm(request.POST)
    if not form.is_valid():
        return respond(request, deck, messages.ERROR, _form_error_texts(form), status=400)
    data = form.cleaned_data
    quantity = next(
        (line["quantity"] for line in deck.unresolved_lines if line.get("key") == data["key"]), 0
    )
    try:
        card = apply_suggestion(
            deck=deck,
            author=request.user,
            revision=data["revision"],
            key=data["key"],
            card_id=data["card"],
        )
    except DeckNotFound:
        raise Http404(_("No deck has this id.")) from None
    except DeckError as error:
        return respond(request, deck, messages.ERROR, error_messages(error), status=error.status)
    added = _("Added %(quantity)s × %(name)s.") % {"quantity": quantity, "name": display_name(card)}
    return respond(request, deck, messages.SUCCESS, [added])


@require_POST
@owned_deck
def builder_dismiss(request, deck):
    form = DismissLineForm(request.POST)
    if not form.is_valid():
        return respond(request, deck, messages.ERROR, _form_error_texts(form), status=400)
    try:
        dismiss_line(deck=deck, key=form.cleaned_data["key"])
    except DeckError as error:
        return respond(request, deck, messages.ERROR, error_messages(error), status=error.status)
    return respond(request, deck, messages.SUCCESS, [_("The line was dismissed.")])
