"""Simulation jobs (issue 14): a batch cut into chunks that Celery workers play.

A job keeps its plan (engine/core/plan.py, pickled: decks as they were when it was
submitted), one row per chunk holding that chunk's summary once played, and the report
as the exact JSON text the in-process run gives (text, not JSON column: PostgreSQL's jsonb
would reorder its keys).

The database, not the broker, knows what is left to play (issue 24): a chunk is pending,
leased (a worker plays it and renews `leased_until` while it does) or finished. Each job
names its client (account or session), so workers share themselves fairly between
clients (engine/jobs/leases.py).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

QUEUED, RUNNING, DONE, FAILED, CANCELLED = "queued", "running", "done", "failed", "cancelled"
STATES = [(s, s) for s in (QUEUED, RUNNING, DONE, FAILED, CANCELLED)]
UNFINISHED = (QUEUED, RUNNING)
KINDS = [(k, k) for k in ("goldfish", "matchup", "compare", "doctor")]


def new_job_id() -> str:
    """Unguessable: a job's URL is how its report is shared. Never starting with "-", which
    a command line (`manage.py jobs --cancel ID`) would read as an option."""
    while (token := secrets.token_urlsafe(12)).startswith("-"):
        pass
    return token


class Job(models.Model):
    id = models.CharField(primary_key=True, max_length=16, default=new_job_id, editable=False)
    kind = models.CharField(max_length=10, choices=KINDS)
    game = models.CharField(max_length=10)
    state = models.CharField(max_length=10, choices=STATES, default=QUEUED)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    session_key = models.CharField(max_length=40, blank=True, db_index=True)
    decks = models.ManyToManyField("decks.Deck", blank=True, related_name="+")
    parameters = models.JSONField(default=dict)  # what was asked, for the pages
    games_total = models.PositiveIntegerField()
    games_done = models.PositiveIntegerField(default=0)
    plan = models.BinaryField()
    # A staged plan (the deck doctor's, engine/core/doctor.py) plays stage after stage: the
    # next one's chunks are made when the last of this one is played.
    stage = models.PositiveSmallIntegerField(default=0)
    report = models.TextField(blank=True)
    error_code = models.CharField(max_length=40, blank=True)
    error_message = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True, db_index=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    moved = models.DateTimeField()  # the last time a chunk of it was taken or finished
    expires = models.DateTimeField(db_index=True)
    # Who the workers share themselves between: "user:<id>", "session:<key>", "" (command line).
    client = models.CharField(max_length=60, blank=True, default="")
    claimed = models.DateTimeField(null=True, blank=True)  # a worker last took a chunk of it

    class Meta:
        ordering = ["-created"]
        indexes = [
            models.Index(fields=["state", "moved"]),
            models.Index(fields=["client", "claimed"]),
        ]

    def __str__(self) -> str:
        return f"{self.kind} job {self.pk} ({self.state})"

    @property
    def finished_state(self) -> bool:
        return self.state not in UNFINISHED


class JobChunk(models.Model):
    """Games start … stop-1 of the plan's recipe number `recipe`: pending (no lease, not
    finished), leased (`leased_until` in the future: a worker plays it) or finished. A lease
    that ran out is a dead worker's: the chunk goes back to pending."""

    job = models.ForeignKey(Job, on_delete=models.CASCADE, related_name="chunks")
    number = models.PositiveIntegerField()
    recipe = models.PositiveIntegerField()
    start = models.PositiveIntegerField()
    stop = models.PositiveIntegerField()
    summary = models.BinaryField(null=True)
    finished = models.DateTimeField(null=True, blank=True, db_index=True)
    leased_until = models.DateTimeField(null=True, blank=True, db_index=True)
    # The queue message (task id) that took it: the same message delivered again after its
    # process died takes its chunk back at once.
    token = models.CharField(max_length=64, blank=True, default="", db_index=True)
    worker = models.CharField(max_length=200, blank=True, default="")  # host:pid, for people
    attempts = models.PositiveSmallIntegerField(default=0)  # times a worker took it

    class Meta:
        ordering = ["job", "number"]
        constraints = [
            models.UniqueConstraint(fields=["job", "number"], name="one_chunk_per_number")
        ]

    @property
    def games(self) -> int:
        return self.stop - self.start


class LadderRun(models.Model):
    """PLAY-2's ladder of one game as `manage.py ladder --store` or the
    `engine.refresh_ladder` job last measured it; the ladder page shows the newest."""

    game = models.CharField(max_length=10)
    games = models.PositiveIntegerField()  # per pair of players
    report = models.JSONField()  # engine/ladder.py's {"game", "players", "pairs", …}
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["game", "-created"])]

    def __str__(self) -> str:
        return f"{self.game} ladder of {self.created:%Y-%m-%d %H:%M}"


# --- games played in the browser (issue 28) ------------------------------------------
AI, GOLDFISH, INVITE = "ai", "goldfish", "invite"
OPPONENT_KINDS = [(k, k) for k in (AI, GOLDFISH, INVITE)]


class PlayedGame(models.Model):
    """A game a person plays on the site: its decks, options, seed and the list of
    decisions taken (engine/core/interface.py's history). The state is never stored: it
    is rebuilt by replaying them, so a restart loses nothing and any game replays."""

    id = models.CharField(primary_key=True, max_length=16, default=new_job_id, editable=False)
    game = models.CharField(max_length=10)
    opponent_kind = models.CharField(max_length=10, choices=OPPONENT_KINDS)
    ai_policy = models.CharField(max_length=20, blank=True)  # the AI's policy name
    # seat 0 is whoever created the game; seat 1 the AI, the friend or nobody (goldfish)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    session_key = models.CharField(max_length=40, blank=True, db_index=True)
    friend = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    decks = models.JSONField(default=list)  # [{"name", "entries": [[card id, qty, zone]]}] per seat
    seed = models.BigIntegerField()
    first = models.BooleanField(default=True)  # seat 0 plays first
    history = models.JSONField(default=list)  # [[seat, action], …]
    log = models.JSONField(default=list)  # [[seat, template, values], …] per decision
    result = models.JSONField(null=True, blank=True)  # {"winner": seat|None, "reason"}
    created = models.DateTimeField(auto_now_add=True, db_index=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"{self.game} game {self.pk}"


# --- matchup and comparison runs kept for their addresses (issue 29) ---------------------
class StoredRun(models.Model):
    """A matchup or comparison report played once and read by every later view of its
    address (or of a job with the same inputs): `key` digests everything that decides the
    report (engine/stored_runs.py). The report is JSON text, as a job's (key order kept), and so
    are `samples`: the logged sample games viewed so far, by "opponent:seed"."""

    key = models.CharField(primary_key=True, max_length=64)
    kind = models.CharField(max_length=10, choices=KINDS)
    game = models.CharField(max_length=10)
    report = models.TextField()
    samples = models.TextField(default="{}")
    created = models.DateTimeField(auto_now_add=True)
    viewed = models.DateTimeField(db_index=True)  # moved at most daily; purged when old

    def __str__(self) -> str:
        return f"{self.kind} run {self.key[:12]}"
