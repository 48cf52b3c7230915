"""Seeding the whole shop from ``fixtures/``: each domain loads its own part, in order."""

from __future__ import annotations

from splash import db
from splash.config import Settings
from splash.content.models import Locale
from splash.content.seed import seed_content


async def seed_all(settings: Settings) -> dict[str, int]:
    return await seed_content(settings.fixtures_dir)


async def seed_fixtures(settings: Settings, only_if_empty: bool = False) -> str:
    async with db.session(settings.database_url):
        if only_if_empty and await Locale.exists():
            return "database already holds content; not seeded"
        counts = await seed_all(settings)
        return "seeded " + ", ".join(f"{n} {what}" for what, n in counts.items())
