"""Tortoise configuration: one app, one migration history, SQLite or PostgreSQL."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, cast

from pypika_tortoise import Query, Table
from pypika_tortoise.queries import QueryBuilder
from pypika_tortoise.terms import Term
from tortoise import Tortoise, connections
from tortoise.backends.base.config_generator import expand_db_url
from tortoise.exceptions import ValidationError as FieldValueError
from tortoise.expressions import RawSQL
from tortoise.models import Model
from tortoise.queryset import QuerySet

from splash.errors import ValidationError

ModelT = TypeVar("ModelT", bound=Model)
T = TypeVar("T")

MODEL_MODULES = [
    "splash.content.models",
    "splash.forms.models",
    "splash.accounts.models",
    "splash.catalog.models",
    "splash.orders.models",
    "splash.orders.payments.models",
    "splash.academy.models",
    "splash.handoff.models",
    "splash.outbox.models",
]


def _ensure_sqlite_folder(url: str) -> None:
    """SQLite cannot create the file's folder (and aiosqlite then hangs instead of failing)."""
    if url.startswith("sqlite://") and url != "sqlite://:memory:":
        Path(url.removeprefix("sqlite://").split("?", 1)[0]).parent.mkdir(
            parents=True, exist_ok=True
        )


def _connection(url: str, busy_timeout_ms: int | None) -> dict[str, Any]:
    """The URL's connection (SQLite's through splash.sqlite_engine) with its lock wait: SQLite's
    ``busy_timeout`` pragma (a request's writes wait that long in all for another connection's
    write lock; its reads, on a connection of their own, wait for none),
    PostgreSQL's ``lock_timeout`` (a statement waits that long for a row or table lock held
    elsewhere). Without one, a locked SQLite file waits 5 s (Python's default) and PostgreSQL
    waits forever."""
    expanded = expand_db_url(url)
    credentials = expanded["credentials"]
    if url.startswith("sqlite://"):
        expanded["engine"] = "splash.sqlite_engine"  # transactions begin as the writer
        if busy_timeout_ms is not None:
            credentials["busy_timeout"] = busy_timeout_ms
        return expanded
    credentials["reset"] = _keep_session
    if busy_timeout_ms is not None:
        settings = dict(credentials.get("server_settings") or {})
        credentials["server_settings"] = {**settings, "lock_timeout": f"{busy_timeout_ms}ms"}
    return expanded


async def _keep_session(connection: Any) -> None:
    """What a PostgreSQL connection needs before the pool gives it out again, beyond the
    rollback of an open transaction that asyncpg always does first: nothing. asyncpg's default
    also closes cursors, unlistens, unlocks advisory locks and resets settings, a round trip per
    query outside a transaction, for state Splash never makes (no SET, LISTEN, cursor or
    advisory lock)."""
    del connection


def tortoise_config(database_url: str, busy_timeout_ms: int | None = None) -> dict[str, Any]:
    url = database_url.replace("postgresql://", "postgres://", 1)
    _ensure_sqlite_folder(url)
    return {
        "connections": {"default": _connection(url, busy_timeout_ms)},
        "apps": {
            "splash": {
                "models": MODEL_MODULES,
                "migrations": "splash.migrations",
                "default_connection": "default",
            }
        },
        "use_tz": True,
        "timezone": "UTC",
    }


_connected = False


async def connect(database_url: str, busy_timeout_ms: int | None = None) -> None:
    """Connect for the whole process: request tasks find the connection through the global
    context (Tortoise 1.x keeps contexts per task otherwise)."""
    global _connected
    config = tortoise_config(database_url, busy_timeout_ms)
    await Tortoise.init(config=config, _enable_global_fallback=True)
    _connected = True


async def connect_once(database_url: str, busy_timeout_ms: int | None = None) -> bool:
    """Connect unless this process already is (tests, embedding); True when it connected."""
    if _connected:
        return False
    await connect(database_url, busy_timeout_ms)
    return True


@dataclass
class LockWaits:
    """How long one request has waited for database locks so far, in seconds: on SQLite its
    waits together end at the busy timeout (``splash.sqlite_engine``), however many writes it
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


async def ping() -> None:
    """One trivial query: proves the database answers (health checks, worker start-up)."""
    await connections.get("default").execute_query("SELECT 1")


async def count_filtered(found: QuerySet[Any]) -> int:
    """The total of a find query. A filter value its column cannot hold (a 500-character slug)
    can match nothing, but Tortoise refuses it while building the SQL:
    a 400 naming the filters, never a 500."""
    try:
        return await found.count()
    except (FieldValueError, ValueError, TypeError):
        message = "a filter value is too long or of the wrong kind for its field"
        raise ValidationError.for_field(["query", "filters"], message) from None


# Beside each row of a page, the number of rows the whole query finds (SQLite ≥ 3.25, PostgreSQL).
_FOUND = "found_total"


async def page_of(found: QuerySet[ModelT], offset: int, limit: int) -> tuple[list[ModelT], int]:
    """One page of a find query (ordered by the caller) and the total it is a page of, in one
    statement: a window count rides along with each row. Only a page past the end, which has
    no rows to carry it, asks for the count on its own. Bad filter values as for
    :func:`count_filtered`."""
    try:
        rows = (
            await found.annotate(**{_FOUND: RawSQL("COUNT(*) OVER ()")}).offset(offset).limit(limit)
        )
    except (FieldValueError, ValueError, TypeError):
        message = "a filter value is too long or of the wrong kind for its field"
        raise ValidationError.for_field(["query", "filters"], message) from None
    if rows:
        return rows, int(getattr(rows[0], _FOUND))
    return rows, await count_filtered(found) if offset else 0


# Joined reads: one statement where Tortoise's querysets need several (a LEFT JOIN whose ON
# holds a condition, such as the texts of one locale). Built with Tortoise's own query builder,
# so quoting and parameters follow the connected database; rows come back as models.


def sql_query() -> type[Query]:
    """The query builder of the connected database (its quoting and parameter style)."""
    return connections.get("default").query_class


def text_length(model: type[Model], field: str) -> int:
    """The ``max_length`` a text column of ``model`` declares (what a collection's filter on it
    accepts): read from the model, so a filter's limit cannot drift from its column."""
    length: int = model._meta.fields_map[field].max_length  # type: ignore[attr-defined]
    return length


def table(model: type[Model], alias: str) -> Table:
    return Table(model._meta.db_table, alias=alias)


def columns(source: Table, model: type[Model]) -> list[Term]:
    """Every column of ``model`` read from ``source``, named ``<alias>.<column>`` as
    :func:`instance` reads it back."""
    alias = source.get_table_name()
    return [source.field(column).as_(f"{alias}.{column}") for column in model._meta.db_fields]


def instance(model: type[ModelT], alias: str, row: dict[str, Any]) -> ModelT | None:
    """The ``model`` whose :func:`columns` ``row`` holds under ``alias``; None where a LEFT JOIN
    found no row."""
    values = {column: row[f"{alias}.{column}"] for column in model._meta.db_fields}
    if values[model._meta.db_pk_column] is None:
        return None
    return model._init_from_db(**values)


async def rows(query: QueryBuilder) -> list[dict[str, Any]]:
    """What a query built with :func:`sql_query` selects: a dict per row, by column name."""
    return await connections.get("default").execute_query_dict(*query.get_parameterized_sql())


# What a read_once block has read, by key, and which keys it keeps (None: every key).
_kept: ContextVar[tuple[dict[str, Any], frozenset[str] | None] | None] = ContextVar(
    "read_once", default=None
)


@asynccontextmanager
async def read_once(only: Collection[str] | None = None) -> AsyncIterator[None]:
    """Within this block each :func:`once` read happens once: publishing computes thousands of
    payloads from one state of the content, and reading a collection's rows for each of them
    made it cost a few statements per entry (the page tree for each page: quadratic). With
    ``only``, just those keys are kept and the other reads go as outside a block: republishing
    a few entries needs the page tree, not every product and page of the shop."""
    token = _kept.set(({}, None if only is None else frozenset(only)))
    try:
        yield
    finally:
        _kept.reset(token)


async def once(key: str, read: Callable[[], Awaitable[T]]) -> T | None:
    """What ``read`` gives, read at the first call with ``key`` in a :func:`read_once` block and
    kept for the rest of it; None outside one (or for a key it does not keep), where the caller
    reads only what it needs."""
    block = _kept.get()
    if block is None or (block[1] is not None and key not in block[1]):
        return None
    kept = block[0]
    if key not in kept:
        kept[key] = await read()
    return cast(T, kept[key])


async def filter_once(model: type[ModelT], **lookup: Any) -> list[ModelT]:
    """``model.filter(field=value)``, one field; in a :func:`read_once` block every row of
    ``model`` is read at the first call and grouped by that field, each group in model order."""
    [(field, value)] = lookup.items()
    groups = await once(f"{model.__name__} by {field}", lambda: _grouped(model, field))
    if groups is None:
        return await model.filter(**lookup)
    return groups.get(value, [])


async def _grouped(model: type[ModelT], field: str) -> dict[Any, list[ModelT]]:
    groups: dict[Any, list[ModelT]] = {}
    for row in await model.all():
        groups.setdefault(getattr(row, field), []).append(row)
    return groups


async def disconnect() -> None:
    global _connected
    await Tortoise.close_connections()
    _connected = False


@asynccontextmanager
async def session(database_url: str) -> AsyncIterator[None]:
    """Connected for the block; closes only a connection it opened itself (CLI commands)."""
    opened = await connect_once(database_url)
    try:
        yield
    finally:
        if opened:
            await disconnect()


async def migrate(database_url: str) -> None:
    """Apply every migration that has not run yet (the same files on SQLite and PostgreSQL)."""
    from tortoise.context import TortoiseContext
    from tortoise.migrations.api import migrate as migrate_api

    async with TortoiseContext():  # its own context: leaves no state behind
        await migrate_api(config=tortoise_config(database_url))


async def pending_model_changes(database_url: str) -> list[str]:
    """Names of migrations ``makemigrations`` would write now; empty when models match history."""
    from tortoise.migrations.autodetector import MigrationAutodetector

    config = tortoise_config(database_url)
    await Tortoise.init(config=config)
    try:
        detector = MigrationAutodetector(Tortoise.apps, config["apps"])
        return [writer.name for writer in await detector.changes()]
    finally:
        await Tortoise.close_connections()


def __getattr__(name: str) -> Any:
    """``TORTOISE_ORM`` for Tortoise's own CLI (``python -m splash makemigrations``)."""
    if name == "TORTOISE_ORM":
        from splash.config import load_settings

        return tortoise_config(load_settings().database_url)
    raise AttributeError(name)
