"""A publishing folder on this machine (``var/publish``): its builds, each a folder holding its
``index.json`` and ``build.json``, the files they name in ``files/``, and the ``CURRENT``
pointer, moved last by renaming. Reading a build, moving the pointer, and pruning old builds
and the files no kept build names (site/web/publish.py writes builds; site/web/build_watch.py
copies the bucket's into this folder)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from splash.site.web.published import BUILD_FILE, FILES, POINTER, index_files

KEEP_BUILDS = 3


@dataclass(frozen=True)
class Previous:
    folder: Path
    index: dict[str, dict[str, Any]]
    renderer: str | None


def write_file(folder: Path, name: str, data: bytes) -> None:
    target = folder / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


def pointed_build(root: Path) -> str | None:
    """The build the local folder's CURRENT names."""
    try:
        return (root / POINTER).read_text(encoding="utf-8").strip() or None
    except OSError:
        return None


def point_here(root: Path, build_id: str) -> None:
    pointer = root / f"{POINTER}.tmp"
    pointer.write_text(build_id, encoding="utf-8")
    os.replace(pointer, root / POINTER)


def read_build(folder: Path) -> Previous | None:
    try:
        index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    try:
        renderer = json.loads((folder / BUILD_FILE).read_text(encoding="utf-8"))["renderer"]
    except (OSError, ValueError, KeyError):
        renderer = None
    return Previous(folder, index, renderer)


def prune_builds(root: Path, keep: str, collect: bool, spare_seconds: float = 0) -> None:
    """Removes all but the last KEEP_BUILDS builds (never ``keep`` nor the one CURRENT names);
    with ``collect`` (a full publish) also the files no kept build names and none written in
    the last ``spare_seconds`` (a publish of changes leaves its few replaced files until then)."""
    builds = sorted(
        (p for p in root.iterdir() if p.is_dir() and p.name != FILES),
        key=lambda p: p.stat().st_mtime,
    )
    current = pointed_build(root)
    for old in builds[:-KEEP_BUILDS]:
        if old.name not in (keep, current):
            shutil.rmtree(old, ignore_errors=True)
    if not collect:
        return
    named: set[str] = set()
    for build in [*builds[-KEEP_BUILDS:], root / keep, *([root / current] if current else [])]:
        previous = read_build(build)
        named |= index_files(previous.index) if previous else set()
    spared = time.time() - spare_seconds
    for file in (root / FILES).iterdir():
        # (a name starting with a dot is a file being written: site/web/build_store.py)
        if file.name not in named and not file.name.startswith("."):
            with contextlib.suppress(FileNotFoundError):
                if not spare_seconds or file.stat().st_mtime < spared:
                    file.unlink()
