"""/play/ (issue 28): start a game against the site's AI or the goldfish with one of your
decks or a reference deck, and the table where you play it. Server-rendered: every action
is a small form that posts its id and comes back to the table (it works without
JavaScript); the table shows the reader's view only (engine/play_api.py `game_view`)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from cards import vocabulary as v
from decks.models import Deck
from engine import play
from engine.matchup_services import match_deck
from engine.models import AI, GOLDFISH, PlayedGame
from engine.play_api import game_view, reader_seat
from engine.services import GoldfishError


class StartForm(forms.Form):
    deck = forms.ChoiceField(label=gettext_lazy("Your deck"))
    opponent = forms.ChoiceField(label=gettext_lazy("Opponent"))

    def __init__(self, game: str, user, *args, **kwargs):
        super().__init__(*args, **kwargs)
        readable = Deck.objects.filter(game=game, reference=True)
        mine = Deck.objects.filter(game=game, owner=user) if user.is_authenticated else []
        self.fields["deck"].choices = [(d.pk, d.name) for d in [*mine, *readable]]
        self.fields["opponent"].choices = [
            *(
                (f"ai:{name}", gettext_lazy("The AI: %(policy)s") % {"policy": name})
                for name in play.playable_policies(game)
            ),
            (GOLDFISH, gettext_lazy("The goldfish (you play alone)")),
        ]


@require_http_methods(["GET", "POST"])
def start_page(request):
    codes = [code for code, _label in v.GAMES]
    game = request.GET.get("game") if request.GET.get("game") in codes else v.PAD
    form = StartForm(game, request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        deck = get_object_or_404(Deck, pk=form.cleaned_data["deck"], game=game)
        if not deck.is_readable_by(request.user):
            raise Http404
        opponent = form.cleaned_data["opponent"]
        kind, _sep, policy = opponent.partition(":")
        user = request.user if request.user.is_authenticated else None
        if user is None and not request.session.session_key:
            request.session.save()
        try:
            row, _state = play.create(
                game,
                match_deck(game, deck=deck),
                opponent_kind=AI if kind == "ai" else GOLDFISH,
                opponent_deck=_reference(game) if kind == "ai" else None,
                policy=policy,
                owner=user,
                session_key="" if user else request.session.session_key,
            )
        except GoldfishError as error:
            messages.error(request, error.message)
        else:
            return redirect("play:game", row.pk)
    context = {"form": form, "game": game, "games": v.GAMES}
    return render(request, "engine/play_start.html", context)


def _reference(game: str):
    deck = Deck.objects.filter(game=game, reference=True).order_by("name").first()
    return match_deck(game, deck=deck)


@require_http_methods(["GET", "POST"])
def game_page(request, game_id):
    row = get_object_or_404(PlayedGame, pk=game_id)
    seat = reader_seat(row, request)
    if seat is None:
        raise Http404
    if request.method == "POST":
        try:
            if "undo" in request.POST:
                play.undo(row, seat)
            elif "resign" in request.POST:
                play.resign(row, seat)
            else:
                play.act(row, seat, int(request.POST.get("action", "-1")))
        except (play.PlayError, ValueError) as error:
            messages.error(request, getattr(error, "message", str(error)))
        return redirect("play:game", row.pk)
    view = game_view(request, row, seat)
    return render(request, "engine/play_game.html", {"view": view, "row": row})
