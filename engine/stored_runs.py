"""Matchup and comparison reports played once, then read by every view of their address.

A run is identified by a digest of everything that decides its report (the engines are
seeded, PAD-7, DGM-6): the options (games, seed, policies, order, turn cap), every deck's
entries and label, the number and last change of the cards they hold (a corrected card
plays differently), and the engines' own code (a changed rule plays differently). A page,
a shared link or a job with the same inputs finds the stored report instead of playing
it again; the sample games viewed on the page are kept beside it, by opponent and seed.
Runs nobody viewed for STORED_RUN_KEEP_DAYS are deleted by `manage.py jobs --purge`.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import asdict
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, Max
from django.utils import timezone

from cards.models import Card
from engine.models import StoredRun

# The code whose change changes a report: the rules engines and the card conversion.
_ENGINE_ROOT = Path(__file__).resolve().parent
_ENGINE_CODE = ("core", "pad", "digimon", "convert.py", "matchup_services.py")
MAX_SAMPLES = 32  # sample games kept per run; a page shows one at a time


@functools.cache
def engine_version() -> str:
    """A digest of the engines' source, read once per process."""
    digest = hashlib.sha256()
    for name in _ENGINE_CODE:
        path = _ENGINE_ROOT / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            digest.update(str(file.relative_to(_ENGINE_ROOT)).encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()


def run_key(run) -> str:
    """The digest naming a MatchupRequest's report (one query: its cards' stamp)."""
    data = asdict(run)
    card_ids: set[int] = set()
    for deck in [data["deck"], data["other"], *data["opponents"]]:
        if deck is not None:
            deck["entries"] = sorted(
                (e["card_id"] or 0, e["quantity"], e["zone"]) for e in deck["entries"]
            )
            card_ids.update(card_id for card_id, _, _ in deck["entries"] if card_id)
    stamp = Card.objects.filter(pk__in=card_ids).aggregate(n=Count("pk"), last=Max("updated_at"))
    data["cards"] = [stamp["n"], str(stamp["last"])]
    data["engine"] = engine_version()
    text = json.dumps(data, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def find(key: str) -> StoredRun | None:
    """The stored run of this key, marked as viewed (a write at most once a day)."""
    stored = StoredRun.objects.filter(pk=key).first()
    if stored is not None:
        now = timezone.now()
        if now - stored.viewed > timedelta(days=1):
            StoredRun.objects.filter(pk=key).update(viewed=now)
            stored.viewed = now
    return stored


def report_of(stored: StoredRun) -> dict:
    return json.loads(stored.report)


def sample_of(stored: StoredRun, opponent: int, seed: int) -> dict | None:
    return json.loads(stored.samples).get(_sample_name(opponent, seed))


def store(key: str, kind: str, game: str, report: dict) -> dict:
    """Keep a played report (a run stored meanwhile by another request wins, unchanged);
    returns the report as every later view will read it."""
    text = json.dumps(report, ensure_ascii=False)
    try:
        with transaction.atomic():
            StoredRun.objects.get_or_create(
                pk=key,
                defaults={"kind": kind, "game": game, "report": text, "viewed": timezone.now()},
            )
    except IntegrityError:  # the same run stored by a concurrent request
        pass
    return json.loads(text)


def add_sample(key: str, opponent: int, seed: int, log: dict) -> dict:
    """Keep a viewed sample game beside its run; returns it as later views will read it."""
    text = json.dumps(log, ensure_ascii=False)
    with transaction.atomic():
        stored = StoredRun.objects.select_for_update().filter(pk=key).first()
        if stored is not None:
            samples = json.loads(stored.samples)
            samples[_sample_name(opponent, seed)] = json.loads(text)
            for name in list(samples)[:-MAX_SAMPLES]:  # the oldest go first
                del samples[name]
            stored.samples = json.dumps(samples, ensure_ascii=False)
            stored.save(update_fields=["samples"])
    return json.loads(text)


def purge(now=None) -> int:
    """Delete the runs nobody viewed for STORED_RUN_KEEP_DAYS."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.STORED_RUN_KEEP_DAYS)
    deleted, _ = StoredRun.objects.filter(viewed__lt=cutoff).delete()
    return deleted


def _sample_name(opponent: int, seed: int) -> str:
    return f"{opponent}:{seed}"
