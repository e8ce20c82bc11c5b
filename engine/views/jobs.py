"""/goldfish/jobs/<id>/ (engine:job): a queued run's page, shareable like its API URL."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render

from engine.jobs import services
from engine.models import Job


def job_page(request, job_id: str):
    job = Job.objects.filter(pk=job_id).first()
    if job is None or not services.readable_by(job, request.user, request.session.session_key):
        raise Http404("No job has this id.")
    job = services.check_stalled(job)
    return render(request, "engine/job.html", {"job": job})
