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
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from search_latency import setup_django

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=200, help="public decks to list")
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
    setup_django(f"sqlite:///{folder / 'bench.sqlite3'}")
    from django.core.management import call_command
    from django.test import Client

    call_command("migrate", verbosity=0)
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
    print(json.dumps(report, indent=2))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
