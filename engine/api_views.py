"""POST /api/goldfish/ (a batch report) and /api/goldfish/sample/ (one game's log)."""

from __future__ import annotations

import contextlib

from django.conf import settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from cards import vocabulary as v
from cardsite.api import ApiError, ErrorSerializer
from decks.api.serializers import CardsInputMixin
from decks.models import Deck
from engine import budget
from engine.concurrency import Busy, simulation_slot
from engine.jobs.responses import busy, job_accepted, throttled
from engine.jobs.submission import goldfish_submission, runs_as_job
from engine.services import (
    MAX_GAMES,
    GoldfishError,
    GoldfishRequest,
    TimeLimitExceeded,
    entries_for,
    goldfish_report,
    goldfish_sample,
)


class GoldfishRequestSerializer(CardsInputMixin):
    game = serializers.ChoiceField(choices=v.GAMES)
    deck = serializers.CharField(required=False, max_length=16, help_text="A saved deck's id.")
    games = serializers.IntegerField(min_value=1, max_value=MAX_GAMES, default=1000)
    seed = serializers.IntegerField(min_value=0, max_value=2**63 - 1, default=0)
    policy = serializers.CharField(max_length=40, default="greedy")
    going_first = serializers.BooleanField(
        allow_null=True, default=None, help_text="null: half the games first, half second."
    )
    turn_cap = serializers.IntegerField(min_value=1, max_value=100, default=30)
    allow_invalid = serializers.BooleanField(default=False)
    opponent = serializers.CharField(
        required=False,
        max_length=200,
        help_text="Digimon: battle this catalogued Digimon (id, number or name) instead of "
        "the DGM-5 dummy.",
    )

    def validate(self, attrs):
        attrs = super().validate(attrs)
        given = [key for key in ("list", "entries", "deck") if key in attrs]
        if len(given) != 1:
            raise serializers.ValidationError("Give exactly one of list, entries or deck.")
        return attrs


class SampleRequestSerializer(GoldfishRequestSerializer):
    games = None


def _request(request, serializer_class) -> GoldfishRequest:
    return goldfish_request(request, serializer_class)[0]


def goldfish_request(request, serializer_class) -> tuple[GoldfishRequest, Deck | None]:
    """The run the request asks for, and the saved deck it names (if any)."""
    payload = serializer_class(data=request.data)
    payload.is_valid(raise_exception=True)
    data = payload.validated_data
    deck = None
    if "deck" in data:
        deck = Deck.objects.filter(pk=data["deck"]).prefetch_related("entries").first()
        if deck is None or not deck.is_readable_by(request.user):
            raise ApiError("not_found", "No deck has this id.", status_code=404)
    try:
        entries = entries_for(
            data["game"], text=data.get("list"), items=data.get("entries"), deck=deck
        )
    except GoldfishError as error:
        raise ApiError(error.code, error.message, status_code=error.status, **error.extra) from None
    run = GoldfishRequest(
        game=data["game"],
        entries=entries,
        games=data.get("games", 1),
        seed=data["seed"],
        policy=data["policy"],
        going_first=data["going_first"],
        turn_cap=data["turn_cap"],
        allow_invalid=data["allow_invalid"],
        opponent=data.get("opponent"),
    )
    return run, deck


def run_charged(request, games: int, function, *args, **kwargs):
    """Run `function` once `games` are charged to the client's goldfish budget (429 past
    it, nothing run) and, for more than one game, in one of the client's simulation slots
    (429 `busy` when they are all playing); a run refused as bad input gives them back."""
    slot = simulation_slot(request) if games > 1 else contextlib.nullcontext()
    try:
        with slot:
            return _run_charged(request, games, function, *args, **kwargs)
    except Busy as error:
        raise busy(error) from None


def _run_charged(request, games: int, function, *args, **kwargs):
    try:
        spent = budget.charge(request, games)
    except budget.BudgetExceeded as error:
        raise throttled(error) from None
    try:
        return function(*args, **kwargs)
    except GoldfishError as error:
        if not isinstance(error, TimeLimitExceeded):
            spent.refund()
        raise ApiError(error.code, error.message, status_code=error.status, **error.extra) from None


class SimulationView(APIView):
    """Goldfish and matchup endpoints: open to everyone, throttled by the `goldfish` scope
    and charged to one CPU budget (`run_charged`)."""

    permission_classes = [permissions.AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "goldfish"


class GoldfishView(SimulationView):
    """Play the deck alone N times; the report has the kill turn, combos per turn and more."""

    @extend_schema(
        request=GoldfishRequestSerializer,
        responses={
            200: OpenApiTypes.OBJECT,
            202: OpenApiTypes.OBJECT,
            404: ErrorSerializer,
            429: ErrorSerializer,
            503: ErrorSerializer,
        },
    )
    def post(self, request):
        goldfish, deck = goldfish_request(request, GoldfishRequestSerializer)
        if runs_as_job(goldfish.cost):
            return job_accepted(request, goldfish_submission(goldfish, deck))
        time_limit = settings.GOLDFISH_API_TIME_LIMIT
        report = run_charged(
            request, goldfish.cost, goldfish_report, goldfish, time_limit=time_limit
        )
        return Response(report)


class GoldfishSampleView(SimulationView):
    """One game, with its JSON log: an event per action and a snapshot per phase."""

    @extend_schema(
        request=SampleRequestSerializer,
        responses={200: OpenApiTypes.OBJECT, 404: ErrorSerializer, 429: ErrorSerializer},
    )
    def post(self, request):
        goldfish = _request(request, SampleRequestSerializer)
        return Response(run_charged(request, budget.SAMPLE_COST, goldfish_sample, goldfish))
