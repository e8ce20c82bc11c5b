"""The builder: card search, add, quantity, move, paste and settings.

Each write is a plain POST form (Post/Redirect/Get); sent by static/js/deckbuilder.js
with `X-Requested-With: fetch`, it answers with JSON holding the re-rendered panels.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cards import vocabulary as v
from cards.display_names import NAME_FIELDS, display_name
from cards.models import Card
from cardsite.throttles import throttle_page
from decks.forms import (
    REPLACE,
    AddCardForm,
    DeckSettingsForm,
    MoveCardForm,
    PasteListForm,
    SetQuantityForm,
)
from decks.models import DECK, SIDE, TEAM, Deck
from decks.paste import add_unresolved, kept_with, read_pasted_list, unresolved_for_page
from decks.rules import EntryInput
from decks.services import DeckError, DeckNotFound, deck_update
from decks.views.common import (
    _form_error_texts,
    _param,
    _turn,
    error_messages,
    is_fetch,
    owned_deck,
    unresolved_messages,
)
from decks.views.panels import deck_panels_context
from decks.views.search_panel import search_context, search_panel


def builder_context(request, deck: Deck, just_added: dict | None = None, **forms) -> dict:
    """`just_added`: {"card": id, "zone": zone} of the card an add just wrote, marked in the
    results and the deck list so a player on a phone sees where it went (issue 29)."""
    context = deck_panels_context(deck, _turn(request), side=True)
    context["just_added"] = just_added
    context.update(search_panel(request, deck, context["quantities"]))
    context["settings_form"] = forms.get("settings_form") or DeckSettingsForm(
        initial={
            "name": deck.name,
            "description": deck.description,
            "visibility": deck.visibility,
            "notes": deck.notes,
            "tags": ", ".join(tag.name for tag in deck.tags.all()),
            "revision": deck.revision,
        }
    )
    context["paste_form"] = forms.get("paste_form") or PasteListForm(
        initial={"revision": deck.revision}
    )
    context["unresolved"] = unresolved_for_page(deck)
    return context


PANELS = {
    "summary": "decks/_builder_summary.html",
    "results": "decks/_search_results.html",
    "entries": "decks/_builder_entries.html",
    "validation": "decks/_validation.html",
    "stats": "decks/_stats.html",
    "odds": "decks/_odds.html",
    "unresolved": "decks/_unresolved.html",
    # The reader's cards (decks.collection), folded to one line on phones (issue 29).
    "ownership": "decks/_builder_ownership.html",
    "deck_tab": "decks/_builder_deck_tab.html",  # the phone tab's count and legality
}


def render_panels(request, context: dict, names=PANELS) -> dict[str, str]:
    return {name: render_to_string(PANELS[name], context, request) for name in names}


@throttle_page("search_page")  # the search as you type: throttled like the card search
@owned_deck
def deck_builder(request, deck):
    if is_fetch(request):  # the search as you type
        context = search_context(request, deck)
        html = render_to_string("decks/_search_results.html", context, request)
        return JsonResponse({"revision": deck.revision, "panels": {"results": html}})
    return render(request, "decks/deck_builder.html", builder_context(request, deck))


def _builder_url(deck: Deck, request) -> str:
    url = reverse("decks:edit", args=[deck.pk])
    params = {key: _param(request, key) for key in ("q", "page", "turn") if _param(request, key)}
    return f"{url}?{urlencode(params)}" if params else url


def respond(
    request, deck, level: int, texts: list[str], status: int = 200, more=(), just_added=None
):
    """After a builder write: JSON panels for fetch, else messages and a redirect.
    `more`: further (level, text) messages, such as the lines a paste did not add."""
    said = [(level, text) for text in texts if text] + list(more)
    if is_fetch(request):
        deck.refresh_from_db()
        context = builder_context(request, deck, just_added=just_added)
        return JsonResponse(
            {
                "ok": status < 400,
                "revision": deck.revision,
                # The settings as stored (tags normalised), for the form the player sent.
                "fields": {"tags": context["settings_form"].initial["tags"]},
                "messages": [
                    {"level": messages.DEFAULT_TAGS[level], "text": text} for level, text in said
                ],
                "panels": render_panels(request, context),
            },
            status=status,
        )
    for level, text in said:
        messages.add_message(request, level, text)
    return redirect(_builder_url(deck, request))


def _write(request, deck, form, changes, success: str, more=(), just_added=None):
    """Apply `changes(current entries) -> deck_update arguments` from the form's revision."""
    if not form.is_valid():
        return respond(request, deck, messages.ERROR, _form_error_texts(form), status=400)
    current = [
        EntryInput(card_id=e.card_id, quantity=e.quantity, zone=e.zone) for e in deck.entries.all()
    ]
    try:
        deck_update(
            deck=deck,
            author=request.user,
            revision=form.cleaned_data["revision"],
            **changes(current),
        )
    except DeckNotFound:  # deleted meanwhile (another tab): there is no builder to show
        raise Http404(_("No deck has this id.")) from None
    except DeckError as error:
        return respond(request, deck, messages.ERROR, error_messages(error), status=error.status)
    except ValidationError as error:
        return respond(request, deck, messages.ERROR, error.messages, status=400)
    return respond(request, deck, messages.SUCCESS, [success], more=more, just_added=just_added)


def _card_name(card_id: int) -> str:
    row = Card.objects.filter(pk=card_id).values(*NAME_FIELDS).first()
    return display_name(row) if row else "?"


@require_POST
@owned_deck
def builder_add(request, deck):
    form = AddCardForm(request.POST)
    if form.is_valid() and deck.game != v.PAD and form.cleaned_data["zone"] == TEAM:
        return respond(
            request, deck, messages.ERROR, [_("Only PAD decks have a team.")], status=400
        )
    success, just_added = "", None
    if form.is_valid():
        just_added = {"card": form.cleaned_data["card"], "zone": form.cleaned_data["zone"] or DECK}
        added = (
            _("Added %(quantity)s × %(name)s to the sideboard.")
            if form.cleaned_data["zone"] == SIDE
            else _("Added %(quantity)s × %(name)s.")
        )
        success = added % {
            "quantity": form.cleaned_data["quantity"] or 1,
            "name": _card_name(form.cleaned_data["card"]),
        }
    return _write(
        request,
        deck,
        form,
        lambda current: {"entries": form.apply(current)},
        success,
        just_added=just_added,
    )


@require_POST
@owned_deck
def builder_quantity(request, deck):
    form = SetQuantityForm(request.POST)
    return _write(
        request,
        deck,
        form,
        lambda current: {"entries": form.apply(current)},
        _("Deck updated."),
    )


@require_POST
@owned_deck
def builder_move(request, deck):
    form = MoveCardForm(request.POST)
    if form.is_valid() and deck.game != v.PAD and form.cleaned_data["to"] == TEAM:
        return respond(
            request, deck, messages.ERROR, [_("Only PAD decks have a team.")], status=400
        )
    success = ""
    if form.is_valid():
        success = {
            TEAM: _("Moved to the team."),
            DECK: _("Moved to the deck."),
            SIDE: _("Moved to the sideboard."),
        }[form.cleaned_data["to"]]
    return _write(request, deck, form, lambda current: {"entries": form.apply(current)}, success)


@require_POST
@owned_deck
def builder_paste(request, deck):
    """The lines that name a card are added (or replace the deck); the others are listed
    with the deck, with the cards they may have meant (decks.paste)."""
    form = PasteListForm(request.POST)
    if not form.is_valid():
        return _paste_refused(request, deck, form, _form_error_texts(form))
    try:
        pasted = read_pasted_list(deck.game, form.cleaned_data["list"])
    except DeckError as error:
        return _paste_refused(request, deck, form, error_messages(error))
    more = [(messages.WARNING, text) for text in unresolved_messages(pasted.unresolved)]
    if not pasted.entries:
        # Nothing to add: the deck keeps its cards (even in "replace"), the lines wait.
        add_unresolved(deck=deck, lines=pasted.unresolved)
        return respond(request, deck, messages.WARNING, [], more=more)
    replace = form.cleaned_data["mode"] == REPLACE
    count = sum(entry.quantity for entry in pasted.entries)
    success = (
        _("The deck now holds the pasted list (%(count)s cards).")
        if replace
        else _("Added %(count)s cards from the list.")
    ) % {"count": count}

    def changes(current):
        return {
            "entries": form.apply(current, pasted.entries),
            "unresolved_lines": lambda old: kept_with(old, pasted.unresolved, replace=replace),
        }

    return _write(request, deck, form, changes, success, more=more)


def _paste_refused(request, deck, form, texts: list[str]):
    """A list that cannot be read: every problem by line, and the text is kept."""
    if is_fetch(request):
        return JsonResponse(
            {
                "ok": False,
                "revision": deck.revision,
                "messages": [{"level": "error", "text": text} for text in texts],
            },
            status=400,
        )
    for text in texts:
        form.add_error(None, text)
    context = builder_context(request, deck, paste_form=form)
    return render(request, "decks/deck_builder.html", context, status=400)


@require_POST
@owned_deck
def builder_settings(request, deck):
    form = DeckSettingsForm(request.POST)
    if not form.is_valid() and not is_fetch(request):
        context = builder_context(request, deck, settings_form=form)
        return render(request, "decks/deck_builder.html", context, status=400)

    def changes(current):
        data = form.cleaned_data
        return {k: data[k] for k in ("name", "description", "visibility", "notes", "tags")}

    return _write(request, deck, form, changes, _("Deck settings saved."))
