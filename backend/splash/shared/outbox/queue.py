"""The outbox table's operations: enqueue inside the caller's transaction, claim due jobs so that
concurrent drainers never run one job at once, and record each attempt's result."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Iterable, Mapping
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from tortoise import connections
from tortoise.expressions import F, Q
from tortoise.queryset import QuerySet
from tortoise.transactions import in_transaction

from splash.shared.outbox.models import JobStatus, OutboxJob


@dataclass(frozen=True)
class Job:
    """What a handler gets: the job's kind and payload, which attempt this is, and a key that
    stays the same across attempts (e-mails use it as their Message-ID)."""

    id: int
    kind: str
    payload: dict[str, Any]
    attempt: int
    key: str


# A job's handler: ``async def handler(job, resources)``; returning means done, raising means
# try again later. The outbox knows job kinds, not who handles them: splash.site.wiring plugs in
# every handler and every periodic work (``plug_in``).
Handler = Callable[[Job, Any], Awaitable[None]]
HANDLERS: dict[str, Handler] = {}


# Periodic work the drainers do besides jobs (the reconciliation of open payments): each
# drainer runs it at start and then every ``every(settings)`` seconds; the work itself makes
# sure that concurrent drainers do not do one piece twice.
Periodic = Callable[[Any], Awaitable[object]]  # what it returns is not used


@dataclass(frozen=True)
class PeriodicWork:
    name: str
    every: Callable[[Any], float]
    run: Periodic


PERIODIC: dict[str, PeriodicWork] = {}


def plug_in(handlers: Mapping[str, Handler], periodic: Iterable[PeriodicWork]) -> None:
    """The handler of every job kind and the periodic work, replacing what was there."""
    HANDLERS.clear()
    HANDLERS.update(handlers)
    PERIODIC.clear()
    PERIODIC.update((work.name, work) for work in periodic)


# --- enqueue -------------------------------------------------------------------------------------

_listeners: set[Callable[[], None]] = set()
_open_transaction: ContextVar[bool] = ContextVar("outbox_transaction", default=False)


def listen(wake: Callable[[], None]) -> None:
    """Called after every commit that enqueued work in this process (the embedded drainer)."""
    _listeners.add(wake)


def unlisten(wake: Callable[[], None]) -> None:
    _listeners.discard(wake)


def _wake() -> None:
    for wake in list(_listeners):
        wake()


def now() -> datetime:
    return datetime.now(UTC)


async def enqueue(kind: str, payload: dict[str, Any], not_before: datetime | None = None) -> None:
    """Adds a job on the current connection, so inside ``transaction()`` it commits (or rolls
    back) with the change that causes it. Outside one it commits at once. It runs at once, or
    not before ``not_before``."""
    await OutboxJob.create(kind=kind, payload=payload, next_attempt_at=not_before or now())
    if not _open_transaction.get():
        _wake()


@asynccontextmanager
async def transaction() -> AsyncIterator[None]:
    """A database transaction whose enqueued jobs wake the drainers once it has committed (a
    drainer woken before the commit would find nothing and sleep until its next poll)."""
    token = _open_transaction.set(True)
    try:
        async with in_transaction():
            yield
    finally:
        _open_transaction.reset(token)
    _wake()  # only reached after a commit: an exception skips it


async def forget(kinds: Collection[str], about: Callable[[dict[str, Any]], bool]) -> int:
    """A privacy erasure, inside the caller's transaction: every job of ``kinds`` whose payload
    is ``about`` the person keeps only its kind and dates; one not yet run never runs (its
    e-mail would go to someone erased). How many."""
    rows = await OutboxJob.filter(kind__in=list(kinds)).values_list("id", "payload")
    ids = [job_id for job_id, payload in rows if about(dict(payload))]
    if ids:
        unrun = {"status": JobStatus.DONE, "lease": None, "finished_at": now()}
        await OutboxJob.filter(id__in=ids, status=JobStatus.PENDING).update(
            **unrun, last_error="Not run: the person it was about was erased"
        )
        await OutboxJob.filter(id__in=ids).update(payload={"erased": True})
    return len(ids)


# --- drain ---------------------------------------------------------------------------------------


def _due(at: datetime) -> Q:
    return Q(status=JobStatus.PENDING, next_attempt_at__lte=at)


def due_jobs(at: datetime, limit: int) -> QuerySet[OutboxJob]:
    """The first ``limit`` jobs due at ``at``, oldest first: read from the index of the pending
    jobs alone (migration 0030), not past every done one."""
    return OutboxJob.filter(_due(at)).order_by("next_attempt_at", "id").limit(limit)


async def claim(limit: int, lease: timedelta) -> tuple[str, list[OutboxJob]]:
    """Up to ``limit`` due jobs, each moved a lease ahead and counted as an attempt, under a new
    lease name. PostgreSQL: ``SELECT … FOR UPDATE SKIP LOCKED`` (drainers skip each other's
    rows instead of waiting). SQLite has no row locks but runs one writer at a time: each job is
    taken by a compare-and-set UPDATE that only one drainer can win."""
    name, at = secrets.token_hex(16), now()
    taken = {"lease": name, "next_attempt_at": at + lease, "attempts": F("attempts") + 1}
    due = due_jobs(at, limit)
    if connections.get("default").capabilities.dialect == "postgres":
        async with in_transaction():
            ids = [job.id for job in await due.select_for_update(skip_locked=True)]
            if ids:
                await OutboxJob.filter(id__in=ids).update(**taken)
    else:
        ids = []
        for job_id in await due.values_list("id", flat=True):
            if await OutboxJob.filter(_due(at), id=job_id).update(**taken) == 1:
                ids.append(job_id)
    return name, list(await OutboxJob.filter(id__in=ids, lease=name).order_by("id"))


def as_job(row: OutboxJob) -> Job:
    key = f"job-{row.id}-{row.created_at:%Y%m%d%H%M%S%f}"
    return Job(id=row.id, kind=row.kind, payload=dict(row.payload), attempt=row.attempts, key=key)


async def complete(row: OutboxJob, lease: str) -> bool:
    """Marks the job done; False when its lease ran out and another drainer took it."""
    done = {"status": JobStatus.DONE, "lease": None, "finished_at": now(), "last_error": None}
    return await OutboxJob.filter(id=row.id, lease=lease).update(**done) == 1


async def fail(row: OutboxJob, lease: str, error: str, retry_in: timedelta | None) -> bool:
    """Records a failed attempt: tried again after ``retry_in``, or dead when it is None."""
    if retry_in is None:
        changes: dict[str, Any] = {"status": JobStatus.DEAD, "finished_at": now()}
    else:
        changes = {"next_attempt_at": now() + retry_in}
    changes.update(lease=None, last_error=error[:2000])
    return await OutboxJob.filter(id=row.id, lease=lease).update(**changes) == 1


# --- pruning -------------------------------------------------------------------------------------

PRUNE_EVERY_SECONDS = 3600.0
PRUNE_BATCH = 1000
PRUNE_MOST = 100  # batches per run: a backlog after a long stop goes over several runs


async def prune(resources: Any) -> int:
    """Deletes the jobs done more than ``outbox_keep_done_days`` ago, a batch at a time so no
    statement holds the table long; how many. Every job a shop ever ran would otherwise stay:
    a table that only grows, each done job a row the database keeps reading past (an hour's
    soak makes 55,000). Dead jobs stay until someone looks at them (the studio's inbox)."""
    before = now() - timedelta(days=resources.settings.outbox_keep_done_days)
    gone = 0
    for _ in range(PRUNE_MOST):
        ids = await (
            OutboxJob.filter(status=JobStatus.DONE, finished_at__lt=before)
            .order_by("id")
            .limit(PRUNE_BATCH)
            .values_list("id", flat=True)
        )
        if ids:
            gone += await OutboxJob.filter(id__in=ids, status=JobStatus.DONE).delete()
        if len(ids) < PRUNE_BATCH:
            break
    return gone
