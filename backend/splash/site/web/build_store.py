"""The published site's builds in a bucket every instance shares (``SPLASH_SITE_STORAGE=
s3://bucket/prefix``), through the shared storage (splash/shared/storage.py) for the area
``site/`` (decisions/0008):

- ``site/files/<hash>.json`` and ``.html``: an entry's payload and HTML fragment, named by a hash
  of its payload and renderer, so a build that changes one page adds two files and names the
  others it shares with the build before (as the local folder does, site/web/publish.py);
- ``site/<build id>/index.json`` and ``build.json``: a build's index (keys to files, ETags, head
  tags) and the renderer that made it;
- ``site/CURRENT``: the current build's id, rewritten in place (``no-cache``) and written
  after the build's files: a reader never sees a build whose files are not all there;
- ``site/builds.json``: the builds the bucket keeps (the newest KEEP_BUILDS); an older one's
  folder is removed when a publish points past it.

Each instance serves from its own copy in ``settings.publish_dir``, in the local folder's layout
(site/web/published.py reads it): :meth:`BuildStore.pull` copies a build's index, then the files
it names that the copy lacks. Without ``SPLASH_SITE_STORAGE`` there is no bucket: the local folder
is the store and nothing here runs.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from splash.core import media_types
from splash.core.config import Settings
from splash.shared.storage import NO_CACHE, Area, Location, Storage, StorageError, open_storage
from splash.site.web.build_folder import KEEP_BUILDS
from splash.site.web.published import BUILD_FILE, FILES, POINTER, index_files

ROOT = "site/"
BUILDS = "builds.json"  # the builds the bucket keeps, oldest first
AT_ONCE = 8  # files sent or fetched at the same time


def _kind(path: str) -> str | None:
    name = PurePosixPath(path).name
    if name == POINTER:
        return media_types.TYPES[".txt"]
    suffix = PurePosixPath(name).suffix
    return media_types.TYPES[suffix] if suffix in (".json", ".html") else None


SITE = Area(ROOT, "site", "a published build", _kind)


@dataclass(frozen=True)
class Pointer:
    """The bucket's current build (None: nothing published yet) and the pointer's tag."""

    build: str | None
    tag: str | None


def channel(settings: Settings) -> str:
    """Where publishes are announced on Redis: one channel per bucket (Redis's channels are
    shared by all its databases)."""
    return f"splash:site:{settings.site_storage}"


def open_build_store(settings: Settings) -> BuildStore | None:
    """The bucket's builds, or None when the local folder is the store."""
    if settings.site_storage is None:
        return None
    location = Location(
        settings.site_storage,
        None,
        None,
        settings.site_endpoint_url,
        settings.site_region,
        settings.site_access_key_id,
        settings.site_secret_access_key,
    )
    return BuildStore(open_storage(location, SITE), settings.publish_dir)


async def _each(items: Iterable[str], work: Callable[[str], Awaitable[object]]) -> None:
    """``work`` on every item, AT_ONCE at a time."""
    pending = list(items)

    async def worker() -> None:
        while pending:
            await work(pending.pop())

    await asyncio.gather(*(worker() for _ in range(min(AT_ONCE, len(pending)))))


class BuildStore:
    """The bucket's builds and this instance's copy of them (``folder``)."""

    def __init__(self, storage: Storage, folder: Path) -> None:
        self.storage = storage
        self.folder = folder

    async def pointer(self, known: Pointer | None = None) -> Pointer | None:
        """The current build, or None when the pointer is unchanged since ``known`` (asked with
        its tag: an unchanged pointer costs a 304 without a body)."""
        fetched = await self.storage.read_changed(ROOT + POINTER, known.tag if known else None)
        if not fetched.changed and known is not None:
            return None
        build = fetched.data.decode("utf-8").strip() if fetched.data else None
        return Pointer(build or None, fetched.tag)

    async def push(self, build: str, names: Iterable[str]) -> int:
        """Sends a build written in the local folder: the files ``names`` (those its publish
        wrote; the others are in the bucket already), then its index. The number of files."""
        files = sorted({f"{FILES}/{name}" for name in names})

        async def send(relative: str) -> None:
            await self.storage.write(ROOT + relative, (self.folder / relative).read_bytes())

        await _each(files, send)
        for relative in (f"{build}/{BUILD_FILE}", f"{build}/index.json"):
            await send(relative)
        return len(files)

    async def point(self, build: str) -> list[str]:
        """Makes ``build`` the current one: every instance serves it once it has looked. Then
        the bucket keeps the KEEP_BUILDS newest builds its list names (``site/builds.json``)
        and removes the others' folders (an index is megabytes on a large shop; the files
        they named stay, shared with the kept builds). The builds removed. Publishes run one
        at a time (site/web/republish.py), so the list is never written by two at once; an
        instance still copying a removed build finds the newer pointer on its next look."""
        await self.storage.write(ROOT + POINTER, build.encode(), cache_control=NO_CACHE)
        listed = await self.storage.read(ROOT + BUILDS)
        builds = [b for b in (json.loads(listed) if listed else []) if b != build] + [build]
        removed, kept = builds[:-KEEP_BUILDS], builds[-KEEP_BUILDS:]
        await self.storage.write(ROOT + BUILDS, json.dumps(kept).encode(), cache_control=NO_CACHE)
        for old in removed:
            await self.storage.delete_prefix(ROOT + old)
        return removed

    async def pull_index(self, build: str) -> dict[str, dict[str, object]]:
        """A build's index and build file, copied into the local folder: what a publish of
        changes builds on (it names the files it keeps, never reads them)."""
        index = await self._copy(f"{build}/index.json")
        await self._copy(f"{build}/{BUILD_FILE}")
        parsed: dict[str, dict[str, object]] = json.loads(index)
        return parsed

    async def pull(self, build: str) -> int:
        """Copies a build into the local folder: its index first (a prune keeps the files an
        index names), then the files it names that the folder lacks. The number fetched."""
        index = await self.pull_index(build)
        missing = [name for name in index_files(index) if not (self.folder / FILES / name).exists()]
        await _each(missing, lambda name: self._copy(f"{FILES}/{name}"))
        return len(missing)

    async def _copy(self, relative: str) -> bytes:
        data = await self.storage.read(ROOT + relative)
        if data is None:
            raise StorageError(f"the bucket has no {ROOT}{relative}")
        write_atomically(self.folder / relative, data)
        return data

    async def aclose(self) -> None:
        await self.storage.aclose()


def write_atomically(target: Path, data: bytes) -> None:
    """Written beside and renamed over: a reader (another worker of this instance) sees the
    old file or the new, never half of one."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}")
    temporary.write_bytes(data)
    os.replace(temporary, target)


async def announce(settings: Settings, build: str) -> None:
    """Tells every instance at once that ``build`` is current (they look anyway, every
    ``site_poll_seconds``): a message on the bucket's Redis channel when Redis is set."""
    if not settings.redis_url:
        return
    from redis.asyncio import Redis

    redis = Redis.from_url(settings.redis_url)
    try:
        await redis.publish(channel(settings), build)
    finally:
        await redis.aclose()
