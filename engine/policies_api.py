"""GET /api/policies/?game=pad|digimon: the players a request may name as `policy` or
`opponent_policy` (issue 25's contract)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from cards import vocabulary as v
from cardsite.api import ApiError, ErrorSerializer
from engine.policy_texts import policy_list

GAMES = [game for game, _label in v.GAMES]


class PoliciesView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("game", str, enum=GAMES, required=True)],
        responses={
            200: inline_serializer(
                "Policy",
                {
                    "name": serializers.CharField(),
                    "label": serializers.CharField(),
                    "description": serializers.CharField(),
                    "budget": serializers.JSONField(allow_null=True),
                },
                many=True,
            ),
            400: ErrorSerializer,
        },
    )
    def get(self, request):
        """The players of one game: name (what `policy` takes), label and description in
        the reader's language, and the search budget per decision (null: no search)."""
        game = request.query_params.get("game", "")
        if game not in GAMES:
            raise ApiError(
                "invalid",
                _("Give ?game= with one of: %(games)s.") % {"games": ", ".join(GAMES)},
            )
        return Response(policy_list(game))
