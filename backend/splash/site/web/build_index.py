"""A build's index (key → the entry's files, ETag, head, status, sources) in parts.

A build folder's ``index.json`` names the index's parts: ``{"parts": {"17": "<name>"}}``. A
key's part is a hash of the key (:func:`part_of`, :data:`PARTS` of them); each part is a file
``files/<name>.index.json`` named by the hash of its bytes, beside the entries' files. A
publish of one page rewrites only the parts that hold its entries and names the previous
build's other parts again; each process keeps the parts it has read or written (by name, so
never stale), so a server reading the next build, or the next publish reading it as its
previous one, parses only the parts that changed. One whole-index file made every one-page
publish write, and each server worker read, the whole shop's index: 15 MB and about a second
of JSON on the large shop (loadtests/scale.py).
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

INDEX = "index.json"
PARTS = 256  # a one-page publish's dozen or so entries touch a few of them
PART_SUFFIX = ".index.json"
FILES = "files"
KEPT_PARTS = 2 * PARTS  # parts kept parsed per process: a build and its successor

Meta = dict[str, Any]
Index = dict[str, Meta]

_parsed: OrderedDict[str, Index] = OrderedDict()  # part name → its entries (read only)


def part_of(key: str) -> str:
    """The part a key is in (a stable hash of the key, not Python's salted ``hash``)."""
    return str(int.from_bytes(hashlib.blake2b(key.encode(), digest_size=4).digest()) % PARTS)


def _keep(name: str, part: Index) -> Index:
    _parsed[name] = part
    _parsed.move_to_end(name)
    while len(_parsed) > KEPT_PARTS:
        _parsed.popitem(last=False)
    return part


def _part(root: Path, name: str) -> Index:
    known = _parsed.get(name)
    if known is not None:
        _parsed.move_to_end(name)
        return known
    text = (root / FILES / f"{name}{PART_SUFFIX}").read_text(encoding="utf-8")
    return _keep(name, json.loads(text))


def read(root: Path, build: str) -> tuple[Index, dict[str, str]]:
    """A build's whole index and its parts (part → name). OSError or ValueError when the
    build or one of its parts cannot be read."""
    manifest = json.loads((root / build / INDEX).read_text(encoding="utf-8"))
    parts: dict[str, str] = manifest["parts"]
    index: Index = {}
    for name in parts.values():
        index.update(_part(root, name))
    return index, parts


def _write_part(root: Path, part: Index) -> str:
    body = json.dumps(part, ensure_ascii=False, sort_keys=True).encode()
    name = hashlib.sha256(body).hexdigest()[:32]
    target = root / FILES / f"{name}{PART_SUFFIX}"
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(body)
    _keep(name, part)
    return name


def write(
    root: Path,
    build: str,
    index: Mapping[str, Meta],
    previous: Mapping[str, str] | None = None,
    touched: Iterable[str] = (),
) -> dict[str, str]:
    """Writes ``index`` as build ``build``'s; its parts (part → name). With ``previous`` (the
    parts of the build it was made from) only the parts of the ``touched`` keys (made anew
    or removed) are written again: the others are the previous build's."""
    if previous is None:
        changed = {part_of(key) for key in index}
        grouped: dict[str, Index] = {part: {} for part in changed}
        for key, meta in index.items():
            grouped[part_of(key)][key] = meta
        parts: dict[str, str] = {}
    else:
        changed = {part_of(key) for key in touched}
        parts = {part: name for part, name in previous.items() if part not in changed}
        grouped = {part: {} for part in changed}
        for part in changed:
            keys = set(_part(root, previous[part])) if part in previous else set()
            keys |= {key for key in touched if part_of(key) == part}
            grouped[part] = {key: index[key] for key in sorted(keys) if key in index}
    for part, entries in grouped.items():
        if entries:
            parts[part] = _write_part(root, entries)
    body = json.dumps({"parts": dict(sorted(parts.items(), key=lambda p: int(p[0])))})
    (root / build).mkdir(parents=True, exist_ok=True)
    (root / build / INDEX).write_bytes(body.encode())
    return parts


def part_files(parts: Mapping[str, str]) -> set[str]:
    """The file names (in ``files/``) of a build's parts."""
    return {f"{name}{PART_SUFFIX}" for name in parts.values()}
