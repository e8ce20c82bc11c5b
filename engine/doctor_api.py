"""POST /api/doctor/ (issue 27): the deck doctor as a job on the workers — 202 with the
job (`GET /api/jobs/{id}/`, kind `doctor`), whose report is DOCTOR-1's swaps and card
values. Charged to the goldfish budget like the other runs (engine/doctor.py:
`doctor_cost`), always queued: a doctor plays tens of thousands of games."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers

from cards import vocabulary as v
from cardsite.api import ApiError
from engine.api_views import SimulationView
from engine.doctor import MAX_SWAPS, DoctorRequest, doctor_submission
from engine.jobs.responses import job_accepted
from engine.matchup_api import (
    RUN_RESPONSES,
    MatchDeckSerializer,
    OpponentField,
    OpponentsField,
    read_decks,
    requested_opponents,
)
from engine.services import GoldfishError

SOURCES = ("catalogue", "owned")
MAX_CANDIDATES = 2000


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "enum": list(SOURCES)},
            {"type": "array", "items": {"type": "integer"}, "maxItems": MAX_CANDIDATES},
        ],
        "description": "catalogue (every real card of the game, the default), owned (your "
        "collection) or a list of card ids.",
    }
)
class CandidatesField(serializers.Field):
    def to_internal_value(self, data):
        if isinstance(data, str) and data in SOURCES:
            return data
        ids = serializers.ListField(
            child=serializers.IntegerField(min_value=1), min_length=1, max_length=MAX_CANDIDATES
        )
        try:
            return sorted(set(ids.run_validation(data)))
        except serializers.ValidationError:
            raise serializers.ValidationError(
                'Give "catalogue", "owned" or a list of card ids.'
            ) from None


class DoctorRequestSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=v.GAMES)
    deck = MatchDeckSerializer()
    opponent = OpponentField(required=False)
    opponents = OpponentsField(required=False)
    policy = serializers.CharField(max_length=40, default="greedy")
    candidates = CandidatesField(required=False, default="catalogue")
    max_swaps = serializers.IntegerField(min_value=1, max_value=MAX_SWAPS, default=MAX_SWAPS)
    seed = serializers.IntegerField(min_value=0, max_value=2**63 - 1, default=0)

    def validate(self, attrs):
        if ("opponent" in attrs) == ("opponents" in attrs):
            raise serializers.ValidationError("Give exactly one of opponent or opponents.")
        return attrs


def doctor_request(request) -> DoctorRequest:
    payload = DoctorRequestSerializer(data=request.data)
    payload.is_valid(raise_exception=True)
    data = payload.validated_data
    game = data["game"]
    (mine,), rivals = read_decks(
        game, [data["deck"]], requested_opponents(data), request.user, ["Your deck"]
    )
    return DoctorRequest(
        game=game,
        deck=mine,
        opponents=rivals,
        policy=data["policy"],
        candidates=data["candidates"],
        max_swaps=data["max_swaps"],
        seed=data["seed"],
        user=request.user if getattr(request.user, "is_authenticated", False) else None,
    )


class DoctorView(SimulationView):
    """Which swaps make this deck win more, measured (DOCTOR-1): 202 with the job."""

    @extend_schema(request=DoctorRequestSerializer, responses=RUN_RESPONSES)
    def post(self, request):
        doctor = doctor_request(request)
        try:
            submission = doctor_submission(doctor)
        except GoldfishError as error:
            raise ApiError(
                error.code, error.message, status_code=error.status, **error.extra
            ) from None
        return job_accepted(request, submission)
