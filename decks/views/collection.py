"""The collection pages: "My collection" (counts, import, export, sharing) and a player's
public collection (issue 16), with pictures, search, set completion and what a deck still
needs (issue 29; what they show is gathered in decks.views.collection_page). Writes are
plain POST forms (Post/Redirect/Get); the rules are in decks.collection."""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_POST

from cards.display_names import name_language
from decks.collection import (
    ADD,
    REPLACE,
    collection_of,
    export_collection,
    import_collection,
    readable_collection,
    set_card_count,
    set_visibility,
)
from decks.collection_list import MAX_OWNED
from decks.collection_needs import chosen_deck, deck_needs, needs_text
from decks.forms import MAX_LIST_CHARS
from decks.models import PRIVATE, PUBLIC
from decks.services import DeckError
from decks.views.collection_page import MAX_QUERY, collection_context
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
    # The search and page the count was edited on, to come back to them.
    q = forms.CharField(required=False, max_length=MAX_QUERY)
    page = forms.IntegerField(required=False, min_value=1)


def _back_to(form: CountForm) -> str:
    """The collection page the count form was on, at the card just edited."""
    data = form.cleaned_data if form.is_valid() else {}
    params = {key: data[key] for key in ("q", "page") if data.get(key)}
    query = f"?{urlencode(params)}" if params else ""
    anchor = f"#card-{data['card']}" if data else ""
    return f"{reverse('decks:collection')}{query}{anchor}"


class VisibilityForm(forms.Form):
    visibility = forms.ChoiceField(choices=[(PRIVATE, PRIVATE), (PUBLIC, PUBLIC)])


def _page(request, owner, collection, *, editable: bool, form=None, status=200):
    context = {
        **collection_context(request, owner, collection, editable=editable),
        "visibility": collection.visibility if collection else PRIVATE,
        "import_form": form or ImportForm(),
        "max_owned": MAX_OWNED,
        "public_url": request.build_absolute_uri(
            reverse("decks:user_collection", args=[owner.get_username()])
        ),
    }
    if status == 200 and context["search"].error:
        status = 400  # as the card search answers a query it cannot read
    elif status == 200 and context["search"].timeout:
        status = 503
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
    return redirect(_back_to(form))


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


def _needs_download(request, owner, deck_id: str) -> HttpResponse:
    """What a deck still needs from `owner`'s collection, as a deck list to paste."""
    deck = chosen_deck(deck_id, request.user)
    if deck is None:
        raise Http404(_("No deck has this id."))
    text = needs_text(deck_needs(deck, owner), name_language(request.GET.get("lang")))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="needs-{deck.pk}.txt"'
    return response


@login_required
def collection_needs_export(request):
    return _needs_download(request, request.user, request.GET.get("deck", ""))


def user_collection_needs(request, username: str):
    collection = readable_collection(username, request.user)
    if collection is None:
        raise Http404(_("No public collection has this name."))
    return _needs_download(request, collection.owner, request.GET.get("deck", ""))
