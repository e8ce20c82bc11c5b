"""Run a batch of games on one process or a process pool, deterministically.

Game `i` of a batch seeded `seed` always uses `game_seed(seed, i)` and, when both orders
are asked for, goes first when `i` is even. Games are cut into chunks of consecutive
indices; each worker tallies its chunk into a game-specific `Summary` and the chunks are
merged in index order, so the report does not depend on the number of processes.

A pool started inside a web server's worker must never outlive the request: its workers
reset every signal handler inherited from the server (gunicorn's SIGTERM handler only sets
a flag, so `Pool.terminate()` could not stop them and `Pool.__exit__` blocked forever),
die with the process that started them, and are always terminated and joined, on success,
on error and when the time limit passes.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator

from engine.core.limits import TimeLimit, watching
from engine.core.recipes import Recipe
from engine.core.registry import Prepared, Summary
from engine.core.seeds import game_seed

__all__ = ["TimeLimit", "run_recipe", "play_range"]

CHUNK = 500  # games per task: large enough to amortise the pickling of a summary
PARALLEL_FROM = 2000  # processes=None uses every core from this many games on
PR_SET_PDEATHSIG = 1  # Linux prctl(2) option: a signal sent to us when our parent dies

# Signals a server worker typically handles (gunicorn: TERM, INT, QUIT, ABRT, USR1, WINCH);
# blocked while the pool forks, so none reaches a worker before it drops the handlers.
# The engines run on POSIX systems only (the servers they run under are POSIX-only too).
SERVER_SIGNALS = frozenset(
    {
        signal.SIGTERM,
        signal.SIGINT,
        signal.SIGQUIT,
        signal.SIGABRT,
        signal.SIGHUP,
        signal.SIGUSR1,
        signal.SIGUSR2,
    }
)


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


def _reset_signals() -> None:
    """Drop every Python signal handler inherited from the parent (a forked gunicorn worker
    carries gunicorn's), so SIGTERM from `Pool.terminate()` ends this process again."""
    for number in signal.valid_signals():
        with contextlib.suppress(OSError, ValueError):
            if callable(signal.getsignal(number)):
                signal.signal(number, signal.SIG_DFL)
    with contextlib.suppress(ValueError):
        signal.set_wakeup_fd(-1)  # gunicorn's wake-up pipe belongs to the parent
    signal.pthread_sigmask(signal.SIG_UNBLOCK, SERVER_SIGNALS)


def _die_with_parent(parent: int | None) -> None:
    """Linux: be killed when the starting process dies, even by SIGKILL (a server killing a
    stuck worker), so no pool process is ever orphaned."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        # No prctl outside Linux (e.g. a developer's macOS): there the pool's terminate in
        # run()'s finally is what ends the workers.
        return
    if parent is not None and os.getppid() != parent:
        os._exit(1)  # the parent died before prctl took effect


def _init_worker(recipe: Recipe, parent: int | None = None) -> None:
    _reset_signals()
    _die_with_parent(parent)
    _WORKER["recipe"] = recipe
    _WORKER["prepared"] = recipe.prepare()


def _work(task: tuple) -> Summary:
    recipe, prepared = _WORKER["recipe"], _WORKER["prepared"]
    return _chunk(prepared, recipe.summary(prepared), task)


def _context():
    methods = multiprocessing.get_all_start_methods()
    # fork is the cheapest start, but forking a multi-threaded process (a threaded web
    # server) can deadlock; forkserver forks from a clean single-threaded server.
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


@contextlib.contextmanager
def _server_signals_blocked():
    """Hold the server's signals while workers are forked: they stay pending in a new worker
    until it has reset its handlers, and reach the parent right after."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, SERVER_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _remaining(deadline: float | None) -> float | None:
    if deadline is None:
        return None
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeLimit("The batch ran past its time limit.")
    return left


def _run_here(
    prepared: Prepared, recipe: Recipe, tasks: list[tuple], deadline: float | None
) -> Iterator[Summary]:
    """The chunks' summaries in task order, played in this process."""
    for task in tasks:
        _remaining(deadline)
        yield _chunk(prepared, recipe.summary(prepared), task)


def _run_pool(
    processes: int, tasks: list[tuple], recipe: Recipe, deadline: float | None
) -> Iterator[Summary]:
    """The chunks' summaries in task order, from a pool that is always torn down."""
    context = _context()
    parent = os.getpid() if context.get_start_method() == "fork" else None
    with _server_signals_blocked():
        pool = context.Pool(processes, initializer=_init_worker, initargs=(recipe, parent))
    try:
        parts = pool.imap(_work, tasks)  # imap yields in task order: a deterministic merge
        for _task in tasks:
            try:
                yield parts.next(timeout=_remaining(deadline))
            except multiprocessing.TimeoutError:
                raise TimeLimit("The batch ran past its time limit.") from None
        pool.close()
    finally:
        # terminate() rather than close(): on an error or time-out the workers may still be
        # busy, and a worker blocked on the task queue's lock only leaves on SIGTERM.
        pool.terminate()
        pool.join()


def run_recipe(
    recipe: Recipe,
    *,
    games: int,
    seed: int,
    going_first: bool | None,
    processes: int | None,
    progress: Callable[[int, int], None] | None,
    deadline: float | None = None,
) -> Summary:
    """The merged summary of the batch; past `deadline` (time.monotonic()) raises TimeLimit."""
    prepared = recipe.prepare()
    if processes is None:
        processes = cpu_count() if games >= PARALLEL_FROM else 1
    if multiprocessing.current_process().daemon:
        processes = 1  # a daemonic worker (a task queue's) may not have children
    processes = max(1, min(processes, -(-games // CHUNK) or 1))
    tasks = [
        (seed, start, min(start + CHUNK, games), going_first) for start in range(0, games, CHUNK)
    ]
    total = recipe.summary(prepared)
    if processes == 1:
        parts = _run_here(prepared, recipe, tasks, deadline)
    else:
        parts = _run_pool(processes, tasks, recipe, deadline)
    # The games played here watch the deadline themselves (engine/core/limits.py), so one
    # slow game cannot outlast it; a pool's games are stopped by the pool's teardown.
    with watching(deadline):
        try:
            for task, part in zip(tasks, parts, strict=True):
                total.merge(part)
                if progress:
                    progress(task[2], games)
        finally:
            parts.close()  # runs the pool's teardown now, not when the generator is collected
    return total
