"""Which cards are "the same card" (RULES.md Decision NAME-1), without Django.

Two printings share a name when any of their catalogued names (ja, zh_hant, zh_hans, en)
are equal after Traditional→Simplified folding, NFKC and case folding. The Django app folds
names with OpenCC (`cards.names`) and hands the engines the keys (`CardSpec.name_keys`,
`evolves_from_keys`, `requirement_keys`); specs built without the app (the card schema,
benchmarks, tests) fall back to `fold_key`, the stdlib part of the folding.

"Shares a name" is not transitive: A = {アグモン, Agumon} and B = {Agumon, 亚古兽} share
one, as do B and C = {亚古兽}, but A and C share none. Treating A and C as different cards
while both are B would let a deck hold 3 × A, 3 × B and 3 × C of one card, so the identity
is the transitive closure within the cards at hand: a union-find over their name keys
(`group_by_name`). The validator (decks/rules) and both engines group the same way.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import lru_cache
from typing import TypeVar

from engine.core.cards import CardSpec

T = TypeVar("T")


@lru_cache(maxsize=4096)
def fold_key(text: str) -> str:
    """NFKC and case folding: the part of NAME-1's folding the standard library can do."""
    return unicodedata.normalize("NFKC", text.replace("\x00", "")).casefold() if text else ""


def keys_of(texts: Iterable[str | None]) -> frozenset[str]:
    return frozenset(key for text in texts if text and (key := fold_key(text)))


def name_keys(spec: CardSpec) -> frozenset[str]:
    """The card's own names, folded: the app's keys, else its display and schema names."""
    if spec.name_keys:
        return spec.name_keys
    names = (spec.data or {}).get("names") or {}
    return keys_of([spec.name, *(names.values() if isinstance(names, dict) else ())])


def evolves_from_keys(spec: CardSpec) -> frozenset[str]:
    """The names of the card this one evolves from (PAD-1.1, DGM-4.3), folded."""
    if spec.evolves_from_keys:
        return spec.evolves_from_keys
    data = spec.data or {}
    name = data.get("evolves_from_name") or data.get("evolves_from")
    return keys_of([name if isinstance(name, str) else None])


def requirement_keys(spec: CardSpec) -> frozenset[str]:
    """The names of the card a PAD ultimate needs in hand (PAD-1.1), folded."""
    return spec.requirement_keys or keys_of([spec.ultimate_requirement])


def group_by_name(items: Sequence[T], keys: Callable[[T], Iterable[str]]) -> list[list[T]]:
    """`items` grouped by NAME-1 identity: items that share a key, directly or through
    other items, form one group. Groups keep the order of their first item, and items keep
    their order within a group; an item without keys is a group of its own."""
    parent: dict[str, str] = {}

    def find(key: str) -> str:
        while parent[key] != key:
            parent[key] = parent[parent[key]]  # path halving keeps the trees flat
            key = parent[key]
        return key

    item_keys = [sorted(set(keys(item))) for item in items]
    for own in item_keys:
        for key in own:
            parent.setdefault(key, key)
        for key in own[1:]:
            parent[find(key)] = find(own[0])
    groups: dict[Hashable, list[T]] = {}
    for index, (item, own) in enumerate(zip(items, item_keys, strict=True)):
        root: Hashable = find(own[0]) if own else ("no name", index)
        groups.setdefault(root, []).append(item)
    return list(groups.values())
