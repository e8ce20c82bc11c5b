"""`/api/games/`: games played in the browser (issue 28; engine/play.py).

A game's reader is one of its players: the creator (their account, or their session
when anonymous) or the friend who joined; anyone else gets 404, as for a game that does
not exist. Each answer is the reader's view (`game_view`): their observation only.
"""

from __future__ import annotations

from django.db import transaction
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from cards import vocabulary as v
from cardsite.api import ApiError, ErrorSerializer
from engine import budget, play
from engine.action_texts import action_text, parts_text
from engine.core.registry import policy_cost
from engine.jobs.responses import throttled
from engine.matchup_api import MatchDeckSerializer, read_decks
from engine.matchup_services import gauntlet
from engine.models import AI, GOLDFISH, INVITE, PlayedGame
from engine.play_log import logged_names, reader_log
from engine.reader_names import reader_names

# Every answer of these endpoints but the view itself is an error with a code.
ERRORS = dict.fromkeys((400, 401, 403, 404, 409, 429), ErrorSerializer)


def responses(status: int = 200) -> dict:
    return {status: OpenApiTypes.OBJECT, **ERRORS}


class OpponentSerializer(serializers.Serializer):
    ai = serializers.CharField(required=False, max_length=20)
    deck = MatchDeckSerializer(required=False)
    invite = serializers.BooleanField(required=False)
    goldfish = serializers.BooleanField(required=False)

    def validate(self, attrs):
        kinds = [kind for kind in ("ai", "invite", "goldfish") if attrs.get(kind)]
        if len(kinds) != 1:
            raise serializers.ValidationError('Give one of "ai", "invite" or "goldfish".')
        if "deck" in attrs and kinds != ["ai"]:
            raise serializers.ValidationError("Only the AI takes a deck.")
        return attrs


class NewGameSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=v.GAMES)
    deck = MatchDeckSerializer()
    opponent = OpponentSerializer()
    seed = serializers.IntegerField(required=False, min_value=0, max_value=play.SEED_LIMIT - 1)
    first = serializers.BooleanField(required=False, allow_null=True, default=None)


class ActionSerializer(serializers.Serializer):
    action = serializers.IntegerField()


class JoinSerializer(serializers.Serializer):
    deck = MatchDeckSerializer()


def _fail(error: play.PlayError | Exception):
    raise ApiError(error.code, error.message, status_code=error.status) from None


SESSION_GAMES = "played_games"  # the ids of the games this browser started signed out
REMEMBERED = 200


def remember(request, row: PlayedGame) -> None:
    """A game started signed out belongs to the browser's session: its id is kept in the
    session's data, which survives signing in (Django renews the session's key then)."""
    if row.owner_id is None:
        games = request.session.get(SESSION_GAMES, [])
        request.session[SESSION_GAMES] = [*games, row.pk][-REMEMBERED:]


def session_games(request) -> list[str]:
    return request.session.get(SESSION_GAMES, [])


def reader_seat(row: PlayedGame, request) -> int | None:
    """The reader's seat, or None: not a player of this game."""
    user = request.user
    if user.is_authenticated:
        if row.owner_id == user.pk:
            return 0
        if row.friend_id == user.pk:
            return 1
    if row.owner_id is None and row.pk in session_games(request):
        return 0
    return None


def readable_game(request, game_id: str) -> tuple[PlayedGame, int]:
    row = get_object_or_404(PlayedGame, pk=game_id)
    seat = reader_seat(row, request)
    if seat is None:
        raise ApiError("not_found", "No game has this id.", status_code=404)
    return row, seat


def _players(row: PlayedGame, seat: int) -> list[dict]:
    players = [{"seat": 0, "kind": "player", "deck": row.decks[0]["name"]}]
    if row.opponent_kind == AI:
        players.append(
            {"seat": 1, "kind": "ai", "policy": row.ai_policy, "deck": row.decks[1]["name"]}
        )
    elif row.opponent_kind == INVITE:
        joined = len(row.decks) > 1
        players.append(
            {"seat": 1, "kind": "friend", "deck": row.decks[1]["name"] if joined else None}
        )
    else:
        players.append({"seat": 1, "kind": "goldfish", "deck": None})
    for player in players:
        player["you"] = player["seat"] == seat
    return players


def game_view(request, row: PlayedGame, seat: int, state=None) -> dict:
    """The contract's view of the game for the player in `seat`."""
    waiting = row.opponent_kind == INVITE and len(row.decks) < 2
    state = None if waiting else (state or play.state_of(row))
    log = None if state is None else play.full_log(row)
    yours = state is not None and row.result is None and state.current_player() == seat
    legal = state.legal_actions() if yours else []
    wanted = set(_logged_card_names(row)) | set(logged_names(log or {}))
    for action in legal:
        wanted |= _card_values(state.action_parts(action)[1])
    names = reader_names(row.game, sorted(wanted))
    return {
        "id": row.pk,
        "url": request.build_absolute_uri(reverse("api:game", args=[row.pk])),
        "page": request.build_absolute_uri(reverse("play:game", args=[row.pk])),
        "game": row.game,
        "you": seat,
        "turn": None if state is None or row.result is not None else state.current_player(),
        "players": _players(row, seat),
        "state": None if state is None else state.observation(seat),
        "legal_actions": [
            {"id": action, "label": action_text(state, action, names)} for action in legal
        ],
        "log": [] if log is None else reader_log(log, seat, names, row.result is not None),
        "moves": len(row.history),
        "result": row.result,
    }


def _card_values(values: dict) -> set[str]:
    """The card names a decision's label values hold (`card`, `cards`)."""
    found = set()
    for key in ("card", "cards"):
        value = values.get(key)
        found.update([value] if isinstance(value, str) else value or [])
    return found


def _logged_card_names(row: PlayedGame) -> list[str]:
    """The card names the decisions of the game's log mention (one query looks them up)."""
    return sorted({name for _who, _template, values in row.log for name in _card_values(values)})


class GamesApiView(APIView):
    permission_classes = [permissions.AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "goldfish"

    def charge_ai(self, request, row: PlayedGame) -> None:
        """AI decisions draw on the goldfish budget: one game of its policy per action."""
        if row.opponent_kind != AI:
            return
        try:
            budget.charge(request, policy_cost(row.game, row.ai_policy))
        except budget.BudgetExceeded as error:
            raise throttled(error) from None


class GamesView(GamesApiView):
    """Start a game against the AI, the goldfish, or a friend (an invitation link)."""

    @extend_schema(request=NewGameSerializer, responses=responses(201))
    def post(self, request):
        payload = NewGameSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        game, opponent = data["game"], data["opponent"]
        kind = AI if opponent.get("ai") else GOLDFISH if opponent.get("goldfish") else INVITE
        if kind == INVITE and not request.user.is_authenticated:
            raise ApiError("not_authenticated", "Inviting a friend needs an account.", 401)
        decks = [data["deck"]] + ([opponent["deck"]] if "deck" in opponent else [])
        mine, _rivals = read_decks(
            game, decks, [], request.user, ["Your deck", "Opponent"][: len(decks)]
        )
        opponent_deck = None
        if kind == AI:
            opponent_deck = mine[1] if len(mine) > 1 else _default_opponent(game)
            if opponent["ai"] not in play.playable_policies(game):
                _fail(
                    play.PlayError(
                        "unknown_policy",
                        f"policy is one of: {', '.join(play.playable_policies(game))}.",
                    )
                )
            budget_row = PlayedGame(game=game, opponent_kind=kind, ai_policy=opponent["ai"])
            self.charge_ai(request, budget_row)
        user = request.user if request.user.is_authenticated else None
        if user is None and not request.session.session_key:
            request.session.save()
        try:
            row, state = play.create(
                game,
                mine[0],
                opponent_kind=kind,
                opponent_deck=opponent_deck,
                policy=opponent.get("ai", ""),
                owner=user,
                session_key="" if user else request.session.session_key,
                seed=data.get("seed"),
                first=data.get("first"),
            )
        except play.PlayError as error:
            _fail(error)
        except play.GoldfishError as error:
            raise ApiError(error.code, error.message, status_code=error.status) from None
        remember(request, row)
        return Response(game_view(request, row, 0, state), status=201)


def _default_opponent(game: str):
    decks = gauntlet(game)
    if not decks:
        raise ApiError("invalid", "This game has no reference deck to play the AI with.")
    return decks[0]


class GameView(GamesApiView):
    @extend_schema(request=None, responses=responses())
    def get(self, request, game_id):
        row, seat = readable_game(request, game_id)
        return Response(game_view(request, row, seat))


class GameActionView(GamesApiView):
    @extend_schema(request=ActionSerializer, responses=responses())
    def post(self, request, game_id):
        payload = ActionSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        with transaction.atomic():
            row, seat = readable_game(request, game_id)
            row = PlayedGame.objects.select_for_update().get(pk=row.pk)
            self.charge_ai(request, row)
            try:
                state = play.act(row, seat, payload.validated_data["action"])
            except play.PlayError as error:
                _fail(error)
        return Response(game_view(request, row, seat, state))


class GameUndoView(GamesApiView):
    @extend_schema(request=None, responses=responses())
    def post(self, request, game_id):
        with transaction.atomic():
            row, seat = readable_game(request, game_id)
            row = PlayedGame.objects.select_for_update().get(pk=row.pk)
            if row.opponent_kind == INVITE:
                raise ApiError("undo_off", "Undo is off in a game against a friend.", 409)
            try:
                state = play.undo(row, seat)
            except play.PlayError as error:
                _fail(error)
        return Response(game_view(request, row, seat, state))


class GameResignView(GamesApiView):
    @extend_schema(request=None, responses=responses())
    def post(self, request, game_id):
        with transaction.atomic():
            row, seat = readable_game(request, game_id)
            row = PlayedGame.objects.select_for_update().get(pk=row.pk)
            try:
                play.resign(row, seat)
            except play.PlayError as error:
                _fail(error)
        return Response(game_view(request, row, seat))


class GameJoinView(GamesApiView):
    """The first signed-in person other than its creator who joins an invitation game
    takes seat 1 with their deck."""

    @extend_schema(request=JoinSerializer, responses=responses())
    def post(self, request, game_id):
        if not request.user.is_authenticated:
            raise ApiError("not_authenticated", "Joining a game needs an account.", 401)
        payload = JoinSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        with transaction.atomic():
            row = get_object_or_404(PlayedGame.objects.select_for_update(), pk=game_id)
            (deck,), _rivals = read_decks(
                row.game, [payload.validated_data["deck"]], [], request.user, ["Friend's deck"]
            )
            try:
                state = play.join(row, request.user, deck)
            except play.PlayError as error:
                _fail(error)
        return Response(game_view(request, row, 1, state))


class GameReplayView(GamesApiView):
    """A finished game, both hands shown: anyone who has its id may read it (shared)."""

    @extend_schema(request=None, responses=responses())
    def get(self, request, game_id):
        row = get_object_or_404(PlayedGame, pk=game_id)
        if row.result is None:  # only its players know a running game exists
            readable_game(request, game_id)
            raise ApiError("not_finished", "The replay opens when the game is over.", 409)
        names = reader_names(row.game, _logged_card_names(row))
        decisions = [
            {"seat": who, "text": parts_text(template, values, names)}
            for who, template, values in row.log
        ]
        return Response(
            {
                "id": row.pk,
                "game": row.game,
                "seed": row.seed,
                "first": row.first,
                "decks": [{"name": d["name"], "entries": d["entries"]} for d in row.decks],
                "history": row.history,
                "decisions": decisions,
                # the whole game with both hands: every event and snapshot, as a
                # matchup's sample game logs it
                "log": play.full_log(row),
                "result": row.result,
            }
        )
