"""Load benchmark figures: percentiles per endpoint and group, and the printed tables.
Part of bench/load/run.py.
"""

from __future__ import annotations

import math
import os

GROUP_ORDER = ["read", "image", "validate", "goldfish", "job", "other"]


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def figures(rows: list, seconds: float) -> dict:
    times = [row[2] for row in rows]
    return {
        "requests": len(rows),
        "rps": round(len(rows) / seconds, 1),
        "p50": round(percentile(times, 0.50), 1),
        "p95": round(percentile(times, 0.95), 1),
        "p99": round(percentile(times, 0.99), 1),
        "max": round(max(times, default=float("nan")), 1),
        "failures": sum(1 for row in rows if not row[3]),
    }


def summarise(rows: list, seconds: float) -> dict:
    names = sorted({(row[0], row[1]) for row in rows}, key=lambda g: (GROUP_ORDER.index(g[0]), g))
    return {
        "endpoints": {
            name: {"group": group, **figures([r for r in rows if r[1] == name], seconds)}
            for group, name in names
        },
        "groups": {
            group: figures([r for r in rows if r[0] == group], seconds)
            for group in GROUP_ORDER
            if any(r[0] == group for r in rows)
        },
        "total": figures(rows, seconds),
    }


def print_table(result: dict) -> None:
    summary = result["summary"]
    head = f"{'endpoint':<18} {'group':<9} {'reqs':>7} {'req/s':>7} {'p50':>7} {'p95':>7}"
    head += f" {'p99':>7} {'max':>7} {'fail':>5}"
    print(head)
    print("-" * len(head))

    def line(name: str, group: str, f: dict) -> None:
        print(
            f"{name:<18} {group:<9} {f['requests']:>7} {f['rps']:>7.1f} {f['p50']:>7.1f} "
            f"{f['p95']:>7.1f} {f['p99']:>7.1f} {f['max']:>7.1f} {f['failures']:>5}"
        )

    for name, f in summary["endpoints"].items():
        line(name, f["group"], f)
    print("-" * len(head))
    for group, f in summary["groups"].items():
        line(f"[{group}]", "", f)
    line("TOTAL", "", summary["total"])
    print(
        f"(times in ms, over the {result['steady_s']} s steady state with all "
        f"{result['users']} users running; the {result['ramp_up_s']} s ramp-up had "
        f"{result['ramp_up_requests']} more requests; failures over the whole run: "
        f"{result['failures_all']} of {result['requests_all']})"
    )
    cpu = result["cpu"]
    print(
        f"gunicorn CPU per request: {cpu['gunicorn_ms_per_request']} ms. "
        f"CPU in cores (of {os.cpu_count()}): gunicorn {cpu['gunicorn_cores']}, PostgreSQL "
        f"{cpu['postgres_cores']}, locust {cpu['locust_cores']}, other work "
        f"{cpu['other_cores']}; machine {cpu['machine_busy_pct']} % busy "
        f"({cpu['machine_busy_before_pct']} % just before the run)"
    )
    for name, error, count in result["failures"][:10]:
        print(f"FAILURE {count} x {name}: {error}")


def print_steps(results: list[dict], target: float) -> dict | None:
    print(f"\n{'users':>6} {'req/s':>7} {'read p50':>9} {'read p95':>9} {'read p99':>9}", end="")
    print(
        f" {'all p95':>8} {'fail':>5} {'cpu ms/req':>10} {'gunicorn':>8} {'pg':>5} {'locust':>6} "
        f"{'other':>6}"
    )
    best = None
    for result in results:
        read = result["summary"]["groups"].get("read", {})
        total = result["summary"]["total"]
        cpu = result["cpu"]
        ok = read.get("p95", math.inf) < target and result["failures_all"] == 0
        if ok and (best is None or total["rps"] > best["summary"]["total"]["rps"]):
            best = result
        print(
            f"{result['users']:>6} {total['rps']:>7.1f} {read.get('p50', 0):>9.1f} "
            f"{read.get('p95', 0):>9.1f} {read.get('p99', 0):>9.1f} {total['p95']:>8.1f} "
            f"{result['failures_all']:>5} {cpu['gunicorn_ms_per_request']:>10} "
            f"{cpu['gunicorn_cores']:>8} {cpu['postgres_cores']:>5} "
            f"{cpu['locust_cores']:>6} {cpu['other_cores']:>6}{'' if ok else '  over target'}"
        )
    if best is None:
        print(f"No step kept read p95 under {target:.0f} ms with no failure.")
    else:
        print(
            f"Highest rate keeping read p95 < {target:.0f} ms with no failure: "
            f"{best['summary']['total']['rps']} req/s ({best['users']} users)."
        )
    return best
