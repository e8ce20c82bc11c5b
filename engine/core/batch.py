"""Run a batch of games on one process or a process pool, deterministically.

Game `i` of a batch seeded `seed` always uses `game_seed(seed, i)` and, when both orders
are asked for, goes first when `i` is even. Games are cut into chunks of consecutive
indices; each worker tallies its chunk into a game-specific `Summary` and the chunks are
merged in index order, so the report does not depend on the number of processes.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator, Mapping

from engine.core.cards import DeckSpec
from engine.core.registry import Prepared, Summary, get_engine
from engine.core.seeds import game_seed

CHUNK = 500  # games per task: large enough to amortise the pickling of a summary
PARALLEL_FROM = 2000  # processes=None uses every core from this many games on


def cpu_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def going_first_for(index: int, going_first: bool | None) -> bool:
    return index % 2 == 0 if going_first is None else going_first


def play_range(
    prepared: Prepared, seed: int, start: int, stop: int, going_first: bool | None
) -> Iterator:
    """The results of games start … stop-1 of the batch, in order."""
    for index in range(start, stop):
        yield prepared.play(game_seed(seed, index), going_first_for(index, going_first))


def _chunk(prepared: Prepared, summary: Summary, task: tuple) -> Summary:
    seed, start, stop, going_first = task
    for result in play_range(prepared, seed, start, stop, going_first):
        summary.add(result)
    return summary


_WORKER: dict = {}


def _init_worker(game: str, deck: DeckSpec, policy: str, turn_cap: int, options) -> None:
    engine = get_engine(game)
    _WORKER["engine"] = engine
    _WORKER["prepared"] = engine.prepare(deck, policy=policy, turn_cap=turn_cap, options=options)


def _work(task: tuple) -> Summary:
    engine, prepared = _WORKER["engine"], _WORKER["prepared"]
    return _chunk(prepared, engine.summary(prepared), task)


def _context():
    methods = multiprocessing.get_all_start_methods()
    # fork is the cheapest start, but forking a multi-threaded process (a threaded web
    # server) can deadlock; forkserver forks from a clean single-threaded server.
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


def run(
    deck: DeckSpec,
    *,
    games: int,
    seed: int,
    policy: str,
    going_first: bool | None,
    turn_cap: int,
    processes: int | None,
    progress: Callable[[int, int], None] | None,
    options: Mapping | None,
) -> Summary:
    engine = get_engine(deck.game)
    prepared = engine.prepare(deck, policy=policy, turn_cap=turn_cap, options=options)
    if processes is None:
        processes = cpu_count() if games >= PARALLEL_FROM else 1
    if multiprocessing.current_process().daemon:
        processes = 1  # a daemonic worker (a task queue's) may not have children
    processes = max(1, min(processes, -(-games // CHUNK) or 1))
    tasks = [
        (seed, start, min(start + CHUNK, games), going_first) for start in range(0, games, CHUNK)
    ]
    total = engine.summary(prepared)
    done = 0
    if processes == 1:
        parts: Iterator[Summary] = (
            _chunk(prepared, engine.summary(prepared), task) for task in tasks
        )
        for task, part in zip(tasks, parts, strict=True):
            total.merge(part)
            done = task[2]
            if progress:
                progress(done, games)
        return total
    args = (deck.game, deck, policy, turn_cap, dict(options) if options else None)
    with _context().Pool(processes, initializer=_init_worker, initargs=args) as pool:
        for task, part in zip(tasks, pool.imap(_work, tasks), strict=True):
            total.merge(part)  # imap yields in task order: a deterministic merge
            if progress:
                progress(task[2], games)
    return total
