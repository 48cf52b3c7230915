"""Tortoise's SQLite engine, with transactions that begin as the writer (``BEGIN IMMEDIATE``).

SQLite in WAL mode lets a transaction begun with a plain ``BEGIN`` read from a snapshot; when
it then writes after another connection committed (a second worker, the outbox's drainer),
SQLite refuses at once with SQLITE_BUSY_SNAPSHOT: the busy timeout cannot help, since waiting
would not make the snapshot current. Every transaction Splash opens writes, most of them after
reading what they check (a payment's status, a job's lease), so each begins as the writer: a
second one waits its busy timeout for the first to commit instead of failing. `make bench`'s
load run (20 users, two workers) lost 10 of 1,364 requests to a 503 "database busy" without it.

The database URL picks it (``db.tortoise_config``); PostgreSQL needs nothing of the kind.
"""

from __future__ import annotations

from typing import Any

from tortoise.backends.base.client import TransactionalDBClient
from tortoise.backends.sqlite.client import (
    SqliteClient,
    SqliteTransactionContext,
    SqliteTransactionWrapper,
)
from tortoise.connection import get_connections


class _WritingTransaction(SqliteTransactionWrapper):
    async def begin(self) -> None:
        await self._connection.commit()  # as Tortoise's: nothing implicit left open
        # A lock not had within the busy timeout raises sqlite3's own "database is locked",
        # which db.is_busy recognises (a 503 asking to retry); Tortoise's would hide it.
        await self._connection.execute("BEGIN IMMEDIATE")


class _Context(SqliteTransactionContext):
    async def __aenter__(self) -> TransactionalDBClient:
        """Tortoise's, but a ``BEGIN`` that fails gives the connection back: the process's one
        connection would otherwise stay taken for good."""
        await self._trxlock.acquire()
        try:
            await self.ensure_connection()
            self.token = get_connections().set(self.connection_name, self.connection)
            try:
                await self.connection.begin()
            except BaseException:
                get_connections().reset(self.token)
                raise
        except BaseException:
            self._trxlock.release()
            raise
        return self.connection


class WritingSqliteClient(SqliteClient):
    def _in_transaction(self) -> Any:
        return _Context(_WritingTransaction(self), self._lock)


client_class = WritingSqliteClient
