"""``python -m splash publish``: render every public route with the SPA's server entry.

For each locale it computes the payload of every published page, of every in-browser (app) route
and of the 404 screen, renders them all in one Node process (``frontend/scripts/render.mjs`` runs
the Vite-built server entry), and writes HTML fragment + payload JSON under a new build id. The
``CURRENT`` pointer moves last, so readers never see a half-written build.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import shutil
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from splash import answer_cache, db
from splash.academy import services as academy
from splash.catalog import services as catalog
from splash.config import Settings
from splash.content.services import published_article_paths, published_page_paths
from splash.route_table import RouteKind, RouteTable
from splash.web import services
from splash.web.head import published_head
from splash.web.published import app_key, encode_payload, not_found_key, page_key

KEEP_BUILDS = 3


class PublishError(RuntimeError):
    pass


@dataclass(frozen=True)
class PublishResult:
    build_id: str
    entries: int
    seconds: float


async def _collect(settings: Settings, table: RouteTable) -> list[tuple[str, dict[str, Any]]]:
    entries: list[tuple[str, dict[str, Any]]] = []
    for locale in table.locales:
        shared = await services.shared_payload(settings, locale)
        paths = await published_page_paths(locale)
        paths += await published_article_paths(locale, table)
        paths += await catalog.product_paths(locale, table)
        paths += await academy.published_paths(locale, table)
        for path in paths:
            match = table.match(locale, path)
            payload = match and await services.route_payload(
                settings, table, locale, path, match, shared
            )
            if payload:
                entries.append((page_key(locale, path), payload))
        for route in table.routes:
            if route.kind is RouteKind.APP:
                path = route.paths[locale]
                match = table.match(locale, path)
                assert match is not None
                payload = await services.route_payload(settings, table, locale, path, match, shared)
                assert payload is not None
                entries.append((app_key(locale, route.name), payload))
        entries.append(
            (
                not_found_key(locale),
                await services.not_found_payload(settings, locale, "/404", shared),
            )
        )
    return entries


async def render_html(settings: Settings, jobs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Render payloads to HTML in one Node process; each result has ``html`` and ``head``."""
    process = await asyncio.create_subprocess_exec(
        "node",
        str(settings.server_renderer),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await process.communicate(json.dumps(jobs).encode())
    if process.returncode != 0:
        raise PublishError(f"server renderer failed: {err.decode(errors='replace')[-2000:]}")
    results: list[dict[str, Any]] = json.loads(out)
    if len(results) != len(jobs):
        raise PublishError("server renderer returned a different number of pages")
    return results


def _write(folder: Path, name: str, data: bytes) -> None:
    target = folder / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


def _prune(root: Path, keep: str) -> None:
    builds = sorted((p for p in root.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime)
    for old in builds[:-KEEP_BUILDS]:
        if old.name != keep:
            shutil.rmtree(old, ignore_errors=True)


async def publish(settings: Settings, table: RouteTable | None = None) -> PublishResult:
    started = time.perf_counter()
    table = table or RouteTable.load(settings.routes_file)
    async with db.session(settings.database_url):
        entries = await _collect(settings, table)
    build_id = datetime.now(UTC).strftime("%Y%m%d%H%M%S") + "-" + secrets.token_hex(3)
    jobs = [{"url": payload["route"]["path"], "payload": payload} for _, payload in entries]
    rendered = await render_html(settings, jobs)
    root = settings.publish_dir
    folder = root / build_id
    index: dict[str, dict[str, Any]] = {}
    for number, ((key, payload), result) in enumerate(zip(entries, rendered, strict=True)):
        body, etag = encode_payload(payload)
        _write(folder, f"{number}.json", body)
        _write(folder, f"{number}.html", result["html"].encode())
        index[key] = {
            "payload": f"{number}.json",
            "html": f"{number}.html",
            "etag": etag,
            "head": published_head(payload, result["head"]),
            "status": payload["status"],
        }
    _write(folder, "index.json", json.dumps(index, ensure_ascii=False).encode())
    pointer = root / "CURRENT.tmp"
    pointer.write_text(build_id, encoding="utf-8")
    os.replace(pointer, root / "CURRENT")
    _prune(root, build_id)
    await answer_cache.bump(settings)  # the API's kept answers follow what was published
    return PublishResult(build_id, len(entries), time.perf_counter() - started)
