"""/play/ (issue 28): start a game against the site's AI, the goldfish or an invited
friend with one of your decks, a public or reference deck or a pasted list; the table
where you play it; the list of your games. Server-rendered: every action is a small form
that posts its id and comes back to the table (it works without JavaScript; static/js/
play.js reloads the table when the other player moved); the table shows the reader's view
only (engine/play_api.py `game_view`)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from cards import vocabulary as v
from cards.images import image_urls
from cards.models import Card
from decks.models import PUBLIC, Deck
from engine import budget, play
from engine.core.registry import policy_cost
from engine.matchup_services import match_deck
from engine.models import AI, GOLDFISH, INVITE, PlayedGame
from engine.play_api import game_view, reader_seat, remember, session_games
from engine.play_table import table
from engine.reader_names import reader_names
from engine.replay import card_map, match_replay_steps, outcome_text, replay_steps
from engine.services import GoldfishError
from engine.views.goldfish import refusal_429_text, replay_frame

PASTED = "pasted"
LISTED = 30  # decks offered per group


def _deck_choices(game: str, user) -> list:
    groups = []
    if user.is_authenticated:
        mine = Deck.objects.filter(game=game, owner=user).order_by("-updated_at")[:LISTED]
        if mine:
            groups.append((gettext_lazy("Your decks"), [(d.pk, d.name) for d in mine]))
    reference = Deck.objects.filter(game=game, reference=True).order_by("name")
    groups.append((gettext_lazy("Reference decks"), [(d.pk, d.name) for d in reference]))
    public = Deck.objects.filter(game=game, visibility=PUBLIC, reference=False)
    if user.is_authenticated:
        public = public.exclude(owner=user)
    public = public.order_by("-updated_at")[:LISTED]
    if public:
        groups.append((gettext_lazy("Public decks"), [(d.pk, d.name) for d in public]))
    return groups


class StartForm(forms.Form):
    deck = forms.ChoiceField(label=gettext_lazy("Your deck"))
    pasted = forms.CharField(
        label=gettext_lazy("Or paste a deck list"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
    )
    opponent = forms.ChoiceField(label=gettext_lazy("Opponent"))
    opponent_deck = forms.ChoiceField(label=gettext_lazy("The AI's deck"), required=False)

    def __init__(self, game: str, user, *args, linked: Deck | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        decks = _deck_choices(game, user)
        mine = decks
        if linked is not None:  # the deck whose page led here, listed or not
            mine = [(gettext_lazy("This deck"), [(linked.pk, linked.name)]), *decks]
            self.fields["deck"].initial = linked.pk
        self.fields["deck"].choices = [*mine, (PASTED, gettext_lazy("The pasted list"))]
        self.fields["opponent_deck"].choices = decks
        choices = [
            (f"ai:{name}", gettext_lazy("The AI: %(policy)s") % {"policy": name})
            for name in play.playable_policies(game)
        ]
        choices.append((GOLDFISH, gettext_lazy("The goldfish (you play alone)")))
        if user.is_authenticated:
            choices.append((INVITE, gettext_lazy("A friend (an invitation link)")))
        self.fields["opponent"].choices = choices


def _readable(request, game: str, deck_id) -> Deck:
    deck = Deck.objects.filter(pk=deck_id, game=game).first()
    if deck is None or not deck.is_readable_by(request.user):
        raise Http404
    return deck


def _chosen_deck(request, game: str, data) -> object:
    if data["deck"] == PASTED:
        return match_deck(game, text=data["pasted"], name=str(gettext_lazy("Pasted deck")))
    return match_deck(game, deck=_readable(request, game, data["deck"]))


def _game_code(request) -> str:
    codes = [code for code, _label in v.GAMES]
    return request.GET.get("game") if request.GET.get("game") in codes else v.PAD


@require_http_methods(["GET", "POST"])
def start_page(request):
    game = _game_code(request)
    linked = Deck.objects.filter(pk=request.GET.get("deck") or "", game=game).first()
    if linked is not None and not linked.is_readable_by(request.user):
        linked = None
    form = StartForm(game, request.user, request.POST or None, linked=linked)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        kind, _sep, policy = data["opponent"].partition(":")
        kind = AI if kind == "ai" else kind
        user = request.user if request.user.is_authenticated else None
        if user is None and not request.session.session_key:
            request.session.save()
        try:
            opponent_deck = None
            if kind == AI:
                chosen = data["opponent_deck"] or _first_reference(game).pk
                opponent_deck = match_deck(game, deck=_readable(request, game, chosen))
            row, _state = play.create(
                game,
                _chosen_deck(request, game, data),
                opponent_kind=kind,
                opponent_deck=opponent_deck,
                policy=policy,
                owner=user,
                session_key="" if user else request.session.session_key,
            )
        except GoldfishError as error:
            messages.error(request, error.message)
        else:
            remember(request, row)
            return redirect("play:game", row.pk)
    context = {"form": form, "game": game, "games": v.GAMES}
    return render(request, "engine/play_start.html", context)


def _first_reference(game: str) -> Deck:
    deck = Deck.objects.filter(game=game, reference=True).order_by("name").first()
    if deck is None:
        raise Http404
    return deck


class JoinForm(forms.Form):
    deck = forms.ChoiceField(label=gettext_lazy("Your deck"))

    def __init__(self, game: str, user, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["deck"].choices = _deck_choices(game, user)


def _joinable(request, row: PlayedGame) -> bool:
    user = request.user
    return (
        row.opponent_kind == INVITE
        and row.friend_id is None
        and user.is_authenticated
        and row.owner_id != user.pk
    )


@require_http_methods(["GET", "POST"])
def game_page(request, game_id):
    row = get_object_or_404(PlayedGame, pk=game_id)
    seat = reader_seat(row, request)
    if seat is None:
        if _joinable(request, row):
            return _join(request, row)
        raise Http404
    if request.method == "POST":
        try:
            if "undo" in request.POST and row.opponent_kind != INVITE:
                play.undo(row, seat)
            elif "resign" in request.POST:
                play.resign(row, seat)
            else:
                _charge_ai(request, row)
                play.act(row, seat, int(request.POST.get("action", "-1")))
        except (play.PlayError, ValueError) as error:
            messages.error(request, getattr(error, "message", str(error)))
        except budget.BudgetExceeded as error:
            messages.error(request, refusal_429_text(error, request.user.is_authenticated))
        return redirect("play:game", row.pk)
    state = None if row.opponent_kind == INVITE and len(row.decks) < 2 else play.state_of(row)
    view = game_view(request, row, seat, state)
    context = {
        "view": view,
        "actions": _action_buttons(row, state, view["legal_actions"]),
        "table": table(row.game, view["state"], play.deck_cards(row)),
        "undo": row.opponent_kind != INVITE and any(who == seat for who, _a in row.history),
        "waiting_for_friend": row.opponent_kind == INVITE and row.friend_id is None,
    }
    return render(request, "engine/play_game.html", context)


def _action_buttons(row: PlayedGame, state, legal_actions: list[dict]) -> list[dict]:
    """The legal actions as the page's buttons: an action whose subject is one card (to
    play, evolve, set…) shows that card's picture in its button (one query for them all)."""
    ids = {card.name: card.id for card in play.deck_cards(row)}
    subjects = {}
    for action in legal_actions:
        values = state.action_parts(action["id"])[1]
        card = values.get("card")
        if isinstance(card, str) and isinstance(ids.get(card), int):
            subjects[action["id"]] = ids[card]
    pictures = {
        card.pk: image_urls(card)["thumb"]
        for card in Card.objects.filter(pk__in=set(subjects.values()))
    }
    return [
        {**action, "picture": pictures.get(subjects.get(action["id"]))} for action in legal_actions
    ]


def _charge_ai(request, row: PlayedGame) -> None:
    """The AI's answer draws on the goldfish budget, as through the API."""
    if row.opponent_kind == AI:
        budget.charge(request, policy_cost(row.game, row.ai_policy))


def _join(request, row: PlayedGame):
    form = JoinForm(row.game, request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        deck = _readable(request, row.game, form.cleaned_data["deck"])
        try:
            play.join(row, request.user, match_deck(row.game, deck=deck))
        except play.PlayError as error:
            messages.error(request, error.message)
        return redirect("play:game", row.pk)
    return render(request, "engine/play_join.html", {"form": form, "row": row})


def mine_page(request):
    """The reader's games, running and finished, newest move first."""
    user = request.user
    mine = Q(owner=None, pk__in=session_games(request))
    if user.is_authenticated:
        mine |= Q(owner=user) | Q(friend=user)
    games = PlayedGame.objects.filter(mine)
    rows = []
    for row in games.only(
        "id", "game", "opponent_kind", "ai_policy", "owner", "friend", "decks", "result", "updated"
    )[:100]:
        seat = 1 if user.is_authenticated and row.friend_id == user.pk else 0
        result = row.result
        outcome = (
            None
            if result is None
            else (
                "resigned"
                if result["reason"] == "resigned"
                else "draw"
                if result["winner"] is None
                else "won"
                if result["winner"] == seat
                else "lost"
            )
        )
        rows.append({"row": row, "deck": row.decks[seat]["name"], "outcome": outcome})
    return render(request, "engine/play_mine.html", {"games": rows})


def replay_page(request, game_id):
    """A finished game step by step, both hands shown (PLAY-1.3: only once it is over);
    its address can be shared: anyone who has it may watch."""
    row = get_object_or_404(PlayedGame, pk=game_id)
    if row.result is None:
        raise Http404
    log = play.full_log(row)

    cards = play.deck_cards(row)
    reader = reader_names(row.game, (), cards)
    names = [deck["name"] for deck in row.decks]
    if row.opponent_kind == GOLDFISH:
        steps = replay_steps(log, card_map(cards), reader)
    else:
        steps = match_replay_steps(log, card_map(cards), names, reader)
    replay = {
        **replay_frame(request, log, steps),
        "names": names,
        "outcome": "" if row.opponent_kind == GOLDFISH else outcome_text(log, names),
        "result": {**log["result"], "won": log["result"].get("outcome") == "win"},
        "turns_played": log["result"].get("length"),
    }
    return render(request, "engine/play_replay.html", {"row": row, "replay": replay})
