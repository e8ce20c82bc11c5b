"""POST /api/matchups/ (the MATCH-1 report), /api/matchups/compare/ (decks A and B against
the same opponents) and /api/matchups/sample/ (one game's log), PAD-7 and DGM-6.

Same limits, budget and errors as the goldfish API: a matchup costs its games times its
opponents from the goldfish budget, a comparison twice that, a sample one game.
"""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.response import Response

from cards import vocabulary as v
from cardsite.api import ApiError, ErrorSerializer
from decks.api.serializers import CardsInputMixin
from engine import budget
from engine.api_views import SimulationView, run_charged
from engine.jobs.responses import job_accepted
from engine.jobs.submission import matchup_submission, runs_as_job
from engine.matchup_services import (
    MAX_OPPONENTS,
    MAX_TURN_CAP,
    MatchupRequest,
    gauntlet,
    match_deck,
    matchup_comparison,
    matchup_report,
    matchup_sample,
    saved_decks,
)
from engine.services import MAX_GAMES, GoldfishError

GAUNTLET = "gauntlet"
SOURCES = ("list", "entries", "deck")
ERRORS = {400: ErrorSerializer, 404: ErrorSerializer, 429: ErrorSerializer}
# 202: above JOB_SYNC_GAMES games the run is queued as a job (engine/jobs)
RUN_RESPONSES = {200: OpenApiTypes.OBJECT, 202: OpenApiTypes.OBJECT, **ERRORS, 503: ErrorSerializer}


class MatchDeckSerializer(CardsInputMixin):
    deck = serializers.CharField(required=False, max_length=16, help_text="A saved deck's id.")
    name = serializers.CharField(
        required=False, max_length=100, help_text="How the report names a list or entries."
    )

    def validate(self, attrs):
        attrs = super().validate(attrs)
        if sum(key in attrs for key in SOURCES) != 1:
            raise serializers.ValidationError("Give exactly one of list, entries or deck.")
        return attrs


DECK_SCHEMA = {
    "type": "object",
    "description": "Exactly one of list (text), entries or deck (a saved deck's id).",
    "properties": {
        "list": {"type": "string"},
        "entries": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "card": {"type": "integer"},
                    "quantity": {"type": "integer"},
                    "zone": {"type": "string"},
                },
            },
        },
        "deck": {"type": "string"},
        "name": {"type": "string"},
    },
}
GAUNTLET_SCHEMA = {"type": "string", "enum": [GAUNTLET], "description": "The reference decks."}


@extend_schema_field({"oneOf": [DECK_SCHEMA, GAUNTLET_SCHEMA]})
class OpponentField(serializers.Field):
    """One opponent deck, or "gauntlet"."""

    def to_internal_value(self, data):
        if data == GAUNTLET:
            return GAUNTLET
        return MatchDeckSerializer().run_validation(data)


@extend_schema_field(
    {"oneOf": [{"type": "array", "items": DECK_SCHEMA, "maxItems": MAX_OPPONENTS}, GAUNTLET_SCHEMA]}
)
class OpponentsField(serializers.Field):
    """1 to MAX_OPPONENTS opponent decks, or "gauntlet"."""

    def to_internal_value(self, data):
        if data == GAUNTLET:
            return GAUNTLET
        decks = MatchDeckSerializer(many=True, min_length=1, max_length=MAX_OPPONENTS)
        return decks.run_validation(data)


class PlaySerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=v.GAMES)
    seed = serializers.IntegerField(min_value=0, max_value=2**63 - 1, default=0)
    policy = serializers.CharField(max_length=40, default="greedy")
    opponent_policy = serializers.CharField(max_length=40, default="greedy")
    first = serializers.BooleanField(
        allow_null=True,
        default=None,
        help_text="The deck goes first (true), second (false) or half the games each (null).",
    )
    turn_cap = serializers.IntegerField(
        min_value=1,
        max_value=MAX_TURN_CAP,
        required=False,
        help_text="Default: 30 turns each (PAD-7.4), 60 rounds (DGM-6.3); then a draw.",
    )
    allow_invalid = serializers.BooleanField(default=False)


class MatchupRequestSerializer(PlaySerializer):
    deck = MatchDeckSerializer()
    opponent = OpponentField(required=False)
    opponents = OpponentsField(required=False)
    games = serializers.IntegerField(
        min_value=1, max_value=MAX_GAMES, default=1000, help_text="Games against each opponent."
    )

    def validate(self, attrs):
        if ("opponent" in attrs) == ("opponents" in attrs):
            raise serializers.ValidationError("Give exactly one of opponent or opponents.")
        return attrs


class MatchupCompareRequestSerializer(MatchupRequestSerializer):
    deck = None
    decks = MatchDeckSerializer(many=True, min_length=2, max_length=2, help_text="A and B.")


class MatchupSampleRequestSerializer(PlaySerializer):
    deck = MatchDeckSerializer()
    opponent = MatchDeckSerializer()


def read_decks(game: str, decks: list, opponents, user, names: list[str]) -> tuple[list, list]:
    """The request's own decks (named `names` unless they say otherwise) and its opponents
    (a list of decks, or the gauntlet), as match decks: a saved deck read with `user`'s
    rights, in one query for all of them. A deck that cannot be read or built is an
    ApiError."""
    given = decks + ([] if opponents == GAUNTLET else opponents)
    try:
        saved = saved_decks((d["deck"] for d in given if "deck" in d), user)

        def built(source, name):
            return match_deck(
                game,
                text=source.get("list"),
                items=source.get("entries"),
                deck=saved.get(source.get("deck")),
                name=source.get("name", name),
            )

        mine = [built(source, name) for source, name in zip(decks, names, strict=True)]
        if opponents == GAUNTLET:
            rivals = gauntlet(game)
        else:
            rivals = [built(d, f"Opponent {n}") for n, d in enumerate(opponents, start=1)]
    except GoldfishError as error:
        raise ApiError(error.code, error.message, status_code=error.status, **error.extra) from None
    return mine, rivals


def requested_opponents(data):
    """`opponent` (one deck, or the gauntlet) or `opponents`, as a list or the gauntlet."""
    opponents = data.get("opponent", data.get("opponents"))
    return [opponents] if isinstance(opponents, dict) else opponents


def matchup_request(request, serializer_class) -> MatchupRequest:
    payload = serializer_class(data=request.data)
    payload.is_valid(raise_exception=True)
    data = payload.validated_data
    game = data["game"]
    decks = data["decks"] if "decks" in data else [data["deck"]]
    names = ["Deck A", "Deck B"] if len(decks) == 2 else ["Your deck"]
    mine, rivals = read_decks(game, decks, requested_opponents(data), request.user, names)
    return MatchupRequest(
        game=game,
        deck=mine[0],
        other=mine[1] if len(mine) == 2 else None,
        opponents=rivals,
        games=data.get("games", 1),
        seed=data["seed"],
        policy=data["policy"],
        opponent_policy=data["opponent_policy"],
        first=data["first"],
        turn_cap=data.get("turn_cap"),
        allow_invalid=data["allow_invalid"],
    )


def _run_charged_matchup(request, serializer, service) -> Response:
    """A report or a comparison: read the request, charge its games to the budget, play it
    within the API's time limit."""
    matchup = matchup_request(request, serializer)
    if runs_as_job(matchup.cost):
        return job_accepted(request, matchup_submission(matchup))
    limit = settings.GOLDFISH_API_TIME_LIMIT
    return Response(run_charged(request, matchup.cost, service, matchup, time_limit=limit))


class MatchupView(SimulationView):
    """Play the deck against each opponent (both decks played, PAD-7 / DGM-6); the report
    has win rates with 95 % intervals, by order of play, game length and per card."""

    @extend_schema(
        request=MatchupRequestSerializer,
        responses=RUN_RESPONSES,
    )
    def post(self, request):
        return _run_charged_matchup(request, MatchupRequestSerializer, matchup_report)


class MatchupCompareView(SimulationView):
    """Decks A and B against the same opponents with the same seeds: both reports and the
    difference of win rates A − B with its 95 % interval ("no measurable difference")."""

    @extend_schema(
        request=MatchupCompareRequestSerializer,
        responses=RUN_RESPONSES,
    )
    def post(self, request):
        return _run_charged_matchup(request, MatchupCompareRequestSerializer, matchup_comparison)


class MatchupSampleView(SimulationView):
    """One game against the opponent, with its JSON log: both players' decisions and zones."""

    @extend_schema(
        request=MatchupSampleRequestSerializer, responses={200: OpenApiTypes.OBJECT, **ERRORS}
    )
    def post(self, request):
        matchup = matchup_request(request, MatchupSampleRequestSerializer)
        return Response(run_charged(request, budget.SAMPLE_COST, matchup_sample, matchup))
