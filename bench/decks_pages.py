"""Proxy sheets, deck pictures and the deck browser (issue 16's benchmark; not a unit test).

    .venv/bin/python bench/decks_pages.py [--decks 1000] [--rounds 20]
    .venv/bin/python bench/decks_pages.py --smoke     # seconds: checks it still works

Builds a fresh SQLite site with the starter catalogue and its reference decks, then:
- times the proxy-sheet PDF and the deck picture PNG of one reference deck per game, first
  with an empty media folder (every proxy drawn), again with the proxies stored, and once
  more as the stored file (issue 24: a file is drawn once per deck revision and options);
- adds N public decks (rows written directly: the benchmark reads them, it does not time
  their writing) and times the deck browser page and API in each order and with a filter,
  with the number of SQL queries per request (it must not grow with N; the throttles' and
  the render budget's counters in the limits table are left out of it).
Targets: a sheet or a picture in under 3 s drawn from nothing and under 1.5 s with the
proxies stored; the browser page's p95 under 100 ms for 1,000 public decks, in 2 queries
(the API's list, which carries every deck's cards, in 4). Figures are in-process (Django's
test client), on one core.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from prepared_db import prepared_sqlite
from search_latency import percentile, setup_django

SMOKE_DECKS = 20
SMOKE_ROUNDS = 3
ORDERS = ["newest", "forks", "gauntlet"]


def add_public_decks(count: int) -> None:
    """`count` public decks of 12 fire cards each, some forked, some with a standing."""
    from django.contrib.auth.models import User
    from django.utils import timezone

    from cards.models import Card
    from decks.models import PUBLIC, Deck, DeckEntry, GauntletStanding

    owner = User.objects.create_user("bench-browser")
    cards = list(Card.objects.filter(game="pad", attribute="fire").order_by("pk")[:40])
    decks = Deck.objects.bulk_create(
        Deck(
            owner=owner,
            game="pad",
            name=f"Bench deck {index}",
            visibility=PUBLIC,
            is_valid=index % 2 == 0,
            deck_count=36,
            key_card=cards[index % len(cards)],
            forked_from_id=None,
        )
        for index in range(count)
    )
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=deck, card=cards[(index + offset) % len(cards)], quantity=3)
        for index, deck in enumerate(decks)
        for offset in range(12)
    )
    for index, deck in enumerate(decks[1::7]):  # a few forks, to count
        Deck.objects.filter(pk=deck.pk).update(forked_from=decks[index])
    GauntletStanding.objects.bulk_create(
        GauntletStanding(
            deck=deck,
            revision=deck.revision,
            games=1400,
            win_rate=(index % 100) / 100,
            interval_low=max(0, (index % 100) / 100 - 0.03),
            interval_high=min(1, (index % 100) / 100 + 0.03),
            measured_at=timezone.now(),
        )
        for index, deck in enumerate(decks)
        if deck.is_valid
    )


def time_printing() -> dict:
    from django.core.files.storage import default_storage
    from django.test import Client

    from cards.images import PROXY_DIR
    from decks.models import Deck
    from decks.printing.pdf import page_count
    from decks.printing.sheet import copies, printed_entries
    from decks.printing.stored import RENDER_DIR

    client = Client()
    report = {}
    for game in ("pad", "digimon"):
        deck = Deck.objects.filter(reference=True, game=game).order_by("name").first()
        entries = printed_entries(deck)
        count = copies(entries)
        figures = {"deck": deck.name, "copies": count, "pages": page_count(count)}
        for kind, path in (("pdf", "proxies.pdf?paper=a4&lang=en"), ("png", "image.png?lang=en")):
            for state in ("drawn", "stored", "again"):
                # drawn: every proxy drawn first; stored: the proxies read from storage; again:
                # the file itself sent from storage (decks/printing/stored.py).
                if state == "drawn" and default_storage.exists(PROXY_DIR):
                    _empty(Path(default_storage.path(PROXY_DIR)))
                if state != "again" and default_storage.exists(RENDER_DIR):
                    _empty(Path(default_storage.path(RENDER_DIR)))
                started = time.perf_counter()
                response = client.get(f"/api/decks/{deck.pk}/{path}")
                elapsed = time.perf_counter() - started
                if response.status_code != 200:
                    raise SystemExit(f"{path} answered {response.status_code}")
                figures[f"{kind}_{state}_s"] = round(elapsed, 3)
                figures[f"{kind}_bytes"] = len(response.content)
        report[game] = figures
    return report


def _empty(folder: Path) -> None:
    for path in sorted(folder.rglob("*"), reverse=True):
        path.unlink() if path.is_file() else path.rmdir()


LIMITS_TABLE = "cardsite_limits"
TRANSACTION = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


def _reads_the_site(query: dict) -> bool:
    """A query of the page itself, not the bookkeeping of its throttles and render budget
    in the limits table (there is no Redis here: cardsite/limits_cache.py)."""
    sql = query["sql"]
    return LIMITS_TABLE not in sql and not sql.lstrip().upper().startswith(TRANSACTION)


def time_browser(rounds: int) -> dict:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    urls = {f"page {order}": f"/decks/?ordering={order}" for order in ORDERS}
    urls["page attribute:fire legal"] = "/decks/?attribute=fire&legal=1"
    urls["api gauntlet"] = "/api/decks/?ordering=gauntlet"
    report = {}
    for name, url in urls.items():
        client.get(url)  # warm
        times, queries = [], 0
        for _ in range(rounds):
            with CaptureQueriesContext(connection) as captured:
                started = time.perf_counter()
                response = client.get(url)
                times.append((time.perf_counter() - started) * 1000)
            if response.status_code != 200:
                raise SystemExit(f"{url} answered {response.status_code}")
            queries = max(queries, sum(map(_reads_the_site, captured.captured_queries)))
        report[name] = {
            "p50_ms": round(percentile(times, 0.5), 1),
            "p95_ms": round(percentile(times, 0.95), 1),
            "sql_queries": queries,
        }
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument(
        "--smoke",
        action="store_true",
        help=f"{SMOKE_DECKS} decks and {SMOKE_ROUNDS} rounds: only checks that it still works",
    )
    args = parser.parse_args()
    if args.smoke:
        args.decks, args.rounds = SMOKE_DECKS, SMOKE_ROUNDS
    folder = Path(tempfile.mkdtemp(prefix="cardsite-bench-decks-"))
    # Its own media and job queue: proxies drawn from nothing, standings queued nowhere; no
    # request log on the output, which is the report.
    os.environ.update(
        MEDIA_ROOT=str(folder / "media"), JOB_QUEUE_DIR=str(folder / "queue"), REQUEST_LOG=""
    )
    prepared_sqlite(folder / "bench.sqlite3")  # migrated, with the catalogue
    setup_django(f"sqlite:///{folder / 'bench.sqlite3'}")
    printing = time_printing()
    add_public_decks(args.decks)
    from decks.models import PUBLIC, Deck

    report = {
        "public_decks": Deck.objects.filter(visibility=PUBLIC).count(),
        "rounds": args.rounds,
        "printing": printing,
        "browser": time_browser(args.rounds),
    }
    print(json.dumps(report, indent=2, ensure_ascii=False))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
