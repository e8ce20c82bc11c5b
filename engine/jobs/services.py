"""The life of a job: submitted with its chunks, played chunk by chunk on any worker,
assembled in index order by whichever worker finishes the last chunk.

Every step is idempotent, because the queue delivers a chunk at least once (acks_late: a
worker killed mid-chunk leaves it to another): a chunk's summary is written only if it has
none yet, and a job is assembled only while unfinished, under a row lock.
"""

from __future__ import annotations

import json
import pickle
from collections import OrderedDict
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.db.models.functions import Coalesce
from django.utils import timezone

from engine.core.plan import Chunk, Plan
from engine.models import CANCELLED, DONE, FAILED, RUNNING, UNFINISHED, Job, JobChunk

PREPARED_PLANS = 4  # plans a worker process keeps prepared (its recent jobs)


class JobRefused(Exception):
    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(message)
        self.code, self.message, self.status = code, message, status


@dataclass(frozen=True)
class Owner:
    """Who submitted a job: an account, else a browser session."""

    user: object | None = None
    session_key: str = ""


def submit(
    plan: Plan,
    *,
    kind: str,
    game: str,
    owner: Owner,
    decks=(),
    parameters: dict | None = None,
    chunk_games: int | None = None,
) -> Job:
    """Save the job and its chunks, then queue the chunks once the transaction commits."""
    now = timezone.now()
    size = chunk_games or settings.JOB_CHUNK_GAMES
    chunks = plan.chunks(size)
    user = owner.user if getattr(owner.user, "is_authenticated", False) else None
    with transaction.atomic():
        job = Job.objects.create(
            kind=kind,
            game=game,
            owner=user,
            session_key="" if user else owner.session_key,
            parameters=parameters or {},
            games_total=plan.total,
            plan=pickle.dumps(plan, protocol=pickle.HIGHEST_PROTOCOL),
            moved=now,
            expires=now + timedelta(days=settings.JOB_KEEP_DAYS),
        )
        JobChunk.objects.bulk_create(
            JobChunk(job=job, number=n, recipe=c.recipe, start=c.start, stop=c.stop)
            for n, c in enumerate(chunks)
        )
        if decks:
            job.decks.set(decks)
        transaction.on_commit(lambda: dispatch(job, len(chunks)))
    return job


def dispatch(job: Job, chunks: int) -> None:
    """Queue every chunk, in order; a queue that cannot be reached fails the job at once."""
    from engine.tasks import play_chunk

    try:
        for number in range(chunks):
            play_chunk.apply_async((job.pk, number), retry=True)
    except Exception as error:  # kombu raises the transport's own errors (OperationalError …)
        fail(job.pk, "queue_unavailable", f"The job queue could not be reached: {error}")
        raise JobRefused(
            "queue_unavailable", "The job queue could not be reached; try again later.", 503
        ) from error


_plans: OrderedDict[str, tuple[Plan, dict]] = OrderedDict()


def _plan_of(job_id: str, blob: bytes) -> tuple[Plan, dict]:
    """The job's plan and the recipes this process has prepared, kept for its next chunks."""
    if job_id in _plans:
        _plans.move_to_end(job_id)
        return _plans[job_id]
    entry = (pickle.loads(blob), {})
    _plans[job_id] = entry
    while len(_plans) > PREPARED_PLANS:
        _plans.popitem(last=False)
    return entry


def play_chunk(job_id: str, number: int) -> None:
    """Play one chunk (the Celery task's body); a finished or cancelled job is skipped."""
    job = Job.objects.filter(pk=job_id, state__in=UNFINISHED).only("plan").first()
    if job is None:
        return  # cancelled, failed, done or purged: the worker moves on
    chunk = JobChunk.objects.filter(job_id=job_id, number=number).first()
    if chunk is None:
        return
    if chunk.summary is None:
        plan, prepared = _plan_of(job_id, bytes(job.plan))
        if chunk.recipe not in prepared:
            prepared[chunk.recipe] = plan.recipes[chunk.recipe].prepare()
        summary = plan.play_chunk(
            Chunk(chunk.recipe, chunk.start, chunk.stop), prepared[chunk.recipe]
        )
        _record(job_id, chunk, summary)
    if not JobChunk.objects.filter(job_id=job_id, summary__isnull=True).exists():
        assemble(job_id)


def _record(job_id: str, chunk: JobChunk, summary) -> None:
    now = timezone.now()
    blob = pickle.dumps(summary, protocol=pickle.HIGHEST_PROTOCOL)
    with transaction.atomic():
        fresh = JobChunk.objects.filter(pk=chunk.pk, summary__isnull=True).update(
            summary=blob, finished=now
        )
        if fresh:  # a re-delivered chunk that another worker already played counts once
            Job.objects.filter(pk=job_id, state__in=UNFINISHED).update(
                state=RUNNING,
                games_done=F("games_done") + chunk.games,
                moved=now,
                started=Coalesce("started", now),
            )


def assemble(job_id: str) -> None:
    """Merge the chunks in index order into the report (the in-process run's, byte for
    byte) and finish the job; the chunk summaries are dropped."""
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id, state__in=UNFINISHED).first()
        if job is None:
            return
        chunks = list(job.chunks.order_by("number"))
        if any(chunk.summary is None for chunk in chunks):
            return
        plan = pickle.loads(bytes(job.plan))
        parts = [(Chunk(c.recipe, c.start, c.stop), pickle.loads(bytes(c.summary))) for c in chunks]
        job.report = json.dumps(plan.assemble(parts), ensure_ascii=False)
        job.state = DONE
        job.games_done = job.games_total
        job.finished = job.moved = timezone.now()
        job.expires = job.finished + timedelta(days=settings.JOB_KEEP_DAYS)
        job.save()
        JobChunk.objects.filter(job=job).update(summary=None)


def fail(job_id: str, code: str, message: str) -> bool:
    return _finish(job_id, FAILED, code, message)


def cancel(job: Job) -> bool:
    """Stop an unfinished job: workers skip its chunks from the next one on."""
    return _finish(job.pk, CANCELLED, "", "")


def _finish(job_id: str, state: str, code: str, message: str) -> bool:
    now = timezone.now()
    changed = Job.objects.filter(pk=job_id, state__in=UNFINISHED).update(
        state=state,
        error_code=code,
        error_message=message,
        finished=now,
        expires=now + timedelta(days=settings.JOB_KEEP_DAYS),
    )
    JobChunk.objects.filter(job_id=job_id).update(summary=None)
    return bool(changed)


def check_stalled(job: Job) -> Job:
    """Fail the job if no worker moved it, nor any other job, for JOB_STALL_SECONDS: the
    worker pool is gone (busy workers finish chunks of some job every few seconds)."""
    if job.state not in UNFINISHED:
        return job
    limit = timedelta(seconds=settings.JOB_STALL_SECONDS)
    cutoff = timezone.now() - limit
    if job.moved >= cutoff or JobChunk.objects.filter(finished__gte=cutoff).exists():
        return job
    seconds = settings.JOB_STALL_SECONDS
    fail(
        job.pk,
        "workers_unavailable",
        f"No worker played any game for {seconds} s: the job queue has no running worker. "
        "Try again later.",
    )
    job.refresh_from_db()
    return job


def readable_by(job: Job, user, session_key: str | None) -> bool:
    """The creator always; anyone else once every saved deck of the job is readable by
    them (a job follows its decks' visibility, so a shared URL shows it)."""
    if owns(job, user, session_key):
        return True
    return all(deck.is_readable_by(user) for deck in job.decks.all())


def owns(job: Job, user, session_key: str | None) -> bool:
    if job.owner_id is not None:
        return bool(getattr(user, "is_authenticated", False)) and user.pk == job.owner_id
    return bool(session_key) and session_key == job.session_key


def purge(now=None) -> int:
    """Delete the jobs kept past their time (JOB_KEEP_DAYS after they finished)."""
    now = now or timezone.now()
    expired = Job.objects.filter(expires__lt=now).exclude(state__in=UNFINISHED)
    _, deleted = expired.delete()
    return deleted.get(Job._meta.label, 0)
