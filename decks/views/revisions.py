"""A deck's revisions, what each changed, and restoring one."""

from __future__ import annotations

import re

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cards.display_names import NAME_FIELDS, display_name
from cards.models import Card
from decks.forms import RestoreForm
from decks.models import DECK, TEAM, DeckRevision
from decks.services import DeckError, deck_restore
from decks.views.common import _form_error_texts, error_messages, owned_deck, readable_deck

REVISIONS_PER_PAGE = 30


_RESTORED = re.compile(r"^Restored revision (\d+)$")
_FORKED = re.compile(r"^Forked from ([A-Za-z0-9]+)$")
_DUPLICATED = re.compile(r"^Duplicated from ([A-Za-z0-9]+)$")


def _note(note: str) -> str:
    """The notes the services write, in the active language (other notes as written)."""
    if match := _RESTORED.match(note):
        return _("Restored revision %(number)s") % {"number": match[1]}
    if match := _FORKED.match(note):
        return _("Forked from deck %(deck)s") % {"deck": match[1]}
    if match := _DUPLICATED.match(note):
        return _("Duplicated from deck %(deck)s") % {"deck": match[1]}
    return note


def _entry_key(entry: dict) -> tuple:
    return (entry["card"], entry["zone"])


def _changes(newer: DeckRevision, older: DeckRevision | None, names: dict) -> list[dict]:
    """What a revision changed in the cards, as +n / −n per card."""
    before = {_entry_key(e): e["quantity"] for e in older.entries} if older else {}
    after = {_entry_key(e): e["quantity"] for e in newer.entries}
    changes = []
    for key in sorted(before.keys() | after.keys(), key=lambda k: (names.get(k[0], ""), k)):
        delta = after.get(key, 0) - before.get(key, 0)
        if delta:
            card, zone = key
            changes.append(
                {"card": card, "name": names.get(card, "?"), "zone": zone, "delta": delta}
            )
    return changes


@readable_deck
def deck_revisions(request, deck):
    readable = deck.revisions_readable_by(request.user)
    revisions = readable.select_related("author").order_by("-number")
    page = Paginator(revisions, REVISIONS_PER_PAGE).get_page(request.GET.get("page"))
    shown = list(page.object_list)
    # The revision before the last one shown, to tell what the last one changed (changes
    # are told against readable revisions only, so they reveal nothing private either).
    older = (
        readable.filter(number__lt=shown[-1].number).order_by("-number").first() if shown else None
    )
    ids = {e["card"] for r in [*shown, *([older] if older else [])] for e in r.entries}
    rows = Card.objects.filter(pk__in=ids).values("pk", *NAME_FIELDS) if ids else []
    names = {row["pk"]: display_name(row) for row in rows}
    rows = []
    for index, revision in enumerate(shown):
        previous = shown[index + 1] if index + 1 < len(shown) else older
        counts = {DECK: 0, TEAM: 0}
        for entry in revision.entries:
            counts[entry["zone"]] = counts.get(entry["zone"], 0) + entry["quantity"]
        rows.append(
            {
                "revision": revision,
                "counts": counts,
                "changes": _changes(revision, previous, names),
                "note": _note(revision.note),
                "renamed": previous is not None and previous.name != revision.name,
                "current": revision.number == deck.revision,
            }
        )
    context = {
        "deck": deck,
        "page": page,
        "rows": rows,
        "is_owner": deck.is_owned_by(request.user),
    }
    return render(request, "decks/revisions.html", context)


@require_POST
@owned_deck
def deck_restore_view(request, deck, number: int):
    form = RestoreForm(request.POST)
    url = reverse("decks:revisions", args=[deck.pk])
    if not form.is_valid():
        messages.error(request, " ".join(_form_error_texts(form)))
        return redirect(url)
    try:
        deck = deck_restore(
            deck=deck, author=request.user, revision=form.cleaned_data["revision"], number=number
        )
    except DeckError as error:
        if error.code == "not_found":
            raise Http404(_("This deck has no such revision.")) from None
        for text in error_messages(error):
            messages.error(request, text)
    else:
        messages.success(
            request,
            _("Revision %(number)s restored as revision %(revision)s.")
            % {"number": number, "revision": deck.revision},
        )
    return redirect(url)
