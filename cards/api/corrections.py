"""API: players' corrections of a card, curators' reviews, and a card's history (issue 13)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from cards import corrections as c
from cards.models import Card
from cardsite.api import ApiError, ErrorSerializer


class ProposalThrottle(ScopedRateThrottle):
    """Counts proposals only: reading a card's corrections is not limited by this scope."""

    def allow_request(self, request, view) -> bool:
        return request.method != "POST" or super().allow_request(request, view)

    def get_rate(self):
        # Settings that list no `corrections` rate (the test settings turn the limits off)
        # leave proposals unthrottled rather than failing every request.
        return self.THROTTLE_RATES.get(self.scope)


class CorrectionSerializer(serializers.ModelSerializer):
    proposer = serializers.CharField(source="proposer.username", default=None, allow_null=True)
    reviewer = serializers.CharField(source="reviewer.username", default=None, allow_null=True)
    source_scan = serializers.FileField(read_only=True, use_url=True, allow_null=True)

    class Meta:
        model = c.CardCorrection
        fields = [
            "id",
            "card",
            "proposer",
            "changes",
            "source_scan",
            "source_url",
            "note",
            "status",
            "reviewer",
            "reason",
            "created_at",
            "reviewed_at",
        ]


class ChangesField(serializers.JSONField):
    """JSON; as a form or multipart field it is JSON text, read with the depth limit of JSON
    bodies (c.read_json_text) instead of DRF's plain json.loads."""

    def to_internal_value(self, data):
        if getattr(data, "is_json_string", False):
            return _read_changes(data)
        return super().to_internal_value(data)


def _read_changes(text: str):
    try:
        return c.read_json_text(text)
    except c.JsonTooDeep as error:
        raise ApiError(error.code, str(error)) from None
    except ValueError:
        raise ApiError("invalid", "changes: must be a JSON object.") from None


class ProposalSerializer(serializers.Serializer):
    changes = ChangesField(help_text="New values by card-schema key: {field: value}.")
    source_url = serializers.CharField(required=False, allow_blank=True, default="")
    source_scan = serializers.FileField(required=False, allow_null=True, default=None)
    note = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)


class ReviewSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=2000)


def _api_error(error: c.CorrectionError) -> ApiError:
    return ApiError(error.code, error.message, errors=error.errors)


class CardCorrectionsView(APIView):
    """A card's corrections (GET, anyone) and a new proposal (POST, signed-in players)."""

    throttle_classes = [ProposalThrottle]
    throttle_scope = "corrections"

    def get_permissions(self):
        if self.request.method == "POST":
            return [permissions.IsAuthenticated()]
        return [permissions.AllowAny()]

    @extend_schema(responses={200: CorrectionSerializer(many=True), 404: ErrorSerializer})
    def get(self, request, pk: int):
        card = get_object_or_404(Card, pk=pk)
        corrections = card.corrections.select_related("proposer", "reviewer")
        return Response(CorrectionSerializer(corrections, many=True).data)

    @extend_schema(
        request=ProposalSerializer,
        responses={
            201: CorrectionSerializer,
            400: ErrorSerializer,
            401: ErrorSerializer,
            404: ErrorSerializer,
            429: ErrorSerializer,
        },
    )
    def post(self, request, pk: int):
        card = get_object_or_404(Card, pk=pk)
        proposal = ProposalSerializer(data=request.data)
        proposal.is_valid(raise_exception=True)
        data = proposal.validated_data
        changes = data["changes"]
        if isinstance(changes, str):
            # A JSON body may carry the changes as a JSON text too.
            changes = _read_changes(changes)
        try:
            correction = c.propose(
                card,
                request.user,
                changes,
                scan=data["source_scan"],
                url=data["source_url"],
                note=data["note"],
            )
        except c.CorrectionError as error:
            raise _api_error(error) from None
        return Response(CorrectionSerializer(correction).data, status=status.HTTP_201_CREATED)


class IsCurator(permissions.BasePermission):
    message = "Only curators review corrections."

    def has_permission(self, request, view) -> bool:
        return c.is_curator(request.user)


class ReviewView(APIView):
    """A curator accepts (the card changes) or rejects (with a reason) a pending correction."""

    permission_classes = [permissions.IsAuthenticated, IsCurator]
    decision = ""

    @extend_schema(
        request=ReviewSerializer,
        responses={
            200: CorrectionSerializer,
            400: ErrorSerializer,
            401: ErrorSerializer,
            403: ErrorSerializer,
            404: ErrorSerializer,
            409: ErrorSerializer,
        },
    )
    def post(self, request, pk: int):
        correction = get_object_or_404(c.CardCorrection, pk=pk)
        review = ReviewSerializer(data=request.data)
        review.is_valid(raise_exception=True)
        decide = c.accept if self.decision == "accept" else c.reject
        try:
            correction = decide(correction, request.user, review.validated_data["reason"])
        except c.CorrectionError as error:
            if error.code == "already_reviewed":
                raise ApiError(error.code, error.message, status_code=409) from None
            raise _api_error(error) from None
        return Response(CorrectionSerializer(correction).data)


class HistoryEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField(source="history_id")
    date = serializers.DateTimeField(source="history_date")
    change = serializers.CharField(source="get_history_type_display")
    user = serializers.CharField(source="history_user.username", default=None, allow_null=True)
    source = serializers.CharField(source="history_change_reason", default="", allow_null=True)
    changed_fields = serializers.ListField(child=serializers.CharField())


class CardHistoryView(APIView):
    """Every change of the card, newest first: who, when, the source and the fields changed."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: HistoryEntrySerializer(many=True), 404: ErrorSerializer})
    def get(self, request, pk: int):
        card = get_object_or_404(Card, pk=pk)
        return Response(HistoryEntrySerializer(c.history_entries(card), many=True).data)
