"""Exact integer tallies merged across workers, and the figures reports derive from them.

Workers only add integers, so merging chunks in any grouping gives the same totals; floats
appear once, in the final report, rounded to `DIGITS` places.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from math import ceil

DIGITS = 4


def share(part: int | float, whole: int | float) -> float:
    return round(part / whole, DIGITS) if whole else 0.0


def histogram_mean(hist: Mapping[int, int]) -> float:
    count = sum(hist.values())
    return share(sum(value * n for value, n in hist.items()), count)


def nth_value(hist: Mapping[int, int], rank: int) -> int:
    """The value at 1-based `rank` in the sorted multiset the histogram describes."""
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if seen >= rank:
            return value
    raise ValueError("rank beyond the histogram")


def percentile(hist: Mapping[int, int], p: float) -> int | None:
    """Nearest-rank percentile: the smallest value with at least p % of values ≤ it."""
    count = sum(hist.values())
    if not count:
        return None
    return nth_value(hist, max(1, ceil(p / 100 * count)))


def median(hist: Mapping[int, int]) -> float | None:
    """The middle value (the mean of the two middle values for an even count)."""
    count = sum(hist.values())
    if not count:
        return None
    low = nth_value(hist, (count + 1) // 2)
    high = nth_value(hist, count // 2 + 1)
    return (low + high) / 2


def histogram_json(hist: Mapping[int, int], values: range | None = None) -> dict[str, int]:
    """{"value": count} in value order; `values` lists every bucket, zeros included."""
    keys = values if values is not None else sorted(hist)
    return {str(k): hist.get(k, 0) for k in keys}


def turns_to_win(won: Counter, games: int) -> dict:
    """The shared `turns_to_win` block: statistics over the games won within the cap, and
    `not_won`, the share of games that were not."""
    count = sum(won.values())
    return {
        "mean": histogram_mean(won) if count else None,
        "median": median(won),
        "p10": percentile(won, 10),
        "p90": percentile(won, 90),
        "histogram": histogram_json(won),
        "not_won": share(games - count, games),
    }


def first_reached(hist: Mapping[int, int], games: int) -> dict:
    """DGM-5: how soon a stage or level comes (hist: games by the turn or round it is first
    reached); games that never reach it count only in `share_of_games`."""
    count = sum(hist.values())
    return {
        "share_of_games": share(count, games),
        "mean": histogram_mean(hist) if count else None,
        "median": median(hist),
        "p10": percentile(hist, 10),
        "p90": percentile(hist, 90),
        "histogram": histogram_json(hist),
    }
