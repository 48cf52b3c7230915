"""Shared fixtures: a real database per run (SQLite by default, PostgreSQL with
SPLASH_TEST_DATABASE=postgres), migrated with the real migration history, emptied per test.

PostgreSQL: the tests create their own database on SPLASH_TEST_POSTGRES_URL (default
postgres://postgres@127.0.0.1:5432/postgres) and drop it afterwards. When no server answers,
the run is skipped with a visible notice — except in CI (CI=true), where that is a failure.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from sanic import Sanic
from tortoise import Tortoise

from splash import db
from splash.app import create_app
from splash.config import REPO_ROOT, Settings
from splash.seed import seed_all

DATABASE = os.environ.get("SPLASH_TEST_DATABASE", "sqlite")
POSTGRES_ADMIN = os.environ.get(
    "SPLASH_TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres"
)
Sanic.test_mode = True


def _postgres_reachable() -> str | None:
    async def probe() -> None:
        connection = await asyncpg.connect(POSTGRES_ADMIN, timeout=3)
        await connection.close()

    try:
        asyncio.run(probe())
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if DATABASE != "postgres":
        return
    problem = _postgres_reachable()
    if problem is None:
        return
    notice = f"PostgreSQL run skipped: no server at {POSTGRES_ADMIN} ({problem})"
    if os.environ.get("CI"):
        raise pytest.UsageError(f"{notice}. CI must run the PostgreSQL suite.")
    config.issue_config_time_warning(pytest.PytestWarning(notice), stacklevel=2)
    for item in items:
        item.add_marker(pytest.mark.skip(reason=notice))


def pytest_report_header(config: pytest.Config) -> str:
    return f"splash database: {DATABASE}"


async def _postgres_admin(sql: str) -> None:
    connection = await asyncpg.connect(POSTGRES_ADMIN)
    try:
        await connection.execute(sql)
    finally:
        await connection.close()


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if DATABASE == "postgres":
        name = f"splash_test_{secrets.token_hex(4)}"
        asyncio.run(_postgres_admin(f'CREATE DATABASE "{name}"'))
        base = POSTGRES_ADMIN.rsplit("/", 1)[0]
        url = f"{base}/{name}"
    else:
        url = f"sqlite://{tmp_path_factory.mktemp('db') / 'splash.sqlite3'}"
    asyncio.run(db.migrate(url))
    yield url
    if DATABASE == "postgres":
        asyncio.run(_postgres_admin(f'DROP DATABASE "{name}" WITH (FORCE)'))


@pytest.fixture(scope="session")
def video_storage(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One video folder per run: the seeded fixture videos are copied once, not per test (their
    prefixes name the lesson ids, which every emptied database gives out the same way)."""
    return f"file://{tmp_path_factory.mktemp('videos')}"


@pytest.fixture
def settings(database_url: str, tmp_path: Path, video_storage: str) -> Settings:
    return Settings(
        env="test",
        database_url=database_url,
        var_dir=tmp_path / "var",
        video_storage=video_storage,
        public_port=8000,
        access_log=False,
        mail_url=f"outbox://{tmp_path / 'outbox'}",
    )


async def empty_tables() -> None:
    assert Tortoise.apps is not None
    models = list(Tortoise.apps.get_models_iterable())
    connection = Tortoise.get_connection("default")
    tables = ", ".join(f'"{m._meta.db_table}"' for m in models)
    if DATABASE == "postgres":
        await connection.execute_script(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
    else:
        # Without the foreign-key checks, as TRUNCATE … CASCADE: an order RESTRICTs its user.
        deletes = "".join(f'DELETE FROM "{m._meta.db_table}"; ' for m in models)
        await connection.execute_script(
            f"PRAGMA foreign_keys = OFF; {deletes}DELETE FROM sqlite_sequence; "
            "PRAGMA foreign_keys = ON;"
        )


@pytest.fixture
async def database(settings: Settings) -> AsyncIterator[None]:
    """A connected, empty database (the schema from the real migrations)."""
    await db.connect(settings.database_url)
    await empty_tables()
    yield
    await db.disconnect()


@pytest.fixture
async def seeded(database: None, settings: Settings) -> dict[str, int]:
    """The database holding the fixtures/ content."""
    return await seed_all(settings)


@pytest.fixture
def app(settings: Settings) -> Sanic:
    return create_app(settings)


class Client:
    """Real requests through the app (ASGI) with a Host header per shop domain."""

    def __init__(self, app: Sanic) -> None:
        self.app = app

    async def get(self, path: str, host: str = "localhost:8000", **kwargs: Any) -> Any:
        headers = {"host": host, **kwargs.pop("headers", {})}
        _, response = await self.app.asgi_client.get(path, headers=headers, **kwargs)
        return response

    async def post(self, path: str, host: str = "localhost:8000", **kwargs: Any) -> Any:
        headers = {"host": host, **kwargs.pop("headers", {})}
        _, response = await self.app.asgi_client.post(path, headers=headers, **kwargs)
        return response

    async def put(self, path: str, host: str = "localhost:8000", **kwargs: Any) -> Any:
        headers = {"host": host, **kwargs.pop("headers", {})}
        _, response = await self.app.asgi_client.put(path, headers=headers, **kwargs)
        return response


@pytest.fixture
def client(app: Sanic) -> Client:
    return Client(app)


@pytest.fixture(scope="session")
def spa_built() -> Path:
    dist = REPO_ROOT / "frontend" / "dist-server" / "entry-server.js"
    if not dist.exists():
        pytest.fail("The SPA is not built: run `make build` (make test does it first)")
    return dist
