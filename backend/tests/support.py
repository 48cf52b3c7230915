"""Helpers for tests that need real sockets: which database and Redis the run uses, a free local
port, and the app served over real HTTP (the ASGI test client reports its peer as "mockserver";
here the peer is 127.0.0.1); and the SQL statements a piece of work sends, counted."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import secrets
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import IO, Any

import asyncpg
import httpx
import pytest
from sanic import Sanic
from tortoise import Tortoise

import testkit.serving
from splash.core import db
from splash.shared.http.openapi import build_document
from testkit.serving import free_port

# The run's database (tests/conftest.py makes one per run) and the services beside it.
DATABASE = os.environ.get("SPLASH_TEST_DATABASE", "sqlite")
POSTGRES_ADMIN = os.environ.get(
    "SPLASH_TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres"
)
REDIS_URL = "redis://127.0.0.1:6379/15"  # a database of its own, so tests keep off real keys


@asynccontextmanager
async def serving(app: Sanic, host: str = "localhost:8000") -> AsyncIterator[httpx.AsyncClient]:
    """The app on a real socket at 127.0.0.1, and an HTTP client talking to it."""
    port = free_port()
    server = await app.create_server(host="127.0.0.1", port=port, return_asyncio_server=True)
    assert server is not None
    await server.startup()
    await server.before_start()
    await server.after_start()
    try:
        # Plain HTTP: no CA bundle to read (verify=False). A test that sends hundreds of requests
        # at once waits for a free connection as long as a slow, busy host needs (httpx's 5 s
        # default failed one on CI under load); each wait is still bounded.
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{port}",
            headers={"host": host},
            verify=False,
            timeout=httpx.Timeout(60.0),
        ) as client:
            yield client
    finally:
        await server.before_stop()
        await server.close()
        await server.after_stop()


@contextmanager
def live_server(
    database_url: str,
    environment: dict[str, str],
    workers: int = 1,
    access_log: IO[bytes] | None = None,
) -> Iterator[str]:
    """A freshly seeded Splash (``testkit.server``, SPLASH_ENV=test) in a subprocess on
    ``database_url``, with extra ``environment`` and ``workers`` worker processes; answers its
    base URL once it is healthy, and stops it (its whole process group) after the block. With
    ``access_log``, the server logs at INFO with its access log on, its output into that file.
    Started, awaited and stopped by testkit.serving, as the load harness does."""
    port = free_port()
    process = testkit.serving.start(
        port,
        workers=workers,
        database_url=database_url,
        access_log=access_log is not None,
        stdout=access_log,
        env={
            **os.environ,
            "SPLASH_LOG_LEVEL": "WARNING" if access_log is None else "INFO",
            **environment,
        },
    )
    try:
        testkit.serving.wait_healthy(process, port, timeout=90, interval=0.3)
        yield f"http://127.0.0.1:{port}"
    finally:
        testkit.serving.stop(process)


# db.ping(), which the ASGI test client's start of the app sends before every request.
START_UP_PING = "SELECT 1"


class Statements(logging.Handler):
    """The SQL statements Tortoise sends (its db_client logger at DEBUG), without values and
    without the start-up ping."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        query = record.args[0] if isinstance(record.args, tuple) and record.args else record.msg
        statement = " ".join(str(query).split())
        if statement != START_UP_PING:
            self.seen.append(statement)

    def __len__(self) -> int:
        return len(self.seen)

    def __str__(self) -> str:
        return "\n".join(f"{n}. {statement}" for n, statement in enumerate(self.seen, 1))


@contextmanager
def counting_statements() -> Iterator[Statements]:
    """``with counting_statements() as statements:`` — the statements sent inside the block."""
    logger = logging.getLogger("tortoise.db_client")
    statements, level = Statements(), logger.level
    logger.addHandler(statements)
    logger.setLevel(logging.DEBUG)
    try:
        yield statements
    finally:
        logger.removeHandler(statements)
        logger.setLevel(level)


async def until_a_write_waits() -> None:
    """Until the process's SQLite writer connection is taken (a write waits for the lock)."""
    writer = Tortoise.get_connection("default")
    for _ in range(500):
        if writer._lock.locked():
            return
        await asyncio.sleep(0.01)
    pytest.fail("no write began")


def playlist_seconds(playlist: str) -> float:
    """How long an HLS media playlist plays, as a player adds it up: its segments' durations."""
    return sum(float(seconds) for seconds in re.findall(r"^#EXTINF:([\d.]+),", playlist, re.M))


def request_lines(output: str) -> list[dict[str, Any]]:
    """The access log's ``request`` lines in a server's output (one JSON object per line)."""
    entries = (json.loads(line) for line in output.splitlines() if line.startswith("{"))
    return [entry for entry in entries if entry.get("logger") == "splash.request"]


def get_operations(app: Sanic, studio: bool = False) -> set[str]:
    """The shop's GET operations in the API's document; ``studio``: the studio's instead (the
    query-count tests count each with its own budget)."""
    prefix = app.ctx.settings.api_prefix
    document = build_document(app, prefix)
    documented = {path for path, methods in document["paths"].items() if "get" in methods}
    in_studio = {path for path in documented if path.startswith(f"{prefix}/studio/")}
    if studio:
        return in_studio
    return documented - in_studio | {f"{prefix}/openapi.json", f"{prefix}/docs"}


async def postgres_admin(sql: str) -> None:
    """One statement on the PostgreSQL server's admin database (CREATE/DROP DATABASE)."""
    connection = await asyncpg.connect(POSTGRES_ADMIN)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


@contextmanager
def migrated_database(folder: Any, prefix: str) -> Iterator[str]:
    """The URL of a database of its own, migrated: on PostgreSQL one made on POSTGRES_ADMIN's
    server and dropped after (``<prefix>_<random>``), on SQLite a file in ``folder``."""
    name = f"{prefix}_{secrets.token_hex(4)}"
    if DATABASE == "postgres":
        asyncio.run(postgres_admin(f'CREATE DATABASE "{name}"'))
        url = f"{POSTGRES_ADMIN.rsplit('/', 1)[0]}/{name}"
    else:
        url = f"sqlite://{folder / f'{name}.sqlite3'}"
    asyncio.run(db.migrate(url))
    try:
        yield url
    finally:
        if DATABASE == "postgres":
            asyncio.run(postgres_admin(f'DROP DATABASE "{name}" WITH (FORCE)'))
