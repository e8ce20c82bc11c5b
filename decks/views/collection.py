"""The collection pages: "My collection" (counts, import, export, sharing) and a player's
public collection (issue 16). Writes are plain POST forms (Post/Redirect/Get); the rules
are in decks.collection."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from cards import vocabulary as v
from cards.display_names import name_language
from decks.collection import (
    ADD,
    REPLACE,
    collection_of,
    export_collection,
    import_collection,
    owned_cards,
    readable_collection,
    set_card_count,
    set_visibility,
)
from decks.collection_list import MAX_OWNED
from decks.forms import MAX_LIST_CHARS
from decks.models import PRIVATE, PUBLIC
from decks.services import DeckError
from decks.views.common import error_messages


class ImportForm(forms.Form):
    text = forms.CharField(
        label=gettext_lazy("Cards you own, one per line"),
        max_length=MAX_LIST_CHARS,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )
    mode = forms.ChoiceField(
        label=gettext_lazy("What to do with them"),
        choices=[
            (ADD, gettext_lazy("Add to my collection")),
            (REPLACE, gettext_lazy("Replace my collection")),
        ],
        initial=ADD,
        widget=forms.RadioSelect,
    )


class CountForm(forms.Form):
    card = forms.IntegerField(min_value=1)
    quantity = forms.IntegerField(min_value=0, max_value=MAX_OWNED)


class VisibilityForm(forms.Form):
    visibility = forms.ChoiceField(choices=[(PRIVATE, PRIVATE), (PUBLIC, PUBLIC)])


def _games(rows) -> list[dict]:
    """The owned cards by game, each game with its count of copies."""
    groups = []
    for game, _label in v.GAMES:
        of_game = [row for row in rows if row.card.game == game]
        if of_game:
            groups.append(
                {"game": game, "rows": of_game, "copies": sum(r.quantity for r in of_game)}
            )
    return groups


def _page(request, owner, collection, *, editable: bool, form=None, status=200):
    rows = owned_cards(collection)
    context = {
        "owner": owner,
        "collection": collection,
        "visibility": collection.visibility if collection else PRIVATE,
        "groups": _games(rows),
        "copies": sum(row.quantity for row in rows),
        "editable": editable,
        "import_form": form or ImportForm(),
        "max_owned": MAX_OWNED,
        "public_url": request.build_absolute_uri(
            reverse("decks:user_collection", args=[owner.get_username()])
        ),
    }
    template = "decks/collection.html" if editable else "decks/collection_public.html"
    return render(request, template, context, status=status)


@login_required
def my_collection(request):
    return _page(request, request.user, collection_of(request.user), editable=True)


@require_POST
@login_required
def collection_import(request):
    form = ImportForm(request.POST)
    if not form.is_valid():
        return _page(
            request, request.user, collection_of(request.user), editable=True, form=form, status=400
        )
    try:
        result = import_collection(owner=request.user, **form.cleaned_data)
    except DeckError as error:
        for text in error_messages(error):
            messages.error(request, text)
        return _page(
            request, request.user, collection_of(request.user), editable=True, form=form, status=400
        )
    messages.success(
        request,
        ngettext("%(copies)s card recorded.", "%(copies)s cards recorded.", result.copies)
        % {"copies": result.copies},
    )
    return redirect("decks:collection")


@require_POST
@login_required
def collection_count(request):
    form = CountForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("A count is from 0 to %(max)s.") % {"max": MAX_OWNED})
        return redirect("decks:collection")
    try:
        set_card_count(
            owner=request.user,
            card_id=form.cleaned_data["card"],
            quantity=form.cleaned_data["quantity"],
        )
    except DeckError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Count saved."))
    return redirect(f"{reverse('decks:collection')}#card-{form.cleaned_data['card']}")


@require_POST
@login_required
def collection_visibility(request):
    form = VisibilityForm(request.POST)
    if form.is_valid():
        set_visibility(owner=request.user, visibility=form.cleaned_data["visibility"])
        if form.cleaned_data["visibility"] == PUBLIC:
            messages.success(
                request, _("Your collection is public: anyone with the link can read it.")
            )
        else:
            messages.success(request, _("Your collection is private: only you can read it."))
    return redirect("decks:collection")


@login_required
def collection_export(request):
    # ?lang= picks the names (en, zh-hant, zh-hans, ja); anything else means the page's.
    text = export_collection(collection_of(request.user), name_language(request.GET.get("lang")))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="collection.txt"'
    return response


def user_collection(request, username: str):
    """Someone's collection, once they made it public; otherwise it does not exist (404)."""
    collection = readable_collection(username, request.user)
    if collection is None:
        raise Http404(_("No public collection has this name."))
    return _page(request, collection.owner, collection, editable=False)
