"""Heavy renders (issue 24, finding 5; a benchmark, not a unit test).

    .venv/bin/python bench/heavy_renders.py [--decks 200]
    .venv/bin/python bench/heavy_renders.py --smoke     # seconds: checks it still works

Builds a fresh SQLite site (the starter catalogue and synthetic cards) with one public deck
at the caps of decks/limits.py: 1,000 cards, 500 different ones, two copies each. Then,
in process (Django's test client, one core), times and weighs:
- its proxy sheets (`proxies.pdf`, A4): in English with no proxy drawn yet, in English
  again, and in Traditional Chinese (its proxies drawn for that language first);
- its picture (`image.png`), twice;
- the deck API's largest list page, `/api/decks/?page_size=200`, once N public decks like
  it (rows written directly) are listed.
Every answer must be a 200. The render budget and the throttles stay on at rates the
benchmark never reaches (bench/bench_settings.py), so their bookkeeping is in the figures.

`--load SECONDS` then serves the same site with the real gunicorn (2 workers, DEBUG off,
the site's own limits, one proxy in front: clients told apart by X-Forwarded-For) while
two anonymous clients ask for the big deck's sheets in every language and paper, over
and over, and a third asks /healthz four times a second: the issue's "two anonymous
clients on the PDF for 45 s push /healthz p95 to 5.6 s".
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

from prepared_db import prepared_sqlite
from search_latency import ROOT, percentile, setup_django

BIN = Path(sys.executable).parent
VARIANTS = [
    (lang, paper) for paper in ("a4", "letter") for lang in ("en", "zh-hant", "zh-hans", "ja")
]

SMOKE_DECKS, SMOKE_CARDS = 3, 12  # different cards of the deck in a smoke run
DECK_CARDS, COPIES = 500, 2  # decks/limits.py: MAX_ENTRIES, and MAX_DECK_CARDS in all


def build_site(cards: int) -> str:
    """The catalogue, `cards` synthetic PAD cards at least, and the big public deck's id."""
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from cards.models import Card
    from decks.models import DECK, PUBLIC
    from decks.rules import EntryInput
    from decks.services import deck_create

    call_command("load_catalogue", verbosity=0, reference_decks=False)
    call_command("generate_cards", str(max(cards * 2, 100)), verbosity=0)
    chosen = list(Card.objects.filter(game="pad").order_by("pk").values_list("pk", flat=True))
    owner = User.objects.create_user("bench-renders")
    deck = deck_create(
        owner=owner,
        game="pad",
        name="Bench: every card twice",
        visibility=PUBLIC,
        entries=[EntryInput(card_id=pk, quantity=COPIES, zone=DECK) for pk in chosen[:cards]],
    )
    return deck.pk


def add_listed_decks(count: int, model_pk: str) -> None:
    """`count` public decks holding the big deck's cards (rows written directly)."""
    from decks.models import PUBLIC, Deck, DeckEntry

    model = Deck.objects.get(pk=model_pk)
    entries = list(model.entries.all())
    decks = Deck.objects.bulk_create(
        Deck(
            owner_id=model.owner_id,
            game=model.game,
            name=f"Bench listed {index}",
            visibility=PUBLIC,
            deck_count=model.deck_count,
            key_card_id=model.key_card_id,
        )
        for index in range(count)
    )
    DeckEntry.objects.bulk_create(
        (
            DeckEntry(deck=deck, card_id=e.card_id, quantity=e.quantity, zone=e.zone)
            for deck in decks
            for e in entries
        ),
        batch_size=5000,
    )


def timed(client, url: str) -> dict:
    started = time.perf_counter()
    response = client.get(url)
    elapsed = time.perf_counter() - started
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}: {response.content[:300]!r}")
    body = b"".join(response) if response.streaming else response.content
    figures = {"s": round(elapsed, 3), "bytes": len(body)}
    if response["Content-Type"].startswith("application/json"):
        data = json.loads(body)
        figures["decks"] = len(data["results"])
        figures["entries"] = sum(len(deck["entries"]) for deck in data["results"])
    return figures


def _get(url: str, headers: dict, timeout: float = 90) -> tuple[int, int, float]:
    """Status, bytes and seconds of a GET (an error status is an answer too; 0: none)."""
    started = time.perf_counter()
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, size = response.status, len(response.read())
    except urllib.error.HTTPError as error:
        status, size = error.code, len(error.read())
    except OSError:
        status, size = 0, 0
    return status, size, time.perf_counter() - started


def under_load(folder: Path, deck: str, seconds: float) -> dict:
    """Two anonymous clients on the sheets and a /healthz poller, on the real gunicorn."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        DJANGO_SETTINGS_MODULE="cardsite.settings",
        DEBUG="0",
        ALLOWED_HOSTS="127.0.0.1",
        REDIS_URL="",
        PROXY_COUNT="1",
        STATIC_ROOT=str(folder / "static"),
        REQUEST_LOG="0",
    )
    server = subprocess.Popen(
        [BIN / "gunicorn", "cardsite.wsgi", "-w", "2", "-b", f"127.0.0.1:{port}"]
        + ["--timeout", "60"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            if _get(f"{base}/healthz", {}, 2)[0] == 200:
                break
            time.sleep(0.5)
        end = time.monotonic() + seconds
        sheets: dict[int, list] = {1: [], 2: []}
        health: list = []

        def client(number: int) -> None:
            headers = {"X-Forwarded-For": f"198.51.100.{number}"}
            turn = number
            while time.monotonic() < end:
                lang, paper = VARIANTS[turn % len(VARIANTS)]
                url = f"{base}/api/decks/{deck}/proxies.pdf?lang={lang}&paper={paper}"
                sheets[number].append(_get(url, headers))
                turn += 1

        def poller() -> None:
            while time.monotonic() < end:
                health.append(_get(f"{base}/healthz", {}, 30))
                time.sleep(0.25)

        threads = [threading.Thread(target=client, args=(n,)) for n in sheets]
        threads.append(threading.Thread(target=poller))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    answers = [answer for number in sheets for answer in sheets[number]]
    health_ms = [answer[2] * 1000 for answer in health]
    return {
        "seconds": seconds,
        "sheets_statuses": dict(Counter(str(status) for status, _, _ in answers)),
        "sheets_bytes": sum(size for _, size, _ in answers),
        "sheets_p50_s": round(percentile([t for _, _, t in answers], 0.5), 3),
        "sheets_max_s": round(max(t for _, _, t in answers), 3),
        "healthz_requests": len(health),
        "healthz_failed": sum(status != 200 for status, _, _ in health),
        "healthz_p50_ms": round(percentile(health_ms, 0.5), 1),
        "healthz_p95_ms": round(percentile(health_ms, 0.95), 1),
        "healthz_max_ms": round(max(health_ms), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=200, help="public decks to list")
    parser.add_argument(
        "--load", type=float, default=0, help="seconds of two clients on gunicorn (0: none)"
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help=f"a deck of {SMOKE_CARDS} cards and {SMOKE_DECKS} listed: checks that it works",
    )
    args = parser.parse_args()
    cards = SMOKE_CARDS if args.smoke else DECK_CARDS
    if args.smoke:
        args.decks = SMOKE_DECKS
    folder = Path(tempfile.mkdtemp(prefix="cardsite-bench-renders-"))
    os.environ.update(
        MEDIA_ROOT=str(folder / "media"), JOB_QUEUE_DIR=str(folder / "queue"), REQUEST_LOG=""
    )
    prepared_sqlite(folder / "bench.sqlite3", catalogue=False)  # migrated
    setup_django(f"sqlite:///{folder / 'bench.sqlite3'}")
    from django.test import Client

    deck = build_site(cards)
    client = Client()
    base = f"/api/decks/{deck}"
    report = {"deck": {"cards": cards * COPIES, "different": cards}}
    report["pdf_en_first"] = timed(client, f"{base}/proxies.pdf?paper=a4&lang=en")
    report["pdf_en_again"] = timed(client, f"{base}/proxies.pdf?paper=a4&lang=en")
    report["pdf_zh_hant_first"] = timed(client, f"{base}/proxies.pdf?paper=a4&lang=zh-hant")
    report["png_en_first"] = timed(client, f"{base}/image.png?lang=en")
    report["png_en_again"] = timed(client, f"{base}/image.png?lang=en")
    add_listed_decks(args.decks, deck)
    report["list_page_size_200"] = timed(client, "/api/decks/?page_size=200")
    if args.load:
        from django.db import connections

        connections.close_all()
        report["under_load"] = under_load(folder, deck, args.load)
    print(json.dumps(report, indent=2))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
