"""Connecting to the database: Tortoise's configuration (one app, one migration history,
SQLite or PostgreSQL), the process's connection, migrations and the health check. The models are
the domains': ``splash.site.wiring`` plugs their modules in (``plug_in``), so the database knows no
domain."""

from __future__ import annotations

import importlib
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


def tortoise_config(database_url: str, busy_timeout_ms: int | None = None) -> dict[str, Any]:
    if not MODELS:
        raise RuntimeError("no models plugged in: call splash.site.wiring.plug_in() first")
    url = database_url.replace("postgresql://", "postgres://", 1)
    _ensure_sqlite_folder(url)
    return {
        "connections": {"default": _connection(url, busy_timeout_ms)},
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
# The read replica's client (SPLASH_DATABASE_REPLICA_URL), made beside Tortoise's configuration,
# not in it: with two configured connections every unnamed transaction (in_transaction()) would
# have to name its connection. Only replica() hands it out.
_replica: BaseDBAsyncClient | None = None


def _replica_client(url: str) -> BaseDBAsyncClient:
    """A client of the engine the URL names, as Tortoise makes its own (no pool opened yet)."""
    expanded = _connection(url.replace("postgresql://", "postgres://", 1), None)
    engine = importlib.import_module(expanded["engine"])
    client_class = (
        engine.get_client_class(expanded)
        if hasattr(engine, "get_client_class")
        else engine.client_class
    )
    return client_class(connection_name="replica", **expanded["credentials"])  # type: ignore[no-any-return]


async def connect(
    database_url: str, busy_timeout_ms: int | None = None, replica_url: str | None = None
) -> None:
    """Connect for the whole process: request tasks find the connection through the global
    context (Tortoise 1.x keeps contexts per task otherwise)."""
    global _connected, _replica
    config = tortoise_config(database_url, busy_timeout_ms)
    await Tortoise.init(config=config, _enable_global_fallback=True)
    _connected = True
    if replica_url:
        # Its first query opens it here, before any request (see site/app.py: a request
        # cancelled during Tortoise's first connect would leave the client locked).
        _replica = _replica_client(replica_url)
        await _replica.execute_query("SELECT 1")


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
    return _replica if _replica is not None else connections.get("default")


async def ping() -> None:
    """One trivial query: proves the database answers (health checks, worker start-up)."""
    await connections.get("default").execute_query("SELECT 1")


async def disconnect() -> None:
    global _connected, _replica
    await Tortoise.close_connections()
    if _replica is not None:
        await _replica.close()
    _connected, _replica = False, None


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
