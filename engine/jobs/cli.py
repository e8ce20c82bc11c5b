"""Jobs from the command line: `manage.py goldfish / matchup --submit` queue a run on the
workers and follow it to its report; `manage.py jobs` lists and tends them.

The command line has no request: its jobs belong to no account or session (only the saved
decks in them make them readable on the site), and they are not charged to a goldfish
budget — whoever runs manage.py already runs the site. A followed job is the command's:
when the command stops waiting (Ctrl-C, --timeout) it cancels the job, so no run is left
playing for nobody; --no-wait leaves it to the workers on purpose.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable

from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import timezone

from engine.jobs import services
from engine.jobs.submission import Submission, chunk_games
from engine.models import CANCELLED, DONE, FAILED, Job

POLL_SECONDS = 0.5  # a chunk takes about a second: a finer poll shows no more


class JobStopped(Exception):
    """The followed job ended without a report: failed, cancelled, or given up on."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


def submit(submission: Submission) -> Job:
    """Build the plan and queue the job (refusals: GoldfishError, services.JobRefused)."""
    plan = submission.build()
    return services.submit(
        plan,
        kind=submission.kind,
        game=submission.game,
        owner=services.Owner(),
        decks=list(submission.deck_ids),
        parameters=submission.parameters,
        chunk_games=chunk_games(plan.games_left(), submission.cost),
    )


JOB_OPTIONS_HELP = (
    "Runs play here by default. --submit sends the run to the job workers (`celery -A cardsite "
    "worker`, or `make run`) and follows it with a progress bar on stderr, then prints the "
    "same report as a local run; Ctrl-C, or --timeout, cancels the job."
)


def add_job_arguments(parser) -> None:
    jobs = parser.add_argument_group("jobs", JOB_OPTIONS_HELP)
    jobs.add_argument(
        "--submit", action="store_true", help="Play on the job workers instead of here."
    )
    jobs.add_argument(
        "--no-wait",
        action="store_true",
        help="With --submit: print the job's id, API path and page path, and return at once "
        "(the job keeps running; manage.py jobs lists it).",
    )
    jobs.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="With --submit: cancel the job and fail if it is not done within this time.",
    )


def check_job_options(options, *, local_only=("processes", "log")) -> None:
    """Refuse job options without --submit, and local-only options with it."""
    if not options["submit"]:
        for name in ("no_wait", "timeout"):
            if options[name]:
                raise CommandError(f"--{name.replace('_', '-')} goes with --submit.")
        return
    for name in local_only:
        if options[name]:
            raise CommandError(f"--{name} is for runs played here, not with --submit.")
    if options["timeout"] is not None and options["timeout"] <= 0:
        raise CommandError("--timeout must be a positive number of seconds.")


def run_submitted(submission: Submission, options, stdout) -> dict | None:
    """Queue the run and follow it to its report; with --no-wait print where the job is and
    return None. Errors are CommandErrors (exit status 1, or 130 after a Ctrl-C)."""
    try:
        job = submit(submission)
    except services.JobRefused as error:
        raise CommandError(error.message) from None
    if options["no_wait"]:
        where = paths(job)
        if options.get("json"):
            stdout.write(json.dumps({"id": job.pk, **where}))
        else:
            stdout.write(f"{job.pk}\n{where['url']}\n{where['page']}")
        return None
    bar = ProgressBar()
    try:
        return follow(job, progress=bar, timeout=options["timeout"])
    except JobStopped as stopped:
        bar.close()
        status = 130 if stopped.code == "interrupted" else 1
        raise CommandError(stopped.message, returncode=status) from None


def paths(job: Job) -> dict[str, str]:
    """The job's API and page addresses, without a host: the command cannot know it."""
    return {"url": reverse("api:job", args=[job.pk]), "page": reverse("engine:job", args=[job.pk])}


def wait(seconds: float) -> None:
    """The pause between two looks at the job (where a Ctrl-C usually lands)."""
    time.sleep(seconds)


def follow(
    job: Job,
    *,
    progress: Callable[[int, int], None] | None = None,
    timeout: float | None = None,
) -> dict:
    """Wait for the job's report, showing its progress. A job no worker moves fails after
    JOB_STALL_SECONDS (services.check_stalled), as on the site, so this never waits forever
    unless workers keep playing other jobs."""
    deadline = None if timeout is None else time.monotonic() + timeout
    try:
        while True:
            job = _fresh(job.pk)
            if progress:
                progress(job.games_done, job.games_total)
            if job.state == DONE:
                return json.loads(job.report)
            if job.state == FAILED:
                message = f"Job {job.pk} failed ({job.error_code}): {job.error_message}"
                raise JobStopped(job.error_code, message)
            if job.state == CANCELLED:
                raise JobStopped("cancelled", f"Job {job.pk} was cancelled.")
            if deadline is not None and time.monotonic() >= deadline:
                services.cancel(job)
                raise JobStopped(
                    "timeout", f"Job {job.pk} did not finish within {timeout:g} s: cancelled."
                )
            wait(POLL_SECONDS)
    except KeyboardInterrupt:
        services.cancel(job)
        raise JobStopped("interrupted", f"Interrupted: job {job.pk} was cancelled.") from None


def _fresh(job_id: str) -> Job:
    job = Job.objects.filter(pk=job_id).first()
    if job is None:
        raise JobStopped("not_found", f"Job {job_id} was deleted.")
    return services.check_stalled(job)


class ProgressBar:
    """`[#####.........] 3000/9000 games (33 %)` on stderr: redrawn in place on a terminal,
    else a line per step (at most one per percent, so a log stays short)."""

    WIDTH = 30

    def __init__(self, stream=None):
        self.stream = stream or sys.stderr
        self.in_place = self.stream.isatty()
        self.shown = None
        self.ended = False

    def __call__(self, done: int, total: int) -> None:
        percent = done * 100 // total if total else 100
        step = done if self.in_place else percent
        if step == self.shown:
            return
        self.shown = step
        filled = self.WIDTH * done // max(total, 1)
        bar = f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{total} games ({percent} %)"
        self.ended = done >= total
        if self.in_place:
            self.stream.write(f"\r{bar}" + ("\n" if self.ended else ""))
        else:
            self.stream.write(bar + "\n")
        self.stream.flush()

    def close(self) -> None:
        """End a bar left half drawn, so an error message starts on its own line."""
        if self.in_place and self.shown is not None and not self.ended:
            self.stream.write("\n")
        self.shown = None


def age(moment, now=None) -> str:
    """How long ago, in the largest whole unit: 42 s, 5 min, 3 h, 2 d."""
    seconds = int(((now or timezone.now()) - moment).total_seconds())
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{seconds // size} {unit}"
    return f"{max(seconds, 0)} s"
