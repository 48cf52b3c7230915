"""The SPA build: manifest (entry script, CSS, locale chunks), build id, pre-compressed files.

The frontend build writes ``dist/.vite/manifest.json``, ``dist/builds/latest.json`` and a ``.br``
and ``.gz`` beside every asset; this module reads them and picks the encoding a browser accepts.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from splash.core.media_types import media_type
from splash.shared.http.compression import accepts

ENTRY = "src/app/entry-client.tsx"
STUDIO_ENTRY = "src/studio/main.tsx"
IMMUTABLE = "public, max-age=31536000, immutable"
_UNSAFE = re.compile(r"[%\\\x00-\x1f\x7f]")


@dataclass(frozen=True)
class SpaBuild:
    build_id: str
    script: str
    styles: tuple[str, ...]
    preloads: tuple[str, ...]
    locale_chunks: dict[str, str] = field(default_factory=dict)


def _locale_of(key: str) -> str | None:
    """The locale whose first texts a manifest key is: ``src/locales/nl.json``, or the part every
    page needs, ``src/locales/nl.json?texts=page`` (the account screens' part loads with them)."""
    path, _, query = key.partition("?")
    locale_file = path.startswith("src/locales/") and path.endswith(".json")
    return Path(path).stem if locale_file and query in ("", "texts=page") else None


@cache
def load_build(dist: Path) -> SpaBuild:
    """The shop's build. Read once per process: a new frontend build means a new deployment
    (and restart)."""
    return _load(dist, "manifest.json", ENTRY)


@cache
def load_studio_build(dist: Path) -> SpaBuild:
    """The studio's build: its own entry and manifest beside the shop's, so that nothing of the
    studio is in a shop page (frontend/vite.config.ts)."""
    return _load(dist, "studio-manifest.json", STUDIO_ENTRY)


def _load(dist: Path, manifest_name: str, entry_name: str) -> SpaBuild:
    manifest = json.loads((dist / ".vite" / manifest_name).read_text(encoding="utf-8"))
    latest = json.loads((dist / "builds" / "latest.json").read_text(encoding="utf-8"))
    entry = manifest[entry_name]
    styles = list(entry.get("css", []))
    preloads = []
    for name in entry.get("imports", []):
        chunk = manifest[name]
        preloads.append("/" + chunk["file"])
        styles.extend(chunk.get("css", []))
    locale_chunks = {
        locale: "/" + chunk["file"]
        for key, chunk in manifest.items()
        if (locale := _locale_of(key)) is not None
    }
    return SpaBuild(
        build_id=latest["id"],
        script="/" + entry["file"],
        styles=tuple("/" + s for s in styles),
        preloads=tuple(preloads),
        locale_chunks=locale_chunks,
    )


def dev_build(vite_url: str, entry: str = ENTRY) -> SpaBuild:
    """Assets straight from the Vite dev server (hot reload), for ``make dev``."""
    return SpaBuild(build_id="dev", script=f"{vite_url}/{entry}", styles=(), preloads=())


@dataclass(frozen=True)
class StaticFile:
    path: Path
    content_type: str
    encoding: str | None


def served_path(root: Path, relative: str, elsewhere: Iterable[Path] = ()) -> Path | None:
    """The file ``relative`` names below ``root``, resolved once; None for anything else: a
    segment that is empty (a doubled slash) or starts with a dot (``.``, ``..``, a hidden file),
    a percent sign (an encoded segment such as ``%2e%2e`` or ``..%2f``: no served file has one in
    its name), a backslash or a control character, a path that resolves outside ``root``
    (through a symbolic link too), and a path into a folder below ``root`` that another route
    serves (``elsewhere``): each folder is reached through its own route, which knows what it
    may hand out."""
    if _UNSAFE.search(relative) or any(not s or s.startswith(".") for s in relative.split("/")):
        return None
    base = root.resolve()
    target = (base / relative).resolve()
    if not target.is_relative_to(base) or not target.is_file():
        return None
    for other in elsewhere:
        if other != base and other.is_relative_to(base) and target.is_relative_to(other):
            return None
    return target


def negotiate(
    root: Path, relative: str, accept_encoding: str, elsewhere: Iterable[Path] = ()
) -> StaticFile | None:
    """The file under ``root`` (``served_path``), pre-compressed when the browser accepts it."""
    target = served_path(root, relative, elsewhere)
    if target is None:
        return None
    content_type = media_type(target.name)
    for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
        compressed = target.with_name(target.name + suffix)
        if accepts(accept_encoding, encoding) and compressed.is_file():
            return StaticFile(compressed, content_type, encoding)
    return StaticFile(target, content_type, None)
