"""Per-game seeds derived from a batch seed, identical on every machine.

Never Python's `hash()` (salted per process): sha256 of `f"{seed}:{index}"`.
"""

from __future__ import annotations

from hashlib import sha256
from random import Random


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` (0-based) of a batch seeded with `seed` (a 64-bit int)."""
    return int.from_bytes(sha256(f"{seed}:{index}".encode()).digest()[:8], "big")


def shuffle(rng: Random, cards: list) -> None:
    """Fisher–Yates on `rng.random()` in place. Unlike `Random.shuffle`, whose internals
    have changed between Python versions, this depends only on the Mersenne Twister's
    output, and it is about three times faster."""
    random = rng.random
    for i in range(len(cards) - 1, 0, -1):
        j = int(random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
