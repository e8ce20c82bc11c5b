"""The lists of decks (public, the user's own) and the new-deck page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from decks.forms import DeckSearchForm, NewDeckForm
from decks.models import PRIVATE, PUBLIC, Deck
from decks.paste import PastedList, read_pasted_list
from decks.services import DeckError, deck_create
from decks.views.common import error_messages, unresolved_messages

DECKS_PER_PAGE = 30


def _page(request, decks):
    page = Paginator(decks, DECKS_PER_PAGE).get_page(request.GET.get("page"))
    page.object_list = list(page.object_list)
    return page


def deck_list(request):
    """/decks/: public decks, searchable by game and name."""
    form = DeckSearchForm(request.GET or None)
    decks = Deck.objects.filter(visibility=PUBLIC).select_related("owner")
    if form.is_valid():
        if form.cleaned_data["game"]:
            decks = decks.filter(game=form.cleaned_data["game"])
        if form.cleaned_data["name"].strip():
            decks = decks.filter(name__icontains=form.cleaned_data["name"].strip())
    page = _page(request, decks.order_by("-updated_at", "pk"))
    return render(request, "decks/deck_list.html", {"form": form, "page": page})


@login_required
def my_decks(request):
    decks = Deck.objects.filter(owner=request.user).select_related("owner")
    page = _page(request, decks.order_by("-updated_at", "pk"))
    return render(request, "decks/my_decks.html", {"page": page})


@login_required
@require_http_methods(["GET", "POST"])
def deck_new(request):
    """Pick the game and a name, optionally paste a list: the deck opens in the builder,
    with the lines that named no card listed there (decks.paste)."""
    form = NewDeckForm(request.POST or None, initial={"game": request.GET.get("game")})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            pasted = read_pasted_list(data["game"], data["list"]) if data["list"] else PastedList()
            deck = deck_create(
                owner=request.user,
                game=data["game"],
                name=data["name"],
                visibility=data["visibility"] or PRIVATE,
                entries=pasted.entries,
                unresolved_lines=pasted.unresolved,
            )
        except DeckError as error:
            for message in error_messages(error):
                form.add_error("list", message)
        else:
            messages.success(request, _("Deck created."))
            for text in unresolved_messages(pasted.unresolved):
                messages.warning(request, text)
            return redirect("decks:edit", deck.pk)
    status = 400 if form.errors else 200
    return render(request, "decks/deck_new.html", {"form": form}, status=status)
