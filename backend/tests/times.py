"""``python -m tests.times <folder>``: the seconds each test file took in the last
``make test-backend`` (one file per half, ``<database>-<k>.json``, written by conftest's
``SPLASH_TEST_TIMES``) merged into ``tests/times.json``, which cuts the halves by time."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tests.conftest import TIMES


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
