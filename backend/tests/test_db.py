"""The database connection (splash/db.py): what a PostgreSQL connection goes through before the
pool gives it out again; joined reads built with Tortoise's query builder."""

from __future__ import annotations

import pytest
from tortoise import Tortoise

from splash import db
from splash.catalog.models import Product, ProductVariant
from splash.catalog.vocabulary import ProductType
from tests.conftest import DATABASE

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
