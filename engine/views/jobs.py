"""/goldfish/jobs/<id>/ (engine:job): a run on the workers, from queued to its report.

The address can be shared: whoever services.readable_by admits sees it (404 otherwise).
While the job is unfinished the page shows a progress bar that static/js/jobs.js keeps
filling from GET /api/jobs/{id}/ (without JavaScript a meta refresh reloads the page),
and its owner may cancel it (a POST to the page). A finished job shows the report drawn
exactly as the goldfish, matchup or compare page draws theirs.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods

from engine.jobs import services
from engine.models import CANCELLED, DONE, FAILED, UNFINISHED, Job
from engine.views.compare import side_names
from engine.views.doctor import doctor_context
from engine.views.goldfish import goldfish_report_context
from engine.views.match_report import compare_context, matchup_context, opponent_name

TEMPLATE = "engine/job.html"
REFRESH_SECONDS = 3  # the no-JavaScript reload of an unfinished job's page

STATES = {
    "queued": gettext_lazy("Queued: waiting for a worker"),
    "running": gettext_lazy("Running"),
    DONE: gettext_lazy("Done"),
    FAILED: gettext_lazy("Failed"),
    CANCELLED: gettext_lazy("Cancelled"),
}

# The page each kind of run is started from, to run another one.
RUN_PAGES = {
    "goldfish": "engine:deck",
    "matchup": "engine:matchup",
    "compare": "engine:compare",
    "doctor": "engine:doctor",
}


@require_http_methods(["GET", "HEAD", "POST"])
def job_page(request, job_id: str):
    job = Job.objects.filter(pk=job_id).prefetch_related("decks").first()
    session_key = request.session.session_key
    if job is None or not services.readable_by(job, request.user, session_key):
        raise Http404("No job has this id.")
    if request.method == "POST":
        if not services.owns(job, request.user, session_key):
            raise PermissionDenied("Only the job's creator may cancel it.")
        services.cancel(job)  # a job that finished meanwhile keeps its result
        return _see_other(reverse("engine:job", args=[job.pk]))
    job = services.check_stalled(job)
    return render(request, TEMPLATE, job_context(request, job))


def _see_other(url: str) -> HttpResponseRedirect:
    response = HttpResponseRedirect(url)
    response.status_code = 303
    return response


def job_context(request, job: Job) -> dict:
    parameters = job.parameters
    total = job.games_total
    unfinished = job.state in UNFINISHED
    deck = _main_deck(job)
    context = {
        "job": job,
        "heading": heading(job),
        "params": parameters,
        "opponents": [opponent_name(label) for label in parameters.get("opponents", [])],
        "state_text": STATES.get(job.state, job.state),
        "running_text": STATES["running"],
        "progress": {
            "done": job.games_done,
            "total": total,
            "percent": job.games_done * 100 // total if total else 100,
        },
        "unfinished": unfinished,
        "refresh_seconds": REFRESH_SECONDS,
        "can_cancel": unfinished and services.owns(job, request.user, request.session.session_key),
        "api_url": reverse("api:job", args=[job.pk]),
        "deck": deck,
        "run_page": reverse(RUN_PAGES[job.kind], args=[deck.pk]) if deck else "",
        "error_text": error_text(job) if job.state == FAILED else "",
        # A finished matchup's report is stored: its page's address reads it, with a replay.
        "stored_page": parameters.get("page", "") if job.state == DONE else "",
    }
    if job.state == DONE:
        context.update(_report_context(job, request))
    return context


def _main_deck(job: Job):
    """The saved deck the run was started on (deck A of a comparison), if it still exists."""
    parameters = job.parameters
    label = parameters.get("deck") or next(iter(parameters.get("decks", [])), {})
    wanted = label.get("deck")
    return next((deck for deck in job.decks.all() if deck.pk == wanted), None)


def heading(job: Job) -> str:
    parameters = job.parameters
    if job.kind == "goldfish":
        name = parameters.get("deck", {}).get("name")
        return _("Goldfish: %(name)s") % {"name": name} if name else _("Goldfish a deck list")
    names = [opponent_name(label) for label in parameters.get("decks", [])]
    if job.kind == "doctor":
        names = [opponent_name(parameters.get("deck", {}))]
    opponents = parameters.get("opponents", [])
    if len(opponents) > 1 and all(label.get("reference") for label in opponents):
        against = ngettext(
            "the gauntlet (%(count)s reference deck)",
            "the gauntlet (%(count)s reference decks)",
            len(opponents),
        ) % {"count": len(opponents)}
    elif len(opponents) == 1:
        against = opponent_name(opponents[0])
    else:
        against = ngettext("%(count)s opponent", "%(count)s opponents", len(opponents)) % {
            "count": len(opponents)
        }
    if job.kind == "compare" and len(names) == 2:
        a, b = side_names(*parameters["decks"])
        return _("%(a)s compared with %(b)s against %(opponents)s") % {
            "a": a,
            "b": b,
            "opponents": against,
        }
    if job.kind == "doctor":
        return _("Improve %(deck)s against %(opponents)s") % {
            "deck": names[0],
            "opponents": against,
        }
    return _("%(deck)s against %(opponents)s") % {"deck": names[0], "opponents": against}


def error_text(job: Job) -> str:
    """Why the job failed, in the reader's language when the reason is a known one."""
    if job.error_code == "workers_unavailable":
        return _(
            "No worker played any game for %(seconds)s seconds: the job queue has no running "
            "worker. Try again later."
        ) % {"seconds": settings.JOB_STALL_SECONDS}
    if job.error_code == "queue_unavailable":
        return _("The job queue could not be reached; try again later.")
    return job.error_message


def _report_context(job: Job, request) -> dict:
    """The finished report in the shape the run's own page gives its template."""
    report = json.loads(job.report)
    if job.kind == "doctor":
        signed_in = request.user.is_authenticated
        return {"doctor": doctor_context(report, can_apply=signed_in and _main_deck(job))}
    run = {"games": job.parameters.get("games")}
    if job.kind == "goldfish":
        return {"report": goldfish_report_context(report)}
    if job.kind == "matchup":
        return {"report": matchup_context(report), "run": run}
    names = side_names(*job.parameters["decks"])
    return {"comparison": compare_context(report, names), "run": run}
