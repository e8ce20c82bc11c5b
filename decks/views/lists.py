"""The lists of decks (public, the user's own) and the new-deck page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_http_methods

from cards import cache as catalogue_cache
from cards.display_names import NAME_FIELDS
from cards.models import Card
from cards.page_cache import anonymous_page
from decks.browse import FORKS, GAUNTLET, NEWEST, PUBLIC_DECKS_VERSION, public_decks
from decks.browse_form import DeckBrowseForm
from decks.forms import NewDeckForm
from decks.gauntlet_standing import standing_view
from decks.models import PRIVATE, Deck
from decks.paste import PastedList, read_pasted_list
from decks.services import DeckError, deck_create
from decks.views.common import error_messages, unresolved_messages

DECKS_PER_PAGE = 30
ORDERING_LABELS = [
    (NEWEST, pgettext_lazy("deck browser", "Newest")),
    (FORKS, _lazy("Most forked")),
    (GAUNTLET, _lazy("Best against the gauntlet")),
]


def _page(request, decks):
    page = Paginator(decks, DECKS_PER_PAGE).get_page(request.GET.get("page"))
    page.object_list = list(page.object_list)
    return page


@anonymous_page("deck-browser-page", (PUBLIC_DECKS_VERSION,))
def deck_list(request):
    """/decks/: the public deck browser (decks.browse): filters, sorts, key card thumbnails
    and gauntlet standings. A filter that is not valid is shown as such and filters nothing.

    The filters and the table are the same for every reader of one address: rendered once
    per query string, language, catalogue version (key cards' names and pictures) and public
    decks' version (bumped by every deck and standing write) and kept in the shared cache
    (cards/cache.py); only the frame around them (the user's menu) is rendered per request."""
    parts = (*catalogue_cache.request_parts(request), catalogue_cache.counter(PUBLIC_DECKS_VERSION))
    body = catalogue_cache.cached("deck-browser", parts, lambda: _deck_browser(request))
    return render(request, "decks/deck_list.html", {"body": body})


def _deck_browser(request) -> str:
    form = DeckBrowseForm(request.GET or None)
    form.is_valid()
    filters = form.filters()
    page = _page(request, public_decks(filters))
    for deck in page.object_list:
        deck.standing = standing_view(deck)
    card = None
    if filters.card is not None:
        card = Card.objects.filter(pk=filters.card).only("pk", "number", *NAME_FIELDS).first()
    context = {
        "form": form,
        "page": page,
        "ordering": filters.ordering,
        "orderings": ORDERING_LABELS,
        "card": card,
    }
    return render_to_string("decks/_deck_browser.html", context, request=request)


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
