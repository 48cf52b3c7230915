"""Load content fixtures (``fixtures/``) into the database. Idempotent: seeding twice changes
nothing — rows are matched on their natural keys and only updated where they differ."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from tortoise.transactions import in_transaction

from splash.content.blocks import IMAGE, validate_blocks
from splash.content.models import (
    Article,
    Category,
    Locale,
    Navigation,
    NavigationItem,
    Page,
    SiteSettings,
)
from splash.content.navigation import MENUS
from splash.content.schemas import SellerAddress
from splash.content.services import checked_rich_text
from splash.core.fixtures import FixtureError, read_yaml, upsert


async def seed_locales(root: Path) -> list[str]:
    codes = []
    for position, entry in enumerate(read_yaml(root / "locales.yaml")):
        await upsert(
            Locale,
            {"code": entry["code"]},
            {
                "name": entry["name"],
                "is_default": bool(entry.get("default")),
                "position": position,
            },
        )
        codes.append(entry["code"])
    return codes


def _seller_address(settings: dict[str, Any]) -> dict[str, str]:
    """The company's postal address from settings.yaml: the invoice must print it."""
    try:
        address = SellerAddress.model_validate(settings["address"])
    except (KeyError, ValidationError) as error:
        raise FixtureError(f"settings.yaml: no complete company address ({error})") from None
    return address.model_dump(by_alias=True)


async def seed_settings(root: Path) -> None:
    data = read_yaml(root / "settings.yaml")
    await upsert(
        SiteSettings,
        {"id": 1},
        {
            "company_name": data["company_name"],
            "coc_number": str(data["coc_number"]),
            "vat_number": data["vat_number"],
            "address": _seller_address(data),
            "social_links": data.get("social_links", {}),
        },
    )


async def _seed_items(
    nav: Navigation, items: list[dict[str, Any]], parent: NavigationItem | None, seen: set[str]
) -> None:
    for position, item in enumerate(items):
        if item["key"] in seen:
            raise FixtureError(f"navigation {nav.slug}: duplicate key {item['key']!r}")
        seen.add(item["key"])
        row = await upsert(
            NavigationItem,
            {"navigation": nav, "key": item["key"]},
            {
                "title": item["title"],
                "path": item["path"],
                "position": position,
                "parent_id": parent.id if parent else None,
            },
        )
        await _seed_items(nav, item.get("items", []), row, seen)


async def seed_navigation(root: Path, locale: str) -> None:
    menus = read_yaml(root / locale / "navigation.yaml")
    for slug in MENUS:
        nav = await upsert(Navigation, {"slug": slug, "locale_id": locale}, {})
        seen: set[str] = set()
        await _seed_items(nav, menus.get(slug, []), None, seen)
        await NavigationItem.filter(navigation=nav).exclude(key__in=seen).delete()


async def seed_pages(root: Path, locale: str) -> int:
    """Pages of a locale; ``parent:`` names the parent page's localization key."""
    parents: dict[str, str] = {}
    count = 0
    for path in sorted((root / locale / "pages").glob("*.yaml")):
        data = read_yaml(path)
        try:
            blocks = validate_blocks(data.get("blocks", []))
            image = (
                IMAGE.validate_python(data["seo"]["image"])
                if data.get("seo", {}).get("image")
                else None
            )
        except ValueError as exc:
            raise FixtureError(f"{path}: invalid block: {exc}") from exc
        seo = data.get("seo", {})
        await upsert(
            Page,
            {"locale_id": locale, "localization_key": data["localization_key"]},
            {
                "slug": data["slug"],
                "title": data["title"],
                "seo_title": seo.get("title"),
                "seo_description": seo.get("description"),
                "seo_image": image.model_dump(exclude_unset=True) if image else None,
                "layout": data.get("layout", "default"),
                "blocks": blocks,
                "published": data.get("published", True),
            },
        )
        if data.get("parent"):
            parents[data["localization_key"]] = data["parent"]
        count += 1
    for key, parent_key in parents.items():
        parent = await Page.get_or_none(locale_id=locale, localization_key=parent_key)
        if parent is None:
            raise FixtureError(f"{locale}/pages: parent {parent_key!r} of {key!r} does not exist")
        await upsert(Page, {"locale_id": locale, "localization_key": key}, {"parent_id": parent.id})
    return count


async def seed_blog(root: Path, locale: str) -> int:
    """Categories and articles of a locale (fixtures/<locale>/categories.yaml, articles/)."""
    folder = root / locale
    for entry in (
        read_yaml(folder / "categories.yaml") if (folder / "categories.yaml").exists() else []
    ):
        await upsert(
            Category,
            {"locale_id": locale, "key": entry["key"]},
            {"slug": entry["slug"], "name": entry["name"]},
        )
    count = 0
    for path in sorted((folder / "articles").glob("*.yaml")):
        data = read_yaml(path)
        try:
            body = checked_rich_text(data["body"], str(path))
            cover = IMAGE.validate_python(data["cover"]) if data.get("cover") else None
        except ValueError as exc:
            raise FixtureError(f"{path}: {exc}") from exc
        category = None
        if data.get("category"):
            category = await Category.get_or_none(locale_id=locale, key=data["category"])
            if category is None:
                raise FixtureError(f"{path}: unknown category {data['category']!r}")
        seo = data.get("seo", {})
        await upsert(
            Article,
            {"locale_id": locale, "localization_key": data["localization_key"]},
            {
                "slug": data["slug"],
                "title": data["title"],
                "excerpt": data["excerpt"],
                "cover": cover.model_dump(exclude_unset=True) if cover else None,
                "body": body,
                "category_id": category.id if category else None,
                "seo_title": seo.get("title"),
                "seo_description": seo.get("description"),
                "published_at": _moment(data["published_at"]),
                "published": data.get("published", True),
            },
        )
        count += 1
    return count


def _moment(value: object) -> datetime:
    moment = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


async def seed_content(root: Path) -> dict[str, int]:
    async with in_transaction():
        locales = await seed_locales(root)
        await seed_settings(root)
        pages = articles = 0
        for locale in locales:
            await seed_navigation(root, locale)
            pages += await seed_pages(root, locale)
            articles += await seed_blog(root, locale)
    return {"locales": len(locales), "pages": pages, "articles": articles}
