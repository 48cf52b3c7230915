"""How an instance learns of a new build in the shared bucket (``SPLASH_SITE_STORAGE``) without a
restart: each server process asks the bucket for its pointer every ``site_poll_seconds`` (a
conditional GET: an unchanged pointer is a 304 without a body) and, when ``SPLASH_REDIS_URL`` is
set, at once when a publish announces a build on the bucket's channel (build_store.announce).
On a new build it copies what its folder lacks (build_store.BuildStore.pull: the index, then the
files the index names that are not there yet: a publish of one page, two files), moves the
local CURRENT and has the site read it at once: visitors get the old build until the new one is
complete, then the new one. Polling stays on beside Redis: a message sent while a process was
reconnecting is lost, a poll is not.

Every worker process of an instance watches (they share the folder; every file is written
beside and renamed, so two copying the same build get the same bytes).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from splash.core.config import Settings
from splash.shared import edge
from splash.shared.storage import StorageError
from splash.site.web.build_folder import pointed_build, prune_builds
from splash.site.web.build_store import (
    BuildStore,
    Pointer,
    channel,
    open_build_store,
    write_atomically,
)
from splash.site.web.published import POINTER, PublishedSite

log = logging.getLogger(__name__)
SPARE_SECONDS = 600  # a file younger than this is never collected (a publish may be writing it)


class BuildWatcher:
    def __init__(self, settings: Settings, store: BuildStore, site: PublishedSite) -> None:
        self.settings = settings
        self.store = store
        self.site = site
        self._known: Pointer | None = None
        # The bucket's build copied at least once: until then /healthz answers 503, so a load
        # balancer sends a starting instance no visitor (a first copy is the whole build).
        self.ready = False
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    async def sync(self) -> str | None:
        """Serves the bucket's current build, copied here first if it is new; its id, or None
        when the pointer is unchanged since the last look."""
        found = await self.store.pointer(self._known)
        if found is None:
            return None
        root = self.store.folder
        if found.build is not None and found.build != pointed_build(root):
            fetched = await self.store.pull(found.build)
            write_atomically(root / POINTER, found.build.encode())
            prune_builds(root, found.build, collect=True, spare_seconds=SPARE_SECONDS)
            if not self.settings.redis_url:  # (with Redis, the publish bumped every instance)
                await edge.bump(self.settings)
            log.info("build copied", extra={"build": found.build, "files": fetched})
        # Served at once, also when another process sharing the folder (a worker of this
        # instance, an instance on the same machine) copied it first: waiting for the site's
        # own look at CURRENT would leave this process a second behind the others, and a
        # browser going round them would see the build change back and forth.
        self.site.reload()
        self._known = found
        return found.build

    def start(self) -> None:
        self._tasks.append(asyncio.create_task(self._poll()))
        if self.settings.redis_url:
            self._tasks.append(asyncio.create_task(self._listen(self.settings.redis_url)))

    async def _poll(self) -> None:
        while True:
            try:
                await self.sync()
                self.ready = True
            except (StorageError, OSError, ValueError) as exc:
                log.warning("the bucket's build could not be copied: %s", exc)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.settings.site_poll_seconds)
            self._wake.clear()

    async def _listen(self, url: str) -> None:
        """Wakes the poll on every announcement; reconnects after a lost connection."""
        from redis.asyncio import Redis
        from redis.exceptions import RedisError

        while True:
            redis = Redis.from_url(url)
            try:
                async with redis.pubsub() as pubsub:
                    await pubsub.subscribe(channel(self.settings))
                    async for message in pubsub.listen():
                        if message.get("type") == "message":
                            self._wake.set()
            except (RedisError, OSError) as exc:
                log.warning("build announcements lost, listening again: %s", exc)
                await asyncio.sleep(self.settings.site_poll_seconds)
            finally:
                await redis.aclose()

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.store.aclose()


def watch(settings: Settings, site: PublishedSite) -> BuildWatcher | None:
    """With a bucket: a watcher started, copying the current build first (not awaited: a
    server process that does not start within Sanic's 30 s is stopped, and a whole build may
    take longer; /healthz tells when it is there); else None (the local folder is the store:
    the site looks at CURRENT itself)."""
    store = open_build_store(settings)
    if store is None:
        return None
    watcher = BuildWatcher(settings, store, site)
    watcher.start()
    return watcher
