"""Shared fixtures: a real database per run (SQLite by default, PostgreSQL with
SPLASH_TEST_DATABASE=postgres), migrated with the real migration history, emptied per test.

PostgreSQL: the tests create their own database on SPLASH_TEST_POSTGRES_URL (default
postgres://postgres@127.0.0.1:5432/postgres) and drop it afterwards. When no server answers,
the run is skipped with a visible notice — except in CI (CI=true), where that is a failure.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from collections import defaultdict
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest
from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from sanic import Sanic
from tortoise import Tortoise

from splash.core import db
from splash.core.config import REPO_ROOT, Settings
from splash.site import wiring
from splash.site.app import create_app
from splash.site.seed import seed_all
from splash.site.web.publish import PublishResult, publish
from tests import shards
from tests.academy.media import bucket, mp4, s3_endpoint  # noqa: F401  # the fixtures, shared
from tests.app_client import Client
from tests.support import DATABASE, POSTGRES_ADMIN, REDIS_URL, migrated_database

Sanic.test_mode = True
# Sanic's TouchUp rewrites its request handling (ast parse + compile) at each app's start to skip
# signals nobody listens to: about half of a test app's start, and the tests start thousands.
# The tests run Sanic's plain path (the same behaviour); the e2e and load runs keep TouchUp.
os.environ["SANIC_TOUCHUP"] = "false"


def _postgres_reachable() -> str | None:
    async def probe() -> None:
        connection = await asyncpg.connect(POSTGRES_ADMIN, timeout=3)
        await connection.close()

    try:
        asyncio.run(probe())
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


_seconds: defaultdict[str, float] = defaultdict(float)  # test file → seconds in this run


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _seconds[shards.file_of(report)] += report.duration  # setup, call and teardown


def pytest_sessionfinish(session: pytest.Session) -> None:
    """SPLASH_TEST_TIMES=<file>: each test file's seconds in this run (``tests.shards``)."""
    if target := os.environ.get("SPLASH_TEST_TIMES"):
        times = {name: round(seconds, 2) for name, seconds in sorted(_seconds.items())}
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        Path(target).write_text(json.dumps(times, indent=1) + "\n")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if shard := os.environ.get("SPLASH_TEST_SHARD"):
        try:
            kept, others = shards.cut(items, shard, DATABASE)
        except ValueError as exc:
            raise pytest.UsageError(str(exc)) from None
        config.hook.pytest_deselected(items=others)
        items[:] = kept
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


@pytest.fixture(autouse=True, scope="session")
def _plugged_in() -> None:
    """Every plug, as the app and the worker plug them in at start (tests of a service alone
    start neither)."""
    wiring.plug_in()


def pytest_report_header(config: pytest.Config) -> str:
    return f"splash database: {DATABASE}"


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with migrated_database(tmp_path_factory.mktemp("db"), "splash_test") as url:
        yield url


@pytest.fixture(scope="session")
def video_storage(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One video folder per run: the seeded fixture videos are copied once, not per test (their
    prefixes name the lesson ids, which every emptied database gives out the same way)."""
    return f"file://{tmp_path_factory.mktemp('videos')}"


@pytest.fixture
def settings(database_url: str, tmp_path: Path, video_storage: str) -> Settings:
    return Settings(
        publish_check_seconds=0,  # a test publishes and reads at once
        env="test",
        database_url=database_url,
        var_dir=tmp_path / "var",
        video_storage=video_storage,
        public_port=8000,
        access_log=False,
        mail_url=f"outbox://{tmp_path / 'outbox'}",
    )


def _tables() -> list[str]:
    assert Tortoise.apps is not None
    return [m._meta.db_table for m in Tortoise.apps.get_models_iterable()]


async def empty_tables() -> None:
    connection = Tortoise.get_connection("default")
    if DATABASE == "postgres":
        tables = ", ".join(f'"{t}"' for t in _tables())
        await connection.execute_script(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
    else:
        # Without the foreign-key checks, as TRUNCATE … CASCADE: an order RESTRICTs its user.
        deletes = "".join(f'DELETE FROM "{t}"; ' for t in _tables())
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


class SeedSnapshot:
    """The seeded rows, copied aside once per run and copied back for every test that asks for
    them: seeding the six locales' fixtures costs far more than copying its rows. The copy sits
    beside the real tables (an attached SQLite file; a PostgreSQL schema), so the schema the
    migrations made is left as it is. Kept per fixtures folder and video storage: a test with
    its own gets a real seed."""

    SCHEMA = "seed_snapshot"

    def __init__(self, database_url: str) -> None:
        self.database_url = database_url
        self.key: tuple[Path, str] | None = None
        self.counts: dict[str, int] = {}

    def _sqlite_file(self) -> str:
        return self.database_url.removeprefix("sqlite://") + ".seeded"

    async def take(self, key: tuple[Path, str], counts: dict[str, int]) -> None:
        connection = Tortoise.get_connection("default")
        tables = _tables()
        if DATABASE == "postgres":
            copies = "".join(
                f'CREATE TABLE {self.SCHEMA}."{t}" AS TABLE public."{t}"; ' for t in tables
            )
            script = f"DROP SCHEMA IF EXISTS {self.SCHEMA} CASCADE; CREATE SCHEMA {self.SCHEMA}; "
            await connection.execute_script(script + copies)
        else:
            Path(self._sqlite_file()).unlink(missing_ok=True)
            copies = "".join(f'CREATE TABLE snap."{t}" AS SELECT * FROM "{t}"; ' for t in tables)
            await connection.execute_script(
                f"ATTACH DATABASE '{self._sqlite_file()}' AS snap; {copies}"
                "CREATE TABLE snap.sequence AS SELECT * FROM main.sqlite_sequence; "
                "DETACH DATABASE snap;"
            )
        self.key, self.counts = key, counts

    async def restore(self) -> dict[str, int]:
        """Into the emptied tables (the ``database`` fixture empties them)."""
        connection = Tortoise.get_connection("default")
        tables = _tables()
        if DATABASE == "postgres":
            inserts = "".join(
                f'INSERT INTO public."{t}" SELECT * FROM {self.SCHEMA}."{t}"; ' for t in tables
            )
            serial = [t for t in tables if await _has_serial_id(t)]
            sequences = "".join(
                f"SELECT setval(pg_get_serial_sequence('\"{t}\"', 'id'), "
                f'COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM "{t}"; '
                for t in serial
            )
            await connection.execute_script(
                "SET session_replication_role = replica; "
                f"{inserts}SET session_replication_role = DEFAULT; {sequences}"
            )
        else:
            inserts = "".join(f'INSERT INTO main."{t}" SELECT * FROM snap."{t}"; ' for t in tables)
            await connection.execute_script(
                f"ATTACH DATABASE '{self._sqlite_file()}' AS snap; PRAGMA foreign_keys = OFF; "
                f"{inserts}DELETE FROM main.sqlite_sequence; "
                "INSERT INTO main.sqlite_sequence SELECT * FROM snap.sequence; "
                "PRAGMA foreign_keys = ON; DETACH DATABASE snap;"
            )
        return dict(self.counts)


_SERIAL: dict[str, bool] = {}


async def _has_serial_id(table: str) -> bool:
    if table not in _SERIAL:
        connection = Tortoise.get_connection("default")
        rows = await connection.execute_query_dict(
            "SELECT pg_get_serial_sequence($1, 'id') AS sequence "
            "WHERE EXISTS (SELECT 1 FROM information_schema.columns "
            "WHERE table_schema = 'public' AND table_name = $2 AND column_name = 'id')",
            [f'"{table}"', table],
        )
        _SERIAL[table] = bool(rows and rows[0]["sequence"])
    return _SERIAL[table]


@pytest.fixture(scope="session")
def seed_snapshot(database_url: str) -> SeedSnapshot:
    return SeedSnapshot(database_url)


@pytest.fixture
async def seeded(database: None, settings: Settings, seed_snapshot: SeedSnapshot) -> dict[str, int]:
    """The database holding the fixtures/ content (seeded once per run, then copied back)."""
    key = (settings.fixtures_dir, settings.video_storage)
    if seed_snapshot.key == key:
        return await seed_snapshot.restore()
    counts = await seed_all(settings)
    await seed_snapshot.take(key, counts)
    return counts


@pytest.fixture
def app(settings: Settings) -> Sanic:
    return create_app(settings)


@pytest.fixture
def client(app: Sanic) -> Client:
    return Client(app)


@pytest.fixture(scope="session")
def spa_built() -> Path:
    dist = REPO_ROOT / "frontend" / "dist-server" / "entry-server.js"
    if not dist.exists():
        pytest.fail("The SPA is not built: run `make build` (make test does it first)")
    return dist


@pytest.fixture
async def redis() -> AsyncIterator[Redis]:
    """A client of the machine's Redis; the test is skipped when there is none."""
    client = Redis.from_url(REDIS_URL)
    try:
        await client.ping()
    except (RedisConnectionError, OSError) as exc:
        await client.aclose()
        pytest.skip(f"no Redis at {REDIS_URL} ({exc})")
    yield client
    await client.aclose()


# Publishing the whole fixture set takes seconds, so the tests that need a published site share
# one publish per run: each test gets a copy of it in its own var folder (and its own freshly
# seeded database).
@pytest.fixture(scope="session")
def published_once(
    database_url: str,
    spa_built: Path,
    tmp_path_factory: pytest.TempPathFactory,
    video_storage: str,
    seed_snapshot: SeedSnapshot,
) -> tuple[Path, PublishResult]:
    """Published from the database every test's ``seeded`` gives (the seed gives each lesson's
    video a key and a prefix of its own)."""
    settings = Settings(
        env="test",
        database_url=database_url,
        public_port=8000,
        var_dir=tmp_path_factory.mktemp("published"),
        video_storage=video_storage,
        access_log=False,
    )

    async def build() -> PublishResult:
        await db.connect(database_url)
        try:
            await empty_tables()
            key = (settings.fixtures_dir, settings.video_storage)
            if seed_snapshot.key == key:
                await seed_snapshot.restore()
            else:
                await seed_snapshot.take(key, await seed_all(settings))
            return await publish(settings)
        finally:
            await db.disconnect()

    return settings.publish_dir, asyncio.run(build())


@pytest.fixture
def published(seeded, settings: Settings, published_once) -> PublishResult:
    folder, result = published_once
    shutil.copytree(folder, settings.publish_dir)
    return result
