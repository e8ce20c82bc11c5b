"""Process-tree helpers for tests that check no process outlives its work (Linux /proc)."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from pathlib import Path

PROC = Path("/proc")


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command name, or None if it is gone."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()  # the name may hold spaces and brackets


def identity(pid: int) -> tuple[int, str] | None:
    """(pid, start time): a pid the kernel reuses later is not the same process."""
    fields = _stat(pid)
    return None if fields is None else (pid, fields[19])


def is_running(process: tuple[int, str]) -> bool:
    """The process exists and is not a zombie (an exited child waiting to be reaped)."""
    fields = _stat(process[0])
    return fields is not None and fields[19] == process[1] and fields[0] != "Z"


def children(parent: int) -> set[int]:
    found = set()
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and int(fields[1]) == parent and fields[0] != "Z":
                found.add(int(entry.name))
    return found


def descendants(root: int) -> set[int]:
    found, frontier = set(), {root}
    while frontier:
        frontier = set().union(*(children(pid) for pid in frontier)) - found
        found |= frontier
    return found


def catches(pid: int, number: int) -> bool:
    """Whether the process has a handler installed for signal `number`."""
    for line in (PROC / str(pid) / "status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) & (1 << (number - 1)))
    raise AssertionError(f"no SigCgt line for {pid}")


def wait_until(condition, seconds: float, every: float = 0.05) -> bool:
    """Whether `condition()` came true within `seconds`, asked every `every` seconds."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(every)
    return condition()


def kill_all(processes) -> None:
    """Clean-up after a failed test: SIGKILL the given (pid, start time) processes."""
    for process in processes:
        if is_running(process):
            with contextlib.suppress(OSError):
                os.kill(process[0], signal.SIGKILL)
