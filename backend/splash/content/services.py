"""Content use cases: locales, navigation menus, site settings."""

from __future__ import annotations

import logging
from typing import Any

from splash.content import navigation
from splash.content.blocks import readable_blocks
from splash.content.models import Locale, Navigation, NavigationItem, Page, SiteSettings
from splash.content.schemas import LocalePublic, SettingsPublic, SocialLinks
from splash.errors import NotFoundError, ValidationError
from splash.forms import services as forms

log = logging.getLogger(__name__)


async def list_locales() -> list[LocalePublic]:
    return [
        LocalePublic(code=row.code, name=row.name, is_default=row.is_default)
        for row in await Locale.all()
    ]


async def check_locale(locale: str | None, field: str = "locale") -> str:
    """A known locale code, the default one when none is given; 400 for an unknown one."""
    codes = [row.code for row in await Locale.all()]
    if locale is None:
        default = await Locale.get_or_none(is_default=True)
        return default.code if default else codes[0]
    if locale not in codes:
        raise ValidationError.for_field(
            ["query", field], f"Unknown locale {locale!r}; expected one of {', '.join(codes)}"
        )
    return locale


async def render_navigation(
    menu: str, locale: str | None, render_type: str
) -> list[dict[str, Any]]:
    code = await check_locale(locale)
    try:
        kind = navigation.RenderType(render_type.upper())
    except ValueError:
        raise ValidationError.for_field(["query", "type"], "type must be FLAT or TREE") from None
    nav = await Navigation.get_or_none(slug=menu, locale_id=code)
    if nav is None:
        raise NotFoundError(f"Navigation {menu!r} not found")
    rows = await NavigationItem.filter(navigation=nav).values(
        "id", "parent_id", "title", "path", "position"
    )
    return navigation.render([navigation.MenuEntry(**row) for row in rows], kind)


async def menus(locale: str) -> dict[str, list[dict[str, Any]]]:
    """Every menu of a locale as a tree, for page payloads."""
    return {menu: await render_navigation(menu, locale, "TREE") for menu in navigation.MENUS}


async def site_settings() -> SettingsPublic:
    row = await SiteSettings.first()
    if row is None:
        raise NotFoundError("Site settings have not been seeded")
    return SettingsPublic(
        company_name=row.company_name,
        coc_number=row.coc_number,
        vat_number=row.vat_number,
        social_links=SocialLinks(**row.social_links),
    )


def page_slug(path: str) -> str:
    """``/`` is the page with slug ``home``; otherwise the last path segment."""
    stripped = path.strip("/")
    return stripped.rsplit("/", 1)[-1] if stripped else "home"


def page_path(slug: str) -> str:
    return "/" if slug == "home" else f"/{slug}"


async def find_page(locale: str, path: str) -> dict[str, Any] | None:
    """The published page at ``path`` in ``locale`` with its localizations, or None."""
    page = await Page.get_or_none(locale_id=locale, slug=page_slug(path), published=True)
    if page is None:
        return None
    blocks, skipped = readable_blocks(page.blocks)
    for reason in skipped:
        log.warning("skipped block", extra={"page": page.id, "reason": reason})
    blocks = [
        {**block, "fields": forms.public_fields(block["form"])}
        if block["type"] == "form"
        else block
        for block in blocks
    ]
    siblings = await Page.filter(localization_key=page.localization_key, published=True)
    return {
        "id": page.id,
        "slug": page.slug,
        "locale": locale,
        "title": page.title,
        "layout": page.layout,
        "blocks": blocks,
        "seo": {"title": page.seo_title or page.title, "description": page.seo_description},
        "localizations": [
            {"locale": other.locale_id, "slug": other.slug, "path": page_path(other.slug)}
            for other in siblings
            if other.id != page.id
        ],
    }


async def published_page_paths(locale: str) -> list[str]:
    """The path of every published page of a locale, for publishing."""
    slugs = (
        await Page.filter(locale_id=locale, published=True)
        .order_by("id")
        .values_list("slug", flat=True)
    )
    return [page_path(str(slug)) for slug in slugs]
