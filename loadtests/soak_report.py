"""What a soak run says (the pure part of loadtests/soak.py): its minutes, its verdict, its plot.

Inputs are the two files a run writes: Locust's ``<name>_stats_history.csv`` (with
``--csv-full-history``, one Aggregated row per second: the p95 of the last 10 s, the running
request and failure counts; without it the percentiles would be the whole run's so far) and the
sampler's ``<name>-memory.csv`` (``seconds,pid,label,rss_bytes``: each server process's
resident memory every few seconds). The verdict: no failed request, and after the warm-up every
process's memory stays within ±``tolerance`` of what it was just after the warm-up (the mean of
its first ``baseline_seconds`` of samples there); a process that vanishes or appears after the
warm-up (a worker restarted) fails it too.
"""

from __future__ import annotations

import csv
import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape


@dataclass(frozen=True)
class Minute:
    minute: int  # minutes since the first history row
    users: int
    p95_ms: float | None  # median of the minute's 10-second p95s (None: no request finished)
    requests: int  # finished in this minute
    failures: int


@dataclass(frozen=True)
class Memory:
    label: str  # "server 1234" (the group leader) or "worker 1235"
    samples: list[tuple[float, int]]  # (seconds since start, RSS bytes)


@dataclass
class Verdict:
    requests: int
    failures: int
    deviations: dict[str, float] = field(default_factory=dict)  # label: largest |rss/base - 1|
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def _number(value: str) -> float | None:
    try:
        return float(value)
    except ValueError:  # "N/A" while no request has finished
        return None


def read_minutes(path: Path) -> list[Minute]:
    """Locust's stats history, one Minute per started minute of the run."""
    with path.open(newline="") as handle:
        rows = [row for row in csv.DictReader(handle) if row["Name"] == "Aggregated"]
    if not rows:
        return []
    start = int(rows[0]["Timestamp"])
    by_minute: dict[int, list[dict[str, str]]] = defaultdict(list)
    for row in rows:
        by_minute[(int(row["Timestamp"]) - start) // 60].append(row)
    minutes: list[Minute] = []
    requests_before = failures_before = 0
    for minute in sorted(by_minute):
        group = by_minute[minute]
        p95s = [p for p in (_number(row["95%"]) for row in group) if p is not None]
        requests = int(_number(group[-1]["Total Request Count"]) or 0)
        failures = int(_number(group[-1]["Total Failure Count"]) or 0)
        minutes.append(
            Minute(
                minute=minute,
                users=int(_number(group[-1]["User Count"]) or 0),
                p95_ms=statistics.median(p95s) if p95s else None,
                requests=requests - requests_before,
                failures=failures - failures_before,
            )
        )
        requests_before, failures_before = requests, failures
    return minutes


def read_memory(path: Path) -> list[Memory]:
    samples: dict[str, list[tuple[float, int]]] = defaultdict(list)
    with path.open(newline="") as handle:
        for row in csv.DictReader(handle):
            samples[f"{row['label']} {row['pid']}"].append(
                (float(row["seconds"]), int(row["rss_bytes"]))
            )
    return [Memory(label, points) for label, points in samples.items()]


def judge(
    minutes: list[Minute],
    memory: list[Memory],
    warmup_seconds: float,
    baseline_seconds: float = 120.0,
    tolerance: float = 0.10,
) -> Verdict:
    verdict = Verdict(
        requests=sum(m.requests for m in minutes), failures=sum(m.failures for m in minutes)
    )
    if not minutes or verdict.requests == 0:
        verdict.problems.append("no request was made")
    if verdict.failures:
        verdict.problems.append(f"{verdict.failures} failed requests")
    if not memory:
        verdict.problems.append("no memory samples")
    end = max((t for m in memory for t, _ in m.samples), default=0.0)
    for process in memory:
        first, last = process.samples[0][0], process.samples[-1][0]
        if first > warmup_seconds:
            verdict.problems.append(f"{process.label} started after the warm-up (at {first:.0f} s)")
            continue
        if last < end:
            verdict.problems.append(f"{process.label} ended before the run (at {last:.0f} s)")
        base = [
            rss
            for t, rss in process.samples
            if warmup_seconds <= t < warmup_seconds + baseline_seconds
        ]
        later = [rss for t, rss in process.samples if t >= warmup_seconds + baseline_seconds]
        if not base or not later:
            verdict.problems.append(f"{process.label}: too few samples after the warm-up")
            continue
        baseline = statistics.fmean(base)
        deviation = max(abs(rss / baseline - 1) for rss in later)
        verdict.deviations[process.label] = deviation
        if deviation > tolerance:
            verdict.problems.append(
                f"{process.label}: memory moved {deviation:.1%} from {baseline / 2**20:.0f} MiB "
                f"after the warm-up (allowed ±{tolerance:.0%})"
            )
    return verdict


def table(minutes: list[Minute], every: int = 5) -> str:
    """A Markdown table: every ``every``-th minute and the last."""
    lines = [
        "| minute | users | requests | failures | p95 (ms) |",
        "| ---: | ---: | ---: | ---: | ---: |",
    ]
    shown = [m for m in minutes if m.minute % every == 0 or m is minutes[-1]]
    for m in shown:
        p95 = "-" if m.p95_ms is None else f"{m.p95_ms:.0f}"
        lines.append(f"| {m.minute} | {m.users} | {m.requests} | {m.failures} | {p95} |")
    return "\n".join(lines)


# -- the plot: two panels of one SVG, drawn by hand (no plotting library in the harness) --------

WIDTH, PANEL, MARGIN = 760, 220, 56
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def _panel(
    top: float,
    title: str,
    unit: str,
    series: list[tuple[str, list[tuple[float, float]]]],
    x_max: float,
    warmup_minutes: float,
) -> list[str]:
    y_max = max((y for _, points in series for _, y in points), default=1.0) * 1.15 or 1.0
    plot_w, plot_h = WIDTH - 2 * MARGIN, PANEL - 50

    def x(value: float) -> float:
        return MARGIN + plot_w * value / (x_max or 1.0)

    def y(value: float) -> float:
        return top + 30 + plot_h * (1 - value / y_max)

    parts = [
        f'<text x="{MARGIN}" y="{top + 18}" font-weight="bold">{escape(title)}</text>',
        f'<rect x="{MARGIN}" y="{top + 30}" width="{x(warmup_minutes) - MARGIN:.1f}" '
        f'height="{plot_h}" fill="#eee"><title>warm-up</title></rect>',
        f'<line x1="{MARGIN}" y1="{y(0):.1f}" x2="{WIDTH - MARGIN}" y2="{y(0):.1f}" '
        'stroke="#333"/>',
        f'<line x1="{MARGIN}" y1="{top + 30}" x2="{MARGIN}" y2="{y(0):.1f}" stroke="#333"/>',
    ]
    for step in range(5):
        value = y_max * step / 4
        parts.append(
            f'<text x="{MARGIN - 6}" y="{y(value) + 4:.1f}" text-anchor="end" '
            f'font-size="11">{value:.0f}</text>'
        )
    parts.append(f'<text x="{MARGIN - 44}" y="{top + 24}" font-size="11">{escape(unit)}</text>')
    for step in range(7):
        value = x_max * step / 6
        parts.append(
            f'<text x="{x(value):.1f}" y="{y(0) + 15:.1f}" text-anchor="middle" '
            f'font-size="11">{value:.0f}</text>'
        )
    for index, (name, points) in enumerate(series):
        colour = COLOURS[index % len(COLOURS)]
        path = " ".join(f"{x(px):.1f},{y(py):.1f}" for px, py in points)
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" points="{path}">'
            f"<title>{escape(name)}</title></polyline>"
        )
        parts.append(
            f'<text x="{WIDTH - MARGIN + 4}" y="{top + 44 + 14 * index}" font-size="11" '
            f'fill="{colour}">{escape(name)}</text>'
        )
    return parts


def plot(minutes: list[Minute], memory: list[Memory], warmup_seconds: float, title: str) -> str:
    """An SVG: p95 per minute above, each process's RSS (MiB) below; the warm-up shaded."""
    x_max = max(
        [m.minute + 1 for m in minutes] + [t / 60 for p in memory for t, _ in p.samples] or [1]
    )
    p95 = [(m.minute + 0.5, m.p95_ms) for m in minutes if m.p95_ms is not None]
    rss = [(p.label, [(t / 60, b / 2**20) for t, b in p.samples]) for p in memory]
    height = 2 * PANEL + 40
    body = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH + 90}" height="{height}" '
        'font-family="sans-serif" font-size="13">',
        f"<title>{escape(title)}</title>",
        '<rect width="100%" height="100%" fill="white"/>',
        *_panel(0, f"{title}: p95 per minute", "ms", [("p95", p95)], x_max, warmup_seconds / 60),
        *_panel(PANEL, "resident memory per process", "MiB", rss, x_max, warmup_seconds / 60),
        f'<text x="{WIDTH / 2}" y="{height - 8}" text-anchor="middle">minutes</text>',
        "</svg>",
    ]
    return "\n".join(body) + "\n"
