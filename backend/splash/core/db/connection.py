"""Connecting to the database: Tortoise's configuration (one app, one migration history,
SQLite or PostgreSQL), the process's connection, migrations and the health check. The models are
the domains': ``splash.site.wiring`` plugs their modules in (``plug_in``), so the database knows no
domain."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from tortoise import Tortoise, connections
from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.backends.base.config_generator import expand_db_url

# Every module that defines models, plugged in by splash.site.wiring.
MODELS: list[ModuleType] = []


def plug_in(models: Iterable[ModuleType]) -> None:
    """The modules that define the models, replacing what was there."""
    MODELS[:] = models


def _ensure_sqlite_folder(url: str) -> None:
    """SQLite cannot create the file's folder (and aiosqlite then hangs instead of failing)."""
    if url.startswith("sqlite://") and url != "sqlite://:memory:":
        Path(url.removeprefix("sqlite://").split("?", 1)[0]).parent.mkdir(
            parents=True, exist_ok=True
        )


def _connection(url: str, busy_timeout_ms: int | None) -> dict[str, Any]:
    """The URL's connection (SQLite's through db.sqlite_engine) with its lock wait: SQLite's
    ``busy_timeout`` pragma (a request's writes wait that long in all for another connection's
    write lock; its reads, on a connection of their own, wait for none),
    PostgreSQL's ``lock_timeout`` (a statement waits that long for a row or table lock held
    elsewhere). Without one, a locked SQLite file waits 5 s (Python's default) and PostgreSQL
    waits forever."""
    expanded = expand_db_url(url)
    credentials = expanded["credentials"]
    if url.startswith("sqlite://"):
        expanded["engine"] = "splash.core.db.sqlite_engine"  # transactions begin as the writer
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


def tortoise_config(
    database_url: str, busy_timeout_ms: int | None = None, replica_url: str | None = None
) -> dict[str, Any]:
    """The app on the ``default`` connection; with ``replica_url`` a second one, ``replica``,
    that only :func:`replica` hands out (no model's default, never migrated)."""
    if not MODELS:
        raise RuntimeError("no models plugged in: call splash.site.wiring.plug_in() first")
    url = database_url.replace("postgresql://", "postgres://", 1)
    _ensure_sqlite_folder(url)
    found = {"default": _connection(url, busy_timeout_ms)}
    if replica_url:
        found[REPLICA] = _connection(replica_url.replace("postgresql://", "postgres://", 1), None)
    return {
        "connections": found,
        "apps": {
            "splash": {
                "models": [module.__name__ for module in MODELS],  # as Tortoise takes them
                "migrations": "splash.site.migrations",
                "default_connection": "default",
            }
        },
        "use_tz": True,
        "timezone": "UTC",
    }


_connected = False
REPLICA = "replica"
_replica_connected = False


async def connect(
    database_url: str, busy_timeout_ms: int | None = None, replica_url: str | None = None
) -> None:
    """Connect for the whole process: request tasks find the connection through the global
    context (Tortoise 1.x keeps contexts per task otherwise)."""
    global _connected, _replica_connected
    config = tortoise_config(database_url, busy_timeout_ms, replica_url)
    await Tortoise.init(config=config, _enable_global_fallback=True)
    _connected, _replica_connected = True, bool(replica_url)


async def connect_once(
    database_url: str, busy_timeout_ms: int | None = None, replica_url: str | None = None
) -> bool:
    """Connect unless this process already is (tests, embedding); True when it connected."""
    if _connected:
        return False
    await connect(database_url, busy_timeout_ms, replica_url)
    return True


def replica() -> BaseDBAsyncClient:
    """Where a read that may be a moment behind goes (``QuerySet.using_db``): the read replica
    when SPLASH_DATABASE_REPLICA_URL names one, else the database itself. Only for public reads
    whose staleness harms no one; never inside a transaction or before a write."""
    return connections.get(REPLICA if _replica_connected else "default")


async def ping() -> None:
    """One trivial query: proves the database answers (health checks, worker start-up)."""
    await connections.get("default").execute_query("SELECT 1")


async def disconnect() -> None:
    global _connected, _replica_connected
    await Tortoise.close_connections()
    _connected = _replica_connected = False


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
