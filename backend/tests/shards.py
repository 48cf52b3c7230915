"""make test-backend's halves (``SPLASH_TEST_SHARD=k/n``, conftest): whole test files, cut by
the seconds each took on this database (``times.json``), not by their number of tests — a file
that starts servers or a browser takes a minute for a few tests. A file not timed yet counts its
tests at the mean.

``python -m tests.shards <folder>`` merges the seconds each half recorded in the last
``make test-backend`` (``<database>-<k>.json``, conftest's ``SPLASH_TEST_TIMES``) into
``times.json`` (``make test-times``)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, TypeVar

TIMES = Path(__file__).with_name("times.json")


class Named(Protocol):
    nodeid: str


Item = TypeVar("Item", bound=Named)


def file_of(item: Named) -> str:
    return item.nodeid.split("::")[0]


def weights(files: Counter[str], database: str, times: Path = TIMES) -> dict[str, float]:
    known = json.loads(times.read_text()).get(database, {}) if times.exists() else {}
    timed = [name for name in files if name in known]
    per_test = sum(known[name] for name in timed) / max(1, sum(files[name] for name in timed))
    return {name: known.get(name, tests * (per_test or 1.0)) for name, tests in files.items()}


def cut(
    items: Sequence[Item], shard: str, database: str, times: Path = TIMES
) -> tuple[list[Item], list[Item]]:
    """The k-th of n shares of ``items`` and the rest: each file, the longest first, to the
    share with the least time so far."""
    index, _, count = shard.partition("/")
    if not (index.isdigit() and count.isdigit() and 1 <= int(index) <= int(count)):
        raise ValueError(f"SPLASH_TEST_SHARD={shard!r}: expected k/n with 1 <= k <= n")
    loads = [0.0] * int(count)
    mine: set[str] = set()
    found = weights(Counter(file_of(item) for item in items), database, times)
    for name, seconds in sorted(found.items(), key=lambda pair: (-pair[1], pair[0])):
        share = loads.index(min(loads))
        loads[share] += seconds
        if share == int(index) - 1:
            mine.add(name)
    kept = [item for item in items if file_of(item) in mine]
    return kept, [item for item in items if file_of(item) not in mine]


def merge(folder: Path) -> dict[str, dict[str, float]]:
    times: dict[str, dict[str, float]] = {}
    for half in sorted(folder.glob("*.json")):
        database = half.stem.rpartition("-")[0]
        times.setdefault(database, {}).update(json.loads(half.read_text()))
    return {database: dict(sorted(files.items())) for database, files in sorted(times.items())}


if __name__ == "__main__":
    merged = merge(Path(sys.argv[1]))
    if not merged:
        sys.exit(f"no <database>-<k>.json in {sys.argv[1]}: run make test-backend first")
    TIMES.write_text(json.dumps(merged, indent=1) + "\n")
    for database, files in merged.items():
        print(f"{database}: {len(files)} files, {sum(files.values()):.0f} s")
