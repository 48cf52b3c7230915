"""The database connection (splash/db.py): what a PostgreSQL connection goes through before the
pool gives it out again."""

from __future__ import annotations

import pytest
from tortoise import Tortoise

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
