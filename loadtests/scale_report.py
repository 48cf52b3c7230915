"""The scale run's results, for loadtests/scale.py: one size's figures, reading publish's line,
issue 15's goals and issue 28's budget (the "scale" entry of loadtests/budgets.json), the table
and a build's output size. Pure but for reading a finished build."""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from loadtests import run

PUBLISH_GOAL_S, PUBLISH_GOAL_PAGES = 60.0, 10_000
REPUBLISH_GOAL_S = 2.0
FLAT = 0.20  # reads may move this much from the first size to the last
FILES = ("payload", "html")  # what an index entry names


@dataclass
class StudioPublish:
    """One page published from the studio until served (loadtests/scale_studio.py), seconds:
    the median and slowest of the rounds from the publish call to the page's new HTML, the
    call's own answer and the site.publish job's time from enqueued to done (medians)."""

    served_s: float
    slowest_s: float
    call_s: float
    job_s: float


@dataclass
class SizeResult:
    size: str
    pages: int  # published pages and articles, all locales
    products: int
    users: int
    orders: int
    entries: int
    publish_s: float
    republish_s: float
    republish_own_s: float  # as the command reports it (without Python's start)
    payload_p50_ms: float
    orders_p95_ms: float
    output_bytes: int
    output_files: int
    studio: StudioPublish


def published_figures(output: str) -> tuple[int, float]:
    """Entries and seconds from ``splash: published N entries (…) as build … in 1.23s``."""
    for line in output.splitlines():
        if line.startswith("splash: published "):
            words = line.split()
            return int(words[2]), float(words[-1].rstrip("s"))
    raise run.RunError(f"publish printed no result:\n{output[-2000:]}")


def change(first: float, last: float) -> float:
    """The relative change from the first size to the last (0.1 = 10 % more)."""
    return (last - first) / first if first else 0.0


def studio_goals(results: list[SizeResult], budget: dict[str, Any]) -> list[tuple[str, bool]]:
    """Issue 28's budget ("studio_publish" in budgets.json) as (what was measured, met): one
    page published from the studio until served, its median at the largest size, and its
    growth from the first size to the last against the growth in pages: ratio = pages ratio **
    exponent, and an exponent below ``max_growth_exponent`` (1: sub-linear) meets it."""
    largest, first = results[-1], results[0]
    limit = budget["max_served_s"]
    lines = [
        (
            f"publish one page from the studio until served at {largest.size}: median "
            f"{largest.studio.served_s:.2f} s, slowest {largest.studio.slowest_s:.2f} s "
            f"(budget ≤ {limit:g} s)",
            largest.studio.served_s <= limit,
        )
    ]
    if len(results) > 1 and largest.pages > first.pages:
        ratio = largest.studio.served_s / first.studio.served_s
        pages = largest.pages / first.pages
        exponent = math.log(ratio) / math.log(pages) if ratio > 0 else 0.0
        bound = budget["max_growth_exponent"]
        lines.append(
            (
                f"publish one page from the studio: {largest.size} / {first.size} "
                f"{ratio:.2f}x for {pages:.0f}x the pages (exponent {exponent:.2f}, budget "
                f"below {bound:g}: sub-linear)",
                exponent < bound,
            )
        )
    return lines


def goals(results: list[SizeResult], budgets: dict[str, Any]) -> list[tuple[str, bool]]:
    """Issue 15's goals as (what was measured, met): publish time scaled to 10,000 pages,
    every republish, and the reads' change from the first size to the last; then issue 28's
    budget of ``budgets`` (the "scale" entry of budgets.json)."""
    largest, first = results[-1], results[0]
    scaled = largest.publish_s * PUBLISH_GOAL_PAGES / max(largest.pages, 1)
    lines = [
        (
            f"publish {largest.publish_s:.1f} s for {largest.pages:,} pages and articles "
            f"({largest.entries:,} entries), {scaled:.1f} s per {PUBLISH_GOAL_PAGES:,} pages "
            f"(goal ≤ {PUBLISH_GOAL_S:g} s)",
            scaled <= PUBLISH_GOAL_S,
        ),
        (
            f"republish one page: publishing ≤ {max(r.republish_own_s for r in results):.2f} s "
            f"(goal ≤ {REPUBLISH_GOAL_S:g} s)",
            all(r.republish_own_s <= REPUBLISH_GOAL_S for r in results),
        ),
        (
            f"republish one page: the command with Python's start ≤ "
            f"{max(r.republish_s for r in results):.2f} s (goal ≤ {REPUBLISH_GOAL_S:g} s)",
            all(r.republish_s <= REPUBLISH_GOAL_S for r in results),
        ),
    ]
    if len(results) > 1:
        for label, attribute in (
            ("payload p50", "payload_p50_ms"),
            ("orders p95", "orders_p95_ms"),
        ):
            moved = change(getattr(first, attribute), getattr(largest, attribute))
            lines.append(
                (
                    f"{label} {moved:+.0%} from {first.size} to {largest.size} (goal within "
                    f"±{FLAT:.0%})",
                    abs(moved) <= FLAT,
                )
            )
    return lines + studio_goals(results, budgets["studio_publish"])


def table(results: list[SizeResult]) -> str:
    head = (
        f"{'size':<7}{'pages':>8}{'products':>9}{'orders':>9}{'entries':>8}{'publish s':>10}"
        f"{'ms/entry':>9}{'republish s':>12}{'(own)':>7}{'payload p50':>12}{'orders p95':>11}"
        f"{'output MB':>10}{'files':>8}{'studio s':>10}{'(job)':>7}"
    )
    rows = [head, "-" * len(head)]
    for r in results:
        rows.append(
            f"{r.size:<7}{r.pages:>8,}{r.products:>9,}{r.orders:>9,}{r.entries:>8,}"
            f"{r.publish_s:>10.1f}{1000 * r.publish_s / max(r.entries, 1):>9.1f}"
            f"{r.republish_s:>12.2f}{r.republish_own_s:>7.2f}"
            f"{r.payload_p50_ms:>10.2f}ms{r.orders_p95_ms:>9.1f}ms"
            f"{r.output_bytes / 1e6:>10.1f}{r.output_files:>8,}"
            f"{r.studio.served_s:>10.2f}{r.studio.job_s:>7.2f}"
        )
    return "\n".join(rows)


def output_size(build: Path) -> tuple[int, int]:
    """Bytes and files of one published build: its own (index) and those its index names
    (payloads and fragments, kept in a folder the builds share)."""
    index = json.loads((build / "index.json").read_text(encoding="utf-8"))
    named = {os.path.normpath(build / meta[kind]) for meta in index.values() for kind in FILES}
    files = {str(path) for path in build.iterdir() if path.is_file()} | named
    return sum(os.path.getsize(file) for file in files), len(files)
