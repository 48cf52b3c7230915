"""Seeding the whole shop from ``fixtures/``: each domain loads its own part, in order."""

from __future__ import annotations

from splash.academy import services as academy
from splash.academy.seed import has_academy, seed_academy
from splash.academy.video_seed import seed_fixture_videos
from splash.catalog import services as catalog
from splash.catalog.seed import read_catalog, seed_catalog
from splash.content import services as content
from splash.content.seed import seed_content
from splash.core import db
from splash.core.config import Settings
from splash.orders import services as orders
from splash.shared import edge


async def seed_all(settings: Settings, only_empty_parts: bool = False) -> dict[str, int]:
    """Every part of the shop from the fixtures. With ``only_empty_parts`` a part that already
    holds rows (content an editor may have changed, the catalog, shipping) is left alone, so a
    database made before a part existed still gets that part."""
    root = settings.fixtures_dir
    counts: dict[str, int] = {}
    if not (only_empty_parts and await content.has_content()):
        counts.update(await seed_content(root))
    locales = [locale.code for locale in await content.list_locales()]
    if not (only_empty_parts and await catalog.has_products()):
        counts.update(await seed_catalog(root, locales))
    # After the catalog: a course's free lessons name its products. A shop without
    # fixtures/academy.yaml has no academy.
    if has_academy(root) and not (only_empty_parts and await academy.has_courses()):
        counts.update(await seed_academy(root, locales))
    if not (only_empty_parts and await orders.shipping_countries()):
        shipping = [c.model_dump(by_alias=True) for c in read_catalog(root).shipping_countries]
        counts["shipping countries"] = await orders.seed_shipping_countries(shipping)
    if videos := await seed_fixture_videos(settings):  # after the academy: cheap when stored
        counts["lesson videos"] = videos
    await edge.bump(settings)
    return counts


async def seed_fixtures(settings: Settings, only_if_empty: bool = False) -> str:
    async with db.session(settings.database_url):
        counts = await seed_all(settings, only_empty_parts=only_if_empty)
    if not counts:
        return "database already holds every part; not seeded"
    return "seeded " + ", ".join(f"{n} {what}" for what, n in counts.items())
