"""The drainer: runs due outbox jobs through their handlers, with retries and exponential
back-off, and the registered periodic work (``queue.periodic``) at its interval, until
stopped. One runs inside every server worker process (the embedded default) or in
``python -m splash worker``; any number may run at once (see ``queue.claim``).

Delivery is at least once: a job whose drainer dies before marking it done runs again once its
lease has run out. Its mail is not sent twice when its send was logged (``mail.sent.deliver``)
and, in the outbox folder, when its file is there; only a death between the mail server's
"accepted" and that log row sends it again, so every mail carries a Message-ID derived from its
job (the same on every attempt) for receivers to deduplicate.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from splash.core.config import Settings
from splash.core.route_table import RouteTable
from splash.shared.mail.mailer import Mailer
from splash.shared.outbox import queue
from splash.shared.outbox.models import OutboxJob

log = logging.getLogger(__name__)

BATCH = 10
STOP_GRACE_SECONDS = 10.0


@dataclass(frozen=True)
class Resources:
    """What handlers may use: made by ``site.wiring.resources`` (the worker process, tests) or
    from a server's app."""

    settings: Settings
    mailer: Mailer
    routes: RouteTable
    payments: Any  # the payment provider (orders'), which the outbox does not know


def backoff(settings: Settings, attempts: int) -> timedelta | None:
    """The wait before the next attempt after ``attempts`` failed ones; None: give up."""
    if attempts >= settings.outbox_max_attempts:
        return None
    seconds = settings.outbox_backoff_seconds * 2 ** (attempts - 1)
    return timedelta(seconds=min(seconds, settings.outbox_backoff_max_seconds))


class Drainer:
    def __init__(self, resources: Resources) -> None:
        self.resources = resources
        self.settings = resources.settings
        self._wakeup = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self._periodic_due: dict[str, float] = {}  # name → monotonic time it is due

    async def drain_due(self) -> int:
        """Runs every job due now; the number run."""
        total = 0
        while True:
            lease = timedelta(seconds=self.settings.outbox_lease_seconds)
            name, rows = await queue.claim(BATCH, lease)
            for row in rows:
                await self._run(row, name)
            total += len(rows)
            if not rows:  # not "fewer than a batch": a claim that lost races takes fewer
                return total

    async def _run(self, row: OutboxJob, lease: str) -> None:
        job = queue.as_job(row)
        handler = queue.HANDLERS.get(job.kind)
        try:
            if handler is None:  # a newer release's kind, met during a rolling deploy
                raise LookupError(f"no handler for the job kind {job.kind!r}")
            await handler(job, self.resources)
        except Exception as exc:
            retry_in = backoff(self.settings, job.attempt)
            error = f"{type(exc).__name__}: {exc}"
            await queue.fail(row, lease, error, retry_in)
            extra = {"job": job.id, "kind": job.kind, "attempt": job.attempt, "error": error}
            if retry_in is None:
                log.error("outbox job dead after its last attempt", extra=extra)
            else:
                log.warning("outbox job failed, retried later", extra=extra)
        else:
            await queue.complete(row, lease)

    async def run_periodic(self) -> int:
        """Runs the periodic work that is due (all of it on the first call); the number run.
        A failure is logged and tried again at the next interval."""
        ran = 0
        for work in list(queue.PERIODIC.values()):
            clock = time.monotonic()
            if self._periodic_due.get(work.name, clock) > clock:
                continue
            self._periodic_due[work.name] = clock + work.every(self.settings)
            try:
                await work.run(self.resources)
            except Exception:
                log.exception("periodic outbox work failed", extra={"work": work.name})
            ran += 1
        return ran

    def wake(self) -> None:
        self._wakeup.set()

    async def run(self) -> None:
        """Drains at once when woken, else every poll interval, until ``stop``."""
        while True:
            # Read before the pass: a pass already running when stop is asked may have looked
            # for due jobs before the last commit, so the final pass must start after it.
            last = self._stopping
            self._wakeup.clear()
            try:
                await self.drain_due()
            except Exception:  # the database is away for a moment: the next poll retries
                log.exception("outbox drain failed")
            if last:
                return
            await self.run_periodic()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wakeup.wait(), self.settings.outbox_poll_seconds)

    def start(self) -> None:
        self._stopping = False
        queue.listen(self.wake)
        self._task = asyncio.get_running_loop().create_task(self.run())

    async def stop(self) -> None:
        """Lets the job in hand finish and runs what is due once more, so a graceful stop
        leaves no job committed just before it waiting for the next start; bounded, so a
        stop never hangs (a job cut off then runs again once its lease has run out)."""
        queue.unlisten(self.wake)
        if self._task is None:
            return
        self._stopping = True
        self.wake()
        try:
            await asyncio.wait_for(self._task, STOP_GRACE_SECONDS)
        except TimeoutError:
            log.warning("outbox drainer stopped before finishing its jobs")
        self._task = None
