"""Benchmark users, tokens and decks for the load test; writes what the locustfile needs.

    DATABASE_URL=postgres://…/cardsite_bench .venv/bin/python bench/load/seed.py --out data.json

Run by bench/load/run.py after migrate, load_catalogue and generate_cards. The decks are
real, legal lists built from the starter catalogue (never the synthetic SYN cards): PAD
mono-attribute decks (5 base pets as the team, 40 cards) and Digimon starter decks
(30 cards, 12 Level III). It never imports tests/.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DECK_OWNERS = 6
PASSWORD = "bench-load-password-1"  # a throwaway account in a throwaway database


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def legal_lists() -> list[tuple[str, str, str]]:
    """(game, name, list text) for every legal deck the starter catalogue allows."""
    from cards import vocabulary as v
    from decks.rules import validate_deck
    from decks.services import entries_from_text
    from decks.starter_lists import digimon_list, pad_list

    found = []
    candidates = [("pad", f"Mono {a}", lambda a=a: pad_list(a)) for a in v.values(v.ATTRIBUTES)]
    candidates += [("digimon", f"Starter {i + 1}", lambda i=i: digimon_list(i)) for i in range(3)]
    for game, name, build in candidates:
        try:
            text = build()
        except ValueError:
            continue
        if validate_deck(game, entries_from_text(game, text)).valid:
            found.append((game, name, text))
    if not any(g == "pad" for g, _, _ in found) or not any(g == "digimon" for g, _, _ in found):
        raise SystemExit("seed: the starter catalogue gave no legal deck for one of the games")
    return found


def draft_lists(lists: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    """Unfinished drafts for the validation endpoint: too few cards, one copy too many."""
    drafts = []
    for game, _name, text in lists:
        lines = text.splitlines()
        drafts.append((game, "\n".join(lines[:-2])))  # a few cards short
        last = lines[-1].split(" ", 1)
        drafts.append((game, "\n".join([*lines[:-1], f"4 {last[1]}"])))  # a 4th copy
    return drafts


def _unique(name: str) -> bool:
    from cards.lookups import AmbiguousName, NameNotFound, card_named_exactly
    from cards.models import Card

    try:
        card_named_exactly(name, Card.objects.all())
    except (AmbiguousName, NameNotFound):
        return False
    return True


def sample_cards(rng: random.Random) -> dict:
    from cards import vocabulary as v
    from cards.models import Card

    real = list(
        Card.objects.exclude(provenance=v.SYNTHETIC).values_list("pk", "name", "name_en", "game")
    )
    synthetic = list(
        Card.objects.filter(provenance=v.SYNTHETIC).order_by("pk").values_list("pk", flat=True)
    )
    synthetic = sorted(rng.sample(synthetic, min(2000, len(synthetic))))
    names = sorted({n for _, name, en, _ in real for n in (name, en) if n})
    return {
        # Names that /api/cards/named/?exact= resolves to one card (reprints are ambiguous).
        "unique_names": [name for name in names if _unique(name)],
        "real_ids": [pk for pk, *_ in real],
        "synthetic_ids": synthetic,
        "names": names,
        "prefixes": sorted({name[:3] for name in names if len(name) >= 3}),
        "total": Card.objects.count(),
    }


def seed(rng: random.Random, accounts: int) -> dict:
    """`accounts` users with API tokens (one per simulated API client, as real clients each
    have their own); the first DECK_OWNERS of them own the decks."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from rest_framework.authtoken.models import Token

    from decks.models import PRIVATE, PUBLIC, UNLISTED
    from decks.services import deck_create, entries_from_text

    lists = legal_lists()
    visibilities = [PUBLIC, PUBLIC, UNLISTED, PRIVATE]
    User = get_user_model()
    # Seeding again (run.py --reuse-db) replaces the previous benchmark users and their decks.
    User.objects.filter(username__regex=r"^bench[0-9]+$").delete()
    password = make_password(PASSWORD)  # hashed once: the API clients use tokens
    created = User.objects.bulk_create(
        User(username=f"bench{number}", password=password)
        for number in range(1, max(accounts, DECK_OWNERS) + 1)
    )
    tokens = Token.objects.bulk_create(
        Token(key=Token.generate_key(), user=user) for user in created
    )
    users, decks = [], []
    for number, (user, token) in enumerate(zip(created, tokens, strict=True), start=1):
        own = []
        for index, (game, name, text) in enumerate(lists):
            if number > DECK_OWNERS or (index + number) % 2:  # owners have half the decks each
                continue
            visibility = visibilities[len(decks) % len(visibilities)]
            deck = deck_create(
                owner=user,
                game=game,
                name=f"{name} ({user.username})",
                description="Load benchmark deck.",
                visibility=visibility,
                entries=entries_from_text(game, text),
            )
            row = {"id": deck.pk, "game": game, "visibility": visibility, "owner": user.username}
            decks.append(row)
            own.append(row)
        users.append({"username": user.username, "token": token.key, "decks": own})
    return {
        "users": users,
        "decks": decks,
        "lists": [{"game": g, "name": n, "list": t} for g, n, t in lists],
        "drafts": [{"game": g, "list": t} for g, t in draft_lists(lists)],
        "cards": sample_cards(rng),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--accounts", type=int, default=300, help="users with a token (300)")
    args = parser.parse_args()
    setup_django()
    data = seed(random.Random(args.seed), args.accounts)
    args.out.write_text(json.dumps(data, ensure_ascii=False))
    readable = sum(d["visibility"] != "private" for d in data["decks"])
    print(
        f"seed: {len(data['users'])} users with tokens, {len(data['decks'])} decks "
        f"({readable} public/unlisted), {len(data['lists'])} legal lists, "
        f"{data['cards']['total']} cards"
    )


if __name__ == "__main__":
    main()
