"""Load benchmark: gunicorn's CPU per request, endpoint by endpoint, from its request log.

gunicorn runs with REQUEST_LOG=1: each request is one JSON line with `cpu_ms`, the
worker's CPU time across it (a sync worker serves one request at a time). The lines a run
added to gunicorn.log are sorted into the mix's endpoints (bench/load/locustfile.py's
request names) by method and path. Part of bench/load/run.py (issue 30).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from load_report import percentile

# (method, path pattern, the locustfile's request name), first match wins.
ENDPOINTS = [
    ("GET", r"/", "home html"),
    ("GET", r"/cards/", "search html"),
    ("GET", r"/cards/\d+/", "card html"),
    ("GET", r"/cards/\d+/image/\w+/", "card image"),
    ("GET", r"/decks/", "deck list html"),
    ("GET", r"/decks/[^/]+/", "deck html"),
    ("GET", r"/api/cards/", "search api"),
    ("GET", r"/api/cards/autocomplete/", "autocomplete api"),
    ("GET", r"/api/cards/named/", "named api"),
    ("GET", r"/api/cards/\d+/", "card api"),
    ("GET", r"/api/decks/", "deck list api"),
    ("GET", r"/api/decks/[^/]+/export/", "deck export api"),
    ("GET", r"/api/decks/[^/]+/", "deck api"),
    ("POST", r"/api/decks/validate/", "validate api"),
    ("POST", r"/api/goldfish/", "goldfish api"),
    ("POST", r"/api/jobs/", "job submit api"),
    ("GET", r"/api/jobs/[^/]+/", "job poll api"),
]
_COMPILED = [(method, re.compile(pattern + r"\Z"), name) for method, pattern, name in ENDPOINTS]


def endpoint_of(method: str, path: str) -> str:
    for wanted, pattern, name in _COMPILED:
        if method == wanted and pattern.match(path):
            return name
    return "other"


def log_size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


def cpu_by_endpoint(log: Path, start: int = 0) -> dict:
    """{endpoint: {"requests", "cpu_ms_mean", "cpu_ms_p95", "share_pct"}} of the request
    lines written to `log` after byte `start`, plus "ALL" for every request."""
    samples: dict[str, list[float]] = {}
    if log.exists():
        with log.open("rb") as stream:
            stream.seek(start)
            for raw in stream:
                line = raw.decode(errors="replace")
                if '"cpu_ms"' not in line:
                    continue
                try:
                    entry = json.loads(line[line.index("{") :])
                except ValueError:
                    continue
                name = endpoint_of(entry.get("method", ""), entry.get("path", ""))
                samples.setdefault(name, []).append(float(entry["cpu_ms"]))
    return cpu_table(samples)


def cpu_table(samples: dict[str, list[float]], *, with_p50: bool = False) -> dict:
    """{endpoint: {"requests", "cpu_ms_mean", ["cpu_ms_p50",] "cpu_ms_p95", "share_pct"}},
    the costliest first, plus "ALL" for every sample (when there is one)."""
    every = [value for values in samples.values() for value in values]
    total = sum(every) or 1.0

    def row(values: list[float], share: float) -> dict:
        ordered = sorted(values)
        figures = {"requests": len(values), "cpu_ms_mean": round(sum(values) / len(values), 2)}
        if with_p50:
            figures["cpu_ms_p50"] = round(percentile(ordered, 0.5), 2)
        figures["cpu_ms_p95"] = round(percentile(ordered, 0.95), 2)
        return {**figures, "share_pct": share}

    table = {
        name: row(values, round(100 * sum(values) / total, 1))
        for name, values in sorted(samples.items(), key=lambda item: -sum(item[1]))
    }
    if every:
        table["ALL"] = row(every, 100.0)
    return table


def print_cpu_by_endpoint(table: dict) -> None:
    print(f"\n{'CPU by endpoint':<18} {'reqs':>7} {'mean ms':>8} {'p95 ms':>8} {'share %':>8}")
    for name, row in table.items():
        print(
            f"{name:<18} {row['requests']:>7} {row['cpu_ms_mean']:>8} {row['cpu_ms_p95']:>8} "
            f"{row['share_pct']:>8}"
        )
