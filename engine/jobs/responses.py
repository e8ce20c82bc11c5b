"""A job as the API shows it, and the 202 answer of a run sent to the workers."""

from __future__ import annotations

import json

from django.urls import reverse
from rest_framework import status
from rest_framework.response import Response

from cardsite.api import ApiError
from engine import budget
from engine.concurrency import Busy
from engine.jobs import services
from engine.models import DONE, FAILED, Job
from engine.services import GoldfishError


def throttled(error: budget.BudgetExceeded) -> ApiError:
    refusal = ApiError(
        "throttled",
        error.message,
        status_code=429,
        budget=error.budget,
        window=budget.window(),
        retry_after=error.retry_after,
    )
    refusal.wait = error.retry_after  # DRF's exception handler sends it as Retry-After
    return refusal


def busy(error: Busy) -> ApiError:
    refusal = ApiError(error.code, error.message, status_code=429, retry_after=error.retry_after)
    refusal.wait = error.retry_after
    return refusal


def job_accepted(request, submission) -> Response:
    """Queue the run (see submission.submit) and answer 202 with the job and its URL."""
    from engine.jobs.submission import submit

    try:
        job = submit(request, submission)
    except budget.BudgetExceeded as error:
        raise throttled(error) from None
    except (GoldfishError, services.JobRefused) as error:
        extra = getattr(error, "extra", {})
        raise ApiError(error.code, error.message, status_code=error.status, **extra) from None
    body = job_json(job, request)
    return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def job_json(job: Job, request) -> dict:
    """state, progress (games done / total), the report once done, the error once failed."""
    total = job.games_total
    return {
        "id": job.pk,
        "url": request.build_absolute_uri(reverse("api:job", args=[job.pk])),
        "page": request.build_absolute_uri(reverse("engine:job", args=[job.pk])),
        "kind": job.kind,
        "game": job.game,
        "state": job.state,
        "progress": {
            "done": job.games_done,
            "total": total,
            "percent": job.games_done * 100 // total if total else 100,
        },
        "parameters": job.parameters,
        "created": _iso(job.created),
        "started": _iso(job.started),
        "finished": _iso(job.finished),
        "expires": _iso(job.expires),
        "report": json.loads(job.report) if job.state == DONE else None,
        "error": (
            {"code": job.error_code, "message": job.error_message} if job.state == FAILED else None
        ),
    }
