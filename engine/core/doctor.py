"""DOCTOR-1: which swaps make a deck win more, measured on paired games.

A *variant* is the deck after one or more swaps (cut one copy, add one copy; the glue,
engine/doctor.py, builds the legal ones). Every variant plays the same games as the
deck: game i against opponent i mod k, seeded `game_seed(seed, i)`, first when
⌊i / k⌋ is even — so a gain, the mean of won_variant − won_deck over the games, has the
paired interval of DOCTOR-1 (engine/core/intervals.py).

1. **Screening** (successive halving): every variant plays `2k` games; the better quarter
   (at least `keep` variants) plays twice as many, and so on for `rounds` rounds.
2. **Confirmation** on fresh seeds (a seed the screening never used): the best screened
   swap cutting each card of the deck (its *value in this deck* is minus that swap's
   gain), and combinations of the best single swaps with different cuts (two and three
   at a time, `max_swaps`). Only these figures are reported.
3. **Holm**: the confirmed gains' p-values (normal approximation) are corrected for how
   many were compared; each interval is drawn at its Holm level, and a gain is
   measurable only when Holm rejects "no gain" and the interval lies above 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import sqrt
from multiprocessing import get_context
from statistics import NormalDist

from engine.core.intervals import rate
from engine.core.registry import get_engine
from engine.core.result import WIN
from engine.core.seeds import game_seed

NO_SWAP_HELPS = "no swap measurably helps"
FRESH = 0x5EED  # the confirmation's seed: the screening's, xor this


@dataclass(frozen=True)
class Variant:
    cuts: tuple  # ((card id, name), …)
    adds: tuple
    deck: object  # DeckSpec


@dataclass(frozen=True)
class Settings:
    game: str
    opponents: tuple  # DeckSpecs
    policy: str = "greedy"
    opponent_policy: str = "greedy"
    seed: int = 0
    first_games: int = 2  # per opponent, round 1 of the screening
    rounds: int = 3
    keep: int = 12
    confirm_games: int = 60  # per opponent
    max_swaps: int = 3
    processes: int = 1


_variants: list = []
_settings: Settings | None = None
_prepared: dict = {}


def _init(variants: list, settings: Settings) -> None:
    global _variants, _settings
    _variants, _settings = variants, settings
    _prepared.clear()


def _play(task: tuple[int, int, int, int]) -> tuple[int, int, list[bool]]:
    """Games start … stop−1 of variant `index` on `seed`: whether each was won."""
    index, seed, start, stop = task
    settings = _settings
    engine = get_engine(settings.game)
    count = len(settings.opponents)
    won = []
    for game in range(start, stop):
        opponent = game % count
        key = (index, opponent)
        match = _prepared.get(key)
        if match is None:
            if len(_prepared) > 64:
                _prepared.clear()
            match = _prepared[key] = engine.prepare_match(
                _variants[index].deck,
                settings.opponents[opponent],
                policy=settings.policy,
                opponent_policy=settings.opponent_policy,
                turn_cap=engine.default_match_cap,
            )
        first = (game // count) % 2 == 0
        won.append(match.play(game_seed(seed, game), going_first=first).outcome == WIN)
    return index, start, won


class Runner:
    """Plays ranges of games for variants, here or on a pool of processes."""

    def __init__(self, variants: list, settings: Settings):
        self.variants, self.settings = variants, settings
        self.pool = None
        if settings.processes > 1:
            context = get_context("spawn")
            self.pool = context.Pool(settings.processes, _init, (variants, settings))
        else:
            _init(variants, settings)
        self.played = 0

    def play(self, wanted: list[tuple[int, int, int, int]]) -> dict:
        results: dict[tuple[int, int], list[bool]] = {}
        tasks = []
        for index, seed, start, stop in wanted:
            for low in range(start, stop, 50):
                tasks.append((index, seed, low, min(stop, low + 50)))
        outputs = self.pool.imap_unordered(_play, tasks) if self.pool else map(_play, tasks)
        for index, start, won in outputs:
            results[(index, start)] = won
            self.played += len(won)
        merged: dict[tuple[int, int], list[bool]] = {}
        for index, seed, start, stop in wanted:
            row = []
            for low in range(start, stop, 50):
                row += results[(index, low)]
            merged[(index, seed)] = row
        return merged

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool.join()


def _gain(won: Sequence[bool], base: Sequence[bool]) -> tuple[float, float]:
    """(mean, standard error) of the paired differences."""
    values = [int(a) - int(b) for a, b in zip(won, base, strict=True)]
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, 1.0
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    return mean, sqrt(variance / count)


def screen(runner: Runner, candidates: list[int], settings: Settings) -> dict[int, float]:
    """Successive halving over variant indices (0 is the deck itself): screened gains."""
    count = len(settings.opponents)
    games = settings.first_games * count
    done = 0
    won: dict[int, list[bool]] = {index: [] for index in [0, *candidates]}
    alive = list(candidates)
    gains: dict[int, float] = {}
    for round_number in range(settings.rounds):
        wanted = [(i, settings.seed, done, games) for i in [0, *alive]]
        for (index, _seed), row in runner.play(wanted).items():
            won[index] += row
        for index in alive:
            gains[index] = _gain(won[index], won[0])[0]
        done = games
        if round_number + 1 < settings.rounds:
            alive.sort(key=lambda i: -gains[i])
            alive = alive[: max(settings.keep, len(alive) // 4)]
            games *= 2
    return gains


def holm(gains: list[tuple[float, float]], alpha: float = 0.05) -> list[dict]:
    """Holm's step-down on (mean, standard error) pairs: each gain's interval at its
    corrected level, `measurable` when Holm rejects "no gain" (two-sided)."""
    normal = NormalDist()
    tested = []
    for position, (mean, error) in enumerate(gains):
        z = abs(mean) / error if error > 0 else (float("inf") if mean else 0.0)
        tested.append((2 * (1 - normal.cdf(z)), position))
    tested.sort()
    results: list[dict] = [{} for _ in gains]
    rejecting = True
    total = len(gains)
    for rank, (p_value, position) in enumerate(tested):
        level = alpha / (total - rank)
        rejecting = rejecting and p_value <= level
        mean, error = gains[position]
        half = normal.inv_cdf(1 - level / 2) * error
        results[position] = {
            "value": round(mean, 4),
            "low": round(max(-1.0, mean - half), 4),
            "high": round(min(1.0, mean + half), 4),
            "measurable": rejecting,
        }
    return results


def diagnose(
    variants: list[Variant],
    settings: Settings,
    combine: Callable[[list[Variant]], Variant | None],
    progress: Callable[[str], None] | None = None,
) -> dict:
    """The doctor's report (issue 27's contract) for `variants[0]`, the deck itself, and
    its single swaps `variants[1:]`; `combine` builds a combination of single swaps (None
    when illegal)."""
    runner = Runner(variants, settings)
    try:
        if progress:
            progress(f"screening {len(variants) - 1} swaps")
        screened = screen(runner, list(range(1, len(variants))), settings)
        best_per_cut: dict[tuple, int] = {}
        for index, _score in sorted(screened.items(), key=lambda item: -item[1]):
            best_per_cut.setdefault(variants[index].cuts, index)
        confirmed = list(best_per_cut.values())
        tops = sorted(confirmed, key=lambda i: -screened[i])[:3]
        extra = []
        for size in range(2, settings.max_swaps + 1):
            for group in combinations(tops, size):
                combined = combine([variants[i] for i in group])
                if combined is not None:
                    extra.append(combined)
        if extra:
            variants = variants + extra
            runner.close()
            runner = Runner(variants, settings)
            confirmed += list(range(len(variants) - len(extra), len(variants)))
        if progress:
            progress(f"confirming {len(confirmed)} swaps on fresh seeds")
        fresh = settings.seed ^ FRESH
        games = settings.confirm_games * len(settings.opponents)
        rows = runner.play([(i, fresh, 0, games) for i in [0, *confirmed]])
        base = rows[(0, fresh)]
        gains = [_gain(rows[(i, fresh)], base) for i in confirmed]
        corrected = holm(gains)
    finally:
        runner.close()
    return _report(variants, confirmed, rows, base, corrected, screened, fresh, games)


def _report(variants, confirmed, rows, base, corrected, screened, fresh, games) -> dict:
    def cards(pairs):
        return [{"card": card, "name": name} for card, name in pairs]

    swaps = []
    for index, gain in zip(confirmed, corrected, strict=True):
        won = rows[(index, fresh)]
        swaps.append(
            {
                "cuts": cards(variants[index].cuts),
                "adds": cards(variants[index].adds),
                "gain": gain,
                "win_rate": rate(sum(won), len(won)),
                "games": len(won),
            }
        )
    swaps.sort(key=lambda swap: (-swap["gain"]["value"], len(swap["cuts"])))
    values = []
    for swap in swaps:
        if len(swap["cuts"]) != 1:
            continue
        gain = swap["gain"]
        values.append(
            {
                **swap["cuts"][0],
                "value": {"value": -gain["value"], "low": -gain["high"], "high": -gain["low"]},
                "best_swap": {"cuts": swap["cuts"], "adds": swap["adds"]},
            }
        )
    values.sort(key=lambda row: -row["value"]["value"])  # the most valuable first
    helps = [s for s in swaps if s["gain"]["measurable"] and s["gain"]["value"] > 0]
    return {
        "baseline": {"win_rate": rate(sum(base), len(base)), "games": len(base)},
        "swaps": swaps,
        "card_values": values,
        "screened": len(screened),
        "confirmed": len(confirmed),
        "text": "" if helps else NO_SWAP_HELPS,
        "games": games,
    }
