"""SPLASH_DATABASE_REPLICA_URL: the public product list reads the replica, everything else the
database itself. The "replica" here is a second database of the run's kind (a PostgreSQL
database or a SQLite file) migrated and left empty, so an answer read from it is told apart
from one read from the seeded database."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tortoise import connections
from tortoise.transactions import in_transaction

from splash.catalog.models import Product
from splash.core import db
from tests.support import migrated_database


@pytest.fixture(scope="module")
def replica_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with migrated_database(tmp_path_factory.mktemp("replica"), "splash_replica") as url:
        yield url


async def test_the_product_list_reads_the_replica_and_a_product_the_database(
    client, seeded, settings, replica_url
):
    listed = (await client.get("/api/products")).json["data"]
    assert len(listed) >= 2  # without a replica: the seeded database
    product = await Product.get(key="splash-float-suit")

    await db.disconnect()
    await db.connect(settings.database_url, settings.database_busy_timeout_ms, replica_url)

    assert db.replica() is not _default()
    from_replica = await client.get("/api/products")
    assert from_replica.status == 200
    assert from_replica.json["data"] == []  # the replica's (empty) catalog
    assert from_replica.json["meta"]["pagination"]["total"] == 0
    one = await client.get(f"/api/products/{product.id}")
    assert one.status == 200  # the database itself
    assert one.json["data"]["key"] == "splash-float-suit"
    # Transactions that name no connection (every one of Splash's) still find the database.
    async with in_transaction():
        await Product.filter(id=product.id).update(position=7)
    assert (await Product.get(id=product.id)).position == 7


async def test_without_a_replica_the_replica_reader_is_the_database(database):
    assert db.replica() is _default()


def _default() -> object:
    return connections.get("default")
