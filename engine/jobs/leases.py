"""Which chunk a worker plays next, and how the database knows it is being played.

A job queues one message per chunk, but a message names no chunk: it only says "play one".
The worker that receives it leases a chunk from the database, chosen for fairness between
clients (an account, or a browser session; the command line is one client):

- the client with the fewest chunks being played right now,
- then the one whose last chunk was taken longest ago (round robin),
- that client's oldest job first, its chunks in order.

So a client with 400,000 games queued holds at most its share of the workers: another
client's small job takes the next free process instead of waiting behind them all.

A lease lasts JOB_LEASE_SECONDS and the worker renews it every third of that while the chunk
plays; a worker that dies stops renewing, and once the lease has run out the chunk is
pending again (`release_expired`) and gets a new message. The message that took a chunk is
written on it (`token`): the same message delivered again after its pool process died takes
its chunk back at once, without waiting for the lease. Messages are interchangeable, so one
lost with a killed worker (the embedded queue keeps none) costs nothing once its chunk is
released, and a surplus one (a re-delivery) finds nothing or another chunk to play.

Taking a chunk is SELECT … FOR UPDATE SKIP LOCKED then UPDATE on PostgreSQL (two workers
never wait on one row); SQLite runs the same transaction under BEGIN IMMEDIATE, one writer
at a time (settings), where FOR UPDATE is a no-op.
"""

from __future__ import annotations

import time
from collections import Counter
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, F, Max, OuterRef
from django.db.models.functions import Coalesce
from django.utils import timezone

from engine.models import RUNNING, UNFINISHED, Job, JobChunk

CLAIM_TRIES = 5  # a job's last pending chunk taken by another worker meanwhile: look again
NEVER = datetime.min.replace(tzinfo=UTC)


def client_of(user, session_key: str) -> str:
    """The client a job is fair to: its account, else its session ("" for the command line)."""
    if getattr(user, "is_authenticated", False):
        return f"user:{user.pk}"
    return f"session:{session_key}" if session_key else ""


def lease_seconds() -> float:
    return float(settings.JOB_LEASE_SECONDS)


def renew_every() -> float:
    """How often a playing worker renews its lease: two renewals may come late before the
    lease runs out."""
    return max(0.5, lease_seconds() / 3)


def sweep_every() -> float:
    """How often each worker looks for expired leases: a dead worker's chunk is taken again
    at most a sixth of the lease after it ran out."""
    return max(0.5, lease_seconds() / 6)


def claim(token: str, worker: str) -> JobChunk | None:
    """Lease the next chunk to play for the message `token` (None: nothing is pending)."""
    if token and (chunk := _take_back(token, worker)) is not None:
        return chunk
    for _ in range(CLAIM_TRIES):
        job_id = next_job(timezone.now())
        if job_id is None:
            return None
        if (chunk := _lease_first(job_id, token, worker)) is not None:
            return chunk
    return None


def _lease_values(token: str, worker: str) -> dict:
    now = timezone.now()
    return {
        "leased_until": now + timedelta(seconds=lease_seconds()),
        "token": token,
        "worker": worker,
        "attempts": F("attempts") + 1,
    }


def _take_back(token: str, worker: str) -> JobChunk | None:
    """The chunk this message took before its process died, if it is still unfinished."""
    mine = JobChunk.objects.filter(token=token, finished__isnull=True, job__state__in=UNFINISHED)
    pk = mine.values_list("pk", flat=True).first()
    if pk is None:
        return None
    taken = JobChunk.objects.filter(pk=pk, token=token, finished__isnull=True)
    if not taken.update(**_lease_values(token, worker)):
        return None
    return _taken(pk)


def _lease_first(job_id: str, token: str, worker: str) -> JobChunk | None:
    pending = JobChunk.objects.filter(
        job_id=job_id, finished__isnull=True, leased_until__isnull=True
    )
    with transaction.atomic():
        locked = pending.select_for_update(skip_locked=True).order_by("number")
        pk = locked.values_list("pk", flat=True).first()
        if pk is None:
            return None
        JobChunk.objects.filter(pk=pk).update(**_lease_values(token, worker))
    return _taken(pk)


def _taken(pk: int) -> JobChunk:
    chunk = JobChunk.objects.defer("summary").get(pk=pk)
    now = timezone.now()
    Job.objects.filter(pk=chunk.job_id, state__in=UNFINISHED).update(
        state=RUNNING, started=Coalesce("started", now), moved=now, claimed=now
    )
    return chunk


def next_job(now) -> str | None:
    """The job whose chunk is played next: see the module's docstring."""
    pending = JobChunk.objects.filter(
        job=OuterRef("pk"), finished__isnull=True, leased_until__isnull=True
    )
    waiting = (
        Job.objects.filter(state__in=UNFINISHED)
        .filter(Exists(pending))
        .order_by("created", "pk")
        .values_list("pk", "client")
    )
    first: dict[str, str] = {}  # client → its oldest waiting job, oldest clients first
    for pk, client in waiting:
        first.setdefault(client, pk)
    if len(first) <= 1:
        return next(iter(first.values()), None)
    playing = Counter(
        JobChunk.objects.filter(
            finished__isnull=True,
            leased_until__gt=now,
            job__state__in=UNFINISHED,
            job__client__in=list(first),
        ).values_list("job__client", flat=True)
    )
    last = dict(
        Job.objects.filter(client__in=list(first), claimed__isnull=False)
        .values("client")
        .annotate(last=Max("claimed"))
        .values_list("client", "last")
    )
    client = min(first, key=lambda c: (playing[c], last.get(c) or NEVER))  # stable: oldest
    return first[client]


class Lease:
    """A playing chunk's `should_stop` (engine/core/limits.watching): renews the lease every
    third of its time, and says stop once the job is over (cancelled, failed) or the lease was
    lost (this worker was taken for dead and another one plays the chunk)."""

    def __init__(self, chunk: JobChunk):
        self.chunk_id, self.job_id, self.token = chunk.pk, chunk.job_id, chunk.token
        self.renewed = time.monotonic()

    def __call__(self) -> bool:
        if time.monotonic() - self.renewed >= renew_every():
            self.renewed = time.monotonic()
            if not renew(self.chunk_id, self.token):
                return True
        return not Job.objects.filter(pk=self.job_id, state__in=UNFINISHED).exists()


def renew(chunk_id: int, token: str) -> bool:
    until = timezone.now() + timedelta(seconds=lease_seconds())
    mine = JobChunk.objects.filter(pk=chunk_id, token=token, finished__isnull=True)
    return bool(mine.update(leased_until=until))


def release_expired(job_id: str | None = None) -> int:
    """Make the chunks whose lease ran out (their worker died) pending again; how many.
    The UPDATE re-checks the lease, so two workers sweeping at once release each chunk once."""
    now = timezone.now()
    expired = JobChunk.objects.filter(
        finished__isnull=True, leased_until__lt=now, job__state__in=UNFINISHED
    )
    if job_id is not None:
        expired = expired.filter(job_id=job_id)
    ids = list(expired.values_list("pk", flat=True)[:1000])
    if not ids:
        return 0
    still = JobChunk.objects.filter(pk__in=ids, finished__isnull=True, leased_until__lt=now)
    return still.update(leased_until=None, token="", worker="")


def pending_chunks(unmoved_since) -> int:
    """Chunks waiting, of the jobs no worker moved since `unmoved_since`."""
    return JobChunk.objects.filter(
        finished__isnull=True,
        leased_until__isnull=True,
        job__state__in=UNFINISHED,
        job__moved__lt=unmoved_since,
    ).count()


def taken_since(moment) -> bool:
    """Did any worker take a chunk since `moment`?"""
    return Job.objects.filter(state__in=UNFINISHED, claimed__gte=moment).exists()
