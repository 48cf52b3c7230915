"""The database connection (core/db/): what a PostgreSQL connection goes through before the
pool gives it out again; SQLite's transactions beside another process's writes
(core/db/sqlite_engine.py); joined reads built with Tortoise's query builder; what a read_once
block reads once."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable

import pytest
from tortoise import Tortoise
from tortoise.transactions import in_transaction

from splash.catalog.models import Product, ProductVariant
from splash.catalog.vocabulary import ProductType
from splash.core import db
from splash.shared.outbox.models import OutboxJob
from splash.shared.outbox.queue import now
from tests.support import DATABASE, counting_statements, until_a_write_waits

TIMES = 12  # more than the pool holds: every connection is given out again


@pytest.fixture
def postgres(database):
    if DATABASE != "postgres":
        pytest.skip("SQLite has one connection and no pool")
    return Tortoise.get_connection("default")


async def test_a_connection_given_back_inside_a_transaction_comes_out_rolled_back(postgres):
    for _ in range(TIMES):
        async with postgres.acquire_connection() as connection:
            assert not connection.is_in_transaction()
            await connection.execute("BEGIN")
            await connection.execute("SELECT 1")
            assert connection.is_in_transaction()


async def test_no_reset_query_is_sent_when_a_connection_is_given_back(postgres):
    """asyncpg's default reset (RESET ALL, CLOSE ALL, UNLISTEN *, advisory unlock) would undo
    a session setting; Splash makes none, so it skips that round trip per query."""
    names = set()
    for number in range(TIMES):
        async with postgres.acquire_connection() as connection:
            names.add(await connection.fetchval("SHOW application_name"))
            await connection.execute(f"SET application_name = 'splash-{number}'")

    assert names - {""}  # a connection came back with the setting it was given back with


@pytest.fixture
def sqlite_file(database, database_url):
    if DATABASE != "sqlite":
        pytest.skip("PostgreSQL locks rows, not the database")
    return database_url.removeprefix("sqlite://")


def _another_process_adds(path: str, job_id: int, attempts: int) -> None:
    """What a second worker's connection does: one write, committed (it waits up to 10 s for
    the write lock, as a worker would its busy timeout)."""
    other = sqlite3.connect(path, timeout=10)
    try:
        with other:
            other.execute(
                "UPDATE outbox_job SET attempts = attempts + ? WHERE id = ?", (attempts, job_id)
            )
    finally:
        other.close()


async def test_a_sqlite_transaction_that_reads_then_writes_survives_a_commit_in_between(
    sqlite_file,
):
    """Begun with a plain BEGIN, the transaction would read a snapshot, the other process would
    commit meanwhile, and SQLite would refuse the write at once (SQLITE_BUSY_SNAPSHOT, a 503):
    begun as the writer, the other process waits for the commit instead."""
    job = await OutboxJob.create(kind="test", payload={}, next_attempt_at=now())

    async with in_transaction():
        read = await OutboxJob.get(id=job.id)
        other = asyncio.create_task(
            asyncio.to_thread(_another_process_adds, sqlite_file, job.id, 1)
        )
        await asyncio.wait({other}, timeout=0.5)  # the other write, given its chance to commit
        await OutboxJob.filter(id=job.id).update(attempts=read.attempts + 10)
    await other

    assert (await OutboxJob.get(id=job.id)).attempts == 11


async def test_a_sqlite_transaction_that_cannot_begin_is_busy_and_gives_the_connection_back(
    sqlite_file, database_url
):
    await db.disconnect()
    await db.connect(database_url, busy_timeout_ms=50)
    holder = sqlite3.connect(sqlite_file, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # another process is writing
        with pytest.raises(sqlite3.OperationalError) as refused:
            async with in_transaction():
                pytest.fail("began without the write lock")
        assert db.is_busy(refused.value)
    finally:
        holder.execute("ROLLBACK")
        holder.close()

    async def write() -> OutboxJob:
        async with in_transaction():
            return await OutboxJob.create(kind="test", payload={}, next_attempt_at=now())

    assert (await asyncio.wait_for(write(), timeout=10)).id


async def test_a_read_outside_a_transaction_sees_every_write_committed_before_it(sqlite_file):
    """Reads run on a connection of their own: none of its read transactions outlives its
    statement, so it sees this process's writes and another process's at once."""
    job = await OutboxJob.create(kind="test", payload={}, next_attempt_at=now())
    assert (await OutboxJob.get(id=job.id)).attempts == 0

    await OutboxJob.filter(id=job.id).update(attempts=1)
    assert (await OutboxJob.get(id=job.id)).attempts == 1
    _another_process_adds(sqlite_file, job.id, 10)
    assert (await OutboxJob.get(id=job.id)).attempts == 11
    async with in_transaction():
        await OutboxJob.filter(id=job.id).update(attempts=12)
        # Inside the transaction, its reads see its own writes (the writer's connection).
        assert (await OutboxJob.get(id=job.id)).attempts == 12
    assert await OutboxJob.filter(attempts=12).count() == 1


async def test_the_writes_of_one_request_wait_the_busy_timeout_in_total(sqlite_file, database_url):
    """Three writes, each refused: the first waits the whole busy timeout, the others nothing
    (they used to wait it again each)."""
    await db.disconnect()
    await db.connect(database_url, busy_timeout_ms=300)
    holder = sqlite3.connect(sqlite_file, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # another process is writing
        waits = db.count_lock_waits()
        refused = []
        for _ in range(3):
            with pytest.raises(Exception) as busy:
                await OutboxJob.create(kind="test", payload={}, next_attempt_at=now())
            refused.append(db.is_busy(busy.value))
            with pytest.raises(Exception) as busy:
                async with in_transaction():
                    pytest.fail("began without the write lock")
            refused.append(db.is_busy(busy.value))
        # Reads go on meanwhile and wait for nothing.
        assert await OutboxJob.all().count() == 0
    finally:
        holder.execute("ROLLBACK")
        holder.close()

    assert refused == [True] * 6
    # The engine's own count: the whole timeout, once.
    assert 0.3 <= waits.waited <= 0.3 + SCHEDULING
    db.count_lock_waits()  # a new request: the whole timeout again
    assert (await OutboxJob.create(kind="test", payload={}, next_attempt_at=now())).id


SCHEDULING = 0.2  # a timer's and a thread hop's lateness on a busy machine: < one more timeout


@pytest.mark.parametrize("write", ["row", "transaction"])
async def test_a_write_cut_off_while_it_waits_for_the_lock_leaves_nothing_open(
    write, sqlite_file, database_url
):
    """A client that hangs up cancels its request while the thread still waits in ``BEGIN``;
    when the lock comes free that ``BEGIN`` succeeds, and it must not leave a transaction open
    on the writer for the next write to fall into (never committed, the lock kept)."""
    await db.disconnect()
    await db.connect(database_url, busy_timeout_ms=5000)

    async def add() -> None:
        if write == "row":
            await OutboxJob.create(kind="test", payload={}, next_attempt_at=now())
        else:
            async with in_transaction():
                await OutboxJob.create(kind="test", payload={}, next_attempt_at=now())

    holder = sqlite3.connect(sqlite_file, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        waiting = asyncio.create_task(add())
        await until_a_write_waits()
        await asyncio.sleep(0.05)  # into the thread's busy wait
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
    finally:
        holder.execute("ROLLBACK")
        holder.close()

    await asyncio.wait_for(add(), timeout=10)

    other = sqlite3.connect(sqlite_file)  # committed: another process sees it
    try:
        assert other.execute("SELECT COUNT(*) FROM outbox_job").fetchone() == (1,)
    finally:
        other.close()


async def test_a_joined_read_gives_back_the_models_the_orm_reads(seeded):
    """JSON, enum and boolean columns come back converted as Tortoise converts them; a LEFT
    JOIN that found no row gives None."""
    product, variant = db.table(Product, "product"), db.table(ProductVariant, "variant")
    statement = (
        db.sql_query()
        .from_(product)
        .left_join(variant)
        .on((variant.product_id == product.id) & (variant.sku == "no-such-sku"))
        .select(*db.columns(product, Product), *db.columns(variant, ProductVariant))
        .where(product.key == "splash-float-suit")
    )

    [row] = await db.rows(statement)

    found, expected = (
        db.instance(Product, "product", row),
        await Product.get(key="splash-float-suit"),
    )
    assert found is not None
    fields = ("id", "key", "type", "position", "published", "images", "size_guide")
    assert [getattr(found, name) for name in fields] == [getattr(expected, name) for name in fields]
    assert (type(found.type), type(found.published)) == (ProductType, bool)
    assert db.instance(ProductVariant, "variant", row) is None


async def test_a_read_once_block_reads_each_key_once_and_nothing_is_kept_outside_one(database):
    reads: list[str] = []

    def reader(key: str) -> Callable[[], Awaitable[str]]:
        async def read() -> str:
            reads.append(key)
            return f"{key} {len(reads)}"

        return read

    outside = await db.once("menus", reader("menus"))
    async with db.read_once():
        inside = [await db.once(key, reader(key)) for key in ("menus", "pages", "menus")]
    after = await db.once("menus", reader("menus"))

    assert (outside, after) == (None, None)
    assert inside == ["menus 1", "pages 2", "menus 1"]
    assert reads == ["menus", "pages"]
    # A block that keeps only some keys: the others are read by their callers, as outside.
    reads.clear()
    async with db.read_once(only=["tree"]):
        kept = [await db.once(key, reader(key)) for key in ("tree", "pages", "tree", "pages")]
    assert kept == ["tree 1", None, "tree 1", None]
    assert reads == ["tree"]


async def test_filter_once_gives_what_filter_gives_reading_the_table_once(seeded):
    product_ids = [*await Product.all().values_list("id", flat=True), 0]
    live = [await ProductVariant.filter(product_id=pid) for pid in product_ids]

    with counting_statements() as statements:
        async with db.read_once():
            once = [await db.filter_once(ProductVariant, product_id=pid) for pid in product_ids]

    assert [[v.sku for v in variants] for variants in once] == [
        [v.sku for v in variants] for variants in live
    ]
    assert len(live[0]) > 1 and live[-1] == []
    assert len(statements) == 1


async def test_a_lock_held_across_processes_lets_one_holder_in_at_a_time(postgres):
    """Two holders on two pool connections (as two machines' workers publishing): the second
    waits for the first to end, and no advisory lock outlives them."""
    order: list[str] = []

    async def hold(name: str) -> None:
        async with db.held_across_processes("site.publish"):
            order.append(f"{name} in")
            await asyncio.sleep(0.2)
            order.append(f"{name} out")

    await asyncio.wait_for(asyncio.gather(hold("a"), hold("b")), 10)

    assert order in (["a in", "a out", "b in", "b out"], ["b in", "b out", "a in", "a out"])
    found = await postgres.execute_query_dict(
        "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory'"
    )
    assert found == [{"n": 0}]


async def test_a_lock_held_across_processes_is_let_go_when_its_block_fails(postgres):
    with pytest.raises(RuntimeError):
        async with db.held_across_processes("site.publish"):
            raise RuntimeError("the publish failed")

    async with asyncio.timeout(5):  # taken again at once
        async with db.held_across_processes("site.publish"):
            pass


async def test_on_sqlite_a_lock_across_processes_is_the_callers_own(database):
    if DATABASE != "sqlite":
        pytest.skip("PostgreSQL's is above")
    async with db.held_across_processes("site.publish"):
        assert await Product.all().count() == 0  # the block runs, no lock taken
