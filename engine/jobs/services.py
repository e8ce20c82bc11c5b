"""The life of a job: submitted with its chunks, played chunk by chunk on any worker,
assembled in index order by whichever worker finishes the last chunk.

The queue carries one message per chunk, but the database says which chunk a message plays
(engine/jobs/leases.py: fair between clients, each chunk leased while it plays), so a worker
that dies loses nothing: its chunk's lease runs out and the chunk is queued again, on every
broker (`recover`). Every step is idempotent, because a chunk may be played twice (a
message delivered again, a worker taken for dead that was only slow): a chunk's summary is
written only if it has none yet, and a job is assembled only while unfinished, under a row
lock.

A chunk plays under `watching` (engine/core/limits.py): past JOB_CHUNK_TIME_LIMIT its job
fails with `chunk_time_limit`, and a cancelled job stops its playing chunks within a second.
"""

from __future__ import annotations

import json
import logging
import os
import pickle
import socket
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from engine import stored_runs
from engine.core.limits import Stopped, TimeLimit, watching
from engine.core.plan import Chunk, Plan
from engine.jobs import leases
from engine.models import CANCELLED, DONE, FAILED, UNFINISHED, Job, JobChunk

PREPARED_PLANS = 4  # plans a worker process keeps prepared (its recent jobs)
STOP_ASK_SECONDS = 1.0  # a playing chunk asks this often whether its job was cancelled
MAX_ATTEMPTS = 3  # a chunk whose worker died this many times fails its job

log = logging.getLogger(__name__)


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
            client=leases.client_of(user, owner.session_key),
            parameters=parameters or {},
            games_total=plan.games_left(),
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
    """Queue a message per chunk; a queue that cannot be reached fails the job at once."""
    try:
        send_messages(chunks)
    except Exception as error:  # kombu raises the transport's own errors (OperationalError …)
        fail(job.pk, "queue_unavailable", f"The job queue could not be reached: {error}")
        raise JobRefused(
            "queue_unavailable", "The job queue could not be reached; try again later.", 503
        ) from error


_plans: OrderedDict[str, tuple[Plan, dict]] = OrderedDict()


def _plan_of(job_id: str, stage: int, blob: bytes) -> tuple[Plan, dict]:
    """The job's plan at its stage and the recipes this process has prepared, kept for its
    next chunks."""
    key = f"{job_id}:{stage}"
    if key in _plans:
        _plans.move_to_end(key)
        return _plans[key]
    entry = (pickle.loads(blob), {})
    _plans[key] = entry
    while len(_plans) > PREPARED_PLANS:
        _plans.popitem(last=False)
    return entry


def send_messages(count: int) -> None:
    """Queue `count` "play a chunk" messages (they name no chunk: see leases.py)."""
    from engine.tasks import play_chunk

    for _ in range(count):
        play_chunk.apply_async(retry=True)


def this_worker() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def play_next(token: str, worker: str = "") -> None:
    """The Celery task's body: give back dead workers' chunks, lease the next chunk (fair
    between clients) and play it. Nothing pending: the message was a spare one."""
    recover()
    chunk = leases.claim(token, worker or this_worker())
    if chunk is None:
        return
    if chunk.attempts > MAX_ATTEMPTS:
        fail(
            chunk.job_id,
            "chunk_failed",
            f"A chunk of this job was started {MAX_ATTEMPTS} times and its worker died each "
            "time (stopped, out of memory, or past the workers' hard time limit).",
        )
        return
    play(chunk)


def play(chunk: JobChunk) -> None:
    """Play a leased chunk, record its summary, and assemble the job after its last one."""
    job = Job.objects.filter(pk=chunk.job_id, state__in=UNFINISHED).only("plan", "stage").first()
    if job is None:
        return  # cancelled, failed, done or purged: the worker moves on
    limit = settings.JOB_CHUNK_TIME_LIMIT
    lease = leases.Lease(chunk)
    try:
        with watching(time.monotonic() + limit, should_stop=lease, ask_every=STOP_ASK_SECONDS):
            plan, prepared = _plan_of(job.pk, job.stage, bytes(job.plan))
            if chunk.recipe not in prepared:
                prepared[chunk.recipe] = plan.prepare(chunk.recipe)
            summary = plan.play_chunk(
                Chunk(chunk.recipe, chunk.start, chunk.stop), prepared[chunk.recipe]
            )
    except Stopped:
        return  # the job was cancelled, or another worker took the chunk over
    except TimeLimit:
        fail(
            job.pk,
            "chunk_time_limit",
            f"A chunk of {chunk.games} games was still playing after {limit:g} s, its time "
            "limit: these decks make games too slow to finish. Try fewer games or other decks.",
        )
        return
    _record(job.pk, chunk, summary)
    if not JobChunk.objects.filter(job_id=job.pk, finished__isnull=True).exists():
        assemble(job.pk)


def recover(job_id: str | None = None) -> int:
    """Queue again the chunks whose lease ran out (their worker died): of one job, or all.
    The broker may be down: the chunks stay pending and the workers' sweep queues them."""
    released = leases.release_expired(job_id)
    if released:
        log.warning("%d chunks of dead workers queued again", released)
        try:
            send_messages(released)
        except Exception:  # the transport's own errors
            log.exception("the job queue could not be reached")
    return released


def sweep() -> None:
    """A worker's periodic look (engine/jobs/sweeper.py): dead workers' chunks back in the
    queue, and a message for every pending chunk if messages went missing (a worker killed
    while holding messages it had not started): seen as chunks of jobs unmoved for a whole
    lease time while no worker took any chunk, and fewer messages queued than such chunks."""
    recover()
    quiet_since = timezone.now() - timedelta(seconds=leases.lease_seconds())
    if leases.taken_since(quiet_since):
        return
    pending = leases.pending_chunks(quiet_since)
    if not pending:
        return
    missing = pending - queued_messages()
    if missing > 0:
        log.warning("%d chunks had no message in the queue: queued again", missing)
        send_messages(missing)


def queued_messages() -> int:
    """Messages waiting in the players' queue (the embedded queue's files, Redis' list)."""
    from kombu.exceptions import ChannelError

    from cardsite.celery import app

    with app.connection_for_write() as connection:
        try:
            declared = connection.default_channel.queue_declare(
                queue=app.conf.task_default_queue, passive=True
            )
        except ChannelError:  # Redis: an empty queue does not exist
            return 0
    return declared.message_count


def _record(job_id: str, chunk: JobChunk, summary) -> None:
    now = timezone.now()
    blob = pickle.dumps(summary, protocol=pickle.HIGHEST_PROTOCOL)
    with transaction.atomic():
        fresh = JobChunk.objects.filter(
            pk=chunk.pk, summary__isnull=True, finished__isnull=True
        ).update(summary=blob, finished=now, leased_until=None)
        if fresh:  # a chunk played twice (see the module's docstring) counts once
            Job.objects.filter(pk=job_id, state__in=UNFINISHED).update(
                games_done=F("games_done") + chunk.games, moved=now
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
        assembled = plan.assemble(parts)
        if not isinstance(assembled, dict):
            _next_stage(job, assembled, chunks)
            return
        job.report = json.dumps(assembled, ensure_ascii=False)
        job.state = DONE
        job.games_done = job.games_total
        job.finished = job.moved = timezone.now()
        job.expires = job.finished + timedelta(days=settings.JOB_KEEP_DAYS)
        job.save()
        JobChunk.objects.filter(job=job).update(summary=None)
        if job.parameters.get("run_key"):  # a matchup or comparison: its address reads it
            stored_runs.store(job.parameters["run_key"], job.kind, job.game, assembled)


def _next_stage(job: Job, plan, played: list[JobChunk]) -> None:
    """A staged plan's next stage (under the job's row lock): its chunks replace the played
    ones and are queued once the transaction commits; the total becomes the games played
    plus the plan's estimate of those left."""
    size = max(chunk.games for chunk in played)
    chunks = plan.chunks(size)
    number = max(chunk.number for chunk in played) + 1
    JobChunk.objects.filter(job=job).delete()
    JobChunk.objects.bulk_create(
        JobChunk(job=job, number=number + n, recipe=c.recipe, start=c.start, stop=c.stop)
        for n, c in enumerate(chunks)
    )
    job.plan = pickle.dumps(plan, protocol=pickle.HIGHEST_PROTOCOL)
    job.stage = plan.stage
    job.games_total = job.games_done + plan.games_left()
    job.moved = timezone.now()
    job.save(update_fields=["plan", "stage", "games_total", "moved"])
    transaction.on_commit(lambda: dispatch(job, len(chunks)))


def fail(job_id: str, code: str, message: str) -> bool:
    return _finish(job_id, FAILED, code, message)


def cancel(job: Job) -> bool:
    """Stop an unfinished job: its playing chunks stop within a second (STOP_ASK_SECONDS),
    its pending ones are never taken."""
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
    JobChunk.objects.filter(job_id=job_id).update(summary=None, leased_until=None)
    return bool(changed)


def check_stalled(job: Job) -> Job:
    """On every look at an unfinished job: queue again its chunks whose worker died, and fail
    it if no worker moved it for JOB_STALL_SECONDS — judged by the job itself: no chunk of it
    taken or finished in that time, none being played, and it was not waiting behind an
    earlier job of its own client (a client's jobs play in order; other clients' jobs take
    turns with it, so they never keep it waiting that long)."""
    if job.state not in UNFINISHED:
        return job
    recover(job.pk)
    now = timezone.now()
    cutoff = now - timedelta(seconds=settings.JOB_STALL_SECONDS)
    if job.moved >= cutoff:
        return job
    if JobChunk.objects.filter(job=job, finished__isnull=True, leased_until__gt=now).exists():
        return job  # a worker is playing it (a long chunk)
    earlier = Job.objects.filter(client=job.client, state__in=UNFINISHED, created__lt=job.created)
    if earlier.filter(moved__gte=cutoff).exists():
        return job
    seconds = settings.JOB_STALL_SECONDS
    fail(
        job.pk,
        "workers_unavailable",
        f"No worker played this job for {seconds} s: the job queue has no running worker. "
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
