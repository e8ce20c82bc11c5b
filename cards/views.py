from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render

from cards import vocabulary as v
from cards.models import Card
from cards.selectors import cards_with_details, catalogue_summary

CARDS_PER_PAGE = 60


def home(request):
    counts = catalogue_summary()
    kind_labels = dict(v.KINDS)
    games = []
    for game, label in v.GAMES:
        kinds = [
            {"kind": row["kind"], "label": kind_labels[row["kind"]], "count": row["count"]}
            for row in counts
            if row["game"] == game
        ]
        games.append(
            {"game": game, "label": label, "kinds": kinds, "total": sum(k["count"] for k in kinds)}
        )
    return render(request, "cards/home.html", {"games": games})


def card_list(request):
    cards = Card.objects.select_related("card_set").only(
        "id", "game", "kind", "number", "name", "card_set__code", "attribute", "level"
    )
    game, kind = request.GET.get("game", ""), request.GET.get("kind", "")
    if game in dict(v.GAMES):
        cards = cards.filter(game=game)
    if kind in dict(v.KINDS):
        cards = cards.filter(kind=kind)
    page = Paginator(cards, CARDS_PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "cards/card_list.html",
        {"page": page, "game": game, "kind": kind, "games": v.GAMES, "kinds": v.KINDS},
    )


def card_detail(request, pk: int):
    card = get_object_or_404(cards_with_details(), pk=pk)
    evolutions = card.evolutions.select_related("card_set").order_by("number")
    return render(request, "cards/card_detail.html", {"card": card, "evolutions": evolutions})
