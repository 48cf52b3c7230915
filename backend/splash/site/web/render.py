"""Rendering payloads to HTML with the SPA's server entry, in Node, while publishing goes on.

``frontend/scripts/render.mjs`` reads ``[{url, payload}]`` on stdin and writes ``[{html, head}]``
on stdout. Rendering costs Node more than computing a payload costs Python, so publishing hands
pages over in slices as it computes them: each slice is rendered by a Node process of its own,
at most one per core at a time, while the next payloads are being computed.
"""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any

from splash.core.config import Settings

SLICE = 1000  # pages per Node process while payloads are still being computed
LEAST = 100  # the last pages are split over the cores only in slices of at least this many


class RenderError(RuntimeError):
    pass


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
        raise RenderError(f"server renderer failed: {err.decode(errors='replace')[-2000:]}")
    results: list[dict[str, Any]] = json.loads(out)
    if len(results) != len(jobs):
        raise RenderError("server renderer returned a different number of pages")
    return results


def slices(count: int, cores: int) -> list[tuple[int, int]]:
    """(start, end) of up to ``cores`` slices of ``count`` pages, each at least LEAST long."""
    parts = max(1, min(cores, count // LEAST))
    size = -(-count // parts) if count else 0
    return [(start, min(start + size, count)) for start in range(0, count, size or 1)]


class RenderPool:
    """Pages added by their number; ``results()`` gives number → rendered once all are done."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.cores = os.cpu_count() or 1
        self.running = asyncio.Semaphore(self.cores)
        self.pending: list[tuple[int, dict[str, Any]]] = []
        self.tasks: list[asyncio.Task[dict[int, dict[str, Any]]]] = []

    def add(self, number: int, url: str, payload: dict[str, Any]) -> None:
        self.pending.append((number, {"url": url, "payload": payload}))
        if len(self.pending) >= SLICE:
            self._start(self.pending)
            self.pending = []

    def _start(self, part: list[tuple[int, dict[str, Any]]]) -> None:
        self.tasks.append(asyncio.create_task(self._render(part)))

    async def _render(self, part: list[tuple[int, dict[str, Any]]]) -> dict[int, dict[str, Any]]:
        async with self.running:
            done = await render_html(self.settings, [job for _, job in part])
        return {number: result for (number, _), result in zip(part, done, strict=True)}

    async def results(self) -> dict[int, dict[str, Any]]:
        for start, end in slices(len(self.pending), self.cores):
            self._start(self.pending[start:end])
        self.pending = []
        rendered: dict[int, dict[str, Any]] = {}
        for part in await asyncio.gather(*self.tasks):
            rendered.update(part)
        return rendered

    def cancel(self) -> None:
        for task in self.tasks:
            task.cancel()
