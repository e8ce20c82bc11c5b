"""How the goldfish, matchup and compare pages start a run: Post/Redirect/Get.

The run forms POST. A run up to the synchronous size is answered 303 to the page's GET
address with the same options (`run=1`), which plays it in the request as before: that
address stays shareable and gives the same numbers. A larger run is submitted as a job
(engine.jobs.submission, as the API does: charged to the goldfish budget) and answered 303
to the job's page, which follows the workers. A GET address above the synchronous size
(shared, or typed) starts nothing: a reload or a link preview must not queue a job again;
the page shows the filled form and says that Run starts a job.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _

from engine.forms import PAGE_SYNC_MAX_GAMES
from engine.jobs import services
from engine.jobs.submission import Submission, runs_as_job, submit


def sync_limit(*, matches: bool = False) -> int:
    """The most games a page plays in its own request; for a matchup or a comparison
    (`matches`) no more than about a second's worth (PAGE_MATCH_SYNC_GAMES): a longer run
    shows the job page's progress bar rather than a blank wait."""
    limit = min(settings.JOB_SYNC_GAMES, PAGE_SYNC_MAX_GAMES)
    return min(limit, settings.PAGE_MATCH_SYNC_GAMES) if matches else limit


def runs_on_workers(cost: int, *, matches: bool = False) -> bool:
    return runs_as_job(cost) or cost > sync_limit(matches=matches)


def run_params(request):
    """The form's options (the POST, or the address) and whether a run was asked for."""
    if request.method == "POST":
        return request.POST, True
    return request.GET, "run" in request.GET


def see_other(url: str) -> HttpResponseRedirect:
    response = HttpResponseRedirect(url)
    response.status_code = 303
    return response


def run_address(request) -> str:
    """The page's shareable GET address of the posted options."""
    params = request.POST.copy()
    params.pop("csrfmiddlewaretoken", None)
    params["run"] = "1"
    return f"{request.path}?{params.urlencode()}"


def to_run_address(request) -> HttpResponseRedirect:
    """303 to the page's shareable GET address of the posted options."""
    return see_other(run_address(request))


def start_job(request, submission: Submission) -> HttpResponseRedirect:
    """Queue the run and answer 303 to its page; the refusals of submission.submit
    (BudgetExceeded, GoldfishError, services.JobRefused) are the caller's to draw."""
    job = submit(request, submission)
    return see_other(reverse("engine:job", args=[job.pk]))


def workers_notice(cost: int, *, matches: bool = False) -> str:
    """What a GET address above the synchronous size shows instead of running."""
    return _(
        "This run plays %(cost)s games: above %(limit)s a run goes to the job workers. "
        "Press Run to start it; its own page then shows the progress and the report."
    ) % {"cost": cost, "limit": sync_limit(matches=matches)}


def refusal_text(error) -> str | None:
    """A job refusal that is no goldfish error (those the pages already word)."""
    if isinstance(error, services.JobRefused):
        if error.code == "queue_unavailable":
            return _("The job queue could not be reached; try again later.")
        return error.message
    return None
