"""The outbox job that republishes what a studio publish changed (``editing``'s
``REPUBLISH_JOB``): only the changed entries over the current build (``page:12``), or
everything when a change shows on every page (a menu, the settings: ``*``) or when there is no
build to publish changes over. Publishes run one at a time, so two jobs never both build on the
same previous build and lose one's change: on a machine by a lock file beside the builds, and on
PostgreSQL across machines too (workers on several hosts publishing to one bucket) by an
advisory lock held for the publish (``db.held_across_processes``)."""

from __future__ import annotations

import asyncio
import fcntl
import logging
from typing import Any

from splash.core import db
from splash.editing.editable import EVERYTHING
from splash.editing.vocabulary import REPUBLISH_JOB
from splash.shared.outbox import Job
from splash.site.web.publish import Change, PublishError, PublishResult, publish

log = logging.getLogger(__name__)


async def republish(job: Job, resources: Any) -> None:
    settings, table = resources.settings, resources.routes
    changes = job.payload.get("changes", [])
    settings.publish_dir.mkdir(parents=True, exist_ok=True)
    with open(settings.publish_dir / ".publishing", "w") as lock:
        await asyncio.to_thread(fcntl.flock, lock, fcntl.LOCK_EX)
        try:
            async with db.held_across_processes(REPUBLISH_JOB):
                result = await _publish(settings, table, changes)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    log.info(
        "republished",
        extra={"changes": changes, "build": result.build_id, "seconds": round(result.seconds, 3)},
    )


async def _publish(settings: Any, table: Any, changes: list[str]) -> PublishResult:
    if EVERYTHING in changes or not changes:
        return await publish(settings, table)
    try:
        return await publish(settings, table, [Change.parse(change) for change in changes])
    except PublishError:  # nothing to publish changes over (no build, or the SPA was rebuilt)
        return await publish(settings, table)
