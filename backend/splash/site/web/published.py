"""Reading what ``python -m splash publish`` wrote: payload + HTML fragment per locale and path.

Layout: ``var/publish/CURRENT`` names the live build; its index (``var/publish/<build>/index.json``
and the parts it names, :mod:`site.web.build_index`) maps each key (``nl /``, ``nl @login``,
``nl !404``) to its files and ETag. The index is reloaded when CURRENT changes (only its parts
not read before are parsed), so a new publish goes live without a restart.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from splash.site.web import build_index


@dataclass(frozen=True)
class Entry:
    payload: bytes
    html: str
    etag: str
    head: dict[str, Any]
    status: int
    build: str


def encode_payload(payload: dict[str, Any]) -> tuple[bytes, str]:
    """A payload's JSON body and its ETag: what publish writes and the live path serves alike."""
    body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def page_key(locale: str, path: str) -> str:
    return f"{locale} {path}"


def app_key(locale: str, route_name: str) -> str:
    return f"{locale} @{route_name}"


def not_found_key(locale: str) -> str:
    return f"{locale} !404"


class PublishedSite:
    """``check_every``: how often (seconds) CURRENT is looked at again, so how soon a new publish
    goes live; 0 looks at every read (a stat per request: a fifth of the edge's time)."""

    def __init__(self, root: Path, check_every: float = 0.0) -> None:
        self.root = root
        self.check_every = check_every
        self._pointer = str(root / "CURRENT")
        self._checked = -math.inf
        self._build: str | None = None
        self._mtime: int | None = None
        self._index: dict[str, dict[str, Any]] = {}
        self._cache: dict[str, Entry] = {}

    @property
    def build_id(self) -> str | None:
        self._refresh()
        return self._build

    def _refresh(self) -> None:
        now = time.monotonic()
        if now - self._checked < self.check_every:
            return
        self._checked = now
        try:
            mtime = os.stat(self._pointer).st_mtime_ns  # per request: a str path, no pathlib
        except FileNotFoundError:
            self._build, self._index, self._cache = None, {}, {}
            return
        if mtime == self._mtime:
            return
        build = Path(self._pointer).read_text(encoding="utf-8").strip()
        index, _ = build_index.read(self.root, build)
        self._build, self._mtime, self._index, self._cache = build, mtime, index, {}

    def get(self, key: str) -> Entry | None:
        self._refresh()
        if key in self._cache:
            return self._cache[key]
        meta = self._index.get(key)
        if meta is None or self._build is None:
            return None
        folder = self.root / self._build
        entry = Entry(
            payload=(folder / meta["payload"]).read_bytes(),
            html=(folder / meta["html"]).read_text(encoding="utf-8"),
            etag=meta["etag"],
            head=meta["head"],
            status=meta.get("status", 200),
            build=self._build,
        )
        self._cache[key] = entry
        return entry

    def pages(self, locale: str) -> list[tuple[str, dict[str, str]]]:
        """Every published page and article of a locale: (path, alternate paths per locale)."""
        self._refresh()
        prefix = f"{locale} /"
        return sorted(
            (key[len(locale) + 1 :], meta["head"].get("alternates", {}))
            for key, meta in self._index.items()
            if key.startswith(prefix) and meta.get("status", 200) == 200
        )
