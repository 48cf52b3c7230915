"""One migration history for SQLite and PostgreSQL, in step with the models."""

import asyncio
import sqlite3

from tortoise.context import TortoiseContext
from tortoise.migrations.api import migrate as migrate_api

from splash.core import db


async def test_models_and_migrations_agree(database_url):
    assert await db.pending_model_changes(database_url) == []


async def _applied_migrations(database_url: str) -> list[dict]:
    """The migrations Tortoise recorded as applied, with when, read in a context of their own."""
    async with TortoiseContext() as context:
        await context.init(config=db.tortoise_config(database_url))
        return await context.db().execute_query_dict(
            "SELECT app, name, applied_at FROM tortoise_migrations ORDER BY id"
        )


async def test_migrating_twice_is_a_no_op(database_url):
    await db.migrate(database_url)
    applied = await _applied_migrations(database_url)

    await db.migrate(database_url)

    assert await _applied_migrations(database_url) == applied
    assert ("splash", "0013_payment_checks") in [(row["app"], row["name"]) for row in applied]


async def test_a_fresh_sqlite_database_in_a_missing_folder_is_created(tmp_path):
    url = f"sqlite://{tmp_path / 'not' / 'yet' / 'there.sqlite3'}"
    await asyncio.wait_for(db.migrate(url), timeout=60)
    assert await db.pending_model_changes(url) == []


async def test_dropping_a_lessons_minutes_keeps_every_row_that_names_the_lesson(tmp_path):
    """0015 drops a column of academy_lesson, which texts, offers, videos, entitlements and
    progress point at with ON DELETE CASCADE: a table rebuild (Tortoise's way on SQLite) would
    delete them all. Run on SQLite whatever the suite's database: PostgreSQL drops in place.
    0028 adds the column back, empty (minutes typed in the studio's course outline), in place
    too: the rows that name the lesson are still all there."""
    url = f"sqlite://{tmp_path / 'upgraded.sqlite3'}"
    async with TortoiseContext():
        await migrate_api(config=db.tortoise_config(url), target="splash.0013_payment_checks")
    rows = [
        "INSERT INTO catalog_product (id, key, type, position, published, images, size_guide,"
        " min_age_years) VALUES (1, 'lessons', 'digital', 0, 1, '[]', '{}', 0)",
        "INSERT INTO academy_course (id, key, position, published, image, product_id)"
        " VALUES (1, 'course', 0, 1, '{}', 1)",
        "INSERT INTO academy_level (id, course_id, key, position) VALUES (1, 1, 'level-1', 0)",
        "INSERT INTO academy_lesson (id, level_id, key, position, minutes, free_preview, poster)"
        " VALUES (1, 1, 'level-1-lesson-1', 0, 6, 0, '{}')",
        "INSERT INTO academy_lesson_text (lesson_id, locale, slug, title, description)"
        " VALUES (1, 'nl', 'spetteren', 'Spetteren', 'Spetter')",
        "INSERT INTO academy_lesson_video (lesson_id, prefix, key_hex, duration_ms, width, height,"
        " captions, created_at) VALUES (1, 'videos/level-1-lesson-1/p1', '00', 7000, 1280, 720,"
        " '[]', '2026-11-28 00:00:00')",
    ]
    path = url.removeprefix("sqlite://")
    with sqlite3.connect(path) as connection:
        for row in rows:
            connection.execute(row)

    await db.migrate(url)

    with sqlite3.connect(path) as connection:
        minutes = connection.execute("SELECT minutes FROM academy_lesson").fetchall()
        kept = [
            connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("academy_lesson", "academy_lesson_text", "academy_lesson_video")
        ]
    assert minutes == [(None,)]  # the 6 of before 0015 is gone: nothing was typed since
    assert kept == [1, 1, 1]
