"""One migration history for SQLite and PostgreSQL, in step with the models."""

import asyncio

from splash import db


async def test_models_and_migrations_agree(database_url):
    assert await db.pending_model_changes(database_url) == []


async def test_migrating_twice_is_a_no_op(database_url):
    await db.migrate(database_url)
    await db.migrate(database_url)


async def test_a_fresh_sqlite_database_in_a_missing_folder_is_created(tmp_path):
    url = f"sqlite://{tmp_path / 'not' / 'yet' / 'there.sqlite3'}"
    await asyncio.wait_for(db.migrate(url), timeout=60)
    assert await db.pending_model_changes(url) == []
