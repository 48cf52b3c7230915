"""Tortoise's SQLite engine, with reads beside the writer and a bounded wait for the write lock.

**Transactions begin as the writer** (``BEGIN IMMEDIATE``). SQLite in WAL mode lets a
transaction begun with a plain ``BEGIN`` read from a snapshot; when it then writes after another
connection committed (a second worker, the outbox's drainer), SQLite refuses at once with
SQLITE_BUSY_SNAPSHOT: the busy timeout cannot help, since waiting would not make the snapshot
current. Every transaction Splash opens writes, most of them after reading what they check (a
payment's status, a job's lease), so each begins as the writer: a second one waits its busy
timeout for the first to commit instead of failing. `make bench`'s load run (20 users, two
workers) lost 10 of 1,364 requests to a 503 "database busy" without it.

**Reads have a connection of their own.** Tortoise gives a process one connection; while a
write waited for a lock another process held, every query of the worker queued behind it, reads
included (15 s for 28 of 35 requests). A query outside a transaction that only reads
(``SELECT …``) now runs on a second, read-only connection: in WAL mode a reader never waits for
a writer, and each of its statements is a read transaction of its own that ends with it, so it
sees every write committed before it began (a request's own write, then its read). Writes,
scripts and transactions (their reads too) keep the one writer connection.

**A request waits the busy timeout in total.** Within
:func:`splash.core.db.locks.count_lock_waits` (every
request), the time spent waiting for the writer connection and in the statements that may wait
for the lock (``BEGIN IMMEDIATE``, a write outside a transaction) is added up, and each wait is
given only what is left of the busy timeout (SQLite's ``busy_timeout`` set to it): four writes
queued in one worker used to answer after 1, 2, 3 and 4 busy timeouts. Past it,
:class:`splash.core.db.locks.LockWaitExpired`, a 503 like SQLite's own "database is locked".

The database URL picks this engine (``db.tortoise_config``); PostgreSQL needs none of it.
"""

from __future__ import annotations

import asyncio
import math
import sqlite3
import time
from collections.abc import Sequence
from typing import Any

import aiosqlite
from tortoise.backends.base.client import ConnectionWrapper, TransactionalDBClient
from tortoise.backends.sqlite.client import (
    SqliteClient,
    SqliteTransactionContext,
    SqliteTransactionWrapper,
    translate_exceptions,
)
from tortoise.connection import get_connections

from splash.core.db import locks as db

SQLITE_DEFAULT_BUSY_TIMEOUT_MS = 5000  # Python's sqlite3.connect(timeout=5.0)


def reads_only(query: str) -> bool:
    """A statement that may run on the read connection (SELECT; anything else writes or may)."""
    return query.lstrip()[:6].upper() == "SELECT"


def writes_rows(query: str) -> bool:
    """A statement that changes rows (and nothing else: no PRAGMA, no DDL, no script)."""
    return query.lstrip()[:7].upper().rstrip() in ("INSERT", "UPDATE", "DELETE", "REPLACE")


class _WritingTransaction(SqliteTransactionWrapper):
    async def begin(self) -> None:
        await self._connection.commit()  # as Tortoise's: nothing implicit left open
        # A lock not had within the busy timeout raises sqlite3's own "database is locked",
        # which db.is_busy recognises (a 503 asking to retry); Tortoise's would hide it.
        await self._connection.execute("BEGIN IMMEDIATE")


async def _undo_begin(connection: aiosqlite.Connection) -> None:
    """After a ``BEGIN`` that failed or was cut off: a cancelled request (a client that hung up
    while it waited for the lock) stops awaiting, but the thread still runs the ``BEGIN``; the
    rollback queued behind it leaves no transaction open for the writer's next user (a no-op
    when none began)."""
    await connection.rollback()


class _Wait:
    """One wait of a request for the write lock (taking the writer connection, then what runs
    on it), counted in the request's lock waits; None of those: no count, the whole timeout."""

    __slots__ = ("ended", "started", "timeout", "waits")

    def __init__(self, waits: db.LockWaits | None, timeout_ms: int) -> None:
        self.waits, self.timeout = waits, timeout_ms / 1000
        self.started = time.monotonic()
        self.ended = False

    def left(self) -> float | None:
        """Seconds still to wait at most."""
        if self.waits is None:
            return None
        return max(0.0, self.timeout - self.waits.waited - (time.monotonic() - self.started))

    def end(self) -> None:
        if self.waits is not None and not self.ended:
            self.waits.waited += time.monotonic() - self.started
        self.ended = True


class _Context(SqliteTransactionContext):
    async def __aenter__(self) -> TransactionalDBClient:
        """Tortoise's, but the writer and its ``BEGIN`` are waited for within the request's
        lock waits, and a ``BEGIN`` that fails gives the connection back: the process's one
        writer would otherwise stay taken for good."""
        client: WritingSqliteClient = self.connection._parent
        wait = client.wait()
        try:
            await client.take_writer(wait)
            try:
                await self.ensure_connection()
                await client.allow_wait(wait)
                self.token = get_connections().set(self.connection_name, self.connection)
                try:
                    await self.connection.begin()
                except BaseException:
                    get_connections().reset(self.token)
                    await _undo_begin(self.connection._connection)
                    raise
            except BaseException:
                self._trxlock.release()
                raise
        finally:
            wait.end()
        return self.connection


class _Writer(ConnectionWrapper[aiosqlite.Connection]):
    """The writer connection for one statement outside a transaction, taken within what is left
    of the request's lock waits. A write of rows runs in a transaction of its own begun as the
    writer, so only the wait for the lock is counted, not the statement: a request's many
    writes (seeding) would spend the busy timeout on doing them. Anything else (a script, a
    PRAGMA, DDL) runs as it comes, its whole time counted as waited."""

    __slots__ = ("_begin", "_wait")

    def __init__(self, client: WritingSqliteClient, begin: bool) -> None:
        super().__init__(client._lock, client)
        self._begin = begin

    async def __aenter__(self) -> aiosqlite.Connection:
        client: WritingSqliteClient = self.client  # type: ignore[assignment]
        self._wait = wait = client.wait()
        try:
            await client.take_writer(wait)
        except BaseException:
            wait.end()
            raise
        try:
            await self.ensure_connection()
            await client.allow_wait(wait)
            if self._begin:
                try:
                    await self.connection.execute("BEGIN IMMEDIATE")
                finally:
                    wait.end()
        except BaseException:
            try:
                if self._begin and self.connection is not None:
                    await _undo_begin(self.connection)
            finally:
                self._lock.release()
                wait.end()
            raise
        return self.connection

    async def __aexit__(self, exc_type: Any, exc_val: Any, exc_tb: Any) -> None:
        try:
            if self._begin:
                await self._finish(commit=exc_type is None)
        finally:
            self._lock.release()
            self._wait.end()

    async def _finish(self, commit: bool) -> None:
        if commit:
            try:
                await self.connection.commit()
                return
            except BaseException:
                await self.connection.rollback()  # nothing left open for the next one
                raise
        await self.connection.rollback()


class WritingSqliteClient(SqliteClient):
    def __init__(self, file_path: str, **kwargs: Any) -> None:
        super().__init__(file_path, **kwargs)
        self.busy_timeout_ms = int(self.pragmas.get("busy_timeout", SQLITE_DEFAULT_BUSY_TIMEOUT_MS))
        self.pragmas["busy_timeout"] = self.busy_timeout_ms
        self._writer_busy_timeout_ms = self.busy_timeout_ms  # as last set on the writer
        # An in-memory database is one per connection: a second one would read another.
        self._reads_apart = ":memory:" not in file_path and "mode=memory" not in file_path
        self._reader: aiosqlite.Connection | None = None
        self._read_lock = asyncio.Lock()
        self._opening = asyncio.Lock()

    # --- connections ---------------------------------------------------------------------------

    async def create_connection(self, with_db: bool) -> None:
        async with self._opening:
            await super().create_connection(with_db)
            self._writer_busy_timeout_ms = self.busy_timeout_ms
            if self._reads_apart and self._reader is None:
                self._reader = await self._open_reader()

    async def _open_reader(self) -> aiosqlite.Connection:
        reader = await aiosqlite.connect(self.filename, isolation_level=None)
        try:
            reader._conn.row_factory = sqlite3.Row
            # query_only: a write sent here by mistake fails instead of bypassing the writer.
            for pragma in (f"busy_timeout={self.busy_timeout_ms}", "query_only=ON"):
                await (await reader.execute(f"PRAGMA {pragma}")).close()
        except BaseException:
            await reader.close()
            raise
        return reader

    async def close(self) -> None:
        reader, self._reader = self._reader, None
        if reader is not None:
            await reader.close()
        await super().close()

    def acquire_connection(self) -> ConnectionWrapper[Any]:
        return _Writer(self, begin=False)

    def _in_transaction(self) -> Any:
        return _Context(_WritingTransaction(self), self._lock)

    # --- statements outside a transaction: reads apart, writes of rows as the writer ----------

    @translate_exceptions
    async def execute_insert(self, query: str, values: list[Any]) -> int:
        async with _Writer(self, begin=True) as connection:
            self.log.debug("%s: %s", query, values)
            return (await connection.execute_insert(query, values))[0]  # type: ignore[index]

    @translate_exceptions
    async def execute_many(self, query: str, values: list[list[Any]]) -> None:
        async with _Writer(self, begin=True) as connection:
            self.log.debug("%s: %s", query, values)
            await connection.executemany(query, values)

    async def execute_query(
        self, query: str, values: list[Any] | None = None
    ) -> tuple[int, Sequence[dict[str, Any]]]:
        if self._reads_apart and reads_only(query):
            rows = await self._read(query, values)
            return len(rows), rows
        if writes_rows(query):
            return await self._write(query, values)
        return await super().execute_query(query, values)

    async def execute_query_dict(
        self, query: str, values: list[Any] | None = None
    ) -> list[dict[str, Any]]:
        if self._reads_apart and reads_only(query):
            return list(map(dict, await self._read(query, values)))
        if writes_rows(query):
            return list(map(dict, (await self._write(query, values))[1]))
        return await super().execute_query_dict(query, values)

    @translate_exceptions
    async def _read(self, query: str, values: list[Any] | None) -> list[Any]:
        query = query.replace("\x00", "'||CHAR(0)||'")  # as Tortoise's
        async with self._read_lock:
            if self._reader is None:
                await self.create_connection(with_db=True)
            assert self._reader is not None
            self.log.debug("%s: %s", query, values)
            # Every row fetched: the statement, and its read transaction, end here.
            return list(await self._reader.execute_fetchall(query, values))

    @translate_exceptions
    async def _write(self, query: str, values: list[Any] | None) -> tuple[int, list[Any]]:
        query = query.replace("\x00", "'||CHAR(0)||'")  # as Tortoise's
        async with _Writer(self, begin=True) as connection:
            self.log.debug("%s: %s", query, values)
            start = connection.total_changes
            rows = list(await connection.execute_fetchall(query, values))
            return (connection.total_changes - start) or len(rows), rows

    # --- the writer, within the request's lock waits ---------------------------------------------

    def wait(self) -> _Wait:
        return _Wait(db.lock_waits(), self.busy_timeout_ms)

    async def take_writer(self, wait: _Wait) -> None:
        """The writer connection's lock, waited for at most what is left of the busy timeout."""
        left = wait.left()
        if left is None:
            await self._lock.acquire()
            return
        try:  # a free lock is taken at once, even with nothing left
            async with asyncio.timeout(left):
                await self._lock.acquire()
        except TimeoutError:
            raise db.LockWaitExpired("the writer connection stayed taken") from None

    async def allow_wait(self, wait: _Wait) -> None:
        """SQLite's busy timeout on the (taken) writer for what runs next: what is left."""
        left = wait.left()
        wanted = self.busy_timeout_ms if left is None else math.ceil(left * 1000)
        if wanted != self._writer_busy_timeout_ms and self._connection is not None:
            self._writer_busy_timeout_ms = wanted  # first: the thread runs it even if cut off
            await (await self._connection.execute(f"PRAGMA busy_timeout={wanted}")).close()


client_class = WritingSqliteClient
