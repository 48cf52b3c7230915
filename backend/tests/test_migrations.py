"""One migration history for SQLite and PostgreSQL, in step with the models."""

from splash import db


async def test_models_and_migrations_agree(database_url):
    assert await db.pending_model_changes(database_url) == []


async def test_migrating_twice_is_a_no_op(database_url):
    await db.migrate(database_url)
    await db.migrate(database_url)
