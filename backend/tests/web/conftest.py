"""Publishing the whole fixture set takes seconds, so the web tests share one publish per run:
each test gets a copy of it in its own var folder (and its own freshly seeded database)."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

from splash.core import db
from splash.core.config import Settings
from splash.site.seed import seed_all
from splash.site.web.publish import PublishResult, publish
from tests.conftest import SeedSnapshot, empty_tables


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
