"""Rates with their 95 % intervals, as match reports give them (RULES.md MATCH-1).

A win rate from a few hundred games is uncertain by several points; reports give the
Wilson score interval (good at rates near 0 or 1 and for small counts, where the normal
approximation gives impossible bounds) and, for two decks compared against the same
opponents, Newcombe's hybrid score interval for the difference of their rates.
"""

from __future__ import annotations

from math import sqrt

Z_95 = 1.959963984540054  # the standard normal quantile for a two-sided 95 % interval
DIGITS = 4
MIN_GAMES = 30  # MATCH-1: a card seen in fewer games shows "too few games", not a rate
TOO_FEW_GAMES = "too few games"


def wilson(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval (low, high) of the rate successes / trials."""
    if trials <= 0:
        raise ValueError("an interval needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError("successes must lie between 0 and the number of trials")
    rate = successes / trials
    z2 = z * z
    centre = rate + z2 / (2 * trials)
    spread = z * sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials))
    scale = 1 + z2 / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def newcombe_difference(
    successes_a: int, trials_a: int, successes_b: int, trials_b: int, z: float = Z_95
) -> tuple[float, float, float]:
    """(difference, low, high) of rate A − rate B: Newcombe's method 10, which combines
    the two Wilson intervals instead of assuming the difference is normal."""
    rate_a, rate_b = successes_a / trials_a, successes_b / trials_b
    low_a, high_a = wilson(successes_a, trials_a, z)
    low_b, high_b = wilson(successes_b, trials_b, z)
    difference = rate_a - rate_b
    below = sqrt((rate_a - low_a) ** 2 + (high_b - rate_b) ** 2)
    above = sqrt((high_a - rate_a) ** 2 + (rate_b - low_b) ** 2)
    return difference, difference - below, difference + above


def rate(successes: int, trials: int) -> dict | None:
    """`{value, low, high}` for a report, or None when there were no trials."""
    if trials <= 0:
        return None
    low, high = wilson(successes, trials)
    return _rounded(successes / trials, low, high)


def rate_or_too_few(successes: int, trials: int) -> dict | str:
    """A per-card rate, or "too few games" under MIN_GAMES (MATCH-1)."""
    if trials < MIN_GAMES:
        return TOO_FEW_GAMES
    return rate(successes, trials)


def difference(successes_a: int, trials_a: int, successes_b: int, trials_b: int) -> dict:
    """`{value, low, high, measurable}`: measurable is False when the interval holds 0,
    which reports say as "no measurable difference" (MATCH-1)."""
    value, low, high = newcombe_difference(successes_a, trials_a, successes_b, trials_b)
    return {**_rounded(value, low, high), "measurable": not low <= 0 <= high}


def _rounded(value: float, low: float, high: float) -> dict:
    return {"value": round(value, DIGITS), "low": round(low, DIGITS), "high": round(high, DIGITS)}


def paired_difference(won_a: dict, won_b: dict, z: float = Z_95) -> tuple[float, float, float, int]:
    """(difference, low, high, pairs) of win rate A − B on paired games: the games of
    both decks on the same seeds (the same opponent and first player, DOCTOR-1), each pair
    giving d = won_A − won_B ∈ {−1, 0, 1}; the interval is the mean of d ± z standard
    errors (its sample standard deviation / √pairs). The shuffle's luck, shared by both
    games of a pair, cancels out of d: the interval is narrower than the unpaired one."""
    seeds = won_a.keys() & won_b.keys()
    count = len(seeds)
    if not count:
        raise ValueError("no paired games")
    values = [int(won_a[seed]) - int(won_b[seed]) for seed in seeds]
    mean = sum(values) / count
    if count < 2:
        return mean, -1.0, 1.0, count
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    spread = z * sqrt(variance / count)
    return mean, max(-1.0, mean - spread), min(1.0, mean + spread), count


def paired(won_a: dict, won_b: dict, unpaired: dict) -> dict:
    """`{value, low, high, measurable, paired: true, unpaired: {value, low, high},
    narrower}` — `narrower` is how much shorter the paired interval is than the
    unpaired (Newcombe) one, as a fraction."""
    value, low, high, _count = paired_difference(won_a, won_b)
    width = unpaired["high"] - unpaired["low"]
    result = {**_rounded(value, low, high), "measurable": not low <= 0 <= high}
    result["paired"] = True
    result["unpaired"] = {key: unpaired[key] for key in ("value", "low", "high")}
    result["narrower"] = round(1 - (high - low) / width, DIGITS) if width > 0 else 0.0
    return result
