"""Waiting for locks: how long a request has waited for them, whether an error means the
database is busy (a 503 asking to retry, not a 500), and locks that serialise a check and the
write it allows."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from tortoise import connections


@dataclass
class LockWaits:
    """How long one request has waited for database locks so far, in seconds: on SQLite its
    waits together end at the busy timeout (``db.sqlite_engine``), however many writes it
    queues for; the access log records them."""

    waited: float = 0.0


class LockWaitExpired(Exception):
    """The request has waited its busy timeout for the write lock: the database is busy."""


_lock_waits: ContextVar[LockWaits | None] = ContextVar("lock_waits", default=None)


def count_lock_waits() -> LockWaits:
    """From here on (a request), the waits of this task count together. Outside such a count
    (the outbox worker, the CLI) each statement waits the busy timeout on its own."""
    waits = LockWaits()
    _lock_waits.set(waits)
    return waits


def lock_waits() -> LockWaits | None:
    return _lock_waits.get()


SQLITE_BUSY = 5  # another connection holds the write lock
SQLITE_LOCKED = 6  # a table is locked (shared cache)
POSTGRES_LOCK_NOT_AVAILABLE = "55P03"  # lock_timeout expired


def is_busy(exc: BaseException) -> bool:
    """True when a query failed because a lock held elsewhere outlasted the wait: the database
    is busy, not broken. Tortoise wraps the driver's error (SQLite) or passes it on (asyncpg),
    so the whole chain of causes is looked at."""
    chain: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in chain:
        chain.append(current)
        current = current.__cause__ or current.__context__
    return any(_is_lock_wait(error) for error in chain)


def _is_lock_wait(error: BaseException) -> bool:
    if isinstance(error, LockWaitExpired):
        return True
    if isinstance(error, sqlite3.OperationalError):
        # Extended codes (SQLITE_BUSY_SNAPSHOT, …) keep the primary code in the low byte.
        code = getattr(error, "sqlite_errorcode", None)
        return code is not None and code & 0xFF in (SQLITE_BUSY, SQLITE_LOCKED)
    return getattr(error, "sqlstate", None) == POSTGRES_LOCK_NOT_AVAILABLE


async def serialize_on(*names: str) -> None:
    """Inside a transaction: waits until no other transaction holds any of ``names``, and holds
    them until this one ends, so a check and the write it allows happen one at a time per name
    (the checkout's cap on open orders). PostgreSQL: transaction-level advisory locks, taken in
    one order so two transactions never wait on each other; SQLite's transactions already run
    one at a time (``BEGIN IMMEDIATE``)."""
    connection = connections.get("default")  # the transaction's own, inside one
    if connection.capabilities.dialect != "postgres":
        return
    await connection.execute_query(  # one round trip; unnest keeps the sorted order
        "SELECT pg_advisory_xact_lock(hashtextextended(name, 0)) FROM unnest($1::text[]) AS name",
        [sorted(set(names))],
    )


@asynccontextmanager
async def held_across_processes(name: str) -> AsyncIterator[None]:
    """For the block, ``name`` held against every other process on the same PostgreSQL
    database, whatever machine it runs on (a session-level advisory lock, on a pool connection
    kept for the block and unlocked before it is given back: the pool resets nothing); the
    work may take long and needs no transaction (a publish). SQLite serves one machine: a
    no-op there, where its caller's own lock (a lock file) suffices."""
    client = connections.get("default")
    if client.capabilities.dialect != "postgres":
        yield
        return
    async with client.acquire_connection() as connection:
        await connection.execute("SELECT pg_advisory_lock(hashtextextended($1, 0))", name)
        try:
            yield
        finally:
            await connection.execute("SELECT pg_advisory_unlock(hashtextextended($1, 0))", name)
