from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from engine import play, stored_runs
from engine.jobs import cli, services
from engine.models import UNFINISHED, Job


class Command(BaseCommand):
    help = (
        "List the recent jobs (id, kind, state, progress, age), or tend them: --purge deletes "
        "the jobs kept past JOB_KEEP_DAYS and the browser games started signed out that nobody "
        "touched for PLAY_ANONYMOUS_KEEP_DAYS and the stored matchup runs nobody viewed for "
        "STORED_RUN_KEEP_DAYS, --fail-stalled queues again the chunks of dead "
        "workers and fails the unfinished jobs no worker moved for JOB_STALL_SECONDS (both for "
        "a cron, e.g. every 10 minutes), --cancel stops one job."
    )

    def add_arguments(self, parser):
        parser.add_argument("--limit", type=int, default=20, help="Jobs listed (default 20).")
        parser.add_argument(
            "--purge",
            action="store_true",
            help="Delete the jobs whose results expired, the browser games started signed "
            "out that nobody touched for PLAY_ANONYMOUS_KEEP_DAYS and the stored matchup runs "
            "nobody viewed for STORED_RUN_KEEP_DAYS.",
        )
        parser.add_argument(
            "--fail-stalled",
            action="store_true",
            help="Queue again the chunks whose worker died (lease expired), and fail "
            "(workers_unavailable) each unfinished job no worker moved for JOB_STALL_SECONDS.",
        )
        parser.add_argument("--cancel", metavar="ID", action="append", help="Cancel a job.")

    def handle(self, *args, **options):
        tended = False
        for job_id in options["cancel"] or []:
            self._cancel(job_id)
            tended = True
        if options["fail_stalled"]:
            self._fail_stalled()
            tended = True
        if options["purge"]:
            self.stdout.write(f"{services.purge()} expired jobs deleted.")
            self.stdout.write(f"{play.purge()} games started signed out deleted.")
            self.stdout.write(f"{stored_runs.purge()} stored runs nobody viewed deleted.")
            tended = True
        if not tended:
            self._list(options["limit"])

    def _cancel(self, job_id: str) -> None:
        job = Job.objects.filter(pk=job_id).first()
        if job is None:
            raise CommandError(f"No job has the id {job_id}.")
        if not services.cancel(job):
            raise CommandError(f"Job {job_id} is already {job.state}.")
        self.stdout.write(f"Job {job_id} cancelled.")

    def _fail_stalled(self) -> None:
        requeued = services.recover()
        if requeued:
            self.stdout.write(f"{requeued} chunks of dead workers queued again.")
        # Only a job unmoved for the whole time can be stalled: the others are not looked at.
        cutoff = timezone.now() - timedelta(seconds=settings.JOB_STALL_SECONDS)
        failed = 0
        quiet = Job.objects.filter(state__in=UNFINISHED, moved__lt=cutoff).defer("plan")
        for job in quiet:
            failed += services.check_stalled(job).state not in UNFINISHED
        self.stdout.write(f"{failed} stalled jobs failed.")

    def _list(self, limit: int) -> None:
        jobs = list(Job.objects.defer("plan", "report", "parameters").order_by("-created")[:limit])
        if not jobs:
            self.stdout.write("No jobs.")
            return
        rows = [("id", "kind", "state", "progress", "age")]
        for job in jobs:
            percent = job.games_done * 100 // job.games_total if job.games_total else 100
            progress = f"{job.games_done}/{job.games_total} ({percent} %)"
            rows.append((job.pk, job.kind, job.state, progress, cli.age(job.created)))
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        for row in rows:
            cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=True)]
            self.stdout.write("  ".join(cells).rstrip())
