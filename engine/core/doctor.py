"""DOCTOR-1: which swaps make a deck win more, measured on paired games.

A *variant* is the deck after one or more swaps (cut one copy, add one copy; the glue,
engine/doctor.py, builds the legal ones). Every variant plays the same games as the
deck: game i against opponent i mod k, seeded `game_seed(seed, i)`, first when
⌊i / k⌋ is even — so a gain, the mean of won_variant − won_deck over the games, has the
paired interval of DOCTOR-1 (engine/core/intervals.py).

1. **Screening** (successive halving): every variant plays `first_games · k` games; the
   better quarter (at least `keep` variants) plays twice as many, and so on for `rounds`
   rounds.
2. **Confirmation** on fresh seeds (a seed the screening never used): the best screened
   swap cutting each card of the deck (its *value in this deck* is minus that swap's
   gain), and combinations of the best single swaps with different cuts (two and three
   at a time, `max_swaps`). Only these figures are reported.
3. **Holm**: the confirmed gains' p-values (normal approximation) are corrected for how
   many were compared; each interval is drawn at its Holm level, and a gain is
   measurable only when Holm rejects "no gain" and the interval lies above 0.

`Diagnosis` is that course as stages of games (`wanted`, then `record`): the command line
plays each stage here (`diagnose`), a job plays it in chunks on the workers
(`DoctorPlan`); both give the same report for the same seed.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
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
PREPARED_MATCHES = 64  # (variant, opponent) pairs a process keeps prepared


@dataclass(frozen=True)
class Variant:
    cuts: tuple  # ((card id, name, zone), …): zone "deck", or "team" (a PAD team pet)
    adds: tuple
    deck: object  # DeckSpec


@dataclass(frozen=True)
class Settings:
    game: str
    opponents: tuple  # DeckSpecs
    policy: str = "greedy"
    opponent_policy: str = "greedy"
    seed: int = 0
    first_games: int = 4  # per opponent, round 1 of the screening
    rounds: int = 3
    keep: int = 12
    confirm_games: int = 400  # per opponent
    max_swaps: int = 3
    processes: int = 1


@dataclass(frozen=True)
class Task:
    """Games start … stop−1 of variant `index` on `seed`."""

    index: int
    seed: int
    start: int
    stop: int

    @property
    def games(self) -> int:
        return self.stop - self.start


def play_games(settings: Settings, variants: Sequence[Variant], task: Task, prepared: dict):
    """Whether each game of `task` was won; `prepared` keeps prepared matches between calls."""
    engine = get_engine(settings.game)
    count = len(settings.opponents)
    won = []
    for game in range(task.start, task.stop):
        opponent = game % count
        key = (task.index, opponent)
        match = prepared.get(key)
        if match is None:
            while len(prepared) >= PREPARED_MATCHES:
                prepared.pop(next(iter(prepared)))
            match = prepared[key] = engine.prepare_match(
                variants[task.index].deck,
                settings.opponents[opponent],
                policy=settings.policy,
                opponent_policy=settings.opponent_policy,
                turn_cap=engine.default_match_cap,
            )
        first = (game // count) % 2 == 0
        won.append(match.play(game_seed(task.seed, game), going_first=first).outcome == WIN)
    return won


def _gain(won: Sequence[bool], base: Sequence[bool]) -> tuple[float, float]:
    """(mean, standard error) of the paired differences."""
    values = [int(a) - int(b) for a, b in zip(won, base, strict=True)]
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, 1.0
    variance = sum((v - mean) ** 2 for v in values) / (count - 1)
    return mean, sqrt(variance / count)


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


@dataclass
class Diagnosis:
    """The doctor's course for `variants[0]`, the deck itself, and its single swaps
    `variants[1:]`: the screening rounds, then the confirmation, each a list of tasks.
    `combine(parts)` builds a combination of single swaps (None when illegal); it runs
    once, between the screening and the confirmation, and must pickle for a job."""

    variants: list
    settings: Settings
    combine: Callable | None = None
    pruned: dict = field(default_factory=dict)  # {why: how many swaps}, for the report
    stage: int = 0  # rounds of the screening, then the confirmation
    won: dict = field(default_factory=dict)  # {(index, seed): [won, …] in game order}
    alive: list = field(default_factory=list)
    screened: dict = field(default_factory=dict)  # {index: screened gain}
    confirmed: list = field(default_factory=list)
    report: dict | None = None

    def __post_init__(self):
        if not self.alive and self.stage == 0:
            self.alive = list(range(1, len(self.variants)))

    @property
    def confirming(self) -> bool:
        return self.stage == self.settings.rounds

    @property
    def done(self) -> bool:
        return self.report is not None

    def _screen_games(self, round_number: int) -> int:
        return self.settings.first_games * len(self.settings.opponents) * 2**round_number

    def _confirm_games(self) -> int:
        return self.settings.confirm_games * len(self.settings.opponents)

    @property
    def fresh(self) -> int:
        return self.settings.seed ^ FRESH

    def wanted(self) -> list[Task]:
        """The tasks of the current stage (none once done)."""
        if self.done:
            return []
        if self.confirming:
            games = self._confirm_games()
            return [Task(i, self.fresh, 0, games) for i in [0, *self.confirmed]]
        start = self._screen_games(self.stage - 1) if self.stage else 0
        stop = self._screen_games(self.stage)
        return [Task(i, self.settings.seed, start, stop) for i in [0, *self.alive]]

    def games_left(self) -> int:
        """The games still to play: exact for the screening, the confirmation estimated
        (a swap per distinct cut and every combination) until it starts."""
        if self.done:
            return 0
        if self.confirming:
            return sum(task.games for task in self.wanted())
        alive = len(self.alive)
        games = 0
        for round_number in range(self.stage, self.settings.rounds):
            start = self._screen_games(round_number - 1) if round_number else 0
            games += (alive + 1) * (self._screen_games(round_number) - start)
            alive = min(alive, max(self.settings.keep, alive // 4))
        cuts = len({variant.cuts for variant in self.variants[1:]})
        combos = sum(
            len(list(combinations(range(3), size)))
            for size in range(2, self.settings.max_swaps + 1)
        )
        return games + (1 + cuts + combos) * self._confirm_games()

    def record(self, rows: dict[tuple[int, int], list[bool]]) -> None:
        """The current stage's outcomes ({(index, seed): won per game, in order}): move on
        to the next stage, or to the report."""
        for key, row in rows.items():
            self.won.setdefault(key, []).extend(row)
        if self.confirming:
            self.report = self._report()
            return
        seed = self.settings.seed
        for index in self.alive:
            self.screened[index] = _gain(self.won[(index, seed)], self.won[(0, seed)])[0]
        self.stage += 1
        if self.stage < self.settings.rounds:
            self.alive.sort(key=lambda i: -self.screened[i])
            self.alive = self.alive[: max(self.settings.keep, len(self.alive) // 4)]
            return
        self._choose_confirmed()

    def _choose_confirmed(self) -> None:
        best_per_cut: dict[tuple, int] = {}
        for index, _score in sorted(self.screened.items(), key=lambda item: (-item[1], item[0])):
            best_per_cut.setdefault(self.variants[index].cuts, index)
        self.confirmed = list(best_per_cut.values())
        tops = sorted(self.confirmed, key=lambda i: (-self.screened[i], i))[:3]
        for size in range(2, self.settings.max_swaps + 1):
            for group in combinations(tops, size):
                combined = self.combine([self.variants[i] for i in group]) if self.combine else None
                if combined is not None:
                    self.variants.append(combined)
                    self.confirmed.append(len(self.variants) - 1)
        self.combine = None  # done with: the confirmation needs no database

    def _report(self) -> dict:
        def cards(pairs):
            return [{"card": card, "name": name, "zone": zone} for card, name, zone in pairs]

        fresh = self.fresh
        base = self.won[(0, fresh)]
        corrected = holm([_gain(self.won[(i, fresh)], base) for i in self.confirmed])
        swaps = []
        for index, gain in zip(self.confirmed, corrected, strict=True):
            won = self.won[(index, fresh)]
            swaps.append(
                {
                    "cuts": cards(self.variants[index].cuts),
                    "adds": cards(self.variants[index].adds),
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
            "screened": len(self.screened),
            "pruned": dict(self.pruned),
            "confirmed": len(self.confirmed),
            "text": "" if helps else NO_SWAP_HELPS,
            "games": len(base),
        }


# ---- Played here: one process, or a pool of them ------------------------------------------

_pool_state: dict = {}
CHUNK = 50  # games a pool process plays per task


def _init(variants: list, settings: Settings) -> None:
    _pool_state.update(variants=variants, settings=settings, prepared=OrderedDict())


def _play(task: Task) -> tuple[Task, list[bool]]:
    state = _pool_state
    return task, play_games(state["settings"], state["variants"], task, state["prepared"])


def _split(tasks: list[Task]) -> list[Task]:
    return [
        Task(task.index, task.seed, low, min(task.stop, low + CHUNK))
        for task in tasks
        for low in range(task.start, task.stop, CHUNK)
    ]


def diagnose(
    variants: list[Variant],
    settings: Settings,
    combine: Callable[[list[Variant]], Variant | None] | None = None,
    progress: Callable[[str], None] | None = None,
    pruned: dict | None = None,
) -> dict:
    """The doctor's report (issue 27's contract), every stage played in this process or on
    `settings.processes` processes."""
    diagnosis = Diagnosis(list(variants), settings, combine, pruned=dict(pruned or {}))
    pool = None
    try:
        while not diagnosis.done:
            tasks = diagnosis.wanted()
            if progress:
                stage = "confirming" if diagnosis.confirming else "screening"
                progress(f"{stage} {len(tasks) - 1} swaps")
            if diagnosis.confirming or pool is None:
                # the variants (combinations added) changed: the pool must know them
                if pool is not None:
                    pool.close()
                    pool.join()
                    pool = None
                if settings.processes > 1:
                    pool = get_context("spawn").Pool(
                        settings.processes, _init, (diagnosis.variants, settings)
                    )
                else:
                    _init(diagnosis.variants, settings)
            parts = _split(tasks)
            played = pool.imap_unordered(_play, parts) if pool else map(_play, parts)
            outcomes = dict(played)
            diagnosis.record({(task.index, task.seed): _merged(task, outcomes) for task in tasks})
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return diagnosis.report


def _merged(task: Task, outcomes: dict[Task, list[bool]]) -> list[bool]:
    row: list[bool] = []
    for part in _split([task]):
        row += outcomes[part]
    return row


# ---- Played by the job workers -------------------------------------------------------------


@dataclass(frozen=True)
class DoctorChunk:
    """Games start … stop−1 of the current stage's games, its tasks laid end to end."""

    recipe: int
    start: int
    stop: int


@dataclass
class DoctorPlan:
    """A doctor job's plan (engine/jobs/services.py): the diagnosis at its current stage.
    The stage's games are its tasks laid end to end, cut into chunks of consecutive games;
    once every chunk is played, `assemble` records them and gives the next stage's plan,
    or the report."""

    diagnosis: Diagnosis
    staged = True

    @property
    def total(self) -> int:
        return sum(task.games for task in self.diagnosis.wanted())

    @property
    def stage(self) -> int:
        return self.diagnosis.stage

    def games_left(self) -> int:
        return self.diagnosis.games_left()

    def check(self) -> None:
        return None

    def chunks(self, size: int) -> list[DoctorChunk]:
        total = self.total
        return [DoctorChunk(0, start, min(start + size, total)) for start in range(0, total, size)]

    def prepare(self, _recipe: int) -> dict:
        return OrderedDict()  # the matches this process prepares, variant by variant

    def _pieces(self, start: int, stop: int):
        """(task part, offset in the stage) covering games start … stop−1 of the stage."""
        offset = 0
        for task in self.diagnosis.wanted():
            low, high = max(start, offset), min(stop, offset + task.games)
            if low < high:
                first = task.start + low - offset
                yield Task(task.index, task.seed, first, first + high - low)
            offset += task.games

    def play_chunk(self, chunk, prepared: dict | None = None) -> list[bool]:
        prepared = OrderedDict() if prepared is None else prepared
        diagnosis = self.diagnosis
        won: list[bool] = []
        for part in self._pieces(chunk.start, chunk.stop):
            won += play_games(diagnosis.settings, diagnosis.variants, part, prepared)
        return won

    def assemble(self, parts) -> dict | DoctorPlan:
        """The report once the confirmation is played; else this plan at its next stage."""
        ordered = sorted(parts, key=lambda part: part[0].start)
        games = [won for _chunk, row in ordered for won in row]
        if len(games) != self.total:
            raise ValueError("The chunks do not cover the stage's games exactly once.")
        rows: dict[tuple[int, int], list[bool]] = {}
        offset = 0
        for task in self.diagnosis.wanted():
            rows[(task.index, task.seed)] = games[offset : offset + task.games]
            offset += task.games
        self.diagnosis.record(rows)
        return self.diagnosis.report if self.diagnosis.done else self
