"""POST /api/jobs/ (queue a goldfish, matchup or comparison run), GET /api/jobs/{id}/
(state, progress, report or error) and DELETE /api/jobs/{id}/ (cancel)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsite.api import ApiError, ErrorSerializer
from engine.api_views import GoldfishRequestSerializer, SimulationView, goldfish_request
from engine.jobs import services
from engine.jobs.responses import job_accepted, job_json
from engine.jobs.submission import goldfish_submission, matchup_submission
from engine.matchup_api import (
    MatchupCompareRequestSerializer,
    MatchupRequestSerializer,
    matchup_request,
)
from engine.models import Job

KINDS = {
    "goldfish": GoldfishRequestSerializer,
    "matchup": MatchupRequestSerializer,
    "compare": MatchupCompareRequestSerializer,
}


class JobKindSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=list(KINDS),
        help_text="goldfish, matchup or compare; the other fields are those of POST "
        "/api/goldfish/, /api/matchups/ or /api/matchups/compare/.",
    )


class JobsView(SimulationView):
    """Queue a run on the workers, whatever its size; 202 with the job's URL."""

    @extend_schema(
        request=JobKindSerializer,
        responses={202: OpenApiTypes.OBJECT, 400: ErrorSerializer, 429: ErrorSerializer},
    )
    def post(self, request):
        kind = JobKindSerializer(data=request.data)
        kind.is_valid(raise_exception=True)
        name = kind.validated_data["kind"]
        if name == "goldfish":
            run, deck = goldfish_request(request, KINDS[name])
            return job_accepted(request, goldfish_submission(run, deck))
        return job_accepted(request, matchup_submission(matchup_request(request, KINDS[name])))


class JobView(APIView):
    """A job: its creator's, or anyone's whom every saved deck in it is readable by."""

    permission_classes = [permissions.AllowAny]

    def _job(self, request) -> Job:
        job = Job.objects.filter(pk=self.kwargs["job_id"]).first()
        session_key = request.session.session_key
        if job is None or not services.readable_by(job, request.user, session_key):
            raise ApiError("not_found", "No job has this id.", status_code=404)
        return job

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: ErrorSerializer})
    def get(self, request, job_id):
        job = services.check_stalled(self._job(request))
        return Response(job_json(job, request))

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 403: ErrorSerializer, 404: ErrorSerializer},
        description="Cancel the job: a chunk of it being played stops within a second, and "
        "no other is taken. Only its creator may; a finished job answers 409 already_finished.",
    )
    def delete(self, request, job_id):
        job = self._job(request)
        if not services.owns(job, request.user, request.session.session_key):
            raise ApiError("permission_denied", "Only the job's creator may cancel it.", 403)
        if job.owner_id is None:
            _check_csrf(request)
        if not services.cancel(job):
            raise ApiError("already_finished", f"The job is already {job.state}.", status_code=409)
        job.refresh_from_db()
        return Response(job_json(job, request))


def _check_csrf(request) -> None:
    """A job owned by a browser session is cancelled by its session cookie alone, which a
    browser sends with any site's request: ask for the CSRF token as for a signed-in user
    (DRF checks it only when its session authentication finds an account)."""
    try:
        SessionAuthentication().enforce_csrf(request)
    except PermissionDenied as error:
        raise ApiError("csrf_failed", str(error.detail), status_code=403) from None
